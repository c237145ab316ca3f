/** The account forms' rules and messages (react-hook-form + zod). */
import { z } from 'zod'

const NAME_MAX_LENGTH = 100

export const profileNamesSchema = z.object({
  firstName: z
    .string()
    .trim()
    .min(1, 'Enter your first name')
    .max(NAME_MAX_LENGTH, `Use at most ${NAME_MAX_LENGTH} characters`),
  // Optional: not everyone has one (spec §5 splits "Cher" into Cher and nothing).
  lastName: z.string().trim().max(NAME_MAX_LENGTH, `Use at most ${NAME_MAX_LENGTH} characters`),
})
export type ProfileNamesValues = z.input<typeof profileNamesSchema>

export const emailChangeSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address')
    .pipe(z.email('Enter a valid email address, like name@example.com')),
})
export type EmailChangeValues = z.input<typeof emailChangeSchema>

/** What the person types to confirm deleting their account. */
export const DELETE_CONFIRMATION = 'DELETE'

export function isDeleteConfirmed(typed: string): boolean {
  return typed.trim() === DELETE_CONFIRMATION
}
