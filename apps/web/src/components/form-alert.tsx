import { CircleAlert } from 'lucide-react'

/**
 * Where a form says why the server refused it. role="alert" makes screen readers announce the
 * message as soon as it appears. Renders nothing without a message.
 */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) {
    return null
  }
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2.5 text-sm text-destructive"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{message}</p>
    </div>
  )
}
