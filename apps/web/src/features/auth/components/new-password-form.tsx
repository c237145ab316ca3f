import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { changePasswordWithResetLink } from '../api/password-reset'
import { type NewPasswordValues, newPasswordSchema } from '../lib/auth-schemas'
import { NewPasswordFormFrame } from './new-password-form-frame'

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
    <NewPasswordFormFrame
      onSubmit={(event) => void form.handleSubmit((values) => change.mutate(values))(event)}
      register={form.register}
      errors={errors}
      serverError={change.error}
      labels={{ password: 'New password', confirmPassword: 'Confirm new password' }}
      pending={isSubmitting || change.isPending}
      pendingLabel="Changing your password…"
      submitLabel="Change password"
    />
  )
}
