import { type ErrorCode, statusForErrorCode } from '@app/contracts'

/**
 * The one error type services throw for an expected failure. The error handler turns it into
 * `{code, message, details?}` with the status of the code's row in the contracts table.
 *
 * @example throw new AppError('not_found', `Interview ${id} does not exist`)
 */
export class AppError extends Error {
  override name = 'AppError'
  readonly code: ErrorCode
  readonly details: unknown

  constructor(code: ErrorCode, message: string, options?: { details?: unknown; cause?: unknown }) {
    super(message, { cause: options?.cause })
    this.code = code
    this.details = options?.details
  }

  get statusCode(): number {
    return statusForErrorCode(this.code)
  }
}
