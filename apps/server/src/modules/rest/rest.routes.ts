/**
 * The PostgREST-compatible data API (protocol §2), mounted at `/rest/v1`: tables and views of
 * the exposed schema at `/<relation>` (GET/HEAD/POST/PUT/PATCH/DELETE) and its functions at
 * `/rpc/<fn>` (GET/HEAD/POST). This encapsulated plugin reads bodies and renders errors
 * PostgREST's way (`{code, message, details, hint}`), not the product API's. Row-level
 * security in PostgreSQL is the only authority on rows: every request runs as the role of its
 * JWT (see `request-context.ts`).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  databaseUnavailable,
} from '../../platform/db/database-unavailable.ts'
import type { Database } from '../../platform/db/pool.ts'
import { MalformedInputError, readJsonText } from '../../platform/errors/malformed-input.ts'
import type { CheckSession } from '../../platform/session-check.ts'
import { countRequest } from '../auth/index.ts'
import { RestError } from './errors.ts'
import { createIdentityResolver } from './request-context.ts'
import { chooseProfile, parseAccept, parsePrefer } from './request-headers.ts'
import { DEFAULT_REST_SETTINGS, type RestSettings } from './rest-settings.ts'
import {
  FinalAnswer,
  type HttpMethod,
  type RestContext,
  type RestRequest,
  type RestResponse,
  rollsBack,
} from './rest-context.ts'
import { callFunction } from './rpc-handler.ts'
import { createSchemaCache, type SchemaCacheHandle } from './schema-cache.ts'
import { deleteRows, insertRows, putRow, readRelation, updateRows } from './table-handlers.ts'
import { splitQueryString } from './query-grammar.ts'
import type { VerificationKey } from '../../platform/keys/jwt-verification.ts'
import { noteFailedRequest } from '../../platform/error-reporting.ts'

export type RestApiOptions = {
  db: Database
  jwtSecret: string
  /** Asymmetric keys tokens may be signed with, by `kid` (ADR 0030); the secret verifies the rest. */
  verificationKeys?: VerificationKey[]
  /** The clock tokens are checked against (tests move it forward). */
  now?: () => Date
  /** The exposed schema (Supabase's default: `public`). */
  schema?: string
  /** Most rows a read returns, as Supabase's `max_rows` (default 1000); null for no cap. */
  maxRows?: number | null
  /** Statement time limit of every request (Supabase gives its API roles 8 s). */
  statementTimeout?: string
  /** Count calls of the `does_email_exist` RPC per client IP (the Auth rate limits). */
  limitEmailLookups?: boolean
  /**
   * Whether a user's token may still reach data (its session alive, aal2 when the user has a
   * verified factor), asked on every request with one; refused tokens get its code.
   */
  checkSession?: CheckSession
  /** PostgREST's settings: exposed schemas, tx end, explain, aggregates. */
  settings?: RestSettings
}

type Handler = (ctx: RestContext, request: RestRequest, name: string) => Promise<RestResponse>

function toRestError(error: unknown): RestError {
  if (error instanceof RestError) {
    return error
  }
  if (error instanceof MalformedInputError) {
    // PostgREST's codes for a query string it cannot parse and a body it cannot read.
    return new RestError(400, error.part === 'body' ? 'PGRST102' : 'PGRST100', error.message)
  }
  const fastifyError = error as Partial<FastifyError>
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new RestError(413, 'PGRST102', 'Request body too large')
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new RestError(
      fastifyError.statusCode,
      'PGRST102',
      fastifyError.message ?? 'Invalid request',
    )
  }
  // PostgREST's answers while the database is away: PGRST000 when no connection can be made,
  // PGRST001 when one in use was lost; both 503 with a Retry-After, as the pool reconnects.
  const unavailable = databaseUnavailable(error)
  if (unavailable) {
    return new RestError(
      503,
      unavailable === 'unreachable' ? 'PGRST000' : 'PGRST001',
      'Database connection error. Retrying the connection.',
      { details: DATABASE_UNAVAILABLE_MESSAGE, headers: { 'retry-after': '1' } },
    )
  }
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
    return new RestError(503, 'PGRST000', 'Database connection error. Retrying the connection.')
  }
  return new RestError(500, 'PGRSTX00', 'Internal server error')
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

/** The request as PostgREST reads it: its token first (a bad one is refused before all else). */
async function readRequest(
  ctx: RestContext,
  request: FastifyRequest,
  path: string,
): Promise<RestRequest> {
  const method = request.method as HttpMethod
  const identity = await ctx.identify(request.headers.authorization)
  const queryStart = request.url.indexOf('?')
  const accept = request.headers.accept
  return {
    method,
    path,
    headers: request.headers,
    identity,
    query: splitQueryString(queryStart === -1 ? '' : request.url.slice(queryStart + 1)),
    preferences: parsePrefer(request.headers.prefer),
    shape: parseAccept(Array.isArray(accept) ? accept.join(',') : accept),
    body: typeof request.body === 'string' ? request.body : undefined,
  }
}

