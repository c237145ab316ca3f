import { useEffect, useId, useRef } from 'react'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import { Button } from '@/components/ui/button'

/**
 * Asks before deleting a practice interview: the native modal `<dialog>` (focus kept inside,
 * Escape cancels, focus returns to the opener).
 */
export function ConfirmDelete({
  open,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean
  pending: boolean
  error: string | null
  onConfirm: () => void
  onCancel: () => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  useEffect(() => {
    const element = dialog.current
    if (open && !element?.open) element?.showModal()
    else if (!open && element?.open) element.close()
  }, [open])
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border bg-card p-0 text-card-foreground shadow-lg backdrop:bg-black/50"
      onCancel={(event) => {
        event.preventDefault()
        if (!pending) onCancel()
      }}
    >
      <div className="flex flex-col gap-4 p-6">
        <h2 id={titleId} className="text-lg font-semibold">
          Delete this practice interview?
        </h2>
        <p id={descriptionId} className="text-sm text-pretty text-muted-foreground">
          Its recording, transcripts and feedback go, and it leaves your progress chart.
        </p>
        <FormAlert message={error} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" disabled={pending} onClick={onCancel}>
            Cancel
          </Button>
          <PendingButton
            type="button"
            variant="destructive"
            pending={pending}
            pendingLabel="Deleting…"
            onClick={onConfirm}
          >
            Delete
          </PendingButton>
        </div>
      </div>
    </dialog>
  )
}
