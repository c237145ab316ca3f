/**
 * The PostgREST query-string grammar (protocol §2.2) parsed into a typed AST: `select` (columns,
 * aliases, casts, JSON paths, embedded resources with hints, `!inner`/`!left` and spreads),
 * horizontal filters (with `not.`, `(any)`/`(all)` quantifiers, `in`, `is` and full-text
 * search), `or`/`and` trees, `order`, `limit`/`offset`, `columns` and `on_conflict`, each
 * possibly scoped to an embedded resource (`rel.limit=2`). Anything outside the grammar is
 * refused with PGRST100, worded as PostgREST words it. Unlike PostgREST, a parameter that is
 * neither reserved nor a filter is refused too: a misspelt operator must never silently widen a
 * result. Names are only parsed here; `read-plan.ts` checks them against the schema cache.
 */
import { queryParseError, RestError } from './errors.ts'

export type JsonStep = { arrow: '->' | '->>'; key: string; isIndex: boolean }
/** A column, possibly followed by a JSON path (`data->a->>b`). */
export type Field = { name: string; jsonPath: JsonStep[] }

export type JoinType = 'inner' | 'left'

export const AGGREGATES = ['count', 'sum', 'avg', 'max', 'min'] as const
export type AggregateFunction = (typeof AGGREGATES)[number]

export type SelectItem =
  | { type: 'star' }
  | {
      type: 'column'
      field: Field
      alias: string | null
      cast: string | null
      /** `col.sum()`: the aggregate of the column (`cast` then applies to its result). */
      aggregate?: { fn: AggregateFunction; inputCast: string | null }
    }
  /** `count()`: the number of rows (of each group). */
  | { type: 'count'; alias: string | null; cast: string | null }
  | {
      type: 'embed'
      /** A relation name, a foreign-key constraint name or a foreign-key column. */
      name: string
      alias: string | null
      /** `!hint`: the constraint or column that disambiguates the relationship. */
      hint: string | null
      join: JoinType | null
      /** `...rel(cols)`: the embedded columns are lifted into the parent object. */
      spread: boolean
      select: SelectItem[]
    }

export const SIMPLE_OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'isdistinct',
] as const
export type SimpleOperator = (typeof SIMPLE_OPERATORS)[number]

/** Operators that take `(any)`/`(all)` with a PostgreSQL array literal of values. */
export const QUANTIFIABLE_OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
] as const
export type QuantifiableOperator = (typeof QUANTIFIABLE_OPERATORS)[number]

export const FTS_OPERATORS = ['fts', 'plfts', 'phfts', 'wfts'] as const
export type FtsOperator = (typeof FTS_OPERATORS)[number]

export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown'

export type Operation =
  | { type: 'simple'; operator: SimpleOperator; value: string }
  | {
      type: 'quantified'
      operator: QuantifiableOperator
      quantifier: 'any' | 'all'
      /** A PostgreSQL array literal, e.g. `{a,b}`. */
      values: string
    }
  | { type: 'in'; values: string[] }
  | { type: 'is'; value: IsValue }
  | { type: 'fts'; operator: FtsOperator; config: string | null; value: string }

export type Filter = { field: Field; negated: boolean; operation: Operation }

export type LogicTree =
  | { type: 'filter'; filter: Filter }
  | { type: 'logic'; operator: 'and' | 'or'; negated: boolean; children: LogicTree[] }

export type OrderTerm = {
  /** Set for `rel(col)`: order the parent by a column of a to-one embedded resource. */
  relation: string | null
  field: Field
  direction: 'asc' | 'desc' | null
  nulls: 'first' | 'last' | null
}

/** Which embedded resource a parameter applies to: [] is the root, ['rel'] its embed `rel`. */
export type EmbedPath = string[]

export type QueryAst = {
  select: SelectItem[]
  filters: { path: EmbedPath; filter: Filter }[]
  logic: { path: EmbedPath; tree: LogicTree }[]
  order: { path: EmbedPath; terms: OrderTerm[] }[]
  ranges: { path: EmbedPath; limit: number | null; offset: number }[]
  columns: string[] | null
  onConflict: string[] | null
  /** Parameters the caller classed as function arguments (RPC by GET), in order. */
  arguments: [string, string][]
}

// ---------------------------------------------------------------------------------------------
// A cursor over one parameter's text, failing with PostgREST's PGRST100 wording.

