import { Link } from '@tanstack/react-router'
import { CenteredScreen } from '@/components/centered-screen'
import { Button } from '@/components/ui/button'
import { FIRST_ONBOARDING_STEP } from '../lib/steps'

export function OnboardingNotFound() {
  return (
    <CenteredScreen>
      <title>Onboarding page not found</title>
      <div className="flex w-full max-w-md flex-col items-center text-center">
        <h1 className="text-3xl font-bold tracking-tight text-balance">
          Onboarding Page Not Found
        </h1>
        <p className="mt-3 text-base text-pretty text-muted-foreground">
          The onboarding step you're looking for doesn't exist.
        </p>
        <Button asChild size="lg" className="mt-8 w-full sm:w-auto">
          <Link to="/onboarding/$step" params={{ step: FIRST_ONBOARDING_STEP }}>
            Go back to onboarding
          </Link>
        </Button>
      </div>
    </CenteredScreen>
  )
}