function send(reply: FastifyReply, response: RestResponse) {
  reply.status(response.status).headers(response.headers)
  return response.body === null ? reply.send() : reply.send(response.body)
}

/** Mounts the REST API at `/rest/v1`, in a context of its own (its parsers and errors). */
export async function registerRestRoutes(app: FastifyInstance, deps: RestApiOptions) {
  await app.register(restApi, { prefix: '/rest/v1', ...deps })
}

async function restApi(app: FastifyInstance, options: RestApiOptions) {
  const settings = options.settings ?? {
    ...DEFAULT_REST_SETTINGS,
    schemas: [options.schema ?? 'public'],
  }
  const [schema = 'public'] = settings.schemas
  // One schema cache per exposed schema, each loaded on first use.
  const schemaCaches = new Map<string, SchemaCacheHandle>(
    settings.schemas.map((name) => [name, createSchemaCache(options.db, { schema: name })]),
  )
  const ctx: RestContext = {
    db: options.db,
    schema,
    schemaCache: schemaCaches.get(schema) ?? createSchemaCache(options.db, { schema }),
    settings,
    identify: createIdentityResolver(
      options.jwtSecret,
      options.now,
      options.checkSession,
      options.verificationKeys,
    ),
    maxRows: options.maxRows === undefined ? 1000 : options.maxRows,
    statementTimeout: options.statementTimeout ?? '8s',
  }

  // Bodies are read as text: writes parse them themselves (PGRST102 for bad JSON), and the
  // rows go to PostgreSQL exactly as the client sent them, once their bytes are checked
  // (invalid UTF-8, `\u0000`, nesting PostgreSQL's JSON parser would recurse too deep into).
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, readJsonText(body))
    } catch (error) {
      done(error as MalformedInputError, undefined)
    }
  })

  app.setErrorHandler((error, request, reply) => {
    const restError = toRestError(error)
    if (restError.status >= 500) {
      request.log.error({ err: error }, 'rest request failed')
      noteFailedRequest(error, request, 'rest')
    }
    return reply
      .status(restError.status)
      .headers(restError.headers)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(restError.toBody()))
  })
  app.setNotFoundHandler((_request, reply) =>
    reply
      .status(404)
      .type('application/json; charset=utf-8')
      .send(
        JSON.stringify(
          new RestError(404, 'PGRST125', 'Invalid path specified in request URL').toBody(),
        ),
      ),
  )

  const route = (
    methods: HttpMethod[],
    url: string,
    handler: Handler,
    pathOf: (name: string) => string,
  ) =>
    app.route<{ Params: { name: string } }>({
      method: methods,
      url,
      handler: async (request, reply) => {
        const restRequest = await readRequest(ctx, request, pathOf(request.params.name))
        const reads = restRequest.method === 'GET' || restRequest.method === 'HEAD'
        const profile = chooseProfile(
          firstValue(request.headers[reads ? 'accept-profile' : 'content-profile']),
          settings.schemas,
        )
        const schemaCache = schemaCaches.get(profile) ?? ctx.schemaCache
        const response = await handler(
          { ...ctx, schema: profile, schemaCache },
          restRequest,
          request.params.name,
        ).catch((error: unknown) => {
          if (error instanceof FinalAnswer) {
            return error.response
          }
          throw error
        })
        const applied = rollsBack(ctx, restRequest) ? 'tx=rollback' : null
        if (applied && restRequest.preferences.tx === 'rollback') {
          const others = response.headers['preference-applied']
          response.headers['preference-applied'] = others ? `${others}, ${applied}` : applied
        }
        if (settings.schemas.length > 1) {
          response.headers['content-profile'] = profile
        }
        return send(reply, response)
      },
    })

  if (options.limitEmailLookups) {
    const now = options.now ?? (() => new Date())
    app.addHook('preHandler', async (request, reply) => {
      const params = request.params as { name?: string } | undefined
      if (
        !request.routeOptions.url?.endsWith('/rpc/:name') ||
        params?.name !== 'does_email_exist'
      ) {
        return
      }
      const outcome = await countRequest(options.db, 'email_lookup', request.ip, now())
      if (!outcome.allowed) {
        reply.header('retry-after', String(outcome.retryAfterSeconds))
        throw new RestError(429, 'over_request_rate_limit', 'Request rate limit reached')
      }
    })
  }

  const rpcPath = (name: string) => `/rpc/${name}`
  const tablePath = (name: string) => `/${name}`
  route(['GET', 'HEAD', 'POST'], '/rpc/:name', callFunction, rpcPath)
  route(['GET', 'HEAD'], '/:name', readRelation, tablePath)
  route(['POST'], '/:name', insertRows, tablePath)
  route(['PUT'], '/:name', putRow, tablePath)
  route(['PATCH'], '/:name', updateRows, tablePath)
  route(['DELETE'], '/:name', deleteRows, tablePath)
}
