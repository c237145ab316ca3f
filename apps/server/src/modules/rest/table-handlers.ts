/**
 * Tables and views: read (GET/HEAD), insert and upsert (POST), single-row upsert (PUT),
 * update (PATCH) and delete (DELETE), each one statement in the request's transaction.
 * Writes answer PostgREST's way: `return=minimal` (the default) gives 201/204 and no body,
 * `return=representation` the written rows (through `select`, embeds included); `.single()`
 * and `max-affected` with `handling=strict` roll a write back when they are not met.
 */
import { RestError, undefinedColumnError } from './errors.ts'
import { insertPayload, parseJsonBody, updatePayload } from './payload.ts'
import { parseQuery, type QueryAst } from './query-grammar.ts'
import { planRead, type ReadNode } from './read-plan.ts'
import {
  execute,
  findRelation,
  headerValue,
  pageRange,
  type QueryOutcome,
  type RestContext,
  type RestRequest,
  type RestResponse,
  singleObject,
} from './rest-context.ts'
import {
  appliedPreferences,
  contentRange,
  contentTypeFor,
  type Preferences,
} from './request-headers.ts'
import type { Relation } from './schema-cache.ts'
import {
  buildMutationRead,
  buildRead,
  buildRowsQuery,
  createSqlContext,
  deleteSql,
  type InsertOptions,
  insertSql,
  relationSource,
  type SqlContext,
  type Statement,
  updateSql,
} from './sql-builder.ts'

export async function readRelation(
  ctx: RestContext,
  request: RestRequest,
  name: string,
): Promise<RestResponse> {
  const ast = parseQuery(request.query)
  const head = request.method === 'HEAD'
  const { outcome, offset } = await ctx.schemaCache.withSchema(async (schema) => {
    const relation = findRelation(schema, name)
    const root = planRead(schema, relation, ast, {
      aggregatesEnabled: ctx.settings.aggregatesEnabled,
    })
    const range = pageRange(ctx, request, { offset: root.offset, limit: root.limit })
    root.offset = range.offset
    root.limit = range.limit
    const sql = createSqlContext(ctx.schema)
    const { count } = request.preferences
    const statement = buildRead(sql, root, relationSource(sql, relation), {
      count: count === 'exact' || count === 'estimated',
      head,
      stripNulls: request.shape.stripNulls,
      csv: request.shape.csv,
    })
    let plannedCount: Statement | undefined
    if (count === 'planned' || count === 'estimated') {
      const countSql = createSqlContext(ctx.schema)
      plannedCount = buildRowsQuery(countSql, root, relationSource(countSql, relation))
    }
    return {
      outcome: await execute(ctx, request, statement, { readOnly: true, plannedCount }),
      offset: root.offset,
    }
  })
  return readResponse(request, outcome, offset)
}

/** The answer to a read (of a relation or a function's rows). */
export function readResponse(
  request: RestRequest,
  outcome: QueryOutcome,
  offset: number,
): RestResponse {
  const range = contentRange(offset, outcome.pageTotal, outcome.total)
  const headers: Record<string, string> = {
    'content-type': contentTypeFor(request.shape),
    'content-range': range.header,
  }
  const applied = appliedPreferences(request.preferences, ['count'])
  if (applied) {
    headers['preference-applied'] = applied
  }
  if (request.method === 'HEAD') {
    return { status: range.status, headers, body: null }
  }
  if (request.shape.single) {
    return { status: 200, headers, body: singleObject(outcome) }
  }
  return { status: range.status, headers, body: outcome.body }
}

// ---------------------------------------------------------------------------------------------
// Writes

type Write = {
  statement: Statement
  /** Whether the statement returns the written rows (else it is a bare command). */
  representation: boolean
}

/**
 * Builds the statement of a write: `dml(sql, alias)` renders the command on the relation
 * aliased `alias`; with `return=representation` its rows are read back through `root`.
 */
function writeStatement(
  request: RestRequest,
  root: ReadNode,
  dml: (sql: SqlContext, alias: string) => string,
  schema: string,
  options: { countInserted?: boolean } = {},
): Write {
  const sql = createSqlContext(schema)
  const alias = sql.nextAlias()
  const command = dml(sql, alias)
  const representation = request.preferences.return === 'representation'
  if (!representation && !options.countInserted) {
    return { statement: { text: command, values: sql.params.values }, representation: false }
  }
  const statement = buildMutationRead(sql, command, alias, root, {
    count: false,
    head: !representation,
    stripNulls: request.shape.stripNulls,
    countInserted: options.countInserted,
  })
  return { statement, representation: true }
}

