/**
 * PostgREST's error contract (protocol §2.4): every refusal is `{code, message, details, hint}`
 * (null where absent) with PostgREST's HTTP status. Two sources: our own checks (`PGRSTnnn`
 * codes, raised as `RestError`) and PostgreSQL errors, passed through with their SQLSTATE and
 * mapped to a status the way PostgREST does (`statusForSqlState`).
 */
import { ServiceError } from '../../platform/errors/service-error.ts'

/** PostgREST's details are text, except for an ambiguous embed (a list of candidates). */
export type ErrorDetails = string | Record<string, string>[] | null

export type RestErrorBody = {
  code: string
  message: string
  details: ErrorDetails
  hint: string | null
}

export class RestError extends ServiceError {
  override name = 'RestError'
  readonly details: ErrorDetails
  readonly hint: string | null
  readonly headers: Record<string, string>
  /**
   * Set when the error names something the schema cache does not know (a table, column,
   * function or relationship): the request is retried once against a refreshed cache, so a
   * migration applied while the server runs is picked up.
   */
  readonly schemaMiss: boolean

  constructor(
    status: number,
    code: string,
    message: string,
    extra: {
      details?: ErrorDetails
      hint?: string | null
      headers?: Record<string, string>
      schemaMiss?: boolean
    } = {},
  ) {
    super(status, code, message)
    this.details = extra.details ?? null
    this.hint = extra.hint ?? null
    this.headers = extra.headers ?? {}
    this.schemaMiss = extra.schemaMiss ?? false
  }

  toBody(): RestErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint }
  }
}

/** PGRST100: the query string does not follow the grammar. */
export function queryParseError(message: string, details: string): RestError {
  return new RestError(400, 'PGRST100', message, { details })
}

/** PGRST102: the request body is not what the endpoint takes. */
export function invalidBodyError(message = 'Empty or invalid json'): RestError {
  return new RestError(400, 'PGRST102', message)
}

/** PGRST116: a single object was asked for (`.single()`), the result has `rows` rows. */
export function singularityError(rows: number): RestError {
  return new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', {
    details: `The result contains ${rows} rows`,
  })
}

/**
 * PostgreSQL's "column does not exist" (42703), raised before the query runs when a select,
 * filter or order names a column the relation does not have, worded as PostgreSQL words it.
 */
export function undefinedColumnError(relation: string, column: string): RestError {
  return new RestError(400, '42703', `column ${relation}.${column} does not exist`, {
    schemaMiss: true,
  })
}

/** PGRST204: a payload or `columns` names a column the relation does not have. */
export function columnNotFoundError(relation: string, column: string): RestError {
  return new RestError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${relation}' in the schema cache`,
    { schemaMiss: true },
  )
}

/** An error PostgreSQL raised (node-postgres' DatabaseError carries these fields). */
type PgErrorFields = {
  code?: unknown
  message?: unknown
  detail?: unknown
  hint?: unknown
}

const SQLSTATE = /^[0-9A-Z]{5}$/

export function isPostgresError(error: unknown): error is Error & { code: string } {
  const code = (error as PgErrorFields | null)?.code
  return error instanceof Error && typeof code === 'string' && SQLSTATE.test(code)
}

/**
 * The HTTP status PostgREST answers for a SQLSTATE. `authenticated` is whether the request
 * carried a user's (non-anon) role: a privilege error means "sign in" (401) to an anonymous
 * caller and "not allowed" (403) to a signed-in one.
 */
export function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  const exact: Record<string, number> = {
    '23503': 409, // foreign_key_violation
    '23505': 409, // unique_violation
    '25006': 405, // read_only_sql_transaction
    '42883': 404, // undefined_function
    '42P01': 404, // undefined_table
    '42P17': 500, // infinite recursion (in a policy)
    '53400': 500, // configuration limit exceeded
    '57P01': 503, // admin shutdown
    P0001: 400, // raise exception with the default code
  }
  if (code === '42501') {
    return authenticated ? 403 : 401
  }
  if (code === '22023' && /^role .* does not exist$/.test(message)) {
    return 401
  }
  if (code === '21000') {
    return message.endsWith('requires a WHERE clause') ? 400 : 500
  }
  const status = exact[code]
  if (status) {
    return status
  }
  const byClass: Record<string, number> = {
    '08': 503, // connection exception
    '09': 500, // triggered action exception
    '0L': 403, // invalid grantor
    '0P': 403, // invalid role specification
    '25': 500, // invalid transaction state
    '28': 403, // invalid authorization specification
    '2D': 500, // invalid transaction termination
    '38': 500, // external routine exception
    '39': 500, // external routine invocation exception
    '3B': 500, // savepoint exception
    '40': 500, // transaction rollback
    '53': 503, // insufficient resources
    '54': 500, // program limit exceeded
    '55': 500, // object not in prerequisite state
    '57': 500, // operator intervention
    '58': 500, // system error
    F0: 500, // configuration file error
    HV: 500, // foreign data wrapper error
    P0: 500, // PL/pgSQL error
    XX: 500, // internal error
  }
  return byClass[code.slice(0, 2)] ?? 400
}

const UNDEFINED_OBJECT_CODES = new Set(['42P01', '42703', '42883'])

/** A PostgreSQL error as PostgREST renders it: its SQLSTATE, message, detail and hint. */
export function fromPostgresError(
  error: Error & { code: string },
  authenticated: boolean,
): RestError {
  const fields = error as PgErrorFields
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
  const status = statusForSqlState(error.code, error.message, authenticated)
  return new RestError(status, error.code, error.message, {
    details: text(fields.detail),
    hint: text(fields.hint),
    // PostgREST asks an anonymous caller refused for lack of privilege to authenticate.
    headers: status === 401 ? { 'www-authenticate': 'Bearer' } : {},
    // A relation, column or function the cache knew is gone: refresh it (the failed
    // statement changed nothing, so the request may run again).
    schemaMiss: UNDEFINED_OBJECT_CODES.has(error.code),
  })
}
