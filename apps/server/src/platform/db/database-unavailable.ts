/**
 * "Is this failure the database being away?" Asked by every surface's error handler, so that
 * while PostgreSQL restarts, fails over or has its connections ended, requests answer 503 in
 * the surface's own shape (the product API's `database_unavailable`, PostgREST's `PGRST000` /
 * `PGRST001`, GoTrue's and Storage's 503) instead of a 500, and the client retries.
 *
 * - `unreachable`: no connection could be made (refused, timed out, the server starting up or
 *   shutting down, out of connection slots);
 * - `connection_lost`: a connection in use ended (`pg_terminate_backend`, a crash, a restart).
 */
export type DatabaseUnavailable = 'unreachable' | 'connection_lost'

/** Socket errors of a connection that cannot be made or was cut. */
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EAI_AGAIN',
])
const LOST_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED'])
/**
 * A Unix socket that is not there: PostgreSQL removes its socket file when it exits, so until
 * it is started again (the embedded one's restart can take several tries after a crash) a
 * connection fails with ENOENT. Only on `connect`: a missing file elsewhere is another fault.
 */
const MISSING_SOCKET = 'ENOENT'

/**
 * PostgreSQL's SQLSTATEs for the same: class 08 (connection exception), 57P01 admin_shutdown
 * (`pg_terminate_backend`, a fast shutdown), 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting up, in recovery), 53300 too_many_connections.
 */
const UNREACHABLE_SQLSTATES = new Set(['57P03', '53300', '08001', '08004'])
const LOST_SQLSTATES = new Set(['57P01', '57P02', '08000', '08003', '08006', '08007'])

/** node-postgres's own messages for a connection that ended or could not be made in time. */
const LOST_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]
const UNREACHABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]
/** 55000 with this message: the database's connections are switched off (`allow_connections`). */
const CONNECTIONS_OFF = /^database ".*" is not currently accepting connections$/

function classify(error: unknown, depth: number): DatabaseUnavailable | null {
  if (depth > 5 || typeof error !== 'object' || error === null) {
    return null
  }
  const { code, message, syscall } = error as {
    code?: unknown
    message?: unknown
    syscall?: unknown
  }
  if (typeof code === 'string') {
    if (UNREACHABLE_SOCKET_CODES.has(code) || UNREACHABLE_SQLSTATES.has(code)) {
      return 'unreachable'
    }
    if (code === MISSING_SOCKET && syscall === 'connect') {
      return 'unreachable'
    }
    if (LOST_SOCKET_CODES.has(code) || LOST_SQLSTATES.has(code)) {
      return 'connection_lost'
    }
    if (code === '55000' && typeof message === 'string' && CONNECTIONS_OFF.test(message)) {
      return 'unreachable'
    }
  }
  if (typeof message === 'string') {
    if (UNREACHABLE_MESSAGES.some((known) => message.startsWith(known))) {
      return 'unreachable'
    }
    if (LOST_MESSAGES.some((known) => message === known)) {
      return 'connection_lost'
    }
  }
  // Connecting to a name with several addresses fails with all their errors at once. (A
  // `cause` is not followed: `fetch failed` caused by ECONNREFUSED is another service's.)
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const found = classify(inner, depth + 1)
      if (found) {
        return found
      }
    }
  }
  return null
}

/** Why the database is unavailable, when `error` says it is; null for any other failure. */
export function databaseUnavailable(error: unknown): DatabaseUnavailable | null {
  return classify(error, 0)
}

/** The message every surface answers with while the database is away. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is unavailable right now; retry in a moment'
