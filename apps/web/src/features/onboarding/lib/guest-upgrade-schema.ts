import { isAuthApiError } from '@/lib/auth-errors'
import { z } from 'zod'

/** The success step's account form: the spec's password rule (section 5, 8 characters). */
export const MIN_PASSWORD_LENGTH = 8

export const GuestUpgradeSchema = z.object({
  email: z.string().trim().pipe(z.email('Enter a valid email address.')),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`),
})
export type GuestUpgradeValues = z.infer<typeof GuestUpgradeSchema>

/** Why the server refused the upgrade, in words for the form. */
export function describeUpgradeError(error: unknown): string {
  if (isAuthApiError(error)) {
    if (error.code === 'email_exists' || error.code === 'user_already_exists') {
      return 'An account with this email already exists. Use another email, or sign in to that account.'
    }
    return error.message
  }
  return "We couldn't reach the server. Check your connection and try again."
}
