/**
 * Resolves a parsed query (`query-grammar.ts`) against the schema cache into a read plan: the
 * tree of relations to read (the root and its embedded resources, each joined through one
 * foreign-key relationship), with every column, cast and relationship checked. Errors are
 * PostgREST's: unknown column 42703, missing relationship PGRST200, ambiguous PGRST201, a
 * parameter for a resource that is not embedded PGRST108, and so on. `sql-builder.ts` renders
 * the plan; nothing here is SQL.
 */
import { RestError, undefinedColumnError } from './errors.ts'
import type {
  AggregateFunction,
  EmbedPath,
  Field,
  Filter,
  JoinType,
  JsonStep,
  LogicTree,
  Operation,
  OrderTerm,
  QueryAst,
  SelectItem,
} from './query-grammar.ts'
import type { Relationship } from './relationships.ts'
import type { Relation, SchemaCache } from './schema-cache.ts'

/** A validated column, possibly followed by a JSON path. */
export type ColumnExpression = {
  column: string
  jsonPath: JsonStep[]
  /** A computed field: `column` is a function of the row, called with it. */
  computed?: boolean
}

export type Output =
  | { type: 'star' }
  | { type: 'column'; name: string; expression: ColumnExpression; cast: string | null }
  /** An embedded resource; `spread` lists the keys lifted into the parent object. */
  | { type: 'embed'; name: string; node: ReadNode; spread: string[] | null }
  /** An aggregate over the node's rows, grouped by its other columns (null: `count(*)`). */
  | {
      type: 'aggregate'
      name: string
      fn: AggregateFunction
      expression: ColumnExpression | null
      inputCast: string | null
      cast: string | null
    }

export type Condition =
  | {
      type: 'filter'
      expression: ColumnExpression
      negated: boolean
      operation: Operation
      /** Full-text search straight on a tsvector column (else the text is converted). */
      onTsvector: boolean
    }
  | { type: 'logic'; operator: 'and' | 'or'; negated: boolean; children: Condition[] }

export type OrderBy = {
  target:
    | { type: 'column'; expression: ColumnExpression }
    /** A column (by output key) of a to-one embedded resource. */
    | { type: 'embed'; node: ReadNode; key: string }
  direction: 'asc' | 'desc' | null
  nulls: 'first' | 'last' | null
}

export type Embedding = {
  relationship: Relationship
  toOne: boolean
  join: JoinType
  /** `rel=is.null` / `rel=not.is.null` on the parent: keep parents without / with a match. */
  nullFilter: 'null' | 'not null' | null
}

export type ReadNode = {
  relation: Relation
  outputs: Output[]
  conditions: Condition[]
  order: OrderBy[]
  limit: number | null
  offset: number
  /** How this node joins its parent; null at the root. */
  embedding: Embedding | null
  /** Embedded children by the key parameters address them with (alias, else name). */
  children: Map<string, ReadNode>
}

// ---------------------------------------------------------------------------------------------
// Columns and casts

/** The schema the plan is made against, for computed fields (set by `planRead`). */
let planningSchema: SchemaCache | null = null

/** Whether `select` may use aggregates (PGRST_DB_AGGREGATES_ENABLED; set by `planRead`). */
let aggregatesAllowed = false

/**
 * A column of the relation (or one of its computed fields). `label` names the relation as
 * PostgREST's SQL aliases it in errors (`messages_1` for an embedded resource).
 */
function columnExpression(
  relation: Relation,
  field: Field,
  label = relation.name,
): ColumnExpression {
  if (!relation.columnsByName.has(field.name)) {
    if (planningSchema?.computedFields.get(relation.name)?.has(field.name)) {
      return { column: field.name, jsonPath: field.jsonPath, computed: true }
    }
    throw undefinedColumnError(label, field.name)
  }
  return { column: field.name, jsonPath: field.jsonPath }
}

function checkAggregatesAllowed(): void {
  if (!aggregatesAllowed) {
    throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed')
  }
}

function castType(schema: SchemaCache, cast: string): string {
  const type = schema.castTypes.get(cast.toLowerCase())
  if (!type) {
    throw new RestError(400, '42704', `type "${cast}" does not exist`, { schemaMiss: true })
  }
  return type
}

/** PostgREST names `data->a->>b` after its last key. */
function outputName(field: Field): string {
  return field.jsonPath.at(-1)?.key ?? field.name
}

// ---------------------------------------------------------------------------------------------
// Relationships

function describeRelationship(relationship: Relationship): Record<string, string> {
  return {
    cardinality: relationship.cardinality,
    embedding: `${relationship.table} with ${relationship.foreignTable}`,
    relationship: `${relationship.constraint} using ${relationship.table}(${relationship.columns.join(', ')}) and ${relationship.foreignTable}(${relationship.foreignColumns.join(', ')})`,
  }
}

/**
 * The relationship an embed `name!hint` follows from `from`: `name` is the related relation,
 * a foreign-key constraint, or (to-one) the foreign-key column; the hint (a constraint, a
 * column of either side, or the related relation) picks among several.
 */
