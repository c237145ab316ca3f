import { Link } from '@tanstack/react-router'
import { ArrowLeft, ArrowRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { type OnboardingStep, previousStepOf } from '../lib/steps'

/**
 * Back (a link to the previous step, so it works like any link) and Continue (the step form's
 * submit button), kept in reach of the thumb at the bottom of the screen on phones.
 */
export function StepNavigation({
  step,
  continueLabel = 'Continue',
  secondary,
}: {
  step: OnboardingStep
  /** Null for a step that cannot be continued from (its answers are missing). */
  continueLabel?: string | null
  /** Another action beside Continue ("Skip for now"). */
  secondary?: ReactNode
}) {
  const previous = previousStepOf(step)
  return (
    <div className="sticky bottom-0 mt-auto flex flex-wrap items-center justify-between gap-3 bg-background/95 py-4 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      {previous ? (
        <Button asChild variant="ghost">
          <Link to="/onboarding/$step" params={{ step: previous }}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Link>
        </Button>
      ) : (
        <span />
      )}
      {/* Wraps under Back rather than widen a narrow screen (Back, Skip for now, Continue). */}
      <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
        {secondary}
        {continueLabel && (
          <Button type="submit" size="lg">
            {continueLabel}
            <ArrowRight aria-hidden="true" />
          </Button>
        )}
      </div>
    </div>
  )
}
