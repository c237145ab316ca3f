import type { ErrorCode, ErrorResponse } from '@app/contracts'
import { statusForErrorCode } from '@app/contracts'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ZodError } from 'zod'
import { noteFailedRequest } from '../error-reporting.ts'
import { AppError } from './app-error.ts'
import { DATABASE_UNAVAILABLE_MESSAGE, databaseUnavailable } from '../db/database-unavailable.ts'
import { MalformedInputError } from './malformed-input.ts'

/** Fastify's own client-error codes, each mapped to ours. */
const FASTIFY_ERROR_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation_failed',
  FST_ERR_VALIDATION: 'validation_failed',
}

/** Any other 4xx an upstream library raises, by status; one not listed is `bad_request`. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'not_authenticated',
  403: 'forbidden',
  404: 'not_found',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'over_request_rate_limit',
  431: 'request_header_fields_too_large',
}

/** PostgreSQL's foreign-key violation (23503) for a row naming a user who no longer exists. */
function namesMissingUser(error: unknown): boolean {
  const { code, detail } = (error ?? {}) as { code?: unknown; detail?: unknown }
  return (
    code === '23503' &&
    typeof detail === 'string' &&
    detail.endsWith('not present in table "users".')
  )
}

export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof AppError) {
    return { code: error.code, message: error.message, details: error.details }
  }
  if (error instanceof MalformedInputError) {
    return { code: error.code, message: error.message }
  }
  if (databaseUnavailable(error)) {
    return { code: 'database_unavailable', message: DATABASE_UNAVAILABLE_MESSAGE }
  }
  if (namesMissingUser(error)) {
    // The session check refuses a deleted account's token before any write; should one slip
    // through (a deletion between that check and the write), it is still the client's 401.
    return {
      code: 'session_not_found',
      message: 'The account of this token no longer exists: sign in again',
    }
  }
  if (error instanceof ZodError) {
    return {
      code: 'validation_failed',
      message: 'The request is not valid',
      details: error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
      })),
    }
  }
  const fastifyError = error as Partial<FastifyError>
  const status = fastifyError.statusCode
  const isClientError = typeof status === 'number' && status >= 400 && status < 500
  const mapped =
    (fastifyError.code && Object.hasOwn(FASTIFY_ERROR_CODES, fastifyError.code)
      ? FASTIFY_ERROR_CODES[fastifyError.code]
      : undefined) ?? (isClientError ? (CODE_BY_STATUS[status] ?? 'bad_request') : undefined)
  if (mapped) {
    return { code: mapped, message: fastifyError.message ?? 'The request is not valid' }
  }
  return { code: 'unexpected_failure', message: 'Something went wrong on our side' }
}

/**
 * One error contract for the product API: `{code, message, details?}`, the status taken from
 * the code's row in the contracts table. Unknown errors become 500 `unexpected_failure`; their
 * message stays in the log, with the request id the client can quote, and goes to error
 * reporting where `ERROR_REPORTING_DSN` is set (scrubbed: `platform/error-reporting.ts`).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const body = toErrorResponse(error)
    const status = statusForErrorCode(body.code)
    if (body.code === 'database_unavailable') {
      // Expected while PostgreSQL restarts: the client retries; the pool reconnects by itself.
      request.log.warn({ err: { message: (error as Error).message } }, 'database unavailable')
      void reply.header('retry-after', '1')
    } else if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      noteFailedRequest(error, request, 'api')
      body.message = `${body.message} (request ${request.id})`
    } else {
      request.log.info({ code: body.code, message: body.message }, 'request refused')
    }
    return reply.status(status).send(body)
  })
}

/** The JSON 404 for a method and path no route answers. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  const body: ErrorResponse = {
    code: 'route_not_found',
    message: `No route for ${request.method} ${request.url.split('?')[0]}`,
  }
  return reply.status(404).send(body)
}