export function findRelationship(
  schema: SchemaCache,
  from: Relation,
  name: string,
  hint: string | null,
): Relationship {
  const candidates = (schema.relationships.get(from.name) ?? []).filter((relationship) => {
    if (relationship.computed) {
      return relationship.computed === name
    }
    const selfReference = relationship.table === relationship.foreignTable
    if (relationship.foreignTable === name) {
      // A table embedding itself by name gets its children (one-to-many), as in PostgREST;
      // its parent is embedded through the foreign-key column (`parent_id(*)`).
      return !(selfReference && relationship.cardinality === 'many-to-one')
    }
    return (
      (!relationship.junction && relationship.constraint === name) ||
      (relationship.cardinality !== 'one-to-many' &&
        relationship.cardinality !== 'many-to-many' &&
        relationship.columns.length === 1 &&
        relationship.columns[0] === name)
    )
  })
  const hinted = hint
    ? candidates.filter((relationship) => {
        const { junction } = relationship
        if (junction) {
          return (
            junction.table === hint ||
            junction.constraint === hint ||
            junction.foreignConstraint === hint
          )
        }
        const selfReference = relationship.table === relationship.foreignTable
        return (
          (relationship.constraint === hint && !selfReference) ||
          relationship.foreignTable === hint ||
          relationship.columns.includes(hint) ||
          relationship.foreignColumns.includes(hint)
        )
      })
    : candidates
  // Relationships through views count only when no base table offers one (PostgREST resolves
  // `username(*)` to the table even when views show the same key).
  const isTable = (name: string) => schema.relations.get(name)?.kind === 'table'
  const betweenTables = hinted.filter(
    (relationship) => isTable(relationship.table) && isTable(relationship.foreignTable),
  )
  const matching = hinted.length > 1 && betweenTables.length === 1 ? betweenTables : hinted
  const [only, ...others] = matching
  if (!only) {
    const usingHint = hint ? `' using the hint '${hint}` : ''
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${from.name}' and '${name}' in the schema cache`,
      {
        details: `Searched for a foreign key relationship between '${from.name}' and '${name}${usingHint}' in the schema '${schema.schema}', but no matches were found.`,
        schemaMiss: true,
      },
    )
  }
  if (others.length) {
    throw new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${from.name}' and '${name}'`,
      {
        details: matching.map(describeRelationship),
        hint: `Try changing '${name}' to one of the following: ${matching
          .map((relationship) => `'${relationship.foreignTable}!${relationship.constraint}'`)
          .join(', ')}. Find the desired relationship in the 'details' key.`,
      },
    )
  }
  return only
}

// ---------------------------------------------------------------------------------------------
// The select tree

function planEmbed(
  schema: SchemaCache,
  parent: Relation,
  item: Extract<SelectItem, { type: 'embed' }>,
  depth: number,
): { key: string; output: Output; node: ReadNode } {
  const relationship = findRelationship(schema, parent, item.name, item.hint)
  const related = schema.relations.get(relationship.foreignTable)
  if (!related) {
    throw new RestError(
      500,
      'PGRSTX00',
      `relationship target ${relationship.foreignTable} is missing`,
    )
  }
  const toOne =
    relationship.cardinality === 'many-to-one' || relationship.cardinality === 'one-to-one'
  const node = planSelect(
    schema,
    related,
    item.select,
    { relationship, toOne, join: item.join ?? 'left', nullFilter: null },
    depth + 1,
  )
  const key = item.alias ?? item.name
  if (!item.spread) {
    return { key, node, output: { type: 'embed', name: key, node, spread: null } }
  }
  // Spreading a to-many resource lifts each of its columns as an array of values.
  const spread = node.outputs.flatMap((output) =>
    output.type === 'star'
      ? related.columns.map((column) => column.name)
      : output.type === 'embed' && output.spread
        ? output.spread
        : [output.name],
  )
  return { key: item.name, node, output: { type: 'embed', name: key, node, spread } }
}

