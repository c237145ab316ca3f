import { zodResolver } from '@hookform/resolvers/zod'
import { isAuthError } from '@supabase/supabase-js'
import { useMutation } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { FormAlert } from '@/components/form-alert'
import { FormField } from '@/components/form-field'
import { PendingButton } from '@/components/pending-button'
import { verifySignInRecoveryCode } from '../api/mfa'
import { describeAccountError } from '../lib/describe-account-error'
import { type RecoveryCodeValues, recoveryCodeSchema } from '../lib/recovery-codes'

function describeRecoveryError(error: unknown): string {
  if (isAuthError(error) && error.code === 'mfa_verification_failed') {
    return "That recovery code isn't right, or it was used already. Check it and try again."
  }
  return describeAccountError(error)
}

/** The sign-in's second step with one of the recovery codes saved when the app was set up. */
export function RecoveryCodeForm({
  onVerified,
  secondaryAction,
}: {
  onVerified: () => void
  secondaryAction?: ReactNode
}) {
  const form = useForm<RecoveryCodeValues>({
    resolver: zodResolver(recoveryCodeSchema),
    defaultValues: { code: '' },
  })
  const check = useMutation({
    mutationFn: verifySignInRecoveryCode,
    onSuccess: onVerified,
    onError: () => form.setFocus('code'),
  })
  const { errors } = form.formState

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) =>
        void form.handleSubmit((values) => check.mutate(recoveryCodeSchema.parse(values).code))(
          event,
        )
      }
    >
      <FormAlert message={check.error && describeRecoveryError(check.error)} />
      <FormField
        label="Recovery code"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={40}
        placeholder="xxxx-xxxx-xxxx"
        hint="One of the recovery codes you saved when you set up two-step verification. Each works once."
        error={errors.code?.message}
        {...form.register('code', { onChange: () => check.reset() })}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <PendingButton
          type="submit"
          pending={check.isPending || check.isSuccess}
          pendingLabel="Verifying…"
        >
          Verify
        </PendingButton>
        {secondaryAction}
      </div>
    </form>
  )
}
