import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { isAuthError } from '@/lib/auth-errors'
import { useForm } from 'react-hook-form'
import { FormAlert } from '@/components/form-alert'
import { EmailField, FormField } from '@/components/form-field'
import { PendingButton } from '@/components/pending-button'
import { verifyResetCode } from '../api/password-reset'
import {
  RESET_CODE_LENGTH,
  type ResetCodeInput,
  type ResetCodeValues,
  resetCodeSchema,
} from '../lib/auth-schemas'
import { describeAuthError } from '../lib/describe-auth-error'

/** A wrong, used or expired code: the server's 403 `otp_expired` (it does not say which). */
const WRONG_CODE_MESSAGE =
  "That code isn't right, or it has expired or been used. Check the newest reset email, or ask for a new one."

function describeCodeError(error: unknown): string {
  return isAuthError(error) && error.code === 'otp_expired'
    ? WRONG_CODE_MESSAGE
    : describeAuthError(error)
}

/**
 * The password reset by code: the address and the six digits of the reset email, for a person
 * reading it on another device than this one. A right code gives the same short session the
 * email's link gives (`onVerified`), in which the new password is chosen.
 */
export function ResetCodeForm({
  defaultEmail,
  onVerified,
}: {
  defaultEmail: string
  onVerified: () => void
}) {
  const form = useForm<ResetCodeInput, unknown, ResetCodeValues>({
    resolver: zodResolver(resetCodeSchema),
    defaultValues: { email: defaultEmail, code: '' },
  })
  const verify = useMutation({
    mutationFn: ({ email, code }: ResetCodeValues) => verifyResetCode(email, code),
    onSuccess: onVerified,
  })
  const { errors, isSubmitting } = form.formState

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => void form.handleSubmit((values) => verify.mutate(values))(event)}
    >
      <FormAlert message={verify.error && describeCodeError(verify.error)} />
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <FormField
        label="Code from the email"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={RESET_CODE_LENGTH + 4}
        hint={`The ${RESET_CODE_LENGTH} digits under “Or enter this code in the app”.`}
        error={errors.code?.message}
        {...form.register('code')}
      />
      <PendingButton
        type="submit"
        size="lg"
        className="mt-2"
        pending={isSubmitting || verify.isPending}
        pendingLabel="Checking your code…"
      >
        Continue
      </PendingButton>
    </form>
  )
}
