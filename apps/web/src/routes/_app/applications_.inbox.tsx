import { createFileRoute } from '@tanstack/react-router'
import { useSession } from '@/features/auth'
import { InboundAddressCard, ReviewInbox } from '@/features/inbound-email'

/**
 * The email inbox (/applications/inbox): the user's private forwarding address with how to set
 * up forwarding, and the forwarded employer emails waiting to be confirmed or dismissed.
 */
export const Route = createFileRoute('/_app/applications_/inbox')({
  component: InboxRoute,
})

function InboxRoute() {
  const session = useSession()
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 md:py-10 lg:px-6">
      <title>Email inbox</title>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Email inbox</h1>
        <p className="text-base text-pretty text-muted-foreground">
          Forward employers’ emails to your private address and your applications keep up on their
          own.
        </p>
      </header>
      <InboundAddressCard />
      {session.status === 'signed-in' ? (
        <ReviewInbox userId={session.session.user.id} />
      ) : (
        <p role="status" className="text-muted-foreground">
          Loading your inbox…
        </p>
      )}
    </main>
  )
}