function planSelect(
  schema: SchemaCache,
  relation: Relation,
  items: SelectItem[],
  embedding: Embedding | null,
  depth = 0,
): ReadNode {
  const node: ReadNode = {
    relation,
    outputs: [],
    conditions: [],
    order: [],
    limit: null,
    offset: 0,
    embedding,
    children: new Map(),
  }
  const label = depth === 0 ? relation.name : `${relation.name}_${depth}`
  for (const item of items) {
    const bareCount =
      item.type === 'column' &&
      embedding !== null &&
      item.field.name === 'count' &&
      item.field.jsonPath.length === 0 &&
      !item.aggregate &&
      !relation.columnsByName.has('count')
    if (item.type === 'count' || bareCount) {
      // `count()` (and PostgREST's older `rel(count)`): the number of rows of each group.
      checkAggregatesAllowed()
      const cast = item.type === 'count' ? item.cast : null
      node.outputs.push({
        type: 'aggregate',
        name: item.alias ?? 'count',
        fn: 'count',
        expression: null,
        inputCast: null,
        cast: cast === null ? null : castType(schema, cast),
      })
    } else if (item.type === 'column' && item.aggregate) {
      checkAggregatesAllowed()
      node.outputs.push({
        type: 'aggregate',
        name: item.alias ?? item.aggregate.fn,
        fn: item.aggregate.fn,
        expression: columnExpression(relation, item.field, label),
        inputCast:
          item.aggregate.inputCast === null ? null : castType(schema, item.aggregate.inputCast),
        cast: item.cast === null ? null : castType(schema, item.cast),
      })
    } else if (item.type === 'star') {
      node.outputs.push({ type: 'star' })
    } else if (item.type === 'column') {
      node.outputs.push({
        type: 'column',
        name: item.alias ?? outputName(item.field),
        expression: columnExpression(relation, item.field, label),
        cast: item.cast === null ? null : castType(schema, item.cast),
      })
    } else {
      const embed = planEmbed(schema, relation, item, depth)
      if (node.children.has(embed.key) && !item.spread) {
        // PostgREST's own words for the same resource embedded twice under one name.
        throw new RestError(
          400,
          '42712',
          `table name "${relation.name}_${embed.key}_${depth + 1}" specified more than once`,
        )
      }
      node.children.set(embed.key, embed.node)
      node.outputs.push(embed.output)
    }
  }
  return node
}

// ---------------------------------------------------------------------------------------------
// Parameters addressed to a node: filters, logic trees, order, limit/offset

function nodeAt(root: ReadNode, path: EmbedPath): ReadNode {
  let node = root
  for (const name of path) {
    const child = node.children.get(name)
    if (!child) {
      throw new RestError(
        400,
        'PGRST108',
        `'${name}' is not an embedded resource in this request`,
        {
          hint: `Verify that '${name}' is included in the 'select' query parameter.`,
        },
      )
    }
    node = child
  }
  return node
}

function condition(node: ReadNode, filter: Filter): Condition {
  const expression = columnExpression(node.relation, filter.field)
  const type = node.relation.columnsByName.get(expression.column)?.type
  return {
    type: 'filter',
    expression,
    negated: filter.negated,
    operation: filter.operation,
    onTsvector: type === 'tsvector' && expression.jsonPath.length === 0,
  }
}

function logicCondition(node: ReadNode, tree: LogicTree): Condition {
  if (tree.type === 'filter') {
    return condition(node, tree.filter)
  }
  return {
    type: 'logic',
    operator: tree.operator,
    negated: tree.negated,
    children: tree.children.map((child) => logicCondition(node, child)),
  }
}

/** A filter on a column, or `rel=is.null` / `rel=not.is.null` on an embedded resource. */
function applyFilter(node: ReadNode, filter: Filter) {
  const child = node.children.get(filter.field.name)
  if (!child || node.relation.columnsByName.has(filter.field.name)) {
    node.conditions.push(condition(node, filter))
    return
  }
  const { operation } = filter
  if (child.embedding && operation.type === 'is' && operation.value === 'null') {
    child.embedding.nullFilter = filter.negated ? 'not null' : 'null'
    return
  }
  throw new RestError(
    400,
    'PGRST120',
    `Bad operator on the '${filter.field.name}' embedded resource`,
    {
      details: 'Only is null or not is null filters are allowed on embedded resources',
    },
  )
}

function orderBy(node: ReadNode, term: OrderTerm): OrderBy {
  const { direction, nulls } = term
  if (term.relation === null) {
    return {
      target: { type: 'column', expression: columnExpression(node.relation, term.field) },
      direction,
      nulls,
    }
  }
  const child = nodeAt(node, [term.relation])
  if (!child.embedding?.toOne) {
    throw new RestError(400, 'PGRST118', `A related order on '${term.relation}' is not possible`, {
      details: `'${node.relation.name}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
    })
  }
  columnExpression(child.relation, term.field)
  return { target: { type: 'embed', node: child, key: outputName(term.field) }, direction, nulls }
}

export function planRead(
  schema: SchemaCache,
  relation: Relation,
  ast: QueryAst,
  options: { aggregatesEnabled?: boolean } = {},
): ReadNode {
  // Planning is synchronous: these module settings hold only for this call.
  planningSchema = schema
  aggregatesAllowed = options.aggregatesEnabled ?? false
  try {
    return planReadWith(schema, relation, ast)
  } finally {
    planningSchema = null
    aggregatesAllowed = false
  }
}

function planReadWith(schema: SchemaCache, relation: Relation, ast: QueryAst): ReadNode {
  const root = planSelect(schema, relation, ast.select, null)
  for (const { path, filter } of ast.filters) {
    applyFilter(nodeAt(root, path), filter)
  }
  for (const { path, tree } of ast.logic) {
    const node = nodeAt(root, path)
    node.conditions.push(logicCondition(node, tree))
  }
  for (const { path, terms } of ast.order) {
    const node = nodeAt(root, path)
    node.order = terms.map((term) => orderBy(node, term))
  }
  for (const { path, limit, offset } of ast.ranges) {
    const node = nodeAt(root, path)
    node.limit = limit
    node.offset = offset
  }
  return root
}
