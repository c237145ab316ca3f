import { apiUrl } from './api-url'
import { storedSession, tokenAssuranceLevel } from './stored-session'

/**
 * The product API's reads a page needs first, sent by the entry script before the app's code
 * arrives (issue 21). Without this, /jobs asks for its cards only once React, the router,
 * supabase-js and the route's chunks have been downloaded and run and the session has been
 * read: on a phone's network that is the longest chain before the first card is drawn. With
 * it, the answer is on its way while the code downloads, and `apiRequest` takes it instead of
 * asking again (`takeEarlyResponse`).
 *
 * Only online, for a signed-in session whose access token is valid for a while yet and that
 * owes no second factor, only for the addresses below with no search (the same request the
 * page's first query makes; its filters would change the query), and each answer is taken
 * once, by a request with the same URL and the same access token: a token refreshed or a user
 * changed meanwhile gets its own request.
 */
const FIRST_READS: Record<string, string[]> = {
  '/jobs': ['jobs?widen=true', 'credits'],
}

/** supabase-js refreshes a token that expires within 90 s before using it: leave those to it. */
const MIN_TOKEN_LIFE_S = 120
/** An answer nobody took by then is dropped (the page went elsewhere). */
const UNCLAIMED_MS = 15_000

type EarlyResponse = { accessToken: string; response: Promise<Response> }
const early = new Map<string, EarlyResponse>()

type Place = { pathname: string; search: string }

/** Starts the first reads of the page at `place`, when there is a session to send them with. */
export function startEarlyRequests(
  place: Place = window.location,
  baseUrl: unknown = (window as { __APP_CONFIG__?: { PUBLIC_API_BASE_URL?: unknown } })
    .__APP_CONFIG__?.PUBLIC_API_BASE_URL,
  now: number = Date.now(),
): void {
  const paths = place.search === '' ? FIRST_READS[place.pathname.replace(/\/+$/, '')] : undefined
  // Offline, the app shows its last sync and asks again once back online: an early request
  // would only fail, and its failure be taken by that later ask.
  if (!paths || typeof baseUrl !== 'string' || baseUrl === '' || !navigator.onLine) {
    return
  }
  const session = storedSession()
  const { accessToken, refreshToken, expiresAt } = session ?? {}
  if (!accessToken || !refreshToken || !expiresAt || expiresAt - now / 1000 < MIN_TOKEN_LIFE_S) {
    return
  }
  // A session that still owes its authenticator code: the server refuses it the data (403) and
  // the guard sends it to the code screen (as auth-js decides it: a verified factor, not aal2).
  if (session?.hasVerifiedFactor && tokenAssuranceLevel(accessToken) !== 'aal2') {
    return
  }
  for (const path of paths) {
    const url = apiUrl(baseUrl, path)
    // The same request `apiRequest` sends.
    const response = fetch(url, {
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${accessToken}`,
        'x-refresh-token': refreshToken,
      },
      credentials: 'include',
    })
    // A failure is the taker's to see; unclaimed, it must not be reported as unhandled.
    response.catch(() => undefined)
    early.set(url, { accessToken, response })
    setTimeout(() => {
      if (early.get(url)?.response === response) {
        early.delete(url)
      }
    }, UNCLAIMED_MS)
  }
}

/** The early answer to a GET of `url` sent with `accessToken`, once; null when there is none. */
export function takeEarlyResponse(url: string, accessToken: string): Promise<Response> | null {
  const found = early.get(url)
  if (!found || found.accessToken !== accessToken) {
    return null
  }
  early.delete(url)
  return found.response
}
