/**
 * Renders read plans, writes and function calls as one parameterised SQL statement each.
 * Identifiers come only from the schema cache (checked by `read-plan.ts`) and are quoted; every
 * value a request carries (filter values, JSON keys, bodies, arguments) is a `$n` parameter
 * whose type PostgreSQL infers from the column it meets, or an explicit cast.
 *
 * The JSON is built inside PostgreSQL, as PostgREST does it, so Node never re-serialises rows:
 * the page is `json_agg` over a subquery, and each embedded resource is a lateral subquery
 * returning its JSON (`json_agg` for to-many, `row_to_json` for to-one) next to the parent row.
 * Every statement answers one row `{total, page_total, body}`: the exact count when asked,
 * the rows in this page, and the body as JSON text.
 */
import type { FtsOperator, SimpleOperator } from './query-grammar.ts'
import type { ColumnExpression, Condition, OrderBy, ReadNode } from './read-plan.ts'
import { quoteIdentifier as q, type Relation, type Routine } from './schema-cache.ts'

export type Statement = { text: string; values: unknown[] }

/** The `$n` parameters of one statement. */
export class SqlParameters {
  readonly values: unknown[] = []

  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

/** What every render needs: the exposed schema, the statement's parameters, fresh aliases. */
export type SqlContext = {
  schema: string
  params: SqlParameters
  nextAlias: () => string
}

export function createSqlContext(schema: string): SqlContext {
  let aliases = 0
  return { schema, params: new SqlParameters(), nextAlias: () => `pgrst_${aliases++}` }
}

export function qualified(ctx: SqlContext, name: string): string {
  return `${q(ctx.schema)}.${q(name)}`
}

// ---------------------------------------------------------------------------------------------
// Expressions, conditions, order

const OPERATOR_SQL: Record<SimpleOperator, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxl: '&<',
  nxr: '&>',
  adj: '-|-',
  isdistinct: 'is distinct from',
}

const TSQUERY_FUNCTION: Record<FtsOperator, string> = {
  fts: 'pg_catalog.to_tsquery',
  plfts: 'pg_catalog.plainto_tsquery',
  phfts: 'pg_catalog.phraseto_tsquery',
  wfts: 'pg_catalog.websearch_to_tsquery',
}

const IS_SQL = {
  null: 'is null',
  not_null: 'is not null',
  true: 'is true',
  false: 'is false',
  unknown: 'is unknown',
} as const

function expressionSql(ctx: SqlContext, alias: string, expression: ColumnExpression): string {
  const column = `${q(alias)}.${q(expression.column)}`
  if (expression.jsonPath.length === 0) {
    return column
  }
  const path = expression.jsonPath
    .map((step) =>
      step.isIndex
        ? `${step.arrow}${ctx.params.add(Number(step.key))}::integer`
        : `${step.arrow}${ctx.params.add(step.key)}::text`,
    )
    .join('')
  return `(${column}${path})`
}

/** `like` patterns use `*` for `%`, which would need escaping in a URL. */
function likePattern(operator: string, value: string): string {
  return operator === 'like' || operator === 'ilike' ? value.replaceAll('*', '%') : value
}

export function conditionSql(ctx: SqlContext, alias: string, condition: Condition): string {
  if (condition.type === 'logic') {
    const joined = condition.children
      .map((child) => conditionSql(ctx, alias, child))
      .join(` ${condition.operator} `)
    return condition.negated ? `not (${joined})` : `(${joined})`
  }
  const left = expressionSql(ctx, alias, condition.expression)
  const { operation } = condition
  let sql: string
  switch (operation.type) {
    case 'simple': {
      const value = ctx.params.add(likePattern(operation.operator, operation.value))
      sql = `${left} ${OPERATOR_SQL[operation.operator]} ${value}`
      break
    }
    case 'quantified': {
      const values = ctx.params.add(likePattern(operation.operator, operation.values))
      sql = `${left} ${OPERATOR_SQL[operation.operator]} ${operation.quantifier}(${values})`
      break
    }
    case 'in':
      sql = `${left} = any(${ctx.params.add(operation.values)})`
      break
    case 'is':
      sql = `${left} ${IS_SQL[operation.value]}`
      break
    case 'fts': {
      const config =
        operation.config === null
          ? ''
          : `${ctx.params.add(operation.config)}::pg_catalog.regconfig, `
      const query = `${TSQUERY_FUNCTION[operation.operator]}(${config}${ctx.params.add(operation.value)})`
      const document = condition.onTsvector ? left : `pg_catalog.to_tsvector(${config}${left})`
      sql = `${document} @@ ${query}`
      break
    }
  }
  return condition.negated ? `not (${sql})` : sql
}

