import { X } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'

type ModalDialogProps = {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
  /** "center": a dialog; "side": a sheet from the right edge (the filters on a phone). */
  placement?: 'center' | 'side'
  className?: string
}

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape, makes the page
 * behind inert and returns focus to the opener. Its content mounts only while open.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  children,
  placement = 'center',
  className,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (open && dialog && !dialog.open) {
      dialog.showModal()
    } else if (!open && dialog?.open) {
      dialog.close()
    }
  }, [open])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className={cn(
        'bg-card text-card-foreground shadow-xl backdrop:bg-black/40',
        placement === 'side'
          ? 'ms-auto me-0 h-dvh max-h-dvh w-full max-w-md'
          : 'm-auto w-[calc(100%-2rem)] max-w-md rounded-xl border',
        className,
      )}
    >
      {open && (
        <div className="flex max-h-full flex-col">
          <header className="flex items-center justify-between gap-3 border-b px-5 py-3">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <Button variant="ghost" size="icon" aria-label="Close" onClick={onClose}>
              <X aria-hidden="true" />
            </Button>
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </div>
      )}
    </dialog>
  )
}