const IDENTIFIER_CHAR = /[\p{L}\p{N}_ $]/u

/**
 * Bounds of a query string, beyond PostgREST's grammar (issue 12, F5): PostgreSQL allows 1,664
 * entries in a target list and a limited stack for nested expressions, and a query string may
 * be 16 KB. Past these the request is refused with PGRST100, never a 500.
 * - `MAX_SELECT_ITEMS`: columns and embedded resources in one `select`, counted at every level;
 * - `MAX_NESTING`: embedded resources inside each other, `and`/`or` inside each other;
 * - `MAX_JSON_PATH`: `->`/`->>` steps after one column.
 */
export const MAX_SELECT_ITEMS = 500
export const MAX_NESTING = 16
export const MAX_JSON_PATH = 16

class Cursor {
  pos = 0
  /** How deep inside `(…)` groups the cursor is, and how many select items it has read. */
  private depth = 0
  private items = 0
  readonly input: string
  /** What is being parsed, as PostgREST names it ("filter", "select parameter", …). */
  readonly subject: string

  constructor(input: string, subject: string) {
    this.input = input
    this.subject = subject
  }

  get atEnd(): boolean {
    return this.pos >= this.input.length
  }

  peek(offset = 0): string {
    return this.input.charAt(this.pos + offset)
  }

  startsWith(text: string): boolean {
    return this.input.startsWith(text, this.pos)
  }

  eat(text: string): boolean {
    if (this.startsWith(text)) {
      this.pos += text.length
      return true
    }
    return false
  }

  expect(text: string): void {
    if (!this.eat(text)) {
      this.fail(`expecting "${text}"`)
    }
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') {
      this.pos += 1
    }
  }

  /** Enters a nested group (an embed's select, an `and`/`or`), refusing one too deep. */
  enter(): void {
    this.depth += 1
    if (this.depth > MAX_NESTING) {
      throw this.error(`nested deeper than ${MAX_NESTING} levels`)
    }
  }

  leave(): void {
    this.depth -= 1
  }

  /** Counts one select item, refusing more than `MAX_SELECT_ITEMS`. */
  countItem(): void {
    this.items += 1
    if (this.items > MAX_SELECT_ITEMS) {
      throw this.error(`more than ${MAX_SELECT_ITEMS} columns and embedded resources`)
    }
  }

  /** Throws PGRST100, naming the position and what was found there. */
  fail(expecting: string): never {
    const found = this.atEnd ? 'end of input' : `"${this.peek()}"`
    throw this.error(`unexpected ${found} ${expecting}`)
  }

  error(details: string): RestError {
    return queryParseError(
      `"failed to parse ${this.subject} (${this.input})" (line 1, column ${this.pos + 1})`,
      details,
    )
  }
}

function parseWhole<T>(input: string, subject: string, parse: (cursor: Cursor) => T): T {
  const cursor = new Cursor(input, subject)
  const result = parse(cursor)
  if (!cursor.atEnd) {
    cursor.fail('expecting end of input')
  }
  return result
}

// ---------------------------------------------------------------------------------------------
// Names

function parseQuoted(cursor: Cursor): string {
  cursor.expect('"')
  let value = ''
  while (!cursor.atEnd && cursor.peek() !== '"') {
    if (cursor.peek() === '\\') {
      cursor.pos += 1
    }
    value += cursor.peek()
    cursor.pos += 1
  }
  cursor.expect('"')
  return value
}

/** Letters, digits, `_`, `$` and inner spaces, trimmed. */
function parseIdentifier(cursor: Cursor): string {
  const start = cursor.pos
  while (!cursor.atEnd && IDENTIFIER_CHAR.test(cursor.peek())) {
    cursor.pos += 1
  }
  const name = cursor.input.slice(start, cursor.pos).trim()
  if (name === '') {
    cursor.fail('expecting field name (* or [a..z0..9_$])')
  }
  return name
}

/** A field name: quoted (`"a,b"`), or identifiers joined by dashes that do not start `->`. */
function parseFieldName(cursor: Cursor): string {
  cursor.skipSpaces()
  if (cursor.peek() === '"') {
    return parseQuoted(cursor)
  }
  let name = parseIdentifier(cursor)
  while (cursor.peek() === '-' && cursor.peek(1) !== '>') {
    cursor.pos += 1
    name += `-${parseIdentifier(cursor)}`
  }
  return name
}