function orderSql(
  ctx: SqlContext,
  alias: string,
  laterals: Map<ReadNode, string>,
  order: OrderBy[],
) {
  if (order.length === 0) {
    return ''
  }
  const terms = order.map(({ target, direction, nulls }) => {
    const expression =
      target.type === 'column'
        ? expressionSql(ctx, alias, target.expression)
        : // A to-one embed is JSON here: compare its values as jsonb.
          `(${q(laterals.get(target.node) ?? '')}."body"::pg_catalog.jsonb -> ${ctx.params.add(target.key)}::text)`
    return [expression, direction, nulls && `nulls ${nulls}`].filter(Boolean).join(' ')
  })
  return ` order by ${terms.join(', ')}`
}

function rangeSql(ctx: SqlContext, limit: number | null, offset: number): string {
  const limitSql = limit === null ? '' : ` limit ${ctx.params.add(limit)}::bigint`
  const offsetSql = offset === 0 ? '' : ` offset ${ctx.params.add(offset)}::bigint`
  return limitSql + offsetSql
}

function whereSql(conditions: string[]): string {
  return conditions.length ? ` where ${conditions.join(' and ')}` : ''
}

// ---------------------------------------------------------------------------------------------
// Select lists with embedded resources

type RenderedNode = {
  columns: string
  /** Every lateral join, and those that also filter the parent (inner joins, null filters). */
  joins: string[]
  filteringJoins: string[]
  /** The node's own conditions plus its embeds' null filters. */
  conditions: string[]
  laterals: Map<ReadNode, string>
}

function renderNode(ctx: SqlContext, node: ReadNode, alias: string): RenderedNode {
  const rendered: RenderedNode = {
    columns: '',
    joins: [],
    filteringJoins: [],
    conditions: node.conditions.map((condition) => conditionSql(ctx, alias, condition)),
    laterals: new Map(),
  }
  const columns: string[] = []
  for (const output of node.outputs) {
    if (output.type === 'star') {
      columns.push(`${q(alias)}.*`)
    } else if (output.type === 'column') {
      const cast = output.cast ? `::${output.cast}` : ''
      columns.push(`${expressionSql(ctx, alias, output.expression)}${cast} as ${q(output.name)}`)
    } else {
      const lateral = `${ctx.nextAlias()}_embed`
      rendered.laterals.set(output.node, lateral)
      const { join, toOne, nullFilter } = output.node.embedding ?? {}
      const joinSql = embedJoinSql(ctx, output.node, alias, lateral)
      rendered.joins.push(joinSql)
      if (join === 'inner' || nullFilter) {
        rendered.filteringJoins.push(joinSql)
      }
      if (nullFilter) {
        rendered.conditions.push(`${q(lateral)}."body" is ${nullFilter}`)
      }
      const body = `${q(lateral)}."body"`
      if (output.spread) {
        for (const key of output.spread) {
          columns.push(`${body} -> ${ctx.params.add(key)}::text as ${q(key)}`)
        }
      } else if (toOne) {
        columns.push(`${body} as ${q(output.name)}`)
      } else {
        columns.push(`coalesce(${body}, '[]'::pg_catalog.json) as ${q(output.name)}`)
      }
    }
  }
  rendered.columns = columns.join(', ')
  return rendered
}

/** A lateral subquery giving an embedded resource's JSON for the current parent row. */
function embedJoinSql(ctx: SqlContext, node: ReadNode, parentAlias: string, lateral: string) {
  const embedding = node.embedding
  if (!embedding) {
    throw new Error('an embedded node without its relationship')
  }
  const alias = ctx.nextAlias()
  const child = renderNode(ctx, node, alias)
  const { relationship } = embedding
  const joinConditions = relationship.foreignColumns.map(
    (column, index) =>
      `${q(alias)}.${q(column)} = ${q(parentAlias)}.${q(relationship.columns[index] ?? '')}`,
  )
  const rows =
    `select ${child.columns} from ${qualified(ctx, node.relation.name)} as ${q(alias)}` +
    child.joins.map((join) => ` ${join}`).join('') +
    whereSql([...joinConditions, ...child.conditions]) +
    orderSql(ctx, alias, child.laterals, node.order) +
    rangeSql(ctx, node.limit, node.offset)
  const aggregate = embedding.toOne ? 'pg_catalog.row_to_json' : 'pg_catalog.json_agg'
  const subquery = `(select ${aggregate}("pgrst_rows") as "body" from (${rows}) as "pgrst_rows")`
  return embedding.join === 'inner'
    ? `inner join lateral ${subquery} as ${q(lateral)} on ${q(lateral)}."body" is not null`
    : `left join lateral ${subquery} as ${q(lateral)} on true`
}

// ---------------------------------------------------------------------------------------------
// Reads: a table or view, the rows a write returned, the rows a function returned

