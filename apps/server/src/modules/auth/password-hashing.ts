import { hash, verify } from '@node-rs/argon2'

/**
 * Passwords are hashed with argon2id at OWASP's minimum (19 MiB, 2 iterations, parallelism 1),
 * about 18 ms here, in the PHC string format a hosted Supabase project also accepts.
 */
const ARGON2ID_OPTIONS = {
  // `Algorithm.Argon2id` of the package's const enum, which type stripping cannot inline.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS)
}

export function verifyPassword(phcHash: string, password: string): Promise<boolean> {
  return verify(phcHash, password)
}
