import type { Wizard } from '@app/contracts'
import { Link } from '@tanstack/react-router'
import { History } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { STEP_DEFINITIONS } from '../lib/step-registry'
import {
  FIRST_ONBOARDING_STEP,
  type OnboardingStep,
  getStepIndex,
  isOnboardingStep,
} from '../lib/steps'

/**
 * On the entry step (where /onboarding leads, on any device), an offer to pick up at the step
 * the wizard was left at. Not for the step right after the entry: that is where Back from it
 * comes from.
 */
export function ResumeBanner({ step, wizard }: { step: OnboardingStep; wizard: Wizard }) {
  const resumeStep = wizard.currentStep
  if (
    step !== FIRST_ONBOARDING_STEP ||
    !isOnboardingStep(resumeStep) ||
    getStepIndex(resumeStep) <= getStepIndex(FIRST_ONBOARDING_STEP) + 1
  ) {
    return null
  }
  return (
    <aside
      aria-labelledby="resume-heading"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4"
    >
      <div className="flex items-start gap-2">
        <History aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div>
          <h2 id="resume-heading" className="font-semibold">
            Welcome back
          </h2>
          <p className="text-sm text-muted-foreground">
            You stopped at step {getStepIndex(resumeStep) + 1}: “
            {STEP_DEFINITIONS[resumeStep].heading}”
          </p>
        </div>
      </div>
      <Button asChild className="self-start">
        <Link to="/onboarding/$step" params={{ step: resumeStep }}>
          Pick up where you left off
        </Link>
      </Button>
    </aside>
  )
}
