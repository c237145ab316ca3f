import { CircleCheck } from 'lucide-react'

/**
 * A confirmation that an action worked ("Saved", "We sent a link…"). role="status" makes
 * screen readers announce it without interrupting. Renders nothing without a message.
 */
export function Notice({ message }: { message: string | null | undefined }) {
  if (!message) {
    return null
  }
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-lg border border-primary/30 bg-primary/10 px-3 py-2.5 text-sm"
    >
      <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <p>{message}</p>
    </div>
  )
}
