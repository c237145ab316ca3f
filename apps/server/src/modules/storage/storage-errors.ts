import {
  DATABASE_UNAVAILABLE_MESSAGE,
  databaseUnavailable,
} from '../../platform/db/database-unavailable.ts'
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
  /** A type that cannot be a Content-Type header (F6): it could never be served as itself. */
  unsendableMimeType: () =>
    new StorageError(
      415,
      'InvalidMimeType',
      'The content type must be printable ASCII, as "type/subtype" with optional "; name=value" parameters',
      { error: 'invalid_mime_type' },
    ),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: (name: string) =>
    new StorageError(400, 'InvalidBucketName', `Bucket name invalid: ${name}`),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'Invalid signature'),
  expiredToken: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.'),
  /** A signed upload URL works once: the object it wrote is there, the URL is spent. */
  uploadUrlUsed: () =>
    new StorageError(
      409,
      'UploadUrlUsed',
      'This signed upload URL has already been used; ask for a new one',
      { error: 'upload_url_used' },
    ),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  /** DELETE /bucket/{id} of a bucket that still holds objects (Supabase's words). */
  bucketNotEmpty: () =>
    new StorageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty', {
      error: 'Conflict',
    }),
  invalidFileSizeLimit: () =>
    new StorageError(
      400,
      'InvalidRequest',
      'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B, or a number of bytes',
    ),
  fileSizeLimitTooLarge: (serverLimit: number) =>
    new StorageError(
      422,
      'InvalidRequest',
      `file_size_limit cannot be greater than the server's limit of ${serverLimit} bytes`,
      { error: 'Unprocessable Entity' },
    ),
  invalidMimeTypeFormat: (mimeType: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${mimeType} is not formatted properly`, {
      error: 'invalid_mime_type',
    }),
  /** No route here (Storage's shape, with the HTTP status of a missing route). */
  routeNotFound: (method: string, url: string) =>
    new StorageError(404, 'NotFound', `Route ${method}:${url} not found`, {
      error: 'Not Found',
      httpStatus: 404,
    }),
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
          : `permission denied for table ${typeof message === 'string' && message.includes('buckets') ? 'buckets' : 'objects'}`,
      )
    case '23505': // unique_violation on (bucket_id, name)
      return storageErrors.alreadyExists()
    case '23503': // foreign_key_violation: the bucket
      return storageErrors.noSuchBucket()
    case '22021': // character_not_in_repertoire: NUL or invalid UTF-8 in a text value
    case '22P05': // untranslatable_character: \u0000 in a JSON value
      return storageErrors.invalidRequest(
        'The request contains a character that cannot be stored (NUL or invalid UTF-8)',
      )
    default:
      return null
  }
}

function describeZodError(error: ZodError): string {
  const issue = error.issues[0]
  const where = issue?.path.length ? `body/${issue.path.join('/')} ` : 'body '
  return `${where}${issue?.message ?? 'is invalid'}`
}

/** The code of a framework refusal, by its status; any other 4xx is `InvalidRequest`. */
const FRAMEWORK_CODES: Record<number, string> = {
  404: 'NotFound',
  405: 'MethodNotAllowed',
  413: 'EntityTooLarge',
  415: 'InvalidContentType',
}

export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) {
    return error
  }
  if (databaseUnavailable(error)) {
    // The database is away (restarting, failing over): Storage's shape, 503, retry later.
    return new StorageError(503, 'DatabaseUnavailable', DATABASE_UNAVAILABLE_MESSAGE, {
      error: 'database_unavailable',
      httpStatus: 503,
      headers: { 'retry-after': '1' },
    })
  }
  if (error instanceof ZodError) {
    return storageErrors.invalidRequest(describeZodError(error))
  }
  if (error instanceof InvalidObjectPathError) {
    return new StorageError(400, 'InvalidKey', error.message)
  }
  // Another surface's refusal met here (malformed text refused at the edge, say): its status
  // and message in Storage's shape; malformed input is Storage's `InvalidRequest`.
  if (error instanceof ServiceError && error.status < 500) {
    const malformed = error.code === 'malformed_text' || error.code === 'bad_json'
    return new StorageError(
      error.status,
      malformed ? 'InvalidRequest' : error.code,
      error.message,
      {
        error: error.code,
      },
    )
  }
  const database = fromDatabase(error)
  if (database) {
    return database
  }
  // Fastify's own refusals (bad JSON, body too large, a type it cannot parse) keep their
  // status, as on Supabase, with a stable code for each.
  const fastifyError = error as Partial<FastifyError>
  const status = fastifyError.statusCode
  if (status && status >= 400 && status < 500) {
    return new StorageError(
      status,
      FRAMEWORK_CODES[status] ?? 'InvalidRequest',
      fastifyError.message ?? 'Invalid request',
      {
        error: status === 413 ? 'Payload too large' : (fastifyError.name ?? 'Bad Request'),
        httpStatus: status,
      },
    )
  }
  return storageErrors.internal()
}
