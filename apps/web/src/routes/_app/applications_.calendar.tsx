import { createFileRoute } from '@tanstack/react-router'
import { CalendarFeedCard, UpcomingInterviews } from '@/features/calendar'

/**
 * The interview calendar (/applications/calendar): the private feed phones subscribe to, and
 * every upcoming interview with its `.ics` file.
 */
export const Route = createFileRoute('/_app/applications_/calendar')({
  component: CalendarRoute,
})

function CalendarRoute() {
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 md:py-10 lg:px-6">
      <title>Interview calendar</title>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Interview calendar</h1>
        <p className="text-base text-pretty text-muted-foreground">
          Your scheduled interviews, in your phone’s calendar or one at a time.
        </p>
      </header>
      <section aria-labelledby="interviews-heading" className="flex flex-col gap-3">
        <h2 id="interviews-heading" className="text-lg font-semibold">
          Interviews
        </h2>
        <UpcomingInterviews />
      </section>
      <CalendarFeedCard />
    </main>
  )
}
