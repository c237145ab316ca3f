import { createFileRoute } from '@tanstack/react-router'
import { OnboardingNotFound } from '@/features/onboarding/components/onboarding-not-found'
import { OnboardingWizard } from '@/features/onboarding/components/onboarding-wizard'
import { isOnboardingStep } from '@/features/onboarding/lib/steps'

export const Route = createFileRoute('/onboarding/$step')({
  component: OnboardingStepRoute,
})

/** Each step is its own URL, so deep links, reloads and the browser's Back and Forward work. */
function OnboardingStepRoute() {
  const { step } = Route.useParams()
  if (!isOnboardingStep(step)) {
    return <OnboardingNotFound />
  }
  return <OnboardingWizard step={step} />
}
