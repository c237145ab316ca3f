import { ServiceError } from '../../platform/errors/service-error.ts'
import type { FastifyError } from 'fastify'
import { ZodError } from 'zod'
import { InvalidObjectPathError } from './byte-store.ts'

/**
 * Errors in the Storage API's shape (protocol §3.3): the body
 * `{statusCode: "<semantic status>", error, code, message}`, sent with HTTP 400 for every
 * refusal and 500 for failures, as the real service does; storage-js reads the semantic status
 * from `statusCode`. `error` is the legacy name older clients show (e.g. "Bucket not found",
 * "Duplicate"); where the service has none it repeats `code`. A few errors force their own
 * HTTP status (416 for a range outside the object).
 */
export type StorageErrorBody = { statusCode: string; error: string; code: string; message: string }

export class StorageError extends ServiceError {
  override name = 'StorageError'
  readonly legacyError: string
  readonly httpStatus: number
  readonly headers: Record<string, string>

  constructor(
    status: number,
    code: string,
    message: string,
    options: { error?: string; httpStatus?: number; headers?: Record<string, string> } = {},
  ) {
    super(status, code, message)
    this.legacyError = options.error ?? code
    this.httpStatus = options.httpStatus ?? (status >= 500 ? 500 : 400)
    this.headers = options.headers ?? {}
  }

  toBody(): StorageErrorBody {
    return {
      statusCode: String(this.status),
      error: this.legacyError,
      code: this.code,
      message: this.message,
    }
  }
}

export const storageErrors = {
  noSuchBucket: () =>
    new StorageError(404, 'NoSuchBucket', 'Bucket not found', { error: 'Bucket not found' }),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', { error: 'not_found' }),
  accessDenied: (message: string) =>
    new StorageError(403, 'AccessDenied', message, { error: 'Unauthorized' }),
  alreadyExists: () =>
    new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', {
      error: 'Duplicate',
    }),
  entityTooLarge: () =>
    new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', {
      error: 'Payload too large',
    }),
  invalidMimeType: (mimeType: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${mimeType} is not supported`, {
      error: 'invalid_mime_type',
    }),
  /** The declared type is allowed but the bytes are not of that type (a renamed file). */
  contentNotOfType: (mimeType: string) =>
    new StorageError(415, 'InvalidMimeType', `the file's content is not ${mimeType}`, {
      error: 'invalid_mime_type',
    }),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'Invalid signature'),
  expiredToken: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  noContent: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
  invalidRange: (size: number) =>
    new StorageError(400, 'InvalidRange', 'invalid range provided', {
      error: 'invalid_range',
      httpStatus: 416,
      headers: { 'content-range': `bytes */${size}` },
    }),
  internal: () => new StorageError(500, 'InternalError', 'Internal server error'),
}

type PgErrorFields = { code?: unknown; message?: unknown }

/** What PostgreSQL's refusals mean to a Storage client; null for a failure of ours. */
function fromDatabase(error: unknown): StorageError | null {
  const { code, message } = (error ?? {}) as PgErrorFields
  switch (code) {
    case '42501': // insufficient_privilege: a policy, or a role without the grant (anon writing)
      return storageErrors.accessDenied(
        typeof message === 'string' && message.includes('row-level security')
          ? 'new row violates row-level security policy'
          : 'permission denied for table objects',
      )
    case '23505': // unique_violation on (bucket_id, name)
      return storageErrors.alreadyExists()
    case '23503': // foreign_key_violation: the bucket
      return storageErrors.noSuchBucket()
    default:
      return null
  }
}

function describeZodError(error: ZodError): string {
  const issue = error.issues[0]
  const where = issue?.path.length ? `body/${issue.path.join('/')} ` : 'body '
  return `${where}${issue?.message ?? 'is invalid'}`
}

export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) {
    return error
  }
  if (error instanceof ZodError) {
    return storageErrors.invalidRequest(describeZodError(error))
  }
  if (error instanceof InvalidObjectPathError) {
    return new StorageError(400, 'InvalidKey', error.message)
  }
  const database = fromDatabase(error)
  if (database) {
    return database
  }
  // Fastify's own refusals (bad JSON, body too large) keep their status, as on Supabase.
  const fastifyError = error as Partial<FastifyError>
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new StorageError(
      fastifyError.statusCode,
      'InvalidRequest',
      fastifyError.message ?? 'Invalid request',
      { error: fastifyError.name ?? 'Bad Request', httpStatus: fastifyError.statusCode },
    )
  }
  return storageErrors.internal()
}
