/** Pure helpers of the recovery-code screens. */
import { z } from 'zod'

/** The file the codes download as: what they are for, and where, for whoever finds it. */
export function recoveryCodesText(codes: readonly string[], site: string, createdAt: Date): string {
  return [
    `Recovery codes for ${site}`,
    `Created ${createdAt.toISOString().slice(0, 10)}`,
    '',
    'Each code signs you in once in place of your authenticator app.',
    'Keep them somewhere safe, away from your phone. Getting new codes ends these ones.',
    '',
    ...codes,
    '',
  ].join('\n')
}

export const RECOVERY_CODES_FILE_NAME = 'recovery-codes.txt'

/**
 * A recovery code as typed: 12 letters and digits, with or without the dashes and spaces of
 * `xxxx-xxxx-xxxx`; the server reads case and look-alike letters forgivingly.
 */
export const recoveryCodeSchema = z.object({
  code: z
    .string()
    .transform((code) => code.trim())
    .pipe(
      z
        .string()
        .refine(
          (code) => /^[0-9a-z]{12}$/i.test(code.replace(/[\s-]/g, '')),
          'Enter a recovery code, like abcd-efgh-jkmn',
        ),
    ),
})
export type RecoveryCodeValues = z.input<typeof recoveryCodeSchema>
