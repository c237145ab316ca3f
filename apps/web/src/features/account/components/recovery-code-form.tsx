import { isAuthError } from '@/lib/auth-errors'
import type { ReactNode } from 'react'
import { verifySignInRecoveryCode } from '../api/mfa'
import { describeAccountError } from '../lib/describe-account-error'
import { recoveryCodeSchema } from '../lib/recovery-codes'
import { CodeEntryForm } from './code-entry-form'

function describeRecoveryError(error: unknown): string {
  if (isAuthError(error) && error.code === 'mfa_verification_failed') {
    return "That recovery code isn't right, or it was used already. Check it and try again."
  }
  return describeAccountError(error)
}

const RECOVERY_CODE_FIELD = {
  label: 'Recovery code',
  autoComplete: 'off',
  autoCapitalize: 'none',
  spellCheck: false,
  maxLength: 40,
  placeholder: 'xxxx-xxxx-xxxx',
  hint: 'One of the recovery codes you saved when you set up two-step verification. Each works once.',
} as const

/** The sign-in's second step with one of the recovery codes saved when the app was set up. */
export function RecoveryCodeForm({
  onVerified,
  secondaryAction,
}: {
  onVerified: () => void
  secondaryAction?: ReactNode
}) {
  return (
    <CodeEntryForm
      schema={recoveryCodeSchema}
      verify={verifySignInRecoveryCode}
      describeError={describeRecoveryError}
      field={RECOVERY_CODE_FIELD}
      onVerified={onVerified}
      submitLabel="Verify"
      pendingLabel="Verifying…"
      secondaryAction={secondaryAction}
    />
  )
}
