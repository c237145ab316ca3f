/**
 * The component tests' network: a fake `fetch` put in place of `globalThis.fetch` (the product
 * API and the Supabase-compatible backend are the far side of this tier), answering the routes a
 * test declares and recording every request. A request no route answers gets a 501 and is
 * listed in `unanswered`, so a test can check that nothing unexpected was asked.
 */
import { vi } from 'vitest'

/** What the app's requests are sent to, as setup-dom.ts configures the app. */
export const TEST_API_BASE_URL = 'http://api.test/api'
export const TEST_SUPABASE_URL = 'http://supabase.test'

export type FakeRequest = {
  method: string
  url: URL
  headers: Headers
  /** The JSON body, parsed; undefined when there is none. */
  body: unknown
}

type Answer = (request: FakeRequest) => Response | Promise<Response>

type Route = { method: string; path: string; answer: Answer }

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

/** A promise with its resolve in hand: a request held until the test lets it answer. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') {
    return input
  }
  return input instanceof URL ? input.href : input.url
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') {
    return undefined
  }
  try {
    return JSON.parse(body) as unknown
  } catch {
    return body
  }
}

export type FakeNetwork = ReturnType<typeof installFakeNetwork>

/**
 * Replaces `globalThis.fetch` until the test ends (setup-dom.ts unstubs globals after each
 * test). `on('GET', 'http://api.test/api/credits', answer)` answers that method and path,
 * whatever the query string; a later `on` for the same route replaces the earlier one.
 */
export function installFakeNetwork() {
  const routes: Route[] = []
  const requests: FakeRequest[] = []
  const unanswered: string[] = []

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(urlOf(input))
    const request: FakeRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      url,
      headers: new Headers(init.headers),
      body: parseBody(init.body),
    }
    requests.push(request)
    const route = routes.findLast(
      (candidate) =>
        candidate.method === request.method && candidate.path === `${url.origin}${url.pathname}`,
    )
    if (!route) {
      unanswered.push(`${request.method} ${url.href}`)
      return json({ code: 'internal_error', message: 'No fake answer for this request' }, 501)
    }
    return route.answer(request)
  }
  vi.stubGlobal('fetch', fetch)

  return {
    on(method: string, path: string, answer: Answer) {
      routes.push({ method, path, answer })
    },
    /** Every request so far, or those to one method and path. */
    requests(method?: string, path?: string): FakeRequest[] {
      return requests.filter(
        (request) =>
          (method === undefined || request.method === method) &&
          (path === undefined || `${request.url.origin}${request.url.pathname}` === path),
      )
    },
    unanswered,
  }
}
