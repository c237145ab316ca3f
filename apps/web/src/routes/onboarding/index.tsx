import { createFileRoute, redirect } from '@tanstack/react-router'
import { FIRST_ONBOARDING_STEP } from '@/features/onboarding'

export const Route = createFileRoute('/onboarding/')({
  beforeLoad: () => {
    // replace: the bare /onboarding entry should not sit in history and bounce Back forward again.
    throw redirect({
      to: '/onboarding/$step',
      params: { step: FIRST_ONBOARDING_STEP },
      replace: true,
    })
  },
})