function parseJsonPath(cursor: Cursor): JsonStep[] {
  const steps: JsonStep[] = []
  for (;;) {
    const arrow = cursor.eat('->>') ? '->>' : cursor.eat('->') ? '->' : null
    if (!arrow) {
      return steps
    }
    if (steps.length === MAX_JSON_PATH) {
      throw cursor.error(`a JSON path longer than ${MAX_JSON_PATH} steps`)
    }
    const index = /^-?\d+(?=->|::|\.|,|\)|$)/.exec(cursor.input.slice(cursor.pos))
    if (index) {
      cursor.pos += index[0].length
      steps.push({ arrow, key: index[0], isIndex: true })
    } else {
      steps.push({ arrow, key: parseFieldName(cursor), isIndex: false })
    }
  }
}

function parseField(cursor: Cursor): Field {
  cursor.skipSpaces()
  const name = parseFieldName(cursor)
  const jsonPath = parseJsonPath(cursor)
  cursor.skipSpaces()
  return { name, jsonPath }
}

/** `alias:` (a single colon, `::` is a cast), or nothing. */
function parseAlias(cursor: Cursor): string | null {
  const start = cursor.pos
  try {
    const alias = parseFieldName(cursor)
    if (cursor.peek() === ':' && cursor.peek(1) !== ':') {
      cursor.pos += 1
      return alias
    }
  } catch (error) {
    if (!(error instanceof RestError)) {
      throw error
    }
  }
  cursor.pos = start
  return null
}

// ---------------------------------------------------------------------------------------------
// select

function parseEmbedParams(cursor: Cursor): { hint: string | null; join: JoinType | null } {
  let hint: string | null = null
  let join: JoinType | null = null
  for (let count = 0; count < 2 && cursor.eat('!'); count += 1) {
    const word = parseFieldName(cursor)
    if ((word === 'inner' || word === 'left') && join === null) {
      join = word
    } else if (hint === null) {
      hint = word
    } else {
      cursor.fail('expecting "inner" or "left"')
    }
  }
  return { hint, join }
}

function parseSelectItem(cursor: Cursor): SelectItem {
  cursor.countItem()
  cursor.skipSpaces()
  if (cursor.eat('...')) {
    const name = parseFieldName(cursor)
    const { hint, join } = parseEmbedParams(cursor)
    return { type: 'embed', name, alias: null, hint, join, spread: true, ...parseChildren(cursor) }
  }
  if (cursor.eat('*')) {
    cursor.skipSpaces()
    return { type: 'star' }
  }
  const start = cursor.pos
  const alias = parseAlias(cursor)
  const afterAlias = cursor.pos
  const name = parseFieldName(cursor)
  const { hint, join } = parseEmbedParams(cursor)
  if (name === 'count' && hint === null && join === null && cursor.eat('()')) {
    let cast: string | null = null
    if (cursor.eat('::')) {
      cast = parseIdentifier(cursor)
    }
    cursor.skipSpaces()
    return { type: 'count', alias, cast }
  }
  if (cursor.peek() === '(') {
    return { type: 'embed', name, alias, hint, join, spread: false, ...parseChildren(cursor) }
  }
  if (cursor.pos > start && (hint !== null || join !== null)) {
    cursor.fail('expecting "("')
  }
  cursor.pos = afterAlias
  const field = parseField(cursor)
  let cast: string | null = null
  if (cursor.eat('::')) {
    cast = parseIdentifier(cursor)
  }
  const aggregate = parseAggregate(cursor)
  if (aggregate) {
    // `col::type.sum()::text`: the first cast is the input's, the second the result's.
    let resultCast: string | null = null
    if (cursor.eat('::')) {
      resultCast = parseIdentifier(cursor)
    }
    cursor.skipSpaces()
    return {
      type: 'column',
      field,
      alias,
      cast: resultCast,
      aggregate: { fn: aggregate, inputCast: cast },
    }
  }
  cursor.skipSpaces()
  return { type: 'column', field, alias, cast }
}

/** `.sum()` and the other aggregates after a column, or nothing. */
function parseAggregate(cursor: Cursor): AggregateFunction | null {
  for (const fn of AGGREGATES) {
    if (cursor.eat(`.${fn}()`)) {
      return fn
    }
  }
  return null
}

