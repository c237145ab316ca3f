import { createFileRoute, Navigate, Outlet } from '@tanstack/react-router'
import { requireSession, useSession } from '@/features/auth'
import { JobsHeader, JobsSearchSchema } from '@/features/jobs'

/**
 * The jobs pages (/jobs the deck, /jobs/list, /jobs/<id>): for signed-in people, guests included;
 * the signed-out go to /sign-in, which also offers "continue as guest". The filters are search
 * params of this layout, so every jobs page (and every link between them) carries them.
 */
export const Route = createFileRoute('/jobs')({
  validateSearch: JobsSearchSchema,
  beforeLoad: requireSession,
  component: JobsLayout,
})

function JobsLayout() {
  const session = useSession()

  // Signed out while here (another tab, an expired session): back to the sign-in page.
  if (session.status === 'signed-out') {
    return <Navigate to="/sign-in" replace />
  }
  return (
    <div className="min-h-dvh bg-background">
      <JobsHeader />
      <main className="pt-6">
        <Outlet />
      </main>
    </div>
  )
}
