import { createFileRoute } from '@tanstack/react-router'
import { useSession } from '@/features/auth'
import { ReferralsPage } from '@/features/referrals'

/**
 * Referrals (/referrals, issue 18): the seeker's code, share link and QR code, invitations by
 * email, invitees and rewards, and the rules. Guests are asked to create an account first.
 */
export const Route = createFileRoute('/_app/referrals')({
  component: ReferralsRoute,
})

function ReferralsRoute() {
  const session = useSession()
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 md:py-10 lg:px-6">
      <title>Invite friends</title>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Invite friends</h1>
        <p className="text-base text-pretty text-muted-foreground">
          Share your link: when a friend joins and finishes setting up, you both get free credits.
        </p>
      </header>
      <ReferralsPage
        viewer={
          session.status !== 'signed-in'
            ? { status: 'loading' }
            : session.session.user.is_anonymous
              ? { status: 'guest' }
              : { status: 'member', userId: session.session.user.id }
        }
      />
    </main>
  )
}
