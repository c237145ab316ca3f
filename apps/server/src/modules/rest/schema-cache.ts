/**
 * What `/rest/v1` knows of the exposed schema, read from pg_catalog: its tables and views with
 * their columns and primary keys, the relationships between them (foreign keys, views included
 * through their base tables' columns), its functions with their parameters, volatility and
 * result shape, and the type names a select may cast to. Every identifier a request names is
 * checked against this cache before it is quoted into SQL.
 *
 * Loaded on first use and refreshed on demand: a request naming something unknown refreshes it
 * (at most once per `minRefreshIntervalMs`) and is retried, so a migration applied while the
 * server runs is picked up without a restart.
 */
import type { Database } from '../../platform/db/pool.ts'
import { RestError } from './errors.ts'
import {
  deriveRelationships,
  type KeyConstraint,
  originKey,
  type Relationship,
  type RelationOrigins,
} from './relationships.ts'
import { viewColumnOrigins } from './view-column-origins.ts'

export type Column = {
  name: string
  /** The SQL type as `format_type` renders it (`uuid`, `text[]`, `timestamp with time zone`). */
  type: string
  /** The default expression as `pg_get_expr` renders it (`now()`), null when none. */
  defaultSql: string | null
}

export type Relation = {
  name: string
  kind: 'table' | 'view'
  /** In attribute order. */
  columns: Column[]
  columnsByName: Map<string, Column>
  /** A view's is its base table's, when it shows that table's key columns. */
  primaryKey: string[]
  /** The writes PostgreSQL can apply to it (a view joining tables takes none). */
  writable: { insert: boolean; update: boolean; delete: boolean }
}

export type RoutineParameter = { name: string; type: string; hasDefault: boolean }

export type Routine = {
  name: string
  /** Input parameters, in order. */
  parameters: RoutineParameter[]
  volatility: 'volatile' | 'stable' | 'immutable'
  returnsSet: boolean
  returnType: string
  /** Columns of a composite result (`returns table`, `setof t`, OUT parameters), else null. */
  returnColumns: Column[] | null
  /** The exposed relation whose rows it returns (`returns setof messages`), else null. */
  returnRelation: string | null
  /** Rows the planner expects (`rows 1` marks a set-returning function as returning one). */
  rows: number
  /**
   * The exposed relation whose row is its only parameter, else null: a computed field of that
   * relation (scalar result) or a computed relationship from it (rows of a relation).
   */
  rowParameterOf: string | null
}

export type SchemaCache = {
  schema: string
  relations: Map<string, Relation>
  /** By embedding relation name. */
  relationships: Map<string, Relationship[]>
  /** By name; several entries are overloads. */
  routines: Map<string, Routine[]>
  /** Cast names a select may use (`text`, `int`, `double precision`, …) → the quoted type. */
  castTypes: Map<string, string>
  /** By relation, its computed fields: functions of its row returning a scalar, by name. */
  computedFields: Map<string, Map<string, Routine>>
}