function parseChildren(cursor: Cursor): { select: SelectItem[] } {
  cursor.expect('(')
  cursor.enter()
  // `rel()`: an embed with no columns, to filter by (PostgREST's empty embed).
  cursor.skipSpaces()
  const select = cursor.peek() === ')' ? [] : parseSelectList(cursor)
  cursor.leave()
  cursor.expect(')')
  cursor.skipSpaces()
  return { select }
}

function parseSelectList(cursor: Cursor): SelectItem[] {
  const items = [parseSelectItem(cursor)]
  while (cursor.eat(',')) {
    items.push(parseSelectItem(cursor))
  }
  if (!cursor.atEnd && cursor.peek() !== ')') {
    cursor.fail('expecting "," or end of input')
  }
  return items
}

export function parseSelect(text: string): SelectItem[] {
  return parseWhole(text, 'select parameter', parseSelectList)
}

// ---------------------------------------------------------------------------------------------
// Filters

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value)
}

/** A list element of `in.(…)`: quoted, or anything up to `,` or `)`. */
function parseListElement(cursor: Cursor): string {
  cursor.skipSpaces()
  if (cursor.peek() === '"') {
    const value = parseQuoted(cursor)
    cursor.skipSpaces()
    return value
  }
  const start = cursor.pos
  while (!cursor.atEnd && cursor.peek() !== ',' && cursor.peek() !== ')') {
    cursor.pos += 1
  }
  return cursor.input.slice(start, cursor.pos)
}

function parseList(cursor: Cursor): string[] {
  cursor.skipSpaces()
  cursor.expect('(')
  if (cursor.eat(')')) {
    return []
  }
  const values = [parseListElement(cursor)]
  while (cursor.eat(',')) {
    values.push(parseListElement(cursor))
  }
  cursor.expect(')')
  cursor.skipSpaces()
  return values
}

const IS_VALUES: Record<string, IsValue> = {
  null: 'null',
  not_null: 'not_null',
  true: 'true',
  false: 'false',
  unknown: 'unknown',
}

/**
 * `[not.]operator.value`. `readValue` reads the value: the rest of the parameter at the top
 * level, up to the next `,` or `)` inside an `or`/`and` tree.
 */
function parseOperation(
  cursor: Cursor,
  readValue: (cursor: Cursor) => string,
): { negated: boolean; operation: Operation } {
  const negated = cursor.eat('not.')
  if (cursor.eat('in.')) {
    return { negated, operation: { type: 'in', values: parseList(cursor) } }
  }
  if (cursor.eat('is.')) {
    const word = /^[a-z_]+/i.exec(cursor.input.slice(cursor.pos))?.[0] ?? ''
    const value = IS_VALUES[word.toLowerCase()]
    if (!value) {
      cursor.fail('expecting null or trilean value (unknown, true, false)')
    }
    cursor.pos += word.length
    return { negated, operation: { type: 'is', value } }
  }
  const operatorStart = cursor.pos
  const operator = /^[^.(,)]*/.exec(cursor.input.slice(cursor.pos))?.[0] ?? ''
  cursor.pos += operator.length
  if (cursor.atEnd) {
    cursor.fail('expecting operator (eq, gt, ...)')
  }
  if (isOneOf(FTS_OPERATORS, operator)) {
    let config: string | null = null
    if (cursor.eat('(')) {
      config = parseIdentifier(cursor)
      cursor.expect(')')
    }
    cursor.expect('.')
    return { negated, operation: { type: 'fts', operator, config, value: readValue(cursor) } }
  }
  const quantifier = cursor.eat('(any)') ? 'any' : cursor.eat('(all)') ? 'all' : null
  if (quantifier) {
    if (!isOneOf(QUANTIFIABLE_OPERATORS, operator)) {
      cursor.pos = operatorStart
      throw cursor.error(`unknown quantified operator ${operator}`)
    }
    cursor.expect('.')
    const values = readValue(cursor)
    return { negated, operation: { type: 'quantified', operator, quantifier, values } }
  }
  if (cursor.peek() !== '.') {
    cursor.fail('expecting delimiter (.)')
  }
  if (!isOneOf(SIMPLE_OPERATORS, operator)) {
    cursor.pos = operatorStart
    throw cursor.error(`unknown single value operator ${operator}`)
  }
  cursor.pos += 1
  return { negated, operation: { type: 'simple', operator, value: readValue(cursor) } }
}

