import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { useSession } from '@/features/auth'
import { InterviewsPage } from '@/features/interviews'

/** `?jobApplicationId=`: the start card set to that application (from its page's link). */
const PracticeSearch = z.object({
  jobApplicationId: z.uuid().optional().catch(undefined),
})

/**
 * Practice (/interviews): start a practice interview for one of your applications or a role,
 * see your progress over time, and open past interviews.
 */
export const Route = createFileRoute('/_app/interviews')({
  validateSearch: PracticeSearch,
  component: PracticeRoute,
})

function PracticeRoute() {
  const { jobApplicationId } = Route.useSearch()
  const session = useSession()
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 md:py-10 lg:px-6">
      <title>Practice</title>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Practice</h1>
        <p className="text-base text-pretty text-muted-foreground">
          Mock interviews for the jobs you’re after, with feedback on how you said it and what you
          said.
        </p>
      </header>
      {session.status === 'signed-in' ? (
        <InterviewsPage
          key={jobApplicationId ?? 'none'}
          userId={session.session.user.id}
          jobApplicationId={jobApplicationId}
        />
      ) : (
        <p role="status" className="text-muted-foreground">
          Loading…
        </p>
      )}
    </main>
  )
}
