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
  // PostgREST's names: "does not extend to the left/right of".
  nxl: '&>',
  nxr: '&<',
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
  const column = expression.computed
    ? `${qualified(ctx, expression.column)}(${q(alias)})`
    : `${q(alias)}.${q(expression.column)}`
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
  /**
   * With aggregates: `columns` are the rows' values (aggregate inputs as `pgrst_agg_<n>`), and
   * `outer` selects over them, aliased `pgrst_grouped`, grouped by the other keys.
   */
  grouping: { outer: string; groupBy: string } | null
}

const GROUPED = '"pgrst_grouped"'

/** The rows of a rendered node: grouped when it aggregates, else ordered; then ranged. */
function rowsSql(
  ctx: SqlContext,
  node: ReadNode,
  rendered: RenderedNode,
  alias: string,
  fromAndWhere: string,
): string {
  if (rendered.grouping) {
    return (
      `select ${rendered.grouping.outer} from (select ${rendered.columns} ${fromAndWhere}) as ${GROUPED}` +
      rendered.grouping.groupBy +
      rangeSql(ctx, node.limit, node.offset)
    )
  }
  return (
    `select ${rendered.columns} ${fromAndWhere}` +
    orderSql(ctx, alias, rendered.laterals, node.order) +
    rangeSql(ctx, node.limit, node.offset)
  )
}

function renderNode(ctx: SqlContext, node: ReadNode, alias: string): RenderedNode {
  const rendered: RenderedNode = {
    columns: '',
    joins: [],
    filteringJoins: [],
    conditions: node.conditions.map((condition) => conditionSql(ctx, alias, condition)),
    laterals: new Map(),
    grouping: null,
  }
  const grouped = node.outputs.some((output) => output.type === 'aggregate')
  // Grouped: the keys the rows are grouped by, and the outer select list in output order.
  const keys: string[] = []
  const outer: string[] = []
  const key = (name: string) => {
    keys.push(`${GROUPED}.${q(name)}`)
    outer.push(`${GROUPED}.${q(name)}`)
  }
  // JSON has no equality: grouped embeds are compared as jsonb.
  const asJson = grouped ? '::pg_catalog.jsonb' : ''
  const json = grouped ? 'pg_catalog.jsonb' : 'pg_catalog.json'
  const columns: string[] = []
  for (const output of node.outputs) {
    if (output.type === 'star') {
      if (grouped) {
        for (const column of node.relation.columns) {
          columns.push(`${q(alias)}.${q(column.name)}`)
          key(column.name)
        }
      } else {
        columns.push(`${q(alias)}.*`)
      }
    } else if (output.type === 'column') {
      const cast = output.cast ? `::${output.cast}` : ''
      columns.push(`${expressionSql(ctx, alias, output.expression)}${cast} as ${q(output.name)}`)
      key(output.name)
    } else if (output.type === 'aggregate') {
      const cast = output.cast ? `::${output.cast}` : ''
      if (output.expression) {
        const input = `pgrst_agg_${columns.length}`
        const inputCast = output.inputCast ? `::${output.inputCast}` : ''
        columns.push(`${expressionSql(ctx, alias, output.expression)}${inputCast} as ${q(input)}`)
        outer.push(`pg_catalog.${output.fn}(${GROUPED}.${q(input)})${cast} as ${q(output.name)}`)
      } else {
        outer.push(`pg_catalog.count(*)${cast} as ${q(output.name)}`)
      }
    } else {
      const { join, toOne, nullFilter } = output.node.embedding ?? {}
      const empty = output.node.outputs.length === 0
      if (empty && join !== 'inner' && !nullFilter) {
        // `rel()`: nothing to show and nothing to filter by.
        continue
      }
      const lateral = `${ctx.nextAlias()}_embed`
      rendered.laterals.set(output.node, lateral)
      const joinSql = embedJoinSql(ctx, output.node, alias, lateral, output.spread)
      rendered.joins.push(joinSql)
      if (join === 'inner' || nullFilter) {
        rendered.filteringJoins.push(joinSql)
      }
      if (nullFilter) {
        rendered.conditions.push(`${q(lateral)}."body" is ${nullFilter}`)
      }
      const body = `${q(lateral)}."body"`
      if (empty) {
        continue
      }
      if (output.spread) {
        for (const spreadKey of output.spread) {
          columns.push(`${body}${asJson} -> ${ctx.params.add(spreadKey)}::text as ${q(spreadKey)}`)
          key(spreadKey)
        }
      } else if (toOne) {
        columns.push(`${body}${asJson} as ${q(output.name)}`)
        key(output.name)
      } else {
        columns.push(`coalesce(${body}${asJson}, '[]'::${json}) as ${q(output.name)}`)
        key(output.name)
      }
    }
  }
  rendered.columns = columns.join(', ')
  if (grouped) {
    rendered.grouping = {
      outer: outer.join(', '),
      groupBy: keys.length ? ` group by ${keys.join(', ')}` : '',
    }
  }
  return rendered
}

