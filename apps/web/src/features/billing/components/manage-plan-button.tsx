import { Settings } from 'lucide-react'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import { usePortal } from '../hooks/use-billing-redirects'

/** "Manage plan": Stripe's customer portal (change the card, cancel), with why it failed. */
export function ManagePlanButton({
  label = 'Manage plan',
  variant = 'outline',
}: {
  label?: string
  variant?: 'default' | 'outline'
}) {
  const portal = usePortal()
  return (
    <div className="flex flex-col gap-2">
      <PendingButton
        type="button"
        variant={variant}
        className="self-start"
        pending={portal.pending}
        pendingLabel="Opening the billing portal…"
        onClick={portal.open}
      >
        <Settings aria-hidden="true" />
        {label}
      </PendingButton>
      <FormAlert message={portal.problem?.message} />
    </div>
  )
}
