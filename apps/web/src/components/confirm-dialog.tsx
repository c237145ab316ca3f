import { type ReactNode, useEffect, useId, useRef } from 'react'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import { Button } from '@/components/ui/button'

type ConfirmDialogProps = {
  open: boolean
  title: string
  description: ReactNode
  confirmLabel: string
  pendingLabel: string
  pending: boolean
  /** Why the confirmed action failed, shown in the dialog. */
  error?: string | null
  /** Keeps the confirm button off until, say, the confirmation word is typed. */
  confirmDisabled?: boolean
  tone?: 'default' | 'destructive'
  onConfirm: () => void
  onCancel: () => void
  /** Extra content between the description and the buttons (a confirmation field). */
  children?: ReactNode
}

/**
 * Asks before an action that cannot be undone. The native modal `<dialog>`: focus moves into
 * it and stays there, the page behind is inert, Escape cancels (except while the action runs),
 * and focus returns to the button that opened it.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  confirmDisabled = false,
  tone = 'default',
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const element = dialog.current
    if (open && !element?.open) {
      element?.showModal()
    } else if (!open && element?.open) {
      element.close()
    }
  }, [open])

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border bg-card p-0 text-card-foreground shadow-lg backdrop:bg-black/50"
      onCancel={(event) => {
        event.preventDefault()
        if (!pending) {
          onCancel()
        }
      }}
    >
      <form
        noValidate
        className="flex flex-col gap-4 p-6"
        onSubmit={(event) => {
          event.preventDefault()
          if (!confirmDisabled && !pending) {
            onConfirm()
          }
        }}
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <div id={descriptionId} className="text-sm text-pretty text-muted-foreground">
          {description}
        </div>
        {children}
        <FormAlert message={error} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" disabled={pending} onClick={onCancel}>
            Cancel
          </Button>
          <PendingButton
            type="submit"
            variant={tone === 'destructive' ? 'destructive' : 'default'}
            pending={pending}
            pendingLabel={pendingLabel}
            disabled={confirmDisabled}
          >
            {confirmLabel}
          </PendingButton>
        </div>
      </form>
    </dialog>
  )
}
