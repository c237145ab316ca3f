import { createFileRoute } from '@tanstack/react-router'
import { redirectPendingSecondFactor } from '@/features/auth'
import { isOnboardingStep, OnboardingNotFound, OnboardingWizard } from '@/features/onboarding'

export const Route = createFileRoute('/onboarding/$step')({
  // Anyone may open the wizard, but a session owing its authenticator code gives it first.
  beforeLoad: redirectPendingSecondFactor,
  // The question paints first; the guest session (and supabase-js) load right after.
  staticData: { backendClient: 'after-first-paint' },
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
