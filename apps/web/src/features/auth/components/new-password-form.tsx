import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { changePasswordWithResetLink } from '../api/password-reset'
import { MIN_PASSWORD_LENGTH, type NewPasswordValues, newPasswordSchema } from '../lib/auth-schemas'
import { describeAuthError } from '../lib/describe-auth-error'
import { FormAlert } from '@/components/form-alert'
import { FormField } from '@/components/form-field'
import { PendingButton } from '@/components/pending-button'

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

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => void form.handleSubmit((values) => change.mutate(values))(event)}
    >
      <FormAlert message={change.error && describeAuthError(change.error)} />
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
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