function maxAffectedError(affected: number): RestError {
  return new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', {
    details: `The query affects ${affected} rows`,
  })
}

async function runWrite(
  ctx: RestContext,
  request: RestRequest,
  write: Write,
): Promise<QueryOutcome> {
  const { preferences, shape } = request
  const single = shape.single && write.representation && preferences.return === 'representation'
  const bounded = preferences.handling === 'strict' && preferences.maxAffected !== null
  return execute(ctx, request, write.statement, {
    readOnly: false,
    plainCommand: !write.representation,
    check: !(single || bounded)
      ? undefined
      : (outcome) => {
          if (shape.single && write.representation && preferences.return === 'representation') {
            singleObject(outcome)
          }
          if (
            preferences.handling === 'strict' &&
            preferences.maxAffected !== null &&
            outcome.pageTotal > preferences.maxAffected
          ) {
            throw maxAffectedError(outcome.pageTotal)
          }
        },
  })
}

function writeResponse(
  request: RestRequest,
  outcome: QueryOutcome,
  statuses: { withBody: number; withoutBody: number },
  applied: (keyof Preferences)[],
): RestResponse {
  const headers: Record<string, string> = {}
  const preferenceApplied = appliedPreferences(request.preferences, ['return', 'count', ...applied])
  if (preferenceApplied) {
    headers['preference-applied'] = preferenceApplied
  }
  if (request.preferences.count !== null) {
    headers['content-range'] = `*/${outcome.pageTotal}`
  }
  if (request.preferences.return !== 'representation') {
    return { status: statuses.withoutBody, headers, body: null }
  }
  if (request.shape.csv) {
    headers['content-type'] = contentTypeFor(request.shape)
    return { status: statuses.withBody, headers, body: outcome.body }
  }
  headers['content-type'] = contentTypeFor(request.shape)
  const body = request.shape.single ? singleObject(outcome) : outcome.body
  return { status: statuses.withBody, headers, body }
}

/**
 * Refuses a write PostgreSQL cannot apply to the relation (a view that joins or aggregates),
 * with PostgreSQL's own words, as a client error (405) rather than a server one.
 */
function writableRelation(
  relation: Relation,
  operations: ('insert' | 'update' | 'delete')[],
): Relation {
  const refused = operations.find((operation) => !relation.writable[operation])
  if (refused) {
    throw new RestError(
      405,
      '55000',
      `cannot ${refused === 'delete' ? 'delete from' : refused === 'insert' ? 'insert into' : 'update'} ${relation.kind} "${relation.name}"`,
    )
  }
  return relation
}

function conflictTarget(relation: Relation, ast: QueryAst): string[] {
  const target = ast.onConflict ?? relation.primaryKey
  for (const column of target) {
    if (!relation.columnsByName.has(column)) {
      throw undefinedColumnError(relation.name, column)
    }
  }
  return target
}

/** POST: insert one object or an array; with `Prefer: resolution=…`, upsert. */
export async function insertRows(
  ctx: RestContext,
  request: RestRequest,
  name: string,
): Promise<RestResponse> {
  const ast = parseQuery(request.query)
  const body = parseJsonBody(request.body, headerValue(request, 'content-type'))
  const { preferences } = request
  const outcome = await ctx.schemaCache.withSchema(async (schema) => {
    const relation = writableRelation(
      findRelation(schema, name),
      preferences.resolution === 'merge-duplicates' ? ['insert', 'update'] : ['insert'],
    )
    const payload = insertPayload(relation, request.body ?? '', body, ast.columns)
    const root = planRead(schema, relation, ast, {
      aggregatesEnabled: ctx.settings.aggregatesEnabled,
    })
    const options: InsertOptions = {
      columns: payload.columns,
      payload: payload.rowsJson,
      missingDefault: preferences.missing === 'default',
      onConflict: preferences.resolution
        ? {
            target: conflictTarget(relation, ast),
            action: preferences.resolution === 'merge-duplicates' ? 'merge' : 'ignore',
          }
        : null,
    }
    // Only a table's rows have an xmax telling inserted from updated ones.
    const merging = preferences.resolution === 'merge-duplicates' && relation.kind === 'table'
    const write = writeStatement(
      request,
      root,
      (sql, alias) => insertSql(sql, relation, alias, options),
      ctx.schema,
      { countInserted: merging },
    )
    return runWrite(ctx, request, write)
  })
  // As PostgREST: an upsert that merged into existing rows only (inserted none) answers 200.
  const status =
    preferences.resolution === 'merge-duplicates' && (outcome.inserted ?? 1) <= 0 ? 200 : 201
  return writeResponse(request, outcome, { withBody: status, withoutBody: status }, [
    'resolution',
    'missing',
  ])
}

