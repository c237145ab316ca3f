import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { signInWithPassword } from '../api/sign-in'
import { type PasswordSignInValues, passwordSignInSchema } from '../lib/auth-schemas'
import { describeAuthError } from '../lib/describe-auth-error'
import { FormAlert } from '@/components/form-alert'
import { EmailField, FormField } from '@/components/form-field'
import { PendingButton } from '@/components/pending-button'

interface PasswordSignInFormProps {
  defaultEmail: string
  /** Told of every edit of the email, so the link and reset views can start from it. */
  onEmailChange: (email: string) => void
  onSignedIn: () => void
  /** The page the sign-in returns to (`?redirect=`), kept by the reset view's link. */
  returnTo?: string
}

export function PasswordSignInForm({
  defaultEmail,
  onEmailChange,
  onSignedIn,
  returnTo,
}: PasswordSignInFormProps) {
  const form = useForm<PasswordSignInValues>({
    resolver: zodResolver(passwordSignInSchema),
    defaultValues: { email: defaultEmail, password: '' },
  })
  const signIn = useMutation({ mutationFn: signInWithPassword, onSuccess: onSignedIn })
  const { errors, isSubmitting } = form.formState

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => void form.handleSubmit((values) => signIn.mutate(values))(event)}
    >
      <FormAlert message={signIn.error && describeAuthError(signIn.error)} />
      <EmailField
        error={errors.email?.message}
        {...form.register('email', {
          onChange: (event: { target: HTMLInputElement }) => onEmailChange(event.target.value),
        })}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        labelAction={
          <Link
            to="/sign-in"
            search={{ view: 'forgot-password', redirect: returnTo }}
            className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Forgot your password?
          </Link>
        }
        {...form.register('password')}
      />
      <PendingButton
        type="submit"
        size="lg"
        className="mt-2"
        pending={isSubmitting || signIn.isPending || signIn.isSuccess}
        pendingLabel="Signing in…"
      >
        Sign in
      </PendingButton>
    </form>
  )
}
