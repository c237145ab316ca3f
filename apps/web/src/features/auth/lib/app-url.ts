import { safeReturnPath } from './return-path'

/** Where the auth server sends the browser back after magic links, confirmations and Google. */
export const AUTH_CALLBACK_PATH = '/auth/callback'

/** Where the password reset email's link lands (the spec's reset page). */
export const RESET_PASSWORD_PATH = '/forgot-password'

/**
 * An absolute URL of this app for the auth server to redirect to. The page's own origin, not the
 * configured app URL, so a link asked for from the Vite dev server comes back to it; the server
 * still checks every redirect against its allow-list.
 */
export function appUrl(path: string): string {
  return new URL(path, window.location.origin).href
}

/**
 * /auth/callback as the auth server's way back, carrying the page the sign-in returns to
 * (`?redirect=`, validated again when the callback reads it). The server allows any path and
 * query on the site's own host.
 */
export function authCallbackUrl(returnTo?: string | null): string {
  const path = safeReturnPath(returnTo)
  const query = path ? `?${new URLSearchParams({ redirect: path }).toString()}` : ''
  return appUrl(`${AUTH_CALLBACK_PATH}${query}`)
}
