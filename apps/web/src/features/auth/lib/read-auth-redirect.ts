import { readSessionTokens, type SessionTokens } from './read-session-tokens'

/** What the auth server put in the URL when it sent the browser back to /auth/callback. */
export type AuthRedirect =
  | { kind: 'session'; tokens: SessionTokens }
  | { kind: 'error'; code: string | null; description: string }
  | { kind: 'empty' }

/**
 * Reads an auth redirect (magic link, email confirmation, Google). The server puts a session in
 * the hash (`#access_token=…&refresh_token=…`, the implicit flow this app uses) or, when it
 * refuses, `error`, `error_code` and `error_description` in the hash (and, for PKCE links, the
 * query too). An error wins over tokens; the query wins over the hash, as in auth-js.
 */
export function readAuthRedirect(hash: string, search: string): AuthRedirect {
  const fromHash = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash)
  const fromQuery = new URLSearchParams(search)
  const param = (name: string) => fromQuery.get(name) || fromHash.get(name) || null

  const error = param('error')
  const code = param('error_code')
  const description = param('error_description')
  if (error || code || description) {
    return { kind: 'error', code, description: description ?? error ?? code ?? '' }
  }
  const tokens = readSessionTokens(hash)
  return tokens ? { kind: 'session', tokens } : { kind: 'empty' }
}
