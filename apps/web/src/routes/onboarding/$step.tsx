import { createFileRoute } from '@tanstack/react-router'
import { OnboardingNotFound } from '@/features/onboarding/components/onboarding-not-found'
import { OnboardingStepShell } from '@/features/onboarding/components/onboarding-step-shell'
import { isOnboardingStep } from '@/features/onboarding/lib/steps'

export const Route = createFileRoute('/onboarding/$step')({
  component: OnboardingStepRoute,
})

function OnboardingStepRoute() {
  const { step } = Route.useParams()
  if (!isOnboardingStep(step)) {
    return <OnboardingNotFound />
  }
  return <OnboardingStepShell step={step} />
}