export type SchemaCacheHandle = {
  /** The cache, loaded on first use. */
  current: () => Promise<SchemaCache>
  refresh: () => Promise<SchemaCache>
  /**
   * Runs `work` against the cache; when it fails naming something the cache does not know,
   * refreshes the cache (if it is older than the minimum interval) and runs it once more.
   */
  withSchema: <T>(work: (schema: SchemaCache) => Promise<T>) => Promise<T>
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

// ---------------------------------------------------------------------------------------------
// Introspection

const RELATION_KINDS = `('r', 'p', 'v', 'm', 'f')`
const SYSTEM_SCHEMAS = `('pg_catalog'::regnamespace, 'information_schema'::regnamespace)`

type RelationRow = { oid: number; name: string; kind: string; updatable: number }
type ColumnRow = {
  relation: number
  attnum: number
  name: string
  type: string
  default_sql: string | null
}
type ConstraintRow = {
  name: string
  kind: 'p' | 'u' | 'f'
  relation: number
  attnums: number[]
  foreign_relation: number
  foreign_attnums: number[] | null
}
type RuleRow = { view: number; action: string }
type RoutineRow = {
  name: string
  volatility: 'v' | 's' | 'i'
  returns_set: boolean
  return_type: string
  return_relation: number
  arg_names: string[]
  arg_modes: string[]
  arg_types: string[]
  default_count: number
  rows: number
  input_relations: number[]
}
type TypeRow = { schema: string; name: string }

async function introspect(db: Database, schema: string) {
  const [relations, columns, constraints, rules, routines, types] = await Promise.all([
    db.query<RelationRow>(
      `select c.oid, c.relname as name, c.relkind as kind,
              pg_catalog.pg_relation_is_updatable(c.oid, true) as updatable
       from pg_catalog.pg_class as c
       where c.relnamespace = $1::regnamespace and c.relkind in ${RELATION_KINDS}`,
      [schema],
    ),
    db.query<ColumnRow>(
      `select a.attrelid as relation, a.attnum, a.attname as name,
              pg_catalog.format_type(a.atttypid, a.atttypmod) as type,
              coalesce(pg_catalog.pg_get_expr(d.adbin, d.adrelid),
                       -- an identity column's default is its sequence's next value
                       case when a.attidentity = 'd' then pg_catalog.format('nextval(%L::regclass)',
                         pg_catalog.pg_get_serial_sequence(c.oid::regclass::text, a.attname)) end)
                as default_sql
       from pg_catalog.pg_attribute as a
       join pg_catalog.pg_class as c on c.oid = a.attrelid
       left join pg_catalog.pg_attrdef as d on d.adrelid = a.attrelid and d.adnum = a.attnum
       where a.attnum > 0 and not a.attisdropped
         and (c.relnamespace = $1::regnamespace and c.relkind in ${RELATION_KINDS}
              -- views elsewhere (a view over them has their columns' origins)
              or c.relkind in ('v', 'm') and c.relnamespace not in ${SYSTEM_SCHEMAS}
              -- row types that functions of the schema return
              or c.oid in (select t.typrelid
                           from pg_catalog.pg_proc as f
                           join pg_catalog.pg_type as t on t.oid = f.prorettype
                           where f.pronamespace = $1::regnamespace))
       order by a.attrelid, a.attnum`,
      [schema],
    ),
    db.query<ConstraintRow>(
      `select con.conname as name, con.contype as kind, con.conrelid as relation,
              con.conkey as attnums, con.confrelid as foreign_relation,
              con.confkey as foreign_attnums
       from pg_catalog.pg_constraint as con
       where con.contype in ('p', 'u', 'f') and con.conrelid <> 0
         and con.connamespace not in ${SYSTEM_SCHEMAS}`,
    ),
    db.query<RuleRow>(
      `select r.ev_class as view, r.ev_action::text as action
       from pg_catalog.pg_rewrite as r
       join pg_catalog.pg_class as c on c.oid = r.ev_class
       where r.rulename = '_RETURN' and c.relkind in ('v', 'm')
         and c.relnamespace not in ${SYSTEM_SCHEMAS}`,
    ),
    db.query<RoutineRow>(
      `select f.proname as name, f.provolatile as volatility, f.proretset as returns_set,
              pg_catalog.format_type(f.prorettype, null) as return_type,
              t.typrelid as return_relation,
              coalesce(f.proargnames, '{}') as arg_names,
              coalesce(f.proargmodes::text[], '{}') as arg_modes,
              (select coalesce(pg_catalog.array_agg(pg_catalog.format_type(a.type, null)
                                                    order by a.position), '{}')
               from unnest(coalesce(f.proallargtypes, f.proargtypes::oid[]))
                    with ordinality as a(type, position)) as arg_types,
              f.pronargdefaults as default_count,
              f.prorows::float8 as rows,
              (select coalesce(pg_catalog.array_agg(it.typrelid order by a.position), '{}')
               from unnest(f.proargtypes::oid[]) with ordinality as a(type, position)
               join pg_catalog.pg_type as it on it.oid = a.type) as input_relations
       from pg_catalog.pg_proc as f
       join pg_catalog.pg_type as t on t.oid = f.prorettype
       where f.pronamespace = $1::regnamespace and f.prokind = 'f'
         and f.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
         -- An extension's functions are not the API (pgcrypto lives in public here, in
         -- the extensions schema on Supabase; crypt() with a high cost would be a denial of service).
         and not exists (select 1 from pg_catalog.pg_depend as d
                         where d.classid = 'pg_catalog.pg_proc'::regclass
                           and d.objid = f.oid and d.deptype = 'e')`,
      [schema],
    ),
    db.query<TypeRow>(
      `select n.nspname as schema, t.typname as name
       from pg_catalog.pg_type as t
       join pg_catalog.pg_namespace as n on n.oid = t.typnamespace
       where n.nspname in ('pg_catalog', $1) and t.typisdefined
         and t.typtype in ('b', 'd', 'e', 'r', 'm') and t.typcategory <> 'A'`,
      [schema],
    ),
  ])
  return {
    relations: relations.rows,
    columns: columns.rows,
    constraints: constraints.rows,
    rules: rules.rows,
    routines: routines.rows,
    types: types.rows,
  }
}

// ---------------------------------------------------------------------------------------------
// Assembly

/** SQL spellings of built-in types that are not their catalogue names. */
const TYPE_ALIASES: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  real: 'float4',
  float: 'float8',
  'double precision': 'float8',
  boolean: 'bool',
  decimal: 'numeric',
  'character varying': 'varchar',
  character: 'bpchar',
  char: 'bpchar',
  'timestamp with time zone': 'timestamptz',
  'timestamp without time zone': 'timestamp',
  'time with time zone': 'timetz',
  'time without time zone': 'time',
}

