import { hash, verify } from '@node-rs/argon2'
import { verify as verifyBcrypt } from '@node-rs/bcrypt'

/**
 * Passwords are hashed with argon2id at OWASP's minimum (19 MiB, 2 iterations, parallelism 1),
 * about 18 ms here, in the PHC string format a hosted Supabase project also accepts (ADR 0010).
 * bcrypt hashes, which hosted projects hold for most users, are still verified, so accounts can
 * be imported from one; `needsRehash` tells sign-in to upgrade them to argon2id.
 */
const ARGON2ID_OPTIONS = {
  // `Algorithm.Argon2id` of the package's const enum, which type stripping cannot inline.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const

const BCRYPT_PREFIX = /^\$2[aby]\$/
const CURRENT_PARAMETERS = `$argon2id$v=19$m=${ARGON2ID_OPTIONS.memoryCost},t=${ARGON2ID_OPTIONS.timeCost},p=${ARGON2ID_OPTIONS.parallelism}$`

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS)
}

export function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  if (BCRYPT_PREFIX.test(storedHash)) {
    return verifyBcrypt(password, storedHash)
  }
  return verify(storedHash, password)
}

/** Whether a hash that just verified should be replaced by one with today's parameters. */
export function needsRehash(storedHash: string): boolean {
  return !storedHash.startsWith(CURRENT_PARAMETERS)
}
