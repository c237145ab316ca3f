/**
 * The relationships embedding can follow, derived from foreign keys the way PostgREST derives
 * them: a foreign key from table T to table R relates every exposed relation showing T's key
 * columns (T itself, or a view over it) to every exposed relation showing R's referenced
 * columns, in both directions. From the referencing side it is many-to-one (one-to-one when the
 * key columns are unique in T); from the referenced side one-to-many (or one-to-one).
 * Many-to-many through junction tables is not derived.
 */

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many'

/** The table a many-to-many relationship goes through, and its columns to each side. */
export type Junction = {
  table: string
  /** Its columns matching the embedding relation's `columns`. */
  columns: string[]
  /** Its columns matching the embedded relation's `foreignColumns`. */
  foreignColumns: string[]
  constraint: string
  foreignConstraint: string
}

export type Relationship = {
  /** The foreign-key constraint's name (usable as an embed hint). */
  constraint: string
  cardinality: Cardinality
  /** The relation that embeds, and its columns that join. */
  table: string
  columns: string[]
  /** The embedded relation and its matching columns (same order). */
  foreignTable: string
  foreignColumns: string[]
  /** For many-to-many: the junction table joining them. */
  junction?: Junction
  /** A computed relationship: the function of the embedding row returning the embedded rows. */
  computed?: string
}

/** An exposed relation and, per column, the base-table column it shows (`"<oid>:<attnum>"`). */
export type RelationOrigins = {
  name: string
  origins: Map<string, string>
  /** The base table's oid (a view has none). */
  tableOid?: number
}

export type KeyConstraint = {
  name: string
  kind: 'primary' | 'unique' | 'foreign'
  tableOid: number
  attnums: number[]
  /** For foreign keys: the referenced table and columns (same order as `attnums`). */
  foreignTableOid: number
  foreignAttnums: number[]
}

export function originKey(tableOid: number, attnum: number): string {
  return `${tableOid}:${attnum}`
}

/** Relations showing all of the given base-table columns, with their own column names. */
function relationsShowing(relations: RelationOrigins[], keys: string[]) {
  const found: { name: string; columns: string[] }[] = []
  for (const relation of relations) {
    const byOrigin = new Map<string, string>()
    for (const [column, origin] of relation.origins) {
      if (!byOrigin.has(origin)) {
        byOrigin.set(origin, column)
      }
    }
    const columns = keys.map((key) => byOrigin.get(key))
    if (columns.every((column) => column !== undefined)) {
      found.push({ name: relation.name, columns })
    }
  }
  return found
}

export function deriveRelationships(
  relations: RelationOrigins[],
  constraints: KeyConstraint[],
): Relationship[] {
  const uniqueKeys = constraints
    .filter((constraint) => constraint.kind !== 'foreign')
    .map((constraint) => ({
      tableOid: constraint.tableOid,
      key: [...constraint.attnums].sort((a, b) => a - b).join(','),
    }))
  const isUnique = (tableOid: number, attnums: number[]) => {
    const key = [...attnums].sort((a, b) => a - b).join(',')
    return uniqueKeys.some((unique) => unique.tableOid === tableOid && unique.key === key)
  }

  const relationships: Relationship[] = []
  for (const foreignKey of constraints.filter((constraint) => constraint.kind === 'foreign')) {
    const sources = relationsShowing(
      relations,
      foreignKey.attnums.map((attnum) => originKey(foreignKey.tableOid, attnum)),
    )
    const targets = relationsShowing(
      relations,
      foreignKey.foreignAttnums.map((attnum) => originKey(foreignKey.foreignTableOid, attnum)),
    )
    const oneToOne = isUnique(foreignKey.tableOid, foreignKey.attnums)
    for (const source of sources) {
      for (const target of targets) {
        relationships.push({
          constraint: foreignKey.name,
          cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
          table: source.name,
          columns: source.columns,
          foreignTable: target.name,
          foreignColumns: target.columns,
        })
        relationships.push({
          constraint: foreignKey.name,
          cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
          table: target.name,
          columns: target.columns,
          foreignTable: source.name,
          foreignColumns: source.columns,
        })
      }
    }
  }
  relationships.push(...manyToMany(relations, constraints))
  return relationships
}

/**
 * Many-to-many relationships, as PostgREST derives them: a base table with foreign keys to two
 * tables whose columns are all part of its primary key joins those tables (both directions).
 */
function manyToMany(relations: RelationOrigins[], constraints: KeyConstraint[]): Relationship[] {
  const tables = new Map<number, RelationOrigins>()
  for (const relation of relations) {
    if (relation.tableOid !== undefined) {
      tables.set(relation.tableOid, relation)
    }
  }
  const columnName = (relation: RelationOrigins, tableOid: number, attnum: number) => {
    const key = originKey(tableOid, attnum)
    for (const [column, origin] of relation.origins) {
      if (origin === key) {
        return column
      }
    }
    return undefined
  }
  const names = (tableOid: number, attnums: number[]) => {
    const relation = tables.get(tableOid)
    const columns = relation ? attnums.map((attnum) => columnName(relation, tableOid, attnum)) : []
    return relation && columns.every((column) => column !== undefined)
      ? { relation, columns }
      : null
  }
  const relationships: Relationship[] = []
  for (const primaryKey of constraints.filter((constraint) => constraint.kind === 'primary')) {
    const junction = tables.get(primaryKey.tableOid)
    if (!junction) {
      continue
    }
    const keys = constraints.filter(
      (constraint) =>
        constraint.kind === 'foreign' &&
        constraint.tableOid === primaryKey.tableOid &&
        constraint.attnums.every((attnum) => primaryKey.attnums.includes(attnum)),
    )
    for (const left of keys) {
      for (const right of keys) {
        if (left === right) {
          continue
        }
        const from = names(left.foreignTableOid, left.foreignAttnums)
        const to = names(right.foreignTableOid, right.foreignAttnums)
        const viaLeft = names(left.tableOid, left.attnums)
        const viaRight = names(right.tableOid, right.attnums)
        if (!from || !to || !viaLeft || !viaRight) {
          continue
        }
        relationships.push({
          constraint: left.name,
          cardinality: 'many-to-many',
          table: from.relation.name,
          columns: from.columns,
          foreignTable: to.relation.name,
          foreignColumns: to.columns,
          junction: {
            table: junction.name,
            columns: viaLeft.columns,
            foreignColumns: viaRight.columns,
            constraint: left.name,
            foreignConstraint: right.name,
          },
        })
      }
    }
  }
  return relationships
}