function castTypesFrom(rows: TypeRow[], schema: string): Map<string, string> {
  const types = new Map<string, string>()
  // The exposed schema's types first, so a built-in of the same name wins (pg_catalog is
  // searched first by PostgreSQL too).
  const ordered = [...rows].sort(
    (a, b) => Number(a.schema !== schema) - Number(b.schema !== schema),
  )
  for (const row of ordered) {
    types.set(row.name, `${quoteIdentifier(row.schema)}.${quoteIdentifier(row.name)}`)
  }
  for (const [alias, name] of Object.entries(TYPE_ALIASES)) {
    const type = types.get(name)
    if (type) {
      types.set(alias, type)
    }
  }
  return types
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>()
  for (const item of items) {
    const group = groups.get(key(item))
    if (group) {
      group.push(item)
    } else {
      groups.set(key(item), [item])
    }
  }
  return groups
}

function routineFrom(
  row: RoutineRow,
  columnsOf: Map<number, ColumnRow[]>,
  relationNames: Map<number, string>,
): Routine {
  const modes = row.arg_modes.length ? row.arg_modes : row.arg_types.map(() => 'i')
  const parameters: RoutineParameter[] = []
  const outputs: Column[] = []
  row.arg_types.forEach((type, index) => {
    const mode = modes[index] ?? 'i'
    const name = row.arg_names[index] ?? ''
    if (mode === 'i' || mode === 'b' || mode === 'v') {
      parameters.push({ name, type, hasDefault: false })
    }
    if (mode === 'o' || mode === 'b' || mode === 't') {
      outputs.push({ name, type, defaultSql: null })
    }
  })
  // The last `default_count` input parameters have defaults.
  parameters.slice(parameters.length - row.default_count).forEach((parameter) => {
    parameter.hasDefault = true
  })
  const relationColumns = columnsOf.get(row.return_relation)
  const returnColumns = relationColumns
    ? relationColumns.map(({ name, type }) => ({ name, type, defaultSql: null }))
    : outputs.length
      ? outputs
      : null
  const volatility = { v: 'volatile', s: 'stable', i: 'immutable' } as const
  return {
    name: row.name,
    parameters,
    volatility: volatility[row.volatility],
    returnsSet: row.returns_set,
    returnType: row.return_type,
    returnColumns,
    returnRelation: relationNames.get(row.return_relation) ?? null,
    rows: row.rows,
    rowParameterOf:
      parameters.length === 1 && row.input_relations.length === 1
        ? (relationNames.get(row.input_relations[0] ?? 0) ?? null)
        : null,
  }
}

/** Each exposed relation's columns mapped to the base-table columns they show. */
function originsOf(
  relations: RelationRow[],
  columnsOf: Map<number, ColumnRow[]>,
  rules: RuleRow[],
): RelationOrigins[] {
  const viewOrigins = new Map(rules.map((rule) => [rule.view, viewColumnOrigins(rule.action)]))
  // A view over a view: follow the chain to the base table (bounded, views cannot be cyclic).
  const resolve = (tableOid: number, attnum: number, hops = 0): string => {
    const inner = viewOrigins.get(tableOid)
    if (!inner || hops > 32) {
      return originKey(tableOid, attnum)
    }
    const name = columnsOf.get(tableOid)?.find((column) => column.attnum === attnum)?.name
    const next = name === undefined ? undefined : inner.get(name)
    return next ? resolve(next.tableOid, next.attnum, hops + 1) : originKey(tableOid, attnum)
  }
  return relations.map((relation) => {
    const origins = new Map<string, string>()
    for (const column of columnsOf.get(relation.oid) ?? []) {
      origins.set(column.name, resolve(relation.oid, column.attnum))
    }
    const isTable = relation.kind !== 'v' && relation.kind !== 'm'
    return { name: relation.name, origins, ...(isTable ? { tableOid: relation.oid } : {}) }
  })
}

/**
 * A relation's primary key: its own, or for a view the primary key of a base table whose key
 * columns it shows (as PostgREST infers it), under the view's column names.
 */
