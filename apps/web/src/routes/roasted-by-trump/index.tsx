import { createFileRoute } from '@tanstack/react-router'
import { useSession } from '@/features/auth'
import { RoastsIndexPage } from '@/features/roasts'

/** The "roasted by trump" section's index (spec §2): public, and the seeker's roasts when signed in. */
export const Route = createFileRoute('/roasted-by-trump/')({
  component: RoastsIndexRoute,
})

function RoastsIndexRoute() {
  const session = useSession()
  return (
    <RoastsIndexPage
      viewer={
        session.status === 'signed-in'
          ? { status: 'signed-in', userId: session.session.user.id }
          : session
      }
    />
  )
}
