import { cn } from '@/lib/cn'
import { type ApplicationStatus, STATUS_LABELS } from '../lib/application-status'

const TONES: Record<ApplicationStatus, string> = {
  SAVED: 'bg-secondary text-secondary-foreground',
  APPLIED: 'bg-primary/10 text-primary',
  INTERVIEW: 'bg-primary/10 text-primary',
  OFFER: 'bg-primary text-primary-foreground',
  REJECTED: 'bg-muted text-muted-foreground',
  WITHDRAWN: 'bg-muted text-muted-foreground',
}

/** An application's stage, as a small label. */
export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span
      className={cn(
        'inline-flex h-6 shrink-0 items-center rounded-full px-2.5 text-xs font-semibold',
        TONES[status],
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  )
}
