import { type ErrorCode, statusForErrorCode } from '@app/contracts'
import { ServiceError } from './service-error.ts'

/**
 * The one error type services throw for an expected failure. The error handler turns it into
 * `{code, message, details?}` with the status of the code's row in the contracts table.
 *
 * @example throw new AppError('not_found', `Interview ${id} does not exist`)
 */
export class AppError extends ServiceError {
  override name = 'AppError'
  declare readonly code: ErrorCode
  readonly details: unknown

  constructor(code: ErrorCode, message: string, options?: { details?: unknown; cause?: unknown }) {
    super(statusForErrorCode(code), code, message, { cause: options?.cause })
    this.details = options?.details
  }

  /** The status under the name Fastify reads. */
  get statusCode(): number {
    return this.status
  }
}
