/**
 * What every `/rest/v1` handler works with: the service's context (database, schema cache,
 * token verification, limits), the request as PostgREST reads it, the answer it gives, and
 * `execute`, which runs one statement in the request's transaction and reads its
 * `{total, page_total, body}` row.
 */
import type pg from 'pg'
import type { Database } from '../../platform/db/pool.ts'
import { fromPostgresError, isPostgresError, RestError, singularityError } from './errors.ts'
import type { RequestIdentity } from './request-context.ts'
import { queryAsRequest, runAsRequest } from './request-context.ts'
import {
  contentTypeFor,
  intersectRanges,
  type Preferences,
  parseRangeHeader,
  type ResponseShape,
  type RowRange,
} from './request-headers.ts'
import type { RestSettings } from './rest-settings.ts'
import type { Relation, SchemaCache, SchemaCacheHandle } from './schema-cache.ts'
import { closestName } from './similar-names.ts'
import type { Statement } from './sql-builder.ts'

export type RestContext = {
  db: Database
  /** The exposed schema. */
  schema: string
  schemaCache: SchemaCacheHandle
  identify: (authorization: string | undefined) => Promise<RequestIdentity>
  /** Most rows one read returns (Supabase's default is 1000); null for no cap. */
  maxRows: number | null
  statementTimeout: string
  settings: RestSettings
}

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

export type RestRequest = {
  method: HttpMethod
  /** The path below /rest/v1 (`/jobs`, `/rpc/fn`), for `request.path`. */
  path: string
  headers: Record<string, string | string[] | undefined>
  identity: RequestIdentity
  query: [string, string][]
  preferences: Preferences
  shape: ResponseShape
  /** The raw body, when one was sent. */
  body: string | undefined
}

export type RestResponse = {
  status: number
  headers: Record<string, string>
  /** JSON text, or null for no body. */
  body: string | null
}

export type QueryOutcome = {
  total: number | null
  pageTotal: number
  body: string | null
  /** For an upsert: how many of the rows were inserted (the others were updated). */
  inserted?: number
}

type OutcomeRow = {
  total: string | number | null
  page_total: string | number
  body: string | null
  inserted?: string | number
}

/**
 * A complete answer that is not the statement's rows (an explain plan): handlers pass it up
 * and the route sends it as it is.
 */
export class FinalAnswer extends Error {
  readonly response: RestResponse
  constructor(response: RestResponse) {
    super('a final answer')
    this.response = response
  }
}

/** Thrown inside the transaction to roll it back while keeping the outcome (`tx=rollback`). */
class RollbackRequested extends Error {
  readonly outcome: QueryOutcome
  constructor(outcome: QueryOutcome) {
    super('rollback requested')
    this.outcome = outcome
  }
}

/**
 * Whether the request's transaction ends in a rollback: PGRST_DB_TX_END, which `Prefer: tx=`
 * may override only when the setting allows it (as PostgREST's db-tx-end).
 */
export function rollsBack(ctx: RestContext, request: RestRequest): boolean {
  const { txEnd } = ctx.settings
  const fallback = txEnd === 'rollback' || txEnd === 'rollback-allow-override'
  if (txEnd.endsWith('allow-override') && request.preferences.tx !== null) {
    return request.preferences.tx === 'rollback'
  }
  return fallback
}

export type ExecuteOptions = {
  readOnly: boolean
  /**
   * Sees the outcome before the commit and may throw to roll it back; give it only when it
   * may refuse (it costs the request a second round trip).
   */
  check?: (outcome: QueryOutcome) => void
  plainCommand?: boolean
  /**
   * The rows a `count=planned` (or `estimated`) estimate is about: the planner's row estimate
   * of this statement becomes the total (for `estimated`, only past the most rows per read).
   */
  plannedCount?: Statement
}

type PlanRow = { 'QUERY PLAN': unknown }

async function plannedRows(client: pg.PoolClient, statement: Statement): Promise<number> {
  const result = await client.query<PlanRow>({
    text: `explain (format json) ${statement.text}`,
    values: statement.values,
  })
  const plan = result.rows[0]?.['QUERY PLAN'] as [{ Plan?: { 'Plan Rows'?: number } }] | undefined
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0)
}

/** PostgREST's explain: the plan of the request's statement, as JSON or text. */
async function explain(
  ctx: RestContext,
  request: RestRequest,
  client: pg.PoolClient,
  statement: Statement,
): Promise<FinalAnswer> {
  const plan = request.shape.plan
  if (!plan) {
    throw new Error('explain without a plan request')
  }
  const options = [`format ${plan.format}`, ...plan.options.map((option) => `${option} true`)]
  const result = await client.query<PlanRow>({
    text: `explain (${options.join(', ')}) ${statement.text}`,
    values: statement.values,
  })
  const body =
    plan.format === 'json'
      ? JSON.stringify(result.rows[0]?.['QUERY PLAN'] ?? [])
      : result.rows.map((row) => String(row['QUERY PLAN'])).join('\n')
  return new FinalAnswer({
    status: 200,
    headers: { 'content-type': contentTypeFor(request.shape) },
    body,
  })
}

