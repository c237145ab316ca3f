import type { ReactNode } from 'react'
import { describeAccountError } from '../lib/describe-account-error'
import { totpCodeSchema } from '../lib/totp'
import { CodeEntryForm } from './code-entry-form'

type TotpCodeFormProps = {
  /** Checks the code with the server; throws when it is refused. */
  verify: (code: string) => Promise<void>
  onVerified: () => void
  submitLabel: string
  pendingLabel: string
  /** Buttons beside the submit button (Cancel, Sign out). */
  secondaryAction?: ReactNode
}

const TOTP_FIELD = {
  label: 'Authentication code',
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  maxLength: 7,
  placeholder: '123456',
  hint: 'The 6-digit code your authenticator app shows for this account.',
} as const

/** The 6-digit code of an authenticator app: setting one up, and the sign-in's second step. */
export function TotpCodeForm(props: TotpCodeFormProps) {
  return (
    <CodeEntryForm
      schema={totpCodeSchema}
      describeError={describeAccountError}
      field={TOTP_FIELD}
      {...props}
    />
  )
}
