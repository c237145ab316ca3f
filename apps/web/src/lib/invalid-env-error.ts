/**
 * Thrown by lib/env.ts when the runtime config fails validation. It lives in its own module, free
 * of dependencies, because main.tsx must recognise it without importing env.ts, whose import is
 * what throws.
 */
export class InvalidEnvError extends Error {
  /** One line per bad key, e.g. "Missing key PUBLIC_SUPABASE_URL in config.env". */
  readonly problems: readonly string[]

  constructor(problems: readonly string[]) {
    super('Invalid environment variables')
    this.name = 'InvalidEnvError'
    this.problems = problems
  }
}
