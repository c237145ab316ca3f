import { ReferralInvitationBodySchema } from '@app/contracts'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { EmailField } from '@/components/form-field'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import { isApiError } from '@/lib/api'
import { inviteByEmail } from '../api/referrals'

/** Invite a friend by email: the server sends them the share link and code once. */
export function InviteByEmailForm() {
  const [email, setEmail] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [done, setDone] = useState<string | null>(null)
  const invite = useMutation({
    mutationFn: inviteByEmail,
    onSuccess: (result) => {
      setDone(
        result.sent
          ? `Invitation sent to ${result.email}.`
          : `You already invited ${result.email}: we don’t send the same invitation twice.`,
      )
      setEmail('')
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setDone(null)
    const parsed = ReferralInvitationBodySchema.safeParse({ email: email.trim() })
    if (!parsed.success) {
      setFieldError(
        email.trim()
          ? 'Enter a valid email address, like name@example.com'
          : 'Enter an email address',
      )
      return
    }
    setFieldError(undefined)
    invite.mutate(parsed.data.email)
  }

  const serverMessage = invite.error
    ? isApiError(invite.error)
      ? invite.error.message
      : 'We couldn’t send the invitation. Try again.'
    : null

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-label="Invite by email">
      <EmailField
        name="invite-email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldError}
        hint="We email them your link once. We never use their address for anything else."
      />
      <FormAlert message={serverMessage} />
      {done && (
        <p role="status" className="text-sm text-muted-foreground">
          {done}
        </p>
      )}
      <PendingButton
        type="submit"
        pending={invite.isPending}
        pendingLabel="Sending…"
        className="self-start"
      >
        Send invitation
      </PendingButton>
    </form>
  )
}
