import type { UseFormRegisterReturn } from 'react-hook-form'
import { FormField } from '@/components/form-field'
import { MIN_PASSWORD_LENGTH } from '../lib/auth-schemas'

type NewPasswordFieldsProps = {
  password: UseFormRegisterReturn
  confirmPassword: UseFormRegisterReturn
  errors: { password?: string; confirmPassword?: string }
  labels: { password: string; confirmPassword: string }
}

/** A new password typed twice, with the server's rules as its hint (sign-up and reset). */
export function NewPasswordFields({
  password,
  confirmPassword,
  errors,
  labels,
}: NewPasswordFieldsProps) {
  return (
    <>
      <FormField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters, and not a common password.`}
        error={errors.password}
        {...password}
      />
      <FormField
        label={labels.confirmPassword}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        {...confirmPassword}
      />
    </>
  )
}
