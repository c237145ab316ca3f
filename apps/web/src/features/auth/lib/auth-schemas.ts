/**
 * What the account forms accept, as Zod schemas for react-hook-form's resolver. Each issue names
 * the field it belongs to, so the form shows the message next to that field.
 */
import { z } from 'zod'

/** The server's password policy (MIN_PASSWORD_LENGTH of the Auth service). */
export const MIN_PASSWORD_LENGTH = 8

/** auth-js's own message when a password sign-in lacks an identifier or a password (spec §5). */
export const MISSING_CREDENTIALS_MESSAGE =
  'You must provide either an email or phone number and a password'

const INVALID_EMAIL_MESSAGE = 'Enter a valid email address, like name@example.com'

const email = z.string().trim().pipe(z.email(INVALID_EMAIL_MESSAGE))

/**
 * Password sign-in. A blank email or password gets the spec's message on the field that lacks
 * it (the email first), before the email's format is looked at.
 */
export const passwordSignInSchema = z
  .object({ email: z.string().trim(), password: z.string() })
  .superRefine((values, context) => {
    const missing = values.email === '' ? 'email' : values.password === '' ? 'password' : null
    if (missing) {
      context.addIssue({ code: 'custom', path: [missing], message: MISSING_CREDENTIALS_MESSAGE })
      return
    }
    if (!email.safeParse(values.email).success) {
      context.addIssue({ code: 'custom', path: ['email'], message: INVALID_EMAIL_MESSAGE })
    }
  })

export type PasswordSignInValues = z.infer<typeof passwordSignInSchema>

/** Forms that only need an address: the sign-in link and the password reset request. */
export const emailOnlySchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address').pipe(email),
})

export type EmailOnlyValues = z.infer<typeof emailOnlySchema>

/** A new password and its confirmation (spec §5), as the reset page and sign-up ask for them. */
const newPasswordFields = {
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`),
  confirmPassword: z.string(),
}

function confirmationMatches(
  values: { password: string; confirmPassword: string },
  context: z.RefinementCtx,
) {
  if (values.confirmPassword !== values.password) {
    context.addIssue({
      code: 'custom',
      path: ['confirmPassword'],
      message: 'Passwords do not match',
    })
  }
}

export const newPasswordSchema = z.object(newPasswordFields).superRefine(confirmationMatches)

export type NewPasswordValues = z.infer<typeof newPasswordSchema>

export const signUpSchema = z
  .object({
    email: z.string().trim().min(1, 'Enter your email address').pipe(email),
    ...newPasswordFields,
  })
  .superRefine(confirmationMatches)

export type SignUpValues = z.infer<typeof signUpSchema>

/** The reset email's code: six digits (spaces a person may type between them are ignored). */
export const RESET_CODE_LENGTH = 6

/** The reset-code form: the account's address and the code the email carries. */
export const resetCodeSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address').pipe(email),
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .regex(
          new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`),
          `Enter the ${RESET_CODE_LENGTH}-digit code from the email`,
        ),
    ),
})

export type ResetCodeInput = z.input<typeof resetCodeSchema>
export type ResetCodeValues = z.output<typeof resetCodeSchema>
