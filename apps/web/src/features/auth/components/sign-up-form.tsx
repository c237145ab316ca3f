import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { type SignUpResult, signUp } from '../api/sign-up'
import { type SignUpValues, signUpSchema } from '../lib/auth-schemas'
import { EmailField } from '@/components/form-field'
import { NewPasswordFormFrame } from './new-password-form-frame'

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

  return (
    <NewPasswordFormFrame
      onSubmit={(event) => void form.handleSubmit((values) => signUpMutation.mutate(values))(event)}
      register={form.register}
      errors={errors}
      serverError={signUpMutation.error}
      labels={{ password: 'Password', confirmPassword: 'Confirm password' }}
      pending={isSubmitting || signUpMutation.isPending || signUpMutation.isSuccess}
      pendingLabel="Creating your account…"
      submitLabel="Create account"
    >
      <EmailField error={errors.email?.message} {...form.register('email')} />
    </NewPasswordFormFrame>
  )
}
