import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { FormAlert } from '@/components/form-alert'
import { FormField } from '@/components/form-field'
import { PendingButton } from '@/components/pending-button'
import { describeAccountError } from '../lib/describe-account-error'
import { type TotpCodeValues, totpCodeSchema } from '../lib/totp'

type TotpCodeFormProps = {
  /** Checks the code with the server; throws when it is refused. */
  verify: (code: string) => Promise<void>
  onVerified: () => void
  submitLabel: string
  pendingLabel: string
  /** Buttons beside the submit button (Cancel, Sign out). */
  secondaryAction?: ReactNode
}

/** The 6-digit code of an authenticator app: setting one up, and the sign-in's second step. */
export function TotpCodeForm({
  verify,
  onVerified,
  submitLabel,
  pendingLabel,
  secondaryAction,
}: TotpCodeFormProps) {
  const form = useForm<TotpCodeValues>({
    resolver: zodResolver(totpCodeSchema),
    defaultValues: { code: '' },
  })
  const check = useMutation({
    mutationFn: (code: string) => verify(code),
    onSuccess: onVerified,
    onError: () => form.setFocus('code'),
  })
  const { errors } = form.formState

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) =>
        void form.handleSubmit((values) => check.mutate(totpCodeSchema.parse(values).code))(event)
      }
    >
      <FormAlert message={check.error && describeAccountError(check.error)} />
      <FormField
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        placeholder="123456"
        hint="The 6-digit code your authenticator app shows for this account."
        error={errors.code?.message}
        {...form.register('code', { onChange: () => check.reset() })}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <PendingButton
          type="submit"
          pending={check.isPending || check.isSuccess}
          pendingLabel={pendingLabel}
        >
          {submitLabel}
        </PendingButton>
        {secondaryAction}
      </div>
    </form>
  )
}
