import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { APPLICATION_STATUSES, ApplicationsView } from '@/features/applications'
import { useSession } from '@/features/auth'

/** `?status=`: the one stage shown (SAVED, APPLIED, …); every stage without it. */
const ApplicationsSearch = z.object({
  status: z.enum(APPLICATION_STATUSES).optional().catch(undefined),
})

/**
 * Saved (/applications): the jobs the seeker saved with a right swipe and where each
 * application stands. Issue 14 grows it into the full tracker.
 */
export const Route = createFileRoute('/_app/applications')({
  validateSearch: ApplicationsSearch,
  component: ApplicationsRoute,
})

function ApplicationsRoute() {
  const { status } = Route.useSearch()
  const navigate = Route.useNavigate()
  const session = useSession()

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 md:py-10 lg:px-6">
      <title>Saved jobs</title>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Saved jobs</h1>
        <p className="text-base text-pretty text-muted-foreground">
          The jobs you saved with a right swipe, and where each application stands.
        </p>
      </header>
      {session.status === 'signed-in' ? (
        <ApplicationsView
          userId={session.session.user.id}
          status={status}
          onStatusChange={(next) => void navigate({ search: { status: next }, replace: true })}
        />
      ) : (
        <p role="status" className="text-muted-foreground">
          Loading your saved jobs…
        </p>
      )}
    </main>
  )
}
