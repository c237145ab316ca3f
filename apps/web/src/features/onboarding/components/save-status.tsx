import { Check, CloudOff, LoaderCircle } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import type { SaveState } from '../lib/save-queue'

/** The save indicator's state and its "Retry now". */
export type StepShellSave = { state: SaveState<unknown>; onRetry: () => void }

/**
 * Says whether the answers are stored: "Saving…", "Saved", or, after a failure, that the
 * answer is kept on this page and will be sent again (with a button to try now). The failure
 * is an alert; the rest is a polite status.
 */
export function SaveStatus({ save }: { save: StepShellSave | undefined }) {
  // Nothing to say yet (or the wizard is still loading): the empty line keeps its place, so the
  // page does not shift when there is.
  const state = save?.state
  if (save && state?.status === 'failed') {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive"
      >
        <CloudOff aria-hidden="true" className="size-4 shrink-0" />
        <p className="flex-1">
          Your answer isn't saved yet. It's kept on this page;{' '}
          <RetryCountdown retryAt={state.retryAt} />
        </p>
        <Button type="button" size="sm" variant="outline" onClick={save.onRetry}>
          Retry now
        </Button>
      </div>
    )
  }
  return (
    <p role="status" className="flex min-h-5 items-center gap-1.5 text-sm text-muted-foreground">
      {state?.status === 'saving' && (
        <>
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Saving…
        </>
      )}
      {state?.status === 'saved' && (
        <>
          <Check aria-hidden="true" className="size-4 text-success" />
          Saved
        </>
      )}
    </p>
  )
}

function RetryCountdown({ retryAt }: { retryAt: number | null }) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  const seconds = retryAt === null ? 0 : Math.ceil((retryAt - now) / 1000)
  return <>{seconds > 0 ? `trying again in ${seconds} s.` : 'trying again now.'}</>
}
