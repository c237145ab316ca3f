import { RefreshCw } from 'lucide-react'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import { describeBillingError } from '../lib/describe-billing-error'

/** The billing overview could not be read: what failed, and a way to try again. */
export function BillingLoadError({
  what,
  error,
  onRetry,
}: {
  /** "your credits", "the plans". */
  what: string
  error: unknown
  onRetry: () => void
}) {
  return (
    <div className="flex flex-col gap-2">
      <FormAlert message={`We couldn’t read ${what}: ${describeBillingError(error).message}`} />
      <Button type="button" variant="outline" className="self-start" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  )
}
