import { createFileRoute } from '@tanstack/react-router'
import { useSession } from '@/features/auth'
import { ReferralLandingPage } from '@/features/referrals'

/**
 * A friend's share link (/r/{code}, issue 18): public. Remembers the code, says who invited the
 * visitor, and sends them to create an account; the code is redeemed once they have one.
 */
export const Route = createFileRoute('/r/$code')({
  component: ReferralLandingRoute,
})

function ReferralLandingRoute() {
  const { code } = Route.useParams()
  const session = useSession()
  return (
    <ReferralLandingPage
      code={code}
      viewer={
        session.status === 'loading'
          ? 'loading'
          : session.status === 'signed-out'
            ? 'signed-out'
            : session.session.user.is_anonymous
              ? 'guest'
              : 'member'
      }
    />
  )
}
