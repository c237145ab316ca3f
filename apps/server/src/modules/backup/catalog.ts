import type pg from 'pg'

/**
 * What a backup holds of the database: every table of the schemas the product owns, read from
 * PostgreSQL's catalog (no table is named here: the owners' tables are found, not listed).
 * pg-boss's `pgboss` schema is left out on purpose: its queued and finished jobs describe work
 * of the moment (ADR 0033); the server recreates its schema and queues on start.
 */
export const BACKED_UP_SCHEMAS = ['app_migrations', 'auth', 'storage', 'public'] as const

export type Column = { name: string; type: string }
export type TableShape = { schema: string; name: string; columns: Column[] }
export type SequenceValue = { schema: string; name: string; lastValue: string; isCalled: boolean }

type Client = pg.Client | pg.PoolClient

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`
export const qualified = (table: { schema: string; name: string }) =>
  `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`

/** The tables (not partitions, not views), their stored columns (generated ones are derived). */
export async function readTableShapes(client: Client): Promise<TableShape[]> {
  const { rows } = await client.query<{ schema: string; name: string; columns: Column[] }>(
    `select n.nspname as schema, c.relname as name,
            coalesce(json_agg(json_build_object('name', a.attname,
                       'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
                     filter (where a.attnum is not null), '[]') as columns
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                              and a.attgenerated = ''
     where n.nspname = any ($1) and c.relkind in ('r', 'p') and not c.relispartition
     group by n.nspname, c.relname
     order by n.nspname, c.relname`,
    [BACKED_UP_SCHEMAS],
  )
  return rows
}

/** Every sequence's position (identity columns' and serials' included). */
export async function readSequences(client: Client): Promise<SequenceValue[]> {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any ($1) and c.relkind = 'S'
     order by 1, 2`,
    [BACKED_UP_SCHEMAS],
  )
  const values: SequenceValue[] = []
  for (const sequence of rows) {
    const { rows: state } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${qualified(sequence)}`,
    )
    values.push({
      ...sequence,
      lastValue: state[0]!.last_value,
      isCalled: state[0]!.is_called,
    })
  }
  return values
}

/**
 * A table's rows as PostgreSQL prints them: one JSON array per row, each value the column's
 * text form (what `COPY` writes) or null. Text forms read back through each type's own input
 * function, so every type round-trips exactly (timestamps, numerics, arrays, jsonb, bytea).
 */
export function rowsAsJsonSql(table: TableShape): string {
  const values = table.columns.map((column) => `${quoteIdent(column.name)}::text`).join(', ')
  return `select json_build_array(${values})::text as line from ${qualified(table)}`
}

/** Inserts rows given as one JSON array of such row arrays (`$1`), as the table's types. */
export function insertRowsSql(table: TableShape): string {
  const columns = table.columns.map((column) => quoteIdent(column.name)).join(', ')
  const values = table.columns
    .map((column, index) => `(r.value ->> ${index})::${column.type}`)
    .join(', ')
  return `insert into ${qualified(table)} (${columns}) overriding system value
          select ${values} from jsonb_array_elements($1::jsonb) as r`
}
