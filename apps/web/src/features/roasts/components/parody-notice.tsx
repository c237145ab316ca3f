import { PARODY_NOTICE } from '@app/contracts'
import { Drama } from 'lucide-react'
import { cn } from '@/lib/cn'

/**
 * The parody label every roast carries (contracts/roasts.ts): an invented voice, no real person
 * imitated. Always shown where a roast is, never behind a toggle.
 */
export function ParodyNotice({
  text = PARODY_NOTICE,
  className,
}: {
  text?: string
  className?: string
}) {
  return (
    <p
      data-testid="parody-notice"
      className={cn(
        'flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-pretty',
        className,
      )}
    >
      <Drama aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{text}</span>
    </p>
  )
}
