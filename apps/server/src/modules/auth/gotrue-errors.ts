/**
 * Errors of the Supabase-compatible Auth service, in GoTrue's wire format (protocol §1.1):
 * - request with `X-Supabase-Api-Version` ≥ 2024-01-01 (auth-js always sends it):
 *   body `{code, message}` and the version header echoed;
 * - without it, the legacy body `{code: <status>, error_code, msg}`;
 * - always the `x-sb-error-code` header.
 */
import { ServiceError } from '../../platform/errors/service-error.ts'

export const API_VERSION_2024 = '2024-01-01'

export class AuthError extends ServiceError {
  override name = 'AuthError'
  /** Extra body fields, such as `weak_password: {reasons}`. */
  readonly extra: Record<string, unknown>

  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(status, code, message)
    this.extra = extra
  }
}

/**
 * The OAuth-style error some GoTrue paths answer instead (the id_token grant): always HTTP 400
 * with `{error, error_description}` in every API version and no error-code header, since
 * `error` ("invalid request", "invalid nonce") is no GoTrue error code. auth-js shows
 * `error_description` as the message.
 */
export class OAuthStyleError extends AuthError {
  override name = 'OAuthStyleError'

  constructor(error: string, description: string) {
    super(400, error, description)
  }
}

export type AuthErrorResponse = {
  status: number
  headers: Record<string, string>
  body: Record<string, unknown>
}

/** Whether the request's `X-Supabase-Api-Version` asks for the 2024-01-01 error format. */
export function wantsVersion2024(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header[0] : header
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) {
    return false
  }
  return value.trim() >= API_VERSION_2024
}

export function renderAuthError(error: AuthError, versionHeader: string | string[] | undefined) {
  if (error instanceof OAuthStyleError) {
    return {
      status: 400,
      headers: wantsVersion2024(versionHeader)
        ? { 'x-supabase-api-version': API_VERSION_2024 }
        : {},
      body: { error: error.code, error_description: error.message },
    } satisfies AuthErrorResponse
  }
  const headers: Record<string, string> = { 'x-sb-error-code': error.code }
  if (wantsVersion2024(versionHeader)) {
    headers['x-supabase-api-version'] = API_VERSION_2024
    return {
      status: error.status,
      headers,
      body: { code: error.code, message: error.message, ...error.extra },
    } satisfies AuthErrorResponse
  }
  return {
    status: error.status,
    headers,
    body: { code: error.status, error_code: error.code, msg: error.message, ...error.extra },
  } satisfies AuthErrorResponse
}
