import { useEffect } from 'react'
import { Button } from '@/components/ui/button'
import { reportError } from '@/lib/error-reporting'

/**
 * The router's default error boundary. It deliberately imports nothing that needs the runtime
 * config or the network, so it still renders when those are what broke. React itself logs the
 * error it caught, so it is not logged again here; it is sent to error reporting where that is
 * on (`lib/error-reporting.ts`, which needs no config either).
 */
export function ErrorFallback({ error }: { error?: unknown }) {
  useEffect(() => {
    if (error !== undefined) {
      reportCaughtOnce(error)
    }
  }, [error])

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

/** Errors already reported: a remount (StrictMode, a retry) does not send the same one twice. */
const reported = new WeakSet<object>()

function reportCaughtOnce(error: unknown) {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return
    reported.add(error)
  }
  reportError(error)
}
