import type { FormEventHandler, ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { describeAuthError, describeWeakPassword } from '../lib/describe-auth-error'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import { NewPasswordFields } from './new-password-fields'

type NewPasswordFormFrameProps = {
  onSubmit: FormEventHandler<HTMLFormElement>
  /** The form's `register`, for its `password` and `confirmPassword` fields. */
  register: (name: 'password' | 'confirmPassword') => UseFormRegisterReturn
  /** The form's validation errors (`formState.errors`). */
  errors: { password?: { message?: string }; confirmPassword?: { message?: string } }
  /** What the server answered when it refused the form, if it did. */
  serverError: unknown
  labels: { password: string; confirmPassword: string }
  pending: boolean
  pendingLabel: string
  submitLabel: string
  /** Fields above the new password (the sign-up's email). */
  children?: ReactNode
}

/**
 * A form that sets a new password (sign-up and reset): the server's refusal as an alert, except
 * a password its policy refuses (common, breached, too long), which is said at the password
 * field; the password typed twice; the submit button.
 */
export function NewPasswordFormFrame({
  onSubmit,
  register,
  errors,
  serverError,
  labels,
  pending,
  pendingLabel,
  submitLabel,
  children,
}: NewPasswordFormFrameProps) {
  const weakPassword = describeWeakPassword(serverError)
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
      <FormAlert message={serverError && !weakPassword ? describeAuthError(serverError) : null} />
      {children}
      <NewPasswordFields
        password={register('password')}
        confirmPassword={register('confirmPassword')}
        errors={{
          password: errors.password?.message ?? weakPassword ?? undefined,
          confirmPassword: errors.confirmPassword?.message,
        }}
        labels={labels}
      />
      <PendingButton
        type="submit"
        size="lg"
        className="mt-2"
        pending={pending}
        pendingLabel={pendingLabel}
      >
        {submitLabel}
      </PendingButton>
    </form>
  )
}