/** A lateral subquery giving an embedded resource's JSON for the current parent row. */
function embedJoinSql(
  ctx: SqlContext,
  node: ReadNode,
  parentAlias: string,
  lateral: string,
  spread: string[] | null = null,
) {
  const embedding = node.embedding
  if (!embedding) {
    throw new Error('an embedded node without its relationship')
  }
  const alias = ctx.nextAlias()
  const child = renderNode(ctx, node, alias)
  const { relationship } = embedding
  const { junction } = relationship
  let through = ''
  let joinConditions: string[]
  let from = `${qualified(ctx, node.relation.name)} as ${q(alias)}`
  if (relationship.computed) {
    // A computed relationship: the function called with the parent row.
    from = `${qualified(ctx, relationship.computed)}(${q(parentAlias)}) as ${q(alias)}`
    joinConditions = []
  } else if (junction) {
    // Many-to-many: the embedded rows joined through the junction table's rows of the parent.
    const junctionAlias = ctx.nextAlias()
    const on = relationship.foreignColumns.map(
      (column, index) =>
        `${q(junctionAlias)}.${q(junction.foreignColumns[index] ?? '')} = ${q(alias)}.${q(column)}`,
    )
    through = ` join ${qualified(ctx, junction.table)} as ${q(junctionAlias)} on ${on.join(' and ')}`
    joinConditions = relationship.columns.map(
      (column, index) =>
        `${q(junctionAlias)}.${q(junction.columns[index] ?? '')} = ${q(parentAlias)}.${q(column)}`,
    )
  } else {
    joinConditions = relationship.foreignColumns.map(
      (column, index) =>
        `${q(alias)}.${q(column)} = ${q(parentAlias)}.${q(relationship.columns[index] ?? '')}`,
    )
  }
  const rows = rowsSql(
    ctx,
    node,
    child,
    alias,
    `from ${from}${through}` +
      child.joins.map((join) => ` ${join}`).join('') +
      whereSql([...joinConditions, ...child.conditions]),
  )
  let body: string
  if (embedding.toOne) {
    body = `pg_catalog.row_to_json("pgrst_rows")`
  } else if (spread) {
    // A spread to-many resource: each column as the array of its values.
    const pairs = spread.map(
      (key) =>
        `${ctx.params.add(key)}::text, coalesce(pg_catalog.json_agg("pgrst_rows".${q(key)}), '[]'::pg_catalog.json)`,
    )
    body = `pg_catalog.json_build_object(${pairs.join(', ')})`
  } else {
    body = `pg_catalog.json_agg("pgrst_rows")`
  }
  const subquery = `(select ${body} as "body" from (${rows}) as "pgrst_rows")`
  return embedding.join === 'inner'
    ? `inner join lateral ${subquery} as ${q(lateral)} on ${q(lateral)}."body" is not null`
    : `left join lateral ${subquery} as ${q(lateral)} on true`
}

// ---------------------------------------------------------------------------------------------
// Reads: a table or view, the rows a write returned, the rows a function returned

/** Where the root rows come from: `from` is a FROM item aliased `alias`. */
export type ReadSource = {
  from: string
  alias: string
  with?: string
  /** More columns of the answer's one row (e.g. an upsert's `inserted`). */
  extraColumns?: string
}

export type ReadOptions = {
  count: boolean
  /** HEAD: compute the counts only. */
  head: boolean
  stripNulls: boolean
  /** The body as CSV (a header line, then one line per row), as PostgREST writes it. */
  csv?: boolean
}

/**
 * PostgREST's CSV: the first row's keys as the header, then each row's record text without
 * its parentheses (PostgreSQL quotes values with commas, quotes, spaces or parentheses).
 */
function csvBody(page: string): string {
  const header =
    `(select pg_catalog.string_agg("pgrst_key", ',') from (select pg_catalog.json_object_keys(pg_catalog.row_to_json("pgrst_first")) as "pgrst_key" ` +
    `from (select * from (${page}) as "pgrst_head" limit 1) as "pgrst_first") as "pgrst_keys")`
  const lines = `pg_catalog.string_agg(pg_catalog.substr("pgrst_page"::text, 2, pg_catalog.length("pgrst_page"::text) - 2), E'\\n')`
  return `coalesce(${header} || E'\\n', '') || coalesce(${lines}, '')`
}

