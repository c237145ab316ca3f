import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { changePasswordWithResetLink } from '../api/password-reset'
import { type NewPasswordValues, newPasswordSchema } from '../lib/auth-schemas'
import { describeAuthError, describeWeakPassword } from '../lib/describe-auth-error'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import { NewPasswordFields } from './new-password-fields'

/** The reset page's form (spec §3, §5): `password` and `confirmPassword`. */
export function NewPasswordForm({ onChanged }: { onChanged: () => void }) {
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  })
  const change = useMutation({
    mutationFn: ({ password }: NewPasswordValues) => changePasswordWithResetLink(password),
    onSuccess: onChanged,
  })
  const { errors, isSubmitting } = form.formState
  // The server's password policy (common, breached, too long): said at the password field.
  const weakPassword = describeWeakPassword(change.error)

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => void form.handleSubmit((values) => change.mutate(values))(event)}
    >
      <FormAlert message={change.error && !weakPassword ? describeAuthError(change.error) : null} />
      <NewPasswordFields
        password={form.register('password')}
        confirmPassword={form.register('confirmPassword')}
        errors={{
          password: errors.password?.message ?? weakPassword ?? undefined,
          confirmPassword: errors.confirmPassword?.message,
        }}
        labels={{ password: 'New password', confirmPassword: 'Confirm new password' }}
      />
      <PendingButton
        type="submit"
        size="lg"
        className="mt-2"
        pending={isSubmitting || change.isPending}
        pendingLabel="Changing your password…"
      >
        Change password
      </PendingButton>
    </form>
  )
}