function primaryKeyOf(origins: RelationOrigins, primaryKeys: ConstraintRow[]): string[] {
  const byOrigin = new Map([...origins.origins].map(([column, origin]) => [origin, column]))
  for (const key of primaryKeys) {
    const columns = key.attnums.map((attnum) => byOrigin.get(originKey(key.relation, attnum)))
    if (columns.every((column) => column !== undefined)) {
      return columns
    }
  }
  return []
}

export async function loadSchemaCache(db: Database, schema: string): Promise<SchemaCache> {
  const rows = await introspect(db, schema)
  const columnsOf = groupBy(rows.columns, (column) => column.relation)
  const origins = originsOf(rows.relations, columnsOf, rows.rules)
  const primaryKeys = rows.constraints.filter((constraint) => constraint.kind === 'p')

  const relations = new Map<string, Relation>()
  rows.relations.forEach((row, index) => {
    const columns = (columnsOf.get(row.oid) ?? []).map(({ name, type, default_sql }) => ({
      name,
      type,
      defaultSql: default_sql,
    }))
    relations.set(row.name, {
      name: row.name,
      kind: row.kind === 'v' || row.kind === 'm' ? 'view' : 'table',
      columns,
      columnsByName: new Map(columns.map((column) => [column.name, column])),
      primaryKey: origins[index] ? primaryKeyOf(origins[index], primaryKeys) : [],
      // pg_relation_is_updatable's bits: 8 insert, 4 update, 16 delete.
      writable: {
        insert: (row.updatable & 8) !== 0,
        update: (row.updatable & 4) !== 0,
        delete: (row.updatable & 16) !== 0,
      },
    })
  })

  const constraints: KeyConstraint[] = rows.constraints.map((row) => ({
    name: row.name,
    kind: row.kind === 'p' ? 'primary' : row.kind === 'u' ? 'unique' : 'foreign',
    tableOid: row.relation,
    attnums: row.attnums,
    foreignTableOid: row.foreign_relation,
    foreignAttnums: row.foreign_attnums ?? [],
  }))
  const relationNames = new Map(rows.relations.map((r) => [r.oid, r.name]))
  const routines = rows.routines.map((row) => routineFrom(row, columnsOf, relationNames))
  const computedFields = new Map<string, Map<string, Routine>>()
  const computedRelationships: Relationship[] = []
  for (const routine of routines) {
    const of = routine.rowParameterOf
    if (of === null) {
      continue
    }
    if (routine.returnRelation !== null) {
      // A function of a row returning rows of a relation: embeddable under its name.
      const toOne = !routine.returnsSet || routine.rows === 1
      computedRelationships.push({
        constraint: routine.name,
        cardinality: toOne ? 'many-to-one' : 'one-to-many',
        table: of,
        columns: [],
        foreignTable: routine.returnRelation,
        foreignColumns: [],
        computed: routine.name,
      })
    } else if (routine.returnColumns === null && routine.returnType !== 'void') {
      const fields = computedFields.get(of) ?? new Map<string, Routine>()
      fields.set(routine.name, routine)
      computedFields.set(of, fields)
    }
  }
  const relationships = groupBy(
    [...deriveRelationships(origins, constraints), ...computedRelationships],
    (r) => r.table,
  )

  return {
    schema,
    relations,
    relationships,
    routines: groupBy(routines, (routine) => routine.name),
    castTypes: castTypesFrom(rows.types, schema),
    computedFields,
  }
}

export function createSchemaCache(
  db: Database,
  options: { schema: string; minRefreshIntervalMs?: number; now?: () => number },
): SchemaCacheHandle {
  const minRefreshIntervalMs = options.minRefreshIntervalMs ?? 2_000
  const now = options.now ?? Date.now
  let latest: Promise<SchemaCache> | null = null
  let inFlight: Promise<SchemaCache> | null = null
  let loadedAt = Number.NEGATIVE_INFINITY

  // Concurrent callers share one load; only a successful load replaces the current cache.
  const refresh = () => {
    inFlight ??= loadSchemaCache(db, options.schema).then(
      (cache) => {
        loadedAt = now()
        latest = Promise.resolve(cache)
        inFlight = null
        return cache
      },
      (error: unknown) => {
        inFlight = null
        throw new RestError(
          503,
          'PGRST002',
          'Could not query the database for the schema cache. Retrying.',
          { details: error instanceof Error ? error.message : null },
        )
      },
    )
    return inFlight
  }
  const current = () => latest ?? refresh()

  return {
    current,
    refresh,
    withSchema: async (work) => {
      try {
        return await work(await current())
      } catch (error) {
        const stale = now() - loadedAt >= minRefreshIntervalMs
        if (error instanceof RestError && error.schemaMiss && stale) {
          return work(await refresh())
        }
        throw error
      }
    },
  }
}