/** Where the root rows come from: `from` is a FROM item aliased `alias`. */
export type ReadSource = { from: string; alias: string; with?: string }

export type ReadOptions = {
  count: boolean
  /** HEAD: compute the counts only. */
  head: boolean
  stripNulls: boolean
}

export function relationSource(ctx: SqlContext, relation: Relation): ReadSource {
  const alias = ctx.nextAlias()
  return { from: `${qualified(ctx, relation.name)} as ${q(alias)}`, alias }
}

export function buildRead(
  ctx: SqlContext,
  root: ReadNode,
  source: ReadSource,
  options: ReadOptions,
): Statement {
  const node = renderNode(ctx, root, source.alias)
  const joins = node.joins.map((join) => ` ${join}`).join('')
  const page =
    `select ${node.columns} from ${source.from}${joins}${whereSql(node.conditions)}` +
    orderSql(ctx, source.alias, node.laterals, root.order) +
    rangeSql(ctx, root.limit, root.offset)
  const total = options.count
    ? `(select pg_catalog.count(*) from ${source.from}` +
      node.filteringJoins.map((join) => ` ${join}`).join('') +
      `${whereSql(node.conditions)})`
    : 'null::bigint'
  const rows = `coalesce(pg_catalog.json_agg("pgrst_page"), '[]'::pg_catalog.json)`
  const body = options.head
    ? 'null::text'
    : `${options.stripNulls ? `pg_catalog.json_strip_nulls(${rows})` : rows}::text`
  return {
    text:
      (source.with ? `${source.with} ` : '') +
      `select ${total} as "total", pg_catalog.count(*) as "page_total", ${body} as "body" ` +
      `from (${page}) as "pgrst_page"`,
    values: ctx.params.values,
  }
}

// ---------------------------------------------------------------------------------------------
// Writes

export type InsertOptions = {
  columns: string[]
  /** The JSON array of rows, as the client sent it. */
  payload: string
  /** `Prefer: missing=default`: keys absent from a row take the column default, not null. */
  missingDefault: boolean
  onConflict: { target: string[]; action: 'merge' | 'ignore' } | null
}

/** The DML of an insert or upsert of `relation` aliased `alias` (no RETURNING). */
export function insertSql(
  ctx: SqlContext,
  relation: Relation,
  alias: string,
  options: InsertOptions,
): string {
  const table = qualified(ctx, relation.name)
  const payload = `${ctx.params.add(options.payload)}::pg_catalog.jsonb`
  const columnList = options.columns.map(q).join(', ')
  let rows: string
  if (options.missingDefault && options.columns.length) {
    const values = options.columns.map((name) => {
      const fallback = relation.columnsByName.get(name)?.defaultSql ?? 'null'
      return `case when "pgrst_element" ? ${ctx.params.add(name)}::text then "pgrst_body".${q(name)} else ${fallback} end`
    })
    rows =
      `select ${values.join(', ')} ` +
      `from pg_catalog.jsonb_array_elements(${payload}) as "pgrst_element" ` +
      `cross join lateral pg_catalog.jsonb_populate_record(null::${table}, "pgrst_element") as "pgrst_body"`
  } else {
    rows =
      `select ${options.columns.map((name) => `"pgrst_body".${q(name)}`).join(', ')} ` +
      `from pg_catalog.jsonb_populate_recordset(null::${table}, ${payload}) as "pgrst_body"`
  }
  let conflict = ''
  if (options.onConflict) {
    const target = options.onConflict.target.length
      ? ` (${options.onConflict.target.map(q).join(', ')})`
      : ''
    const updates = options.columns.map((name) => `${q(name)} = excluded.${q(name)}`)
    conflict =
      options.onConflict.action === 'merge' && updates.length
        ? ` on conflict${target} do update set ${updates.join(', ')}`
        : ` on conflict${target} do nothing`
  }
  const into = columnList ? ` (${columnList})` : ''
  return `insert into ${table} as ${q(alias)}${into} ${rows}${conflict}`
}

/**
 * Conditions of an update or delete; with a limit or offset, the rows are picked first in
 * order (PostgREST's limited updates), which needs a table (views have no ctid).
 */
function mutationWhere(ctx: SqlContext, root: ReadNode, alias: string): string {
  const conditions = root.conditions.map((condition) => conditionSql(ctx, alias, condition))
  if (root.limit !== null || root.offset !== 0) {
    const picked = ctx.nextAlias()
    const pickedWhere = whereSql(
      root.conditions.map((condition) => conditionSql(ctx, picked, condition)),
    )
    conditions.push(
      `${q(alias)}.ctid = any(array(select ${q(picked)}.ctid from ${qualified(ctx, root.relation.name)} as ${q(picked)}` +
        `${pickedWhere}${orderSql(ctx, picked, new Map(), root.order)}${rangeSql(ctx, root.limit, root.offset)}))`,
    )
  }
  return whereSql(conditions)
}

