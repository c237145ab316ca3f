import { LoaderCircle } from 'lucide-react'
import { CenteredScreen } from '@/components/centered-screen'

/** Shown while the session from an auth link is being set and checked. */
export function LinkPendingView() {
  return (
    <CenteredScreen>
      <div role="status" className="flex flex-col items-center gap-4 text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-primary" />
        <p className="text-sm font-medium">Checking your link…</p>
      </div>
    </CenteredScreen>
  )
}
