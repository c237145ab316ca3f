import { X } from 'lucide-react'
import type { ReactNode } from 'react'

/** Something that went wrong, said at once (`role="alert"`), until the person dismisses it. */
export function DismissibleAlert({
  children,
  onDismiss,
}: {
  children: ReactNode
  onDismiss: () => void
}) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm"
    >
      <p className="flex-1">{children}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="rounded-sm p-0.5 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  )
}
