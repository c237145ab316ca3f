import { LoaderCircle } from 'lucide-react'
import type { ComponentProps } from 'react'
import { Button } from '@/components/ui/button'

type PendingButtonProps = ComponentProps<typeof Button> & {
  /** While true the button is disabled (no double submits) and shows a spinner. */
  pending: boolean
  /** What the button says while pending, e.g. "Signing in…". */
  pendingLabel: string
}

export function PendingButton({
  pending,
  pendingLabel,
  disabled,
  children,
  ...props
}: PendingButtonProps) {
  return (
    <Button disabled={pending || disabled} aria-busy={pending || undefined} {...props}>
      {pending ? (
        <>
          <LoaderCircle aria-hidden="true" className="animate-spin" />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  )
}
