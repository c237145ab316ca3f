/**
 * The base of every failure the server expects and answers on purpose: a status and a stable
 * code. Each surface subclasses it to render its own wire shape, and its error handler renders
 * only its own kind:
 * - `AppError`: the product API's `{code, message, details?}` (codes in `@app/contracts`);
 * - `AuthError`: GoTrue's shapes under `/auth/v1`;
 * - `RestError`: PostgREST's `{code, message, details, hint}` under `/rest/v1`;
 * - `StorageError`: Storage's `{statusCode, error, code, message}` under `/storage/v1`.
 * Anything else that reaches a handler is unexpected: logged, and answered as a 500.
 */
export class ServiceError extends Error {
  /** The HTTP status the error stands for. */
  readonly status: number
  /** A stable, machine-readable code clients branch on (never the message). */
  readonly code: string

  constructor(status: number, code: string, message: string, options?: ErrorOptions) {
    super(message, options)
    this.status = status
    this.code = code
  }
}
