import { Link } from '@tanstack/react-router'
import { ArrowRight, ListChecks } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { STEP_DEFINITIONS } from '../lib/step-registry'
import type { OnboardingStep } from '../lib/steps'
import { StepNavigation } from './step-navigation'

/**
 * Shown instead of a step that builds on answers not given yet (ADR 0012: deep links open any
 * step; one that needs earlier answers says which, and leads to the first).
 */
export function MissingAnswers({
  step,
  missing,
}: {
  step: OnboardingStep
  missing: readonly OnboardingStep[]
}) {
  const [first] = missing
  return (
    <div className="flex flex-1 flex-col">
      <section
        aria-labelledby="missing-answers-heading"
        className="rounded-xl border bg-card p-5 shadow-sm"
      >
        <div className="flex items-center gap-2">
          <ListChecks aria-hidden="true" className="size-5 text-primary" />
          <h2 id="missing-answers-heading" className="text-lg font-semibold">
            A few answers first
          </h2>
        </div>
        <p className="mt-2 text-muted-foreground">
          This step is built from your answers to{' '}
          {missing.length === 1 ? 'this question' : 'these questions'}:
        </p>
        <ul className="mt-3 flex flex-col gap-2">
          {missing.map((missingStep) => (
            <li key={missingStep}>
              <Link
                to="/onboarding/$step"
                params={{ step: missingStep }}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {STEP_DEFINITIONS[missingStep].heading}
              </Link>
            </li>
          ))}
        </ul>
        {first && (
          <Button asChild size="lg" className="mt-5 w-full sm:w-auto">
            <Link to="/onboarding/$step" params={{ step: first }}>
              Answer {missing.length === 1 ? 'it' : 'them'} now
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        )}
      </section>
      <StepNavigation step={step} continueLabel={null} />
    </div>
  )
}
