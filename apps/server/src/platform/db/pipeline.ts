/**
 * Several statements in one network round trip (PostgreSQL's extended protocol): each
 * statement's Parse (only the first time a named one is used on a connection), Bind, Describe
 * and Execute, then ONE Sync. Without an explicit `begin`, the statements up to that Sync run
 * in one implicit transaction: settings made with `set_config(…, true)` by the first hold for
 * the next ones and end with it, an error rolls everything back, and success commits. Each
 * statement is parsed after the previous one ran, so a role switched by the first is the role
 * the next is analysed (and its row-level security applied) under.
 *
 * Named statements stay prepared on their connection, warm for the next request of the same
 * shape, but only the `PREPARED_PER_CONNECTION` most recently used: the oldest is closed
 * (Close in the same round trip) so neither this process nor the backend grows with the
 * number of query shapes it has seen. No value is ever written into the SQL text: values
 * travel as Bind parameters.
 */
import { createHash } from 'node:crypto'
import { EventEmitter } from 'node:events'
import { createRequire } from 'node:module'
import type pg from 'pg'
import type { Queryable } from './pool.ts'

// `pg`'s own row parsing and parameter encoding (untyped internals, stable across 8.x).
const require = createRequire(import.meta.url)
const Result = require('pg/lib/result.js') as new (rowMode: undefined, types: undefined) => unknown
const { prepareValue } = require('pg/lib/utils.js') as { prepareValue: (value: unknown) => unknown }

export type PipelineStatement = {
  text: string
  values?: unknown[]
  /** Keep it prepared on the connection under this name (see `statementName`). */
  name?: string
}

/** How many named statements one connection keeps prepared at most. */
export const PREPARED_PER_CONNECTION = 64

/** Statement names already computed, by prefix and text (hashing each use cost ~2% of a grant). */
const knownNames = new Map<string, string>()
/** Query shapes are few (each a text in the code, or a /rest/v1 shape); the bound is a guard. */
const KNOWN_NAMES_LIMIT = 1024

/** A stable statement name for a SQL text: the same text always gets the same name. */
export function statementName(prefix: string, text: string): string {
  const key = `${prefix}\0${text}`
  let name = knownNames.get(key)
  if (name === undefined) {
    name = `${prefix}_${createHash('sha1').update(text).digest('base64url')}`
    if (knownNames.size >= KNOWN_NAMES_LIMIT) {
      knownNames.delete(knownNames.keys().next().value as string)
    }
    knownNames.set(key, name)
  }
  return name
}

/** The protocol connection of a `pg` client (its `connection`), as far as used here. */
type Connection = EventEmitter & {
  parsedStatements: Record<string, string>
  stream: { cork?: () => void; uncork?: () => void }
  parse(message: { text: string; name: string; types: unknown[] }): void
  bind(message: {
    portal: string
    statement: string
    values: unknown[]
    valueMapper: (value: unknown) => unknown
  }): void
  describe(message: { type: 'P'; name: string }): void
  execute(message: { portal: string; rows: number }): void
  close(message: { type: 'S'; name: string }): void
  sync(): void
}

type ResultObject = pg.QueryResult & {
  addFields(fields: unknown[]): void
  parseRow(values: unknown[]): unknown
  addRow(row: unknown): void
  addCommandComplete(message: unknown): void
}

/** Per connection: the names prepared by pipelines, least recently used first. */
const prepared = new WeakMap<Connection, Map<string, string>>()

function preparedOn(connection: Connection): Map<string, string> {
  let names = prepared.get(connection)
  if (!names) {
    names = new Map()
    prepared.set(connection, names)
  }
  return names
}

/** A `pg` submittable sending every statement, then one Sync. */
class PipelinedQuery extends EventEmitter {
  readonly results: ResultObject[]
  private index = 0
  /** Names of the statements whose Parse was sent, in order ('' for unnamed). */
  private readonly parsing: string[] = []
  private connection: Connection | null = null
  private settled = false
  private failure: Error | null = null
  callback?: (error: Error | null, results?: ResultObject[]) => void

  private readonly statements: PipelineStatement[]

  constructor(statements: PipelineStatement[]) {
    super()
    this.statements = statements
    this.results = statements.map(() => new Result(undefined, undefined) as ResultObject)
  }

  private readonly onParseComplete = () => {
    const name = this.parsing.shift()
    if (name && this.connection) {
      preparedOn(this.connection).set(name, '')
      this.connection.parsedStatements[name] = name
    }
  }

