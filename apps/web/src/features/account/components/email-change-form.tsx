import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { FormAlert } from '@/components/form-alert'
import { EmailField } from '@/components/form-field'
import { PendingButton } from '@/components/pending-button'
import { requestEmailChange } from '../api/profile'
import { type EmailChangeValues, emailChangeSchema } from '../lib/account-schemas'
import { describeAccountError } from '../lib/describe-account-error'
import { Notice } from './notice'

/**
 * The account's email. A new address takes effect only once confirmed from that inbox, so the
 * form says where the link went rather than claiming a change.
 */
export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const form = useForm<EmailChangeValues>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: { email: currentEmail },
  })
  const change = useMutation({
    mutationFn: ({ email }: EmailChangeValues) => requestEmailChange(email.trim()),
  })
  const { errors } = form.formState
  const unchanged = (email: string) => email.trim().toLowerCase() === currentEmail.toLowerCase()

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          if (unchanged(values.email)) {
            form.setError('email', { message: 'This is already your email address' })
            return
          }
          change.mutate(values)
        })(event)
      }
    >
      <FormAlert message={change.error && describeAccountError(change.error)} />
      <EmailField
        error={errors.email?.message}
        {...form.register('email', { onChange: () => change.reset() })}
      />
      <Notice
        message={
          change.isSuccess
            ? `We sent a confirmation link to ${change.variables.email.trim()}. Your email changes once you open it.`
            : null
        }
      />
      <PendingButton
        type="submit"
        variant="outline"
        className="sm:self-start"
        pending={change.isPending}
        pendingLabel="Sending the link…"
      >
        Change email
      </PendingButton>
    </form>
  )
}
