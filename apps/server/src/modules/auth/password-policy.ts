/**
 * The password policy of the Auth service (issue 12, finding S5), in GoTrue's wire shape:
 * 422 `weak_password` with `weak_password: {reasons}` (auth-js `AuthWeakPasswordError`).
 *
 * Everywhere a password is set (sign-up, password change and reset, the admin API, signup
 * links), `assertPasswordStrength` refuses, offline:
 * - fewer than 8 characters (spec section 5; reason `length`);
 * - more than 256 characters (reason `length`): argon2id has no 72-byte limit like bcrypt, but
 *   hashing megabytes is work an attacker could make us do, and no person types more;
 * - any of the 17,950 passwords of 8 characters or more among the 49,233 most common ones
 *   (`@zxcvbn-ts/language-common`), compared case-insensitively (reason `pwned`, as GoTrue
 *   names a known-compromised password).
 *
 * When `AUTH_PASSWORD_HIBP` is on, sign-up and password change (POST /signup, PUT /user) also
 * ask Have I Been Pwned's range API (k-anonymity: only the first 5 hex characters of the
 * password's SHA-1 leave the server, with `Add-Padding` so the answer's size tells nothing) and
 * refuse a password found there (reason `pwned`). The service being slow or down must not stop
 * people signing up: after 3 seconds or on any failure the password is accepted and a warning
 * logged (GoTrue's default, fail open).
 */
import { createHash } from 'node:crypto'
import { dictionary } from '@zxcvbn-ts/language-common'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { AuthContext } from './auth-context.ts'
import { AuthError } from './gotrue-errors.ts'

export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 256

/** How long the breach check may take before the password is accepted without it. */
export const HIBP_TIMEOUT_MS = 3000

const PWNED_MESSAGE =
  'Password is known to be weak and easy to guess, please choose a different one.'

let commonPasswords: Set<string> | undefined

/** The common passwords long enough to pass the length rule, lower case, built once. */
function commonPasswordSet(): Set<string> {
  commonPasswords ??= new Set(
    dictionary['passwords-common']
      .filter((password) => password.length >= MIN_PASSWORD_LENGTH)
      .map((password) => password.toLowerCase()),
  )
  return commonPasswords
}

function weakPassword(message: string, reason: 'length' | 'pwned'): AuthError {
  return new AuthError(422, 'weak_password', message, { weak_password: { reasons: [reason] } })
}

/** The offline policy: 422 `weak_password` for a password too short, too long or common. */
export function assertPasswordStrength(password: string): void {
  // Characters as people count them (code points), not UTF-16 units.
  const length = [...password].length
  if (length < MIN_PASSWORD_LENGTH) {
    throw weakPassword(`Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, 'length')
  }
  if (length > MAX_PASSWORD_LENGTH) {
    throw weakPassword(`Password should be at most ${MAX_PASSWORD_LENGTH} characters.`, 'length')
  }
  if (commonPasswordSet().has(password.toLowerCase())) {
    throw weakPassword(PWNED_MESSAGE, 'pwned')
  }
}

/**
 * Whether Have I Been Pwned's range API at `rangeUrl` lists the password: true or false, or
 * null when it could not be asked (unreachable, slow, an error status).
 */
export async function isPwnedPassword(
  rangeUrl: string,
  password: string,
  logger: Pick<FastifyBaseLogger, 'warn'>,
): Promise<boolean | null> {
  const sha1 = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase()
  const prefix = sha1.slice(0, 5)
  const suffix = sha1.slice(5)
  try {
    const response = await fetch(new URL(prefix, rangeUrl), {
      headers: { 'add-padding': 'true', 'user-agent': 'job-search-assistant-auth' },
      signal: AbortSignal.timeout(HIBP_TIMEOUT_MS),
    })
    if (!response.ok) {
      throw new Error(`status ${response.status}`)
    }
    // Lines of "SUFFIX:COUNT"; padding lines have a count of 0.
    for (const line of (await response.text()).split('\n')) {
      const [candidate, count] = line.trim().split(':')
      if (candidate?.toUpperCase() === suffix && Number(count) > 0) {
        return true
      }
    }
    return false
  } catch (error) {
    logger.warn(
      { err: error },
      'Have I Been Pwned could not be asked about a password; it was accepted without the check',
    )
    return null
  }
}

/** The requests that set a password the user chose, and where it is. */
function newPasswordOf(method: string, route: string, body: unknown): string | null {
  if (!(method === 'POST' && route === '/signup') && !(method === 'PUT' && route === '/user')) {
    return null
  }
  const password = (body as { password?: unknown } | null)?.password
  return typeof password === 'string' && password !== '' ? password : null
}

/**
 * With `AUTH_PASSWORD_HIBP` on: refuses (422 `weak_password`, reason `pwned`) a new password
 * of POST /signup or PUT /user that Have I Been Pwned lists, before the route runs. Passwords
 * the offline policy refuses are left to it; PUT /user is checked only with a bearer token, so
 * the service is not an open proxy to the breach API. The admin API, for the service role, is
 * not checked.
 */
export function installPwnedPasswordCheck(app: FastifyInstance, ctx: AuthContext) {
  const rangeUrl = ctx.settings.passwordHibpUrl
  if (!rangeUrl) {
    return
  }
  const prefix = app.prefix
  app.addHook('preHandler', async (request) => {
    const route = request.routeOptions.url
    if (!route?.startsWith(prefix)) {
      return
    }
    const password = newPasswordOf(request.method, route.slice(prefix.length), request.body)
    if (!password || (request.method === 'PUT' && !request.headers.authorization)) {
      return
    }
    try {
      assertPasswordStrength(password)
    } catch {
      return
    }
    if (await isPwnedPassword(rangeUrl, password, request.log)) {
      throw weakPassword(PWNED_MESSAGE, 'pwned')
    }
  })
}
