import { createFileRoute, Outlet } from '@tanstack/react-router'
import { ShellHeaderContent } from '@/components/app-shell/app-shell'
import { JobsSearchSchema, JobsViews } from '@/features/jobs'

/**
 * The jobs pages (/jobs the deck, /jobs/list, /jobs/<id>), inside the app shell (which asks for
 * a session). The filters are search params of this layout, so every jobs page (and every link
 * between them) carries them. Deck and List sit in the shell's top bar: one bar, so the deck
 * keeps its room on a phone.
 */
export const Route = createFileRoute('/_app/jobs')({
  validateSearch: JobsSearchSchema,
  component: JobsLayout,
})

function JobsLayout() {
  return (
    <>
      <ShellHeaderContent>
        <JobsViews />
      </ShellHeaderContent>
      <main className="pt-3 md:pt-6">
        <Outlet />
      </main>
    </>
  )
}
