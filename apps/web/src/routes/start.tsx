import { createFileRoute, redirect } from '@tanstack/react-router'
import { hasSession } from '@/features/auth'
import { FIRST_ONBOARDING_STEP } from '@/features/onboarding'

/**
 * The one way into the product (issue 13): the marketing site's "Get started" and "Open the
 * app" lead here through its /open-app. Someone already signed in (guests included) goes to the
 * deck, which asks for a pending authenticator code first; a new visitor starts onboarding. `/`
 * stays the spec's not-found page.
 */
export const Route = createFileRoute('/start')({
  beforeLoad: async () => {
    if (await hasSession()) {
      throw redirect({ to: '/jobs', replace: true })
    }
    throw redirect({
      to: '/onboarding/$step',
      params: { step: FIRST_ONBOARDING_STEP },
      replace: true,
    })
  },
})