export function updateSql(
  ctx: SqlContext,
  root: ReadNode,
  alias: string,
  options: { columns: string[]; payload: string },
): string {
  const table = qualified(ctx, root.relation.name)
  const assignments = options.columns.map((name) => `${q(name)} = "pgrst_body".${q(name)}`)
  return (
    `update ${table} as ${q(alias)} set ${assignments.join(', ')} ` +
    `from pg_catalog.jsonb_populate_record(null::${table}, ${ctx.params.add(options.payload)}::pg_catalog.jsonb) as "pgrst_body"` +
    mutationWhere(ctx, root, alias)
  )
}

export function deleteSql(ctx: SqlContext, root: ReadNode, alias: string): string {
  return `delete from ${qualified(ctx, root.relation.name)} as ${q(alias)}${mutationWhere(ctx, root, alias)}`
}

/**
 * A write whose rows are returned: the DML in a CTE, its rows read like a relation (the root's
 * filters, order and range chose the rows written, so they do not apply again).
 */
export function buildMutationRead(
  ctx: SqlContext,
  dml: string,
  alias: string,
  root: ReadNode,
  options: ReadOptions,
): Statement {
  const source: ReadSource = {
    with: `with "pgrst_mutation" as (${dml} returning ${q(alias)}.*)`,
    from: `"pgrst_mutation" as ${q(alias)}`,
    alias,
  }
  const written = { ...root, conditions: [], order: [], limit: null, offset: 0 }
  return buildRead(ctx, written, source, options)
}

// ---------------------------------------------------------------------------------------------
// Function calls

/**
 * The call of `routine` with the named arguments given (the others take their defaults). The
 * arguments arrive as one JSON object and are typed by `jsonb_to_record`, as PostgREST does, so
 * JSON arrays become SQL arrays and strings reach each parameter's input function.
 */
export function routineCall(
  ctx: SqlContext,
  routine: Routine,
  args: { names: string[]; json: string } | { wholeBody: string },
): { from: string | null; call: string } {
  const name = qualified(ctx, routine.name)
  if ('wholeBody' in args) {
    const type = routine.parameters[0]?.type === 'json' ? 'json' : 'jsonb'
    return { from: null, call: `${name}(${ctx.params.add(args.wholeBody)}::pg_catalog.${type})` }
  }
  if (args.names.length === 0) {
    return { from: null, call: `${name}()` }
  }
  const parameters = args.names.map((argument) => {
    const parameter = routine.parameters.find((candidate) => candidate.name === argument)
    return `${q(argument)} ${parameter?.type ?? 'text'}`
  })
  return {
    from:
      `pg_catalog.jsonb_to_record(${ctx.params.add(args.json)}::pg_catalog.jsonb) ` +
      `as "pgrst_args"(${parameters.join(', ')})`,
    call: `${name}(${args.names.map((argument) => `${q(argument)} => "pgrst_args".${q(argument)}`).join(', ')})`,
  }
}

/** Rows of a function returning a composite type, read like a relation (materialised once). */
export function routineSource(
  ctx: SqlContext,
  call: { from: string | null; call: string },
): ReadSource {
  const alias = ctx.nextAlias()
  const from = call.from ? `${call.from} cross join lateral ${call.call}` : call.call
  return {
    with: `with "pgrst_source" as materialized (select "pgrst_call".* from ${from} as "pgrst_call")`,
    from: `"pgrst_source" as ${q(alias)}`,
    alias,
  }
}

/** A function returning a scalar (or an array): its value as JSON. */
export function buildScalarCall(
  ctx: SqlContext,
  call: { from: string | null; call: string },
): Statement {
  const from = call.from ? ` from ${call.from}` : ''
  return {
    text: `select null::bigint as "total", 1 as "page_total", pg_catalog.to_json(${call.call})::text as "body"${from}`,
    values: ctx.params.values,
  }
}

/** A function returning `setof` a scalar: the values as a JSON array, limit/offset applied. */
export function buildScalarSetCall(
  ctx: SqlContext,
  call: { from: string | null; call: string },
  range: { limit: number | null; offset: number },
): Statement {
  const from = call.from ? `${call.from} cross join lateral ${call.call}` : call.call
  return {
    text:
      `select null::bigint as "total", pg_catalog.count(*) as "page_total", ` +
      `coalesce(pg_catalog.json_agg("pgrst_page"."pgrst_scalar"), '[]'::pg_catalog.json)::text as "body" ` +
      `from (select "pgrst_scalar" from ${from} as "pgrst_scalar"${rangeSql(ctx, range.limit, range.offset)}) as "pgrst_page"`,
    values: ctx.params.values,
  }
}