function restOfInput(cursor: Cursor): string {
  const value = cursor.input.slice(cursor.pos)
  cursor.pos = cursor.input.length
  return value
}

/** A value inside an `or`/`and` tree: quoted, a `{…}` array literal, or up to `,`/`)`. */
function logicValue(cursor: Cursor): string {
  if (cursor.peek() === '"') {
    const start = cursor.pos
    const value = parseQuoted(cursor)
    if (cursor.atEnd || cursor.peek() === ',' || cursor.peek() === ')') {
      return value
    }
    cursor.pos = start
  }
  if (cursor.peek() === '{') {
    const end = cursor.input.indexOf('}', cursor.pos)
    if (end !== -1) {
      const value = cursor.input.slice(cursor.pos, end + 1)
      cursor.pos = end + 1
      return value
    }
  }
  return parseListElement(cursor)
}

/** A filter's value part (`eq.5`, `not.in.(1,2)`), the whole parameter value. */
export function parseFilterValue(field: Field, text: string): Filter {
  return parseWhole(text, 'filter', (cursor) => ({
    field,
    ...parseOperation(cursor, restOfInput),
  }))
}

function parseLogicTree(cursor: Cursor): LogicTree {
  cursor.skipSpaces()
  const start = cursor.pos
  const negated = cursor.eat('not.')
  const operator = cursor.eat('and(') ? 'and' : cursor.eat('or(') ? 'or' : null
  if (operator) {
    cursor.enter()
    const children = [parseLogicTree(cursor)]
    while (cursor.eat(',')) {
      children.push(parseLogicTree(cursor))
    }
    cursor.leave()
    cursor.skipSpaces()
    cursor.expect(')')
    cursor.skipSpaces()
    return { type: 'logic', operator, negated, children }
  }
  cursor.pos = start
  const field = parseField(cursor)
  cursor.expect('.')
  const operation = parseOperation(cursor, logicValue)
  cursor.skipSpaces()
  return { type: 'filter', filter: { field, ...operation } }
}

/** `or=(…)` / `not.and=(…)`: `operator` is `or`, `and`, `not.or` or `not.and`. */
export function parseLogic(operator: string, text: string): LogicTree {
  return parseWhole(operator + text, 'logic tree', (cursor) => {
    if (!cursor.input.startsWith('(', operator.length)) {
      cursor.pos = operator.length
      cursor.fail('expecting "("')
    }
    return parseLogicTree(cursor)
  })
}

// ---------------------------------------------------------------------------------------------
// order, columns, on_conflict

function parseOrderTerm(cursor: Cursor): OrderTerm {
  cursor.skipSpaces()
  const start = cursor.pos
  let relation: string | null = null
  let field: Field
  const name = parseFieldName(cursor)
  if (cursor.eat('(')) {
    relation = name
    field = parseField(cursor)
    cursor.expect(')')
  } else {
    cursor.pos = start
    field = parseField(cursor)
  }
  let direction: OrderTerm['direction'] = null
  let nulls: OrderTerm['nulls'] = null
  if (cursor.eat('.asc')) {
    direction = 'asc'
  } else if (cursor.eat('.desc')) {
    direction = 'desc'
  }
  if (cursor.eat('.nullsfirst')) {
    nulls = 'first'
  } else if (cursor.eat('.nullslast')) {
    nulls = 'last'
  }
  cursor.skipSpaces()
  if (!cursor.atEnd && cursor.peek() !== ',') {
    cursor.fail(
      direction || nulls
        ? 'expecting "," or end of input'
        : 'expecting "asc", "desc", "nullsfirst" or "nullslast"',
    )
  }
  return { relation, field, direction, nulls }
}

export function parseOrder(text: string): OrderTerm[] {
  return parseWhole(text, 'order', (cursor) => {
    const terms = [parseOrderTerm(cursor)]
    while (cursor.eat(',')) {
      terms.push(parseOrderTerm(cursor))
    }
    return terms
  })
}

