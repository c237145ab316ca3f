import type { JobMatch } from '@app/contracts'
import { cn } from '@/lib/cn'
import { MATCH_BAND_LABELS } from '../lib/labels'

const BAND_STYLES = {
  STRONG: 'border-success/40 bg-success/10 text-success-text',
  GOOD: 'border-primary/30 bg-primary/10 text-primary',
  FAIR: 'border-border bg-muted text-muted-foreground',
} as const satisfies Record<JobMatch['band'], string>

/** "86% · Strong match": the score and its band, coloured by band. */
export function MatchBadge({ match, className }: { match: JobMatch; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-semibold',
        BAND_STYLES[match.band],
        className,
      )}
    >
      <span className="tabular-nums">{match.score}%</span>
      <span aria-hidden="true">·</span>
      <span>{MATCH_BAND_LABELS[match.band]}</span>
    </span>
  )
}
