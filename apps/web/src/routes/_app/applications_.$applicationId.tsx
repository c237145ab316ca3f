import { createFileRoute, Link } from '@tanstack/react-router'
import { Mic } from 'lucide-react'
import { ApplicationPage } from '@/features/applications'
import { useSession } from '@/features/auth'

/** One application (/applications/<id>): the job, timeline, context, letter, report, feedback. */
export const Route = createFileRoute('/_app/applications_/$applicationId')({
  component: ApplicationRoute,
})

function ApplicationRoute() {
  const { applicationId } = Route.useParams()
  const session = useSession()
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 md:py-10 lg:px-6">
      {session.status === 'signed-in' ? (
        <>
          <ApplicationPage userId={session.session.user.id} applicationId={applicationId} />
          <Link
            to="/interviews/new"
            search={{ jobApplicationId: applicationId }}
            className="flex items-center gap-2 self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <Mic aria-hidden="true" className="size-4" />
            Practise an interview for this job
          </Link>
        </>
      ) : (
        <p role="status" className="text-muted-foreground">
          Loading the application…
        </p>
      )}
    </main>
  )
}