const PUT_FILTERS_ERROR = () =>
  new RestError(
    405,
    'PGRST105',
    "Filters must include all and only primary key columns with 'eq' operators",
  )

/** PUT: upsert the one row its primary-key filters name, with a body that matches them. */
export async function putRow(
  ctx: RestContext,
  request: RestRequest,
  name: string,
): Promise<RestResponse> {
  const ast = parseQuery(request.query)
  if (ast.ranges.length) {
    throw new RestError(
      400,
      'PGRST114',
      'limit/offset querystring parameters are not allowed for PUT',
    )
  }
  const body = parseJsonBody(request.body, headerValue(request, 'content-type'))
  const outcome = await ctx.schemaCache.withSchema(async (schema) => {
    const relation = writableRelation(findRelation(schema, name), ['insert', 'update'])
    const keyValues = new Map<string, string>()
    for (const { path, filter } of ast.filters) {
      const { operation } = filter
      if (
        path.length ||
        filter.negated ||
        filter.field.jsonPath.length ||
        operation.type !== 'simple' ||
        operation.operator !== 'eq'
      ) {
        throw PUT_FILTERS_ERROR()
      }
      keyValues.set(filter.field.name, operation.value)
    }
    const key = relation.primaryKey
    if (
      ast.logic.length ||
      key.length === 0 ||
      keyValues.size !== key.length ||
      !key.every((column) => keyValues.has(column))
    ) {
      throw PUT_FILTERS_ERROR()
    }
    const payload = insertPayload(relation, request.body ?? '', body, ast.columns)
    const [row] = payload.rows
    if (
      payload.rows.length !== 1 ||
      !row ||
      !key.every((column) => String(row[column]) === keyValues.get(column))
    ) {
      throw new RestError(
        400,
        'PGRST115',
        'Payload values do not match URL in primary key column(s)',
      )
    }
    const root = planRead(schema, relation, { ...ast, filters: [] })
    const options: InsertOptions = {
      columns: payload.columns,
      payload: payload.rowsJson,
      missingDefault: false,
      onConflict: { target: key, action: 'merge' },
    }
    const write = writeStatement(
      request,
      root,
      (sql, alias) => insertSql(sql, relation, alias, options),
      ctx.schema,
    )
    return runWrite(ctx, request, write)
  })
  return writeResponse(request, outcome, { withBody: 200, withoutBody: 204 }, [])
}

/** PATCH: update the rows the filters select with the body's columns. */
export async function updateRows(
  ctx: RestContext,
  request: RestRequest,
  name: string,
): Promise<RestResponse> {
  const ast = parseQuery(request.query)
  const body = parseJsonBody(request.body, headerValue(request, 'content-type'))
  const outcome = await ctx.schemaCache.withSchema(async (schema) => {
    const relation = writableRelation(findRelation(schema, name), ['update'])
    const { columns } = updatePayload(relation, body, ast.columns)
    const root = planRead(schema, relation, ast, {
      aggregatesEnabled: ctx.settings.aggregatesEnabled,
    })
    if (columns.length === 0) {
      // Nothing to set: PostgREST updates nothing and answers as for no matching row.
      return { total: null, pageTotal: 0, body: '[]' }
    }
    const write = writeStatement(
      request,
      root,
      (sql, alias) => updateSql(sql, root, alias, { columns, payload: request.body ?? '{}' }),
      ctx.schema,
    )
    return runWrite(ctx, request, write)
  })
  return writeResponse(request, outcome, { withBody: 200, withoutBody: 204 }, [])
}

/** DELETE: delete the rows the filters select. */
export async function deleteRows(
  ctx: RestContext,
  request: RestRequest,
  name: string,
): Promise<RestResponse> {
  const ast = parseQuery(request.query)
  const outcome = await ctx.schemaCache.withSchema(async (schema) => {
    const relation = writableRelation(findRelation(schema, name), ['delete'])
    const root = planRead(schema, relation, ast, {
      aggregatesEnabled: ctx.settings.aggregatesEnabled,
    })
    const write = writeStatement(
      request,
      root,
      (sql, alias) => deleteSql(sql, root, alias),
      ctx.schema,
    )
    return runWrite(ctx, request, write)
  })
  return writeResponse(request, outcome, { withBody: 200, withoutBody: 204 }, [])
}
