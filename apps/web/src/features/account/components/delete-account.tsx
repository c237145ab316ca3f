import { useMutation } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { deleteAccount, signOutLocally } from '../api/account-data'
import { DELETE_CONFIRMATION, isDeleteConfirmed } from '../lib/account-schemas'
import { describeAccountError } from '../lib/describe-account-error'
import { ConfirmDialog } from './confirm-dialog'

/**
 * Deleting the account, after typing DELETE in a confirmation dialog. The server removes the
 * user with every row and file of theirs; then `onDeleted` leaves the account pages (before
 * this browser's session is cleared, so their sign-in guard cannot get there first) and the
 * session is forgotten.
 */
export function DeleteAccount({ onDeleted }: { onDeleted: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false)
  const [typed, setTyped] = useState('')
  const remove = useMutation({
    mutationFn: async () => {
      await deleteAccount()
      await onDeleted()
      await signOutLocally()
    },
  })

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-pretty text-muted-foreground">
        Deletes your account, your profile, your onboarding answers, applications, interviews,
        credits and every file you uploaded. This cannot be undone: download your data first if you
        want to keep it.
      </p>
      <Button
        variant="destructive"
        className="sm:self-start"
        onClick={() => {
          setTyped('')
          remove.reset()
          setConfirming(true)
        }}
      >
        <Trash2 aria-hidden="true" />
        Delete my account
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Delete your account?"
        description="Your account and everything in it will be deleted for good. There is no way to bring it back."
        confirmLabel="Delete my account"
        pendingLabel="Deleting your account…"
        tone="destructive"
        pending={remove.isPending}
        error={remove.error && describeAccountError(remove.error)}
        confirmDisabled={!isDeleteConfirmed(typed)}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <FormField
          label={`Type ${DELETE_CONFIRMATION} to confirm`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </ConfirmDialog>
    </div>
  )
}
