import { LoaderCircle } from 'lucide-react'

/** What a section shows while its data loads. */
export function LoadingLine({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 text-sm text-muted-foreground">
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-primary" />
      {label}
    </div>
  )
}