/**
 * Runs `statement` as the request (one transaction, read only if asked). `check` sees the
 * outcome before the commit and may throw to roll the statement back.
 */
export async function execute(
  ctx: RestContext,
  request: RestRequest,
  statement: Statement,
  options: ExecuteOptions,
): Promise<QueryOutcome> {
  if (request.shape.plan && !ctx.settings.planEnabled) {
    throw new RestError(
      406,
      'PGRST107',
      `None of these media types are available: ${headerValue(request, 'accept') ?? ''}`,
    )
  }
  const settings = {
    identity: request.identity,
    method: request.method,
    path: request.path,
    headers: request.headers,
    readOnly: options.readOnly,
    searchPath: `${ctx.schema}, extensions`,
    statementTimeout: ctx.statementTimeout,
  }
  const rollback = rollsBack(ctx, request)
  try {
    if (!request.shape.plan && !options.plannedCount && !options.check && !rollback) {
      // The common case: one statement, one round trip, one implicit transaction.
      const result = await queryAsRequest<OutcomeRow>(ctx.db, settings, statement)
      return options.plainCommand ? commandOutcome(result) : rowOutcome(result)
    }
    return await runAsRequest(ctx.db, settings, async (client) => {
      if (request.shape.plan) {
        throw await explain(ctx, request, client, statement)
      }
      const result = await client.query<OutcomeRow>(statement)
      const outcome = options.plainCommand ? commandOutcome(result) : rowOutcome(result)
      if (options.plannedCount) {
        const estimate = await plannedRows(client, options.plannedCount)
        const exact = outcome.total
        const useEstimate =
          request.preferences.count === 'planned' ||
          exact === null ||
          (ctx.maxRows !== null && estimate > ctx.maxRows)
        outcome.total = useEstimate ? estimate : exact
      }
      options.check?.(outcome)
      if (rollback) {
        throw new RollbackRequested(outcome)
      }
      return outcome
    })
  } catch (error) {
    if (error instanceof RollbackRequested) {
      return error.outcome
    }
    if (isPostgresError(error)) {
      throw fromPostgresError(error, request.identity.authenticated)
    }
    throw error
  }
}

function rowOutcome(result: pg.QueryResult<OutcomeRow>): QueryOutcome {
  const row = result.rows[0]
  return {
    total: row?.total === null || row?.total === undefined ? null : Number(row.total),
    pageTotal: Number(row?.page_total ?? 0),
    body: row?.body ?? null,
    ...(row?.inserted === undefined ? {} : { inserted: Number(row.inserted) }),
  }
}

/** A write without RETURNING: only the command's row count. */
function commandOutcome(result: pg.QueryResult): QueryOutcome {
  return { total: null, pageTotal: result.rowCount ?? 0, body: null }
}

/** One request header's value (the first, when it was sent several times). */
export function headerValue(request: RestRequest, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * The rows a read returns: the query's limit/offset intersected with the `Range` header,
 * capped at the service's most rows per read.
 */
export function pageRange(ctx: RestContext, request: RestRequest, query: RowRange): RowRange {
  const range = intersectRanges(
    query,
    parseRangeHeader(headerValue(request, 'range'), headerValue(request, 'range-unit')),
  )
  if (ctx.maxRows === null) {
    return range
  }
  return { offset: range.offset, limit: Math.min(range.limit ?? ctx.maxRows, ctx.maxRows) }
}

/** The one object of a one-row JSON array (`.single()`), else 406 PGRST116. */
export function singleObject(outcome: QueryOutcome): string {
  if (outcome.pageTotal !== 1 || outcome.body === null) {
    throw singularityError(outcome.pageTotal)
  }
  return outcome.body.slice(outcome.body.indexOf('[') + 1, outcome.body.lastIndexOf(']')).trim()
}

export function findRelation(schema: SchemaCache, name: string): Relation {
  const relation = schema.relations.get(name)
  if (!relation) {
    const suggestion = closestName(name, schema.relations.keys())
    throw new RestError(
      404,
      'PGRST205',
      `Could not find the table '${schema.schema}.${name}' in the schema cache`,
      {
        hint: suggestion ? `Perhaps you meant the table '${schema.schema}.${suggestion}'` : null,
        schemaMiss: true,
      },
    )
  }
  return relation
}
