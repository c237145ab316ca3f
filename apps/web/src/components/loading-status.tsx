import { LoaderCircle } from 'lucide-react'

/** "Loading…" with a spinner, announced politely: what shows while a part's code downloads. */
export function LoadingStatus() {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      Loading…
    </p>
  )
}
