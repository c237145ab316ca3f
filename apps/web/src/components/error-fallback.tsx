import { Button } from '@/components/ui/button'

/**
 * The router's default error boundary. It deliberately imports nothing that needs the runtime
 * config or the network, so it still renders when those are what broke. React itself logs the
 * error it caught, so it is not logged again here.
 */
export function ErrorFallback() {
  // A full reload from the origin, not a router navigation: state in memory may be what broke.
  function handleRefresh() {
    window.location.assign(window.location.origin)
  }

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-10 text-center text-destructive">
      <title>Something went wrong</title>
      <div role="alert" className="flex flex-col items-center gap-6">
        {/* The spec's text ends with a space after the parenthesis; keep it. */}
        <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          {'Oops, something went wrong :( '}
        </h1>
        <Button variant="destructive" size="lg" onClick={handleRefresh}>
          Refresh
        </Button>
      </div>
    </main>
  )
}
