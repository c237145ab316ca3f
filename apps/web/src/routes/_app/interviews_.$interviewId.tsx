import { createFileRoute } from '@tanstack/react-router'
import { useSession } from '@/features/auth'
import { InterviewPage } from '@/features/interviews'

/** One practice interview (/interviews/<id>): the interview room, then its feedback. */
export const Route = createFileRoute('/_app/interviews_/$interviewId')({
  component: InterviewRoute,
})

function InterviewRoute() {
  const { interviewId } = Route.useParams()
  const session = useSession()
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 md:py-10 lg:px-6">
      {session.status === 'signed-in' ? (
        <InterviewPage interviewId={interviewId} />
      ) : (
        <p role="status" className="text-muted-foreground">
          Loading the interview…
        </p>
      )}
    </main>
  )
}