function parseNameList(text: string, subject: string): string[] {
  return parseWhole(text, subject, (cursor) => {
    const names = [parseFieldName(cursor)]
    cursor.skipSpaces()
    while (cursor.eat(',')) {
      names.push(parseFieldName(cursor))
      cursor.skipSpaces()
    }
    return names
  })
}

/** A filter key: `col`, `data->a`, `rel.col`, `rel.sub.col->>b`. */
function parseTreePath(text: string): { path: EmbedPath; field: Field } {
  return parseWhole(text, 'tree path', (cursor) => {
    const names = [parseFieldName(cursor)]
    while (cursor.eat('.')) {
      names.push(parseFieldName(cursor))
    }
    const jsonPath = parseJsonPath(cursor)
    const name = names.pop() ?? ''
    return { path: names, field: { name, jsonPath } }
  })
}

function parseCount(text: string, name: 'limit' | 'offset'): number {
  if (!/^-?\d{1,15}$/.test(text)) {
    throw queryParseError(`"failed to parse ${name} (${text})"`, `${name} must be an integer`)
  }
  const value = Number(text)
  if (value < 0) {
    if (name === 'limit') {
      throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', {
        details: 'Limit should be greater than or equal to zero.',
      })
    }
    throw queryParseError(`"failed to parse offset (${text})"`, 'offset must not be negative')
  }
  return value
}

// ---------------------------------------------------------------------------------------------
// The whole query string

/**
 * Splits a raw query string into decoded key/value pairs, in order, keeping repeated keys
 * (`+` is a space, as PostgREST reads it). A key without `=` has no value and is ignored.
 */
export function splitQueryString(query: string): [string, string][] {
  const pairs: [string, string][] = []
  for (const part of query.split('&')) {
    const equals = part.indexOf('=')
    if (part === '' || equals === -1) {
      continue
    }
    const decode = (text: string) => {
      try {
        return decodeURIComponent(text.replaceAll('+', ' '))
      } catch {
        throw queryParseError(
          '"failed to parse query string"',
          `invalid percent-encoding in ${part}`,
        )
      }
    }
    pairs.push([decode(part.slice(0, equals)), decode(part.slice(equals + 1))])
  }
  return pairs
}

/** `rel.sub.order` → path ['rel', 'sub'] and last word 'order' (a `not` is kept apart). */
function splitKey(key: string): { path: string[]; last: string; negated: boolean } {
  const words = key.split('.')
  const last = words.pop() ?? ''
  const negated = words.at(-1) === 'not'
  return { path: negated ? words.slice(0, -1) : words, last, negated }
}

export function parseQuery(
  pairs: [string, string][],
  options: { isArgument?: (key: string) => boolean } = {},
): QueryAst {
  const ast: QueryAst = {
    select: [{ type: 'star' }],
    filters: [],
    logic: [],
    order: [],
    ranges: [],
    columns: null,
    onConflict: null,
    arguments: [],
  }
  const rangeAt = (path: EmbedPath) => {
    const key = path.join('.')
    let range = ast.ranges.find((candidate) => candidate.path.join('.') === key)
    if (!range) {
      range = { path, limit: null, offset: 0 }
      ast.ranges.push(range)
    }
    return range
  }
  for (const [key, value] of pairs) {
    if (key === 'select') {
      ast.select = parseSelect(value)
      continue
    }
    if (key === 'columns') {
      ast.columns = parseNameList(value, 'columns parameter')
      continue
    }
    if (key === 'on_conflict') {
      ast.onConflict = parseNameList(value, 'on_conflict parameter')
      continue
    }
    if (options.isArgument?.(key)) {
      ast.arguments.push([key, value])
      continue
    }
    const { path, last, negated } = splitKey(key)
    if (last === 'or' || last === 'and') {
      ast.logic.push({ path, tree: parseLogic(negated ? `not.${last}` : last, value) })
    } else if (last === 'order') {
      ast.order.push({ path, terms: parseOrder(value) })
    } else if (last === 'limit') {
      rangeAt(path).limit = parseCount(value, 'limit')
    } else if (last === 'offset') {
      rangeAt(path).offset = parseCount(value, 'offset')
    } else {
      ast.filters.push(parseFilterAt(key, value))
    }
  }
  return ast
}

function parseFilterAt(key: string, value: string): { path: EmbedPath; filter: Filter } {
  const { path, field } = parseTreePath(key)
  return { path, filter: parseFilterValue(field, value) }
}
