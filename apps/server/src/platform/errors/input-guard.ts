/**
 * The edge of the HTTP app: every request passes here before any route sees it.
 * - `edgeServerOptions()` (Fastify factory options): a URL holding NUL, invalid UTF-8 or a broken
 *   `%` escape is marked and routed to its surface's prefix, where the hook below refuses it in
 *   that surface's shape (Fastify's own "bad URL" answer has no code of ours); failures before
 *   routing (a parameter too long) and before parsing (headers over 16 KB, malformed HTTP, a
 *   request that does not arrive in time) answer JSON with a stable code.
 * - `registerInputGuard(app)`: the check of the URL, the headers read as text and every parsed
 *   body (NUL or an unpaired surrogate in any string or key), and a JSON parser that refuses
 *   invalid UTF-8, `\u0000`, unpaired surrogate escapes and nesting deeper than
 *   `MAX_JSON_DEPTH` before parsing. Surfaces with parsers of their own (Auth, REST) call
 *   `readJsonText` themselves.
 * Errors are `MalformedInputError`s, which each surface's error handler renders in its shape.
 */
import type { IncomingMessage } from 'node:http'
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { ErrorCode } from '@app/contracts'
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify'
import {
  headerProblem,
  holdsUnstorableText,
  MalformedInputError,
  readJsonText,
  urlProblem,
} from './malformed-input.ts'

const MALFORMED_URL = Symbol('malformed request target')
type MarkedRequest = IncomingMessage & { [MALFORMED_URL]?: MalformedInputError }

/** Where each surface's routes (and its error shape) begin; anything else is the app's. */
const SURFACE_PREFIXES = ['/auth/v1/', '/rest/v1/', '/storage/v1/', '/api/', '/dev/mailbox/']

/**
 * The body of an error raised before a request reaches any surface, readable by every client
 * of every surface: `code` and `message` (the product API, GoTrue's 2024 format, PostgREST),
 * `statusCode` and `error` (storage-js).
 */
export function edgeErrorBody(status: number, code: ErrorCode, message: string) {
  return { code, message, statusCode: String(status), error: STATUS_CODES[status] ?? 'Error' }
}

function rewriteUrl(request: IncomingMessage): string {
  const target = request.url ?? '/'
  const problem = urlProblem(target)
  if (!problem) {
    return target
  }
  ;(request as MarkedRequest)[MALFORMED_URL] = new MalformedInputError(
    'malformed_text',
    'url',
    problem,
  )
  // Routed without the bad text, to the same surface, whose error handler then answers.
  const path = target.split('?')[0] ?? '/'
  if (urlProblem(path) === null) {
    return path
  }
  return SURFACE_PREFIXES.find((prefix) => path.startsWith(prefix)) ?? '/'
}

const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  request,
  reply,
) => {
  const [status, code, message]: [number, ErrorCode, string] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, 'uri_too_long', 'A part of the URL path is longer than the server reads']
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, 'malformed_text', 'The URL path holds a broken %-escape or invalid UTF-8']
        : [500, 'unexpected_failure', `Something went wrong on our side (request ${request.id})`]
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed before routing')
  }
  // The body was never read: read and drop it, or its bytes would be parsed as a next request.
  request.raw.resume()
  void (reply as FastifyReply)
    .status(status)
    .header('x-content-type-options', 'nosniff')
    .send(edgeErrorBody(status, code, message))
}

/**
 * Node's HTTP parser refuses a request before Fastify sees it (headers over the 16 KB limit,
 * malformed HTTP, a request not whole within the request timeout): answer JSON with a code,
 * then close the connection, as Node does.
 */
function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    return
  }
  const [status, code, message]: [number, ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'request_header_fields_too_large',
          'The request line and headers are larger than the server reads (16 KB)',
        ]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request did not arrive whole in time']
        : [400, 'bad_request', 'The request is not well-formed HTTP']
  this.log.debug({ err: error }, 'client error')
  if (socket.writable) {
    // An answer to HEAD has no body, even this one (the request line may have been read).
    const rawPacket = (error as { rawPacket?: unknown }).rawPacket
    const isHead =
      Buffer.isBuffer(rawPacket) && rawPacket.subarray(0, 5).toString('latin1') === 'HEAD '
    const body = isHead ? '' : JSON.stringify(edgeErrorBody(status, code, message))
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'X-Content-Type-Options: nosniff',
        `X-Sb-Error-Code: ${code}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    )
  }
  socket.destroy(error)
}

/** The Fastify factory options of the edge (spread into `Fastify({...})`). */
export function edgeServerOptions() {
  return { rewriteUrl, frameworkErrors, clientErrorHandler } satisfies FastifyServerOptions
}

/**
 * Refuses malformed text in the URL, the headers read as text and parsed bodies, and replaces
 * the JSON parser with one that reads its bytes first. Register on the root app before any
 * route or plugin, so every context inherits the hooks and the parser.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const malformedUrl = (request.raw as MarkedRequest)[MALFORMED_URL]
    if (malformedUrl) {
      throw malformedUrl
    }
    const problem = headerProblem(request.headers)
    if (problem) {
      throw new MalformedInputError('malformed_text', 'header', problem)
    }
  })
  app.addHook('preValidation', async (request) => {
    const body: unknown = request.body
    // JSON was checked as text before it was parsed (readJsonText): walking it again would
    // only double the cost. Other parsers (forms, text) are checked here.
    const checkedAsText = /^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')
    if (
      body !== undefined &&
      !checkedAsText &&
      !Buffer.isBuffer(body) &&
      holdsUnstorableText(body)
    ) {
      throw new MalformedInputError(
        'malformed_text',
        'body',
        'The body holds a NUL character (U+0000) or an unpaired surrogate in a string or key',
      )
    }
  })

  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string
    try {
      text = readJsonText(body)
    } catch (error) {
      done(error as MalformedInputError, undefined)
      return
    }
    void parseJson(request, text, done)
  })
}
