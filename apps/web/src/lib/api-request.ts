import { type ErrorCode, ErrorResponseSchema } from '@app/contracts'
import type { z } from 'zod'
import { apiUrl } from './api-url'

/**
 * How the web app calls the product API (spec sections 6 and 7): JSON to `<base URL>/<path>`,
 * with the access token as a bearer header, the refresh token in `x-refresh-token`, and
 * credentials. Every refusal becomes an `ApiError` carrying the server's `{code, message}`;
 * a request that gets no answer becomes one too, with status 0.
 *
 * Pure of the app's globals so it can be tested: `lib/api.ts` binds it to the app's
 * configuration and supabase-js session.
 */
export type ApiErrorCode = ErrorCode | 'network_failure' | 'unexpected_response'

export class ApiError extends Error {
  override name = 'ApiError'
  /** The HTTP status, or 0 when the server could not be reached. */
  readonly status: number
  readonly code: ApiErrorCode
  readonly details: unknown

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    options?: { details?: unknown; cause?: unknown },
  ) {
    super(message, { cause: options?.cause })
    this.status = status
    this.code = code
    this.details = options?.details
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

export type ApiTokens = { accessToken: string; refreshToken: string }

export type ApiRequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON. */
  body?: unknown
  /** Checks the answer's JSON and gives its type; without it the JSON is returned unchecked. */
  schema?: z.ZodType<T>
  /** Extra request headers, such as a swipe's `Idempotency-Key`. */
  headers?: Record<string, string>
  signal?: AbortSignal
}

export type ApiRequestDependencies = {
  baseUrl: string
  /** The signed-in user's tokens, or null to call without them. */
  getTokens: () => Promise<ApiTokens | null>
  /** By default `globalThis.fetch`, looked up at each request: a fetch replaced later counts. */
  fetch?: typeof fetch
  /**
   * The answer to a GET of this URL with this access token that is already on its way, started
   * before the app's code arrived (`lib/early-requests.ts`); null to send the request.
   */
  takeEarlyResponse?: (url: string, accessToken: string) => Promise<Response> | null
}

const NETWORK_MESSAGE = "We couldn't reach the server. Check your connection and try again."

export { apiUrl }

/** The `ApiError` for a non-2xx answer, from its `{code, message, details?}` body if it has one. */
export async function readApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null)
  const parsed = ErrorResponseSchema.safeParse(body)
  if (parsed.success) {
    const { code, message, details } = parsed.data
    return new ApiError(response.status, code, message, { details })
  }
  return new ApiError(
    response.status,
    'unexpected_response',
    `The server answered ${response.status} ${response.statusText}`.trim(),
  )
}

export function createApiRequest({
  baseUrl,
  getTokens,
  fetch,
  takeEarlyResponse,
}: ApiRequestDependencies) {
  return async function apiRequest<T = unknown>(
    path: string,
    options: ApiRequestOptions<T> = {},
  ): Promise<T> {
    const headers = new Headers({ ...options.headers, accept: 'application/json' })
    const tokens = await getTokens()
    if (tokens) {
      headers.set('authorization', `Bearer ${tokens.accessToken}`)
      headers.set('x-refresh-token', tokens.refreshToken)
    }
    if (options.body !== undefined) {
      headers.set('content-type', 'application/json')
    }

    const url = apiUrl(baseUrl, path)
    const isPlainGet =
      (options.method ?? 'GET') === 'GET' &&
      options.body === undefined &&
      options.headers === undefined
    const early = isPlainGet && tokens ? takeEarlyResponse?.(url, tokens.accessToken) : null
    let response: Response
    try {
      response = await (early ??
        (fetch ?? globalThis.fetch)(url, {
          method: options.method ?? 'GET',
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          credentials: 'include',
          signal: options.signal,
        }))
    } catch (error) {
      if (options.signal?.aborted) {
        throw error
      }
      throw new ApiError(0, 'network_failure', NETWORK_MESSAGE, { cause: error })
    }

    if (!response.ok) {
      throw await readApiError(response)
    }
    if (response.status === 204) {
      return undefined as T
    }
    const json: unknown = await response.json().catch(() => {
      throw new ApiError(response.status, 'unexpected_response', 'The server answered no JSON')
    })
    if (!options.schema) {
      return json as T
    }
    const checked = options.schema.safeParse(json)
    if (!checked.success) {
      throw new ApiError(
        response.status,
        'unexpected_response',
        `The server's answer to ${path} has an unexpected shape`,
        { details: checked.error.issues },
      )
    }
    return checked.data
  }
}

export type ApiRequest = ReturnType<typeof createApiRequest>
