/**
 * Where a sign-in returns to: the page a guard sent the signed-out visitor away from, carried
 * as `?redirect=` through /sign-in, /sign-up, /sign-in/verify and the auth server's links back
 * to /auth/callback. The value comes from the URL, so anyone can craft it: only a path of this
 * app is accepted (a single leading `/`, never `//`, `/\` or a scheme), else the account.
 */

/** Where a sign-in goes when it has no (acceptable) place to return to. */
export const DEFAULT_RETURN_PATH = '/account'

/** Pages a sign-in must not return to: the sign-in pages themselves and the link landing. */
const AUTH_PAGES = ['/sign-in', '/sign-up', '/auth/callback']

const BASE = 'https://app.invalid'

/**
 * The path, search and hash of `value` when it is a path of this app, else null. Browsers
 * read `\` as `/` and drop tabs and newlines, so `/\evil.example` or `/\t/evil.example` would
 * leave the origin: any backslash or control character is refused outright.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) {
    return null
  }
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(value)) {
    return null
  }
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE) {
    return null
  }
  const isAuthPage = AUTH_PAGES.some(
    (page) => url.pathname === page || url.pathname.startsWith(`${page}/`),
  )
  return isAuthPage ? null : `${url.pathname}${url.search}${url.hash}`
}

/** Where to go once signed in: the requested page when it is acceptable, else the account. */
export function returnPathAfterSignIn(value: unknown): string {
  return safeReturnPath(value) ?? DEFAULT_RETURN_PATH
}