/** The rows a read selects, without its page range: what `count=planned` asks the planner about. */
export function buildRowsQuery(ctx: SqlContext, root: ReadNode, source: ReadSource): Statement {
  // Only the embeds that filter the rows are rendered (every `$n` must be used).
  const filtering = root.outputs.flatMap((output) =>
    output.type === 'embed' &&
    (output.node.embedding?.join === 'inner' || output.node.embedding?.nullFilter)
      ? [{ ...output, spread: null }]
      : [],
  )
  const node = renderNode(ctx, { ...root, outputs: filtering }, source.alias)
  return {
    text:
      (source.with ? `${source.with} ` : '') +
      `select 1 from ${source.from}` +
      node.filteringJoins.map((join) => ` ${join}`).join('') +
      whereSql(node.conditions),
    values: ctx.params.values,
  }
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
  const page = rowsSql(
    ctx,
    root,
    node,
    source.alias,
    `from ${source.from}${joins}${whereSql(node.conditions)}`,
  )
  const total = options.count
    ? `(select pg_catalog.count(*) from ${source.from}` +
      node.filteringJoins.map((join) => ` ${join}`).join('') +
      `${whereSql(node.conditions)})`
    : 'null::bigint'
  const rows = `coalesce(pg_catalog.json_agg("pgrst_page"), '[]'::pg_catalog.json)`
  const body = options.head
    ? 'null::text'
    : options.csv
      ? csvBody(page)
      : `${options.stripNulls ? `pg_catalog.json_strip_nulls(${rows})` : rows}::text`
  return {
    text:
      (source.with ? `${source.with} ` : '') +
      `select ${total} as "total", pg_catalog.count(*) as "page_total", ${body} as "body"` +
      `${source.extraColumns ? `, ${source.extraColumns}` : ''} ` +
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
    // As PostgREST: each object fills a record whose fields start as the columns' defaults
    // (evaluated for every row, as PostgREST evaluates them), so a missing key keeps its default.
    const defaults = relation.columns.map((column) => column.defaultSql ?? 'null')
    rows =
      `select ${options.columns.map((name) => `"pgrst_body".${q(name)}`).join(', ')} ` +
      `from pg_catalog.jsonb_array_elements(${payload}) as "pgrst_element" ` +
      `cross join lateral pg_catalog.jsonb_populate_record(row(${defaults.join(', ')})::${table}, "pgrst_element") as "pgrst_body"`
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
  options: ReadOptions & {
    /** An upsert: also answer how many rows were inserted rather than updated. */
    countInserted?: boolean
  },
): Statement {
  const source: ReadSource = options.countInserted
    ? {
        // A row an upsert inserted has no xmax; one it updated has the updating transaction's.
        with:
          `with "pgrst_written" as (${dml} returning ${q(alias)} as "pgrst_row", ` +
          `${q(alias)}.xmax = 0 as "pgrst_inserted"), ` +
          `"pgrst_mutation" as (select ("pgrst_row").* from "pgrst_written")`,
        from: `"pgrst_mutation" as ${q(alias)}`,
        alias,
        extraColumns: `(select pg_catalog.count(*) from "pgrst_written" where "pgrst_inserted") as "inserted"`,
      }
    : {
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
  const [unnamed] = routine.parameters
  if (args.names.length === 1 && args.names[0] === '' && unnamed?.name === '') {
    // A single unnamed parameter (json, jsonb, text, xml or bytea): `{"": value}`, positional.
    const json = `${ctx.params.add(args.json)}::pg_catalog.jsonb`
    const asText: Record<string, string> = {
      text: 'pg_catalog.text',
      xml: 'pg_catalog.xml',
      bytea: 'pg_catalog.bytea',
    }
    const value =
      unnamed.type === 'jsonb'
        ? `(${json} -> '')`
        : unnamed.type === 'json'
          ? `(${json} -> '')::pg_catalog.json`
          : `(${json} ->> '')::${asText[unnamed.type] ?? 'pg_catalog.text'}`
    return { from: null, call: `${name}(${value})` }
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
  count = false,
): Statement {
  const from = call.from ? ` from ${call.from}` : ''
  return {
    text: `select ${count ? '1::bigint' : 'null::bigint'} as "total", 1 as "page_total", pg_catalog.to_json(${call.call})::text as "body"${from}`,
    values: ctx.params.values,
  }
}

/** A function returning `setof` a scalar: the values as a JSON array, limit/offset applied. */
export function buildScalarSetCall(
  ctx: SqlContext,
  call: { from: string | null; call: string },
  range: { limit: number | null; offset: number },
  count = false,
): Statement {
  const from = call.from ? `${call.from} cross join lateral ${call.call}` : call.call
  // The function runs once: its values are materialised, then counted and paged.
  return {
    text:
      `with "pgrst_values" as materialized (select "pgrst_scalar" from ${from} as "pgrst_scalar") ` +
      `select ${count ? '(select pg_catalog.count(*) from "pgrst_values")' : 'null::bigint'} as "total", pg_catalog.count(*) as "page_total", ` +
      `coalesce(pg_catalog.json_agg("pgrst_page"."pgrst_scalar"), '[]'::pg_catalog.json)::text as "body" ` +
      `from (select "pgrst_scalar" from "pgrst_values"${rangeSql(ctx, range.limit, range.offset)}) as "pgrst_page"`,
    values: ctx.params.values,
  }
}