  submit(connection: Connection): null {
    this.connection = connection
    const names = preparedOn(connection)
    connection.on('parseComplete', this.onParseComplete)
    connection.stream.cork?.()
    try {
      for (const statement of this.statements) {
        const name = statement.name ?? ''
        if (name && names.has(name)) {
          // Used again: now the most recently used.
          names.delete(name)
          names.set(name, '')
        } else {
          if (name && names.size >= PREPARED_PER_CONNECTION) {
            const oldest = names.keys().next().value as string
            names.delete(oldest)
            delete connection.parsedStatements[oldest]
            connection.close({ type: 'S', name: oldest })
          }
          connection.parse({ text: statement.text, name, types: [] })
          this.parsing.push(name)
        }
        connection.bind({
          portal: '',
          statement: name,
          values: statement.values ?? [],
          valueMapper: prepareValue,
        })
        connection.describe({ type: 'P', name: '' })
        connection.execute({ portal: '', rows: 0 })
      }
      connection.sync()
    } finally {
      connection.stream.uncork?.()
    }
    return null
  }

  private current(): ResultObject | undefined {
    return this.results[this.index]
  }

  handleRowDescription(message: { fields: unknown[] }) {
    this.current()?.addFields(message.fields)
  }

  handleDataRow(message: { fields: unknown[] }) {
    const result = this.current()
    if (!result || this.failure) {
      return
    }
    try {
      result.addRow(result.parseRow(message.fields))
    } catch (error) {
      this.failure = error as Error
    }
  }

  handleCommandComplete(message: unknown) {
    this.current()?.addCommandComplete(message)
    this.index++
  }

  handleEmptyQuery() {
    this.index++
  }

  handlePortalSuspended() {}

  handleCopyInResponse() {}

  handleCopyData() {}

  handleError(error: Error) {
    this.settle(error)
  }

  handleReadyForQuery() {
    this.settle(this.failure)
  }

  private settle(error: Error | null) {
    if (this.settled) {
      return
    }
    this.settled = true
    this.connection?.off('parseComplete', this.onParseComplete)
    if (error) {
      this.callback?.(error)
    } else {
      this.callback?.(null, this.results)
    }
  }
}

/**
 * Runs `statements` on `client` in one round trip and one implicit transaction (unless the
 * client is inside an explicit one), resolving to each statement's result.
 */
export function queryPipeline(
  client: pg.ClientBase,
  statements: PipelineStatement[],
): Promise<pg.QueryResult[]> {
  return new Promise((resolve, reject) => {
    const query = new PipelinedQuery(statements)
    query.callback = (error, results) => (error ? reject(error) : resolve(results ?? []))
    void client.query(query as unknown as pg.QueryConfig)
  })
}

/**
 * A stand-in for a client that collects queries instead of sending them: repository functions
 * given it (`query(text, values)` or `query({ text, values })`) issue their statements as
 * usual, and `flush` sends every statement issued so far in one round trip, resolving each
 * caller's promise with its own result (or rejecting all with the error). Statements are kept
 * prepared, named by their text. Inside an explicit transaction the pipeline joins it;
 * otherwise the batch is one implicit transaction.
 *
 * A batch is sent once: a function that issues its second statement only after its first
 * answered cannot be batched, and a query made after the flush is refused at once (rather
 * than waiting forever for a flush that never comes).
 */
export type Batch = {
  query: (
    config: string | { text: string; values?: unknown[] },
    values?: unknown[],
  ) => Promise<pg.QueryResult>
  /** The batch as the repositories' `Queryable` (they only call `query(text, values)`). */
  db: Queryable
  flush: () => Promise<void>
}

export function createBatch(client: pg.ClientBase, prefix = 'batch'): Batch {
  type Pending = {
    statement: PipelineStatement
    resolve: (result: pg.QueryResult) => void
    reject: (error: unknown) => void
  }
  let pending: Pending[] = []
  let sent = false
  const batch: Batch = {
    query(config, values) {
      const text = typeof config === 'string' ? config : config.text
      const params = typeof config === 'string' ? values : (config.values ?? values)
      if (sent) {
        return Promise.reject(new Error(`A statement issued after its batch was sent: ${text}`))
      }
      return new Promise((resolve, reject) => {
        pending.push({
          statement: { text, values: params ?? [], name: statementName(prefix, text) },
          resolve,
          reject,
        })
      })
    },
    get db() {
      return batch as unknown as Queryable
    },
    async flush() {
      sent = true
      const queued = pending
      pending = []
      if (queued.length === 0) {
        return
      }
      try {
        const results = await queryPipeline(
          client,
          queued.map((entry) => entry.statement),
        )
        queued.forEach((entry, index) => entry.resolve(results[index] as pg.QueryResult))
      } catch (error) {
        for (const entry of queued) {
          entry.reject(error)
        }
        throw error
      }
    },
  }
  return batch
}

/**
 * Sends `batch` and resolves to each of `queries`' outcomes, the promises of the calls that
 * issued their statements on it (`repository.find(batch.db, …)`).
 */
export async function flushed<T extends readonly unknown[] | []>(
  batch: Batch,
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const all = Promise.all(queries)
  // A failed flush rejects every query too: that rejection is the flush's, thrown below.
  all.catch(() => undefined)
  await batch.flush()
  return all
}
