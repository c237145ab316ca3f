import { createHash, randomInt } from 'node:crypto'

/**
 * Recovery codes: 12 characters of Crockford's base32 (no I, L, O or U to misread), 60 random
 * bits each, shown as `xxxx-xxxx-xxxx` in lower case. Typing is forgiving: case, spaces and
 * dashes do not matter, and I or L count as 1 and O as 0, as Crockford's alphabet reads them.
 */
export const RECOVERY_CODE_COUNT = 10
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const CODE_LENGTH = 12
const GROUP = 4

export function generateRecoveryCode(): string {
  let code = ''
  for (let index = 0; index < CODE_LENGTH; index++) {
    code += ALPHABET[randomInt(ALPHABET.length)]
  }
  return code
    .toLowerCase()
    .match(new RegExp(`.{1,${GROUP}}`, 'g'))!
    .join('-')
}

/** The code's canonical form (12 upper-case alphabet characters), or null when it is none. */
export function normaliseRecoveryCode(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0')
  if (compact.length !== CODE_LENGTH || ![...compact].every((char) => ALPHABET.includes(char))) {
    return null
  }
  return compact
}

/**
 * What is stored of a code: SHA-256 over the user's id and the canonical code. A fast hash is
 * enough for 60 random bits (2^60 SHA-256 per user to reverse one), and lets the server find a
 * code by its hash in one indexed query; argon2 would cost a CPU-second per attempt on a
 * guessable endpoint while protecting nothing a reader of the database lacks (the TOTP secrets
 * it would need to beat are stored beside the hashes, as TOTP requires).
 */
export function hashRecoveryCode(userId: string, canonicalCode: string): string {
  return createHash('sha256').update(`${userId}:${canonicalCode}`).digest('hex')
}
