import { Link } from '@tanstack/react-router'
import { Sparkles } from 'lucide-react'
import { createContext, useContext } from 'react'
import { Button } from '@/components/ui/button'

/**
 * Where a feature asks for the paywall (issue 18) without knowing who draws it: features never
 * import each other, so the jobs deck, the Resume page's video card and the practice start card
 * call `useOpenPaywall()`, and the app's layout route provides the billing feature's dialog
 * (`PaywallHost`). Without a provider (a feature's own component tests, a page outside the app
 * shell) `useOpenPaywall()` is null and `SeePlansButton` is a plain link to /credits.
 */
export type PaywallReason =
  /** A right swipe was refused for want of credits (402 `insufficient_credits`). */
  | { kind: 'credits' }
  /** A feature that comes with a paid plan (402 `plan_required`); `plans`: those that unlock it. */
  | {
      kind: 'plan'
      feature: 'analysisVideos' | 'practiceInterviewsPerWeek'
      plans?: readonly string[] | undefined
    }

export type OpenPaywall = (reason: PaywallReason) => void

export const PaywallContext = createContext<OpenPaywall | null>(null)

/** Opens the paywall, or null where no host provides one. */
export function useOpenPaywall(): OpenPaywall | null {
  return useContext(PaywallContext)
}

/** "See plans": opens the paywall for `reason`, or goes to /credits where there is none. */
export function SeePlansButton({
  reason,
  label = 'See plans',
  variant = 'default',
}: {
  reason: PaywallReason
  label?: string
  variant?: 'default' | 'outline'
}) {
  const open = useOpenPaywall()
  if (!open) {
    return (
      <Button asChild variant={variant} size="sm" className="self-start">
        <Link to="/credits">
          <Sparkles aria-hidden="true" />
          {label}
        </Link>
      </Button>
    )
  }
  return (
    <Button
      type="button"
      variant={variant}
      size="sm"
      className="self-start"
      onClick={() => open(reason)}
    >
      <Sparkles aria-hidden="true" />
      {label}
    </Button>
  )
}
