import { createFileRoute, Link } from '@tanstack/react-router'
import { CalendarDays, Mail } from 'lucide-react'
import { z } from 'zod'
import { APPLICATION_STATUSES, TrackerView } from '@/features/applications'
import { useSession } from '@/features/auth'

/**
 * `?status=`: the one stage the list shows (SAVED, APPLIED, …); every stage without it.
 * `?view=board`: the board (a column per stage); the list without it.
 */
const ApplicationsSearch = z.object({
  status: z.enum(APPLICATION_STATUSES).optional().catch(undefined),
  view: z.enum(['list', 'board']).optional().catch(undefined),
})

/**
 * Saved (/applications): the tracker of every application, saved with a right swipe or added by
 * hand, as a list or a board; each opens its own page (/applications/<id>).
 */
export const Route = createFileRoute('/_app/applications')({
  validateSearch: ApplicationsSearch,
  component: ApplicationsRoute,
})

function ApplicationsRoute() {
  const { status, view } = Route.useSearch()
  const navigate = Route.useNavigate()
  const session = useSession()

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 md:py-10 lg:px-6">
      <title>Saved jobs</title>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Saved jobs</h1>
          <p className="text-base text-pretty text-muted-foreground">
            The jobs you saved with a right swipe or added by hand, and where each application
            stands.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* Employers' emails, forwarded, move applications on their own; doubtful ones wait there. */}
          <Link
            to="/applications/inbox"
            className="inline-flex h-10 items-center gap-2 rounded-md border px-3 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <Mail aria-hidden="true" className="size-4" />
            Email inbox
          </Link>
          <Link
            to="/applications/calendar"
            className="inline-flex h-10 items-center gap-2 rounded-md border px-3 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <CalendarDays aria-hidden="true" className="size-4" />
            Calendar
          </Link>
        </div>
      </header>
      {session.status === 'signed-in' ? (
        <TrackerView
          userId={session.session.user.id}
          view={view ?? 'list'}
          status={status}
          onViewChange={(next) =>
            void navigate({
              search: (current) => ({ ...current, view: next === 'list' ? undefined : next }),
              replace: true,
            })
          }
          onStatusChange={(next) =>
            void navigate({ search: (current) => ({ ...current, status: next }), replace: true })
          }
          onOpenApplication={(applicationId) =>
            void navigate({ to: '/applications/$applicationId', params: { applicationId } })
          }
        />
      ) : (
        <p role="status" className="text-muted-foreground">
          Loading your saved jobs…
        </p>
      )}
    </main>
  )
}
