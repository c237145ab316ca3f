import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { type SignUpResult, signUp } from '../api/sign-up'
import { type SignUpValues, signUpSchema } from '../lib/auth-schemas'
import { describeAuthError, describeWeakPassword } from '../lib/describe-auth-error'
import { FormAlert } from '@/components/form-alert'
import { EmailField } from '@/components/form-field'
import { PendingButton } from '@/components/pending-button'
import { NewPasswordFields } from './new-password-fields'

interface SignUpFormProps {
  onSignedUp: (result: SignUpResult) => void
  /** The page the confirmation link returns to (validated), when the sign-up came from one. */
  returnTo?: string
}

export function SignUpForm({ onSignedUp, returnTo }: SignUpFormProps) {
  const form = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  })
  const signUpMutation = useMutation({
    mutationFn: (values: SignUpValues) => signUp(values, returnTo),
    onSuccess: onSignedUp,
  })
  const { errors, isSubmitting } = form.formState
  // The server's password policy (common, breached, too long): said at the password field.
  const weakPassword = describeWeakPassword(signUpMutation.error)

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => void form.handleSubmit((values) => signUpMutation.mutate(values))(event)}
    >
      <FormAlert
        message={
          signUpMutation.error && !weakPassword ? describeAuthError(signUpMutation.error) : null
        }
      />
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <NewPasswordFields
        password={form.register('password')}
        confirmPassword={form.register('confirmPassword')}
        errors={{
          password: errors.password?.message ?? weakPassword ?? undefined,
          confirmPassword: errors.confirmPassword?.message,
        }}
        labels={{ password: 'Password', confirmPassword: 'Confirm password' }}
      />
      <PendingButton
        type="submit"
        size="lg"
        className="mt-2"
        pending={isSubmitting || signUpMutation.isPending || signUpMutation.isSuccess}
        pendingLabel="Creating your account…"
      >
        Create account
      </PendingButton>
    </form>
  )
}
