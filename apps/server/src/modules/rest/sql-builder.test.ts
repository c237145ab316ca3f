import { describe, expect, it } from 'vitest'
import { RestError } from './errors.ts'
import { parseQuery, splitQueryString } from './query-grammar.ts'
import { planRead } from './read-plan.ts'
import type { Relationship } from './relationships.ts'
import type { Column, Relation, Routine, SchemaCache } from './schema-cache.ts'
import {
  buildMutationRead,
  buildRead,
  createSqlContext,
  deleteSql,
  insertSql,
  relationSource,
  routineCall,
  routineSource,
  updateSql,
} from './sql-builder.ts'

function relation(
  name: string,
  columns: [string, string, string?][],
  primaryKey = ['id'],
): Relation {
  const list: Column[] = columns.map(([column, type, defaultSql]) => ({
    name: column,
    type,
    defaultSql: defaultSql ?? null,
  }))
  return {
    name,
    kind: 'table',
    columns: list,
    columnsByName: new Map(list.map((column) => [column.name, column])),
    primaryKey,
    writable: { insert: true, update: true, delete: true },
  }
}

const jobs = relation('jobs', [
  ['id', 'uuid', 'gen_random_uuid()'],
  ['title', 'text'],
  ['data', 'jsonb'],
  ['search', 'tsvector'],
  ['we"ird', 'text'],
])
const applications = relation('job_applications', [
  ['id', 'uuid', 'gen_random_uuid()'],
  ['user_id', 'uuid'],
  ['job_id', 'uuid'],
  ['referred_job_id', 'uuid'],
  ['status', 'text', "'SAVED'::text"],
])

function foreignKey(constraint: string, column: string): Relationship[] {
  return [
    {
      constraint,
      cardinality: 'many-to-one',
      table: 'job_applications',
      columns: [column],
      foreignTable: 'jobs',
      foreignColumns: ['id'],
    },
    {
      constraint,
      cardinality: 'one-to-many',
      table: 'jobs',
      columns: ['id'],
      foreignTable: 'job_applications',
      foreignColumns: [column],
    },
  ]
}

function schemaWith(relationships: Relationship[]): SchemaCache {
  return {
    schema: 'public',
    relations: new Map([
      ['jobs', jobs],
      ['job_applications', applications],
    ]),
    relationships: new Map([
      ['jobs', relationships.filter((r) => r.table === 'jobs')],
      ['job_applications', relationships.filter((r) => r.table === 'job_applications')],
    ]),
    routines: new Map(),
    castTypes: new Map([
      ['text', '"pg_catalog"."text"'],
      ['int', '"pg_catalog"."int4"'],
    ]),
    computedFields: new Map(),
  }
}

const schema = schemaWith(foreignKey('job_applications_job_id_fkey', 'job_id'))

function read(relationName: string, query: string, options = { count: false, head: false }) {
  const target = schema.relations.get(relationName)
  if (!target) {
    throw new Error(relationName)
  }
  const root = planRead(schema, target, parseQuery(splitQueryString(query)))
  const sql = createSqlContext('public')
  return buildRead(sql, root, relationSource(sql, target), { ...options, stripNulls: false })
}

function refusal(run: () => unknown): RestError {
  try {
    run()
  } catch (error) {
    if (error instanceof RestError) {
      return error
    }
    throw error
  }
  throw new Error('expected a refusal')
}

describe('reads', () => {
  it('binds every filter value, limit and offset as a parameter', () => {
    const statement = read(
      'jobs',
      'select=id,title&title=eq.Engineer&order=title.desc.nullslast&limit=5&offset=10',
    )
    expect(statement.text).toContain(`"pgrst_0"."title" = $1`)
    expect(statement.text).toContain(
      `order by "pgrst_0"."title" desc nulls last limit $2::bigint offset $3::bigint`,
    )
    expect(statement.values).toEqual(['Engineer', 5, 10])
    expect(statement.text).not.toContain('Engineer')
  })

  it('never pastes a value into SQL, however it is crafted', () => {
    const attack = `x'); drop table jobs; --`
    const statement = read(
      'jobs',
      `title=eq.${encodeURIComponent(attack)}&or=(title.like.${encodeURIComponent('"a*\\"),b"')},title.in.(${encodeURIComponent('"q\'"')}))&data->${encodeURIComponent(`"k'--"`)}=eq.1`,
    )
    expect(statement.text).not.toMatch(/drop|--|'\)/)
    expect(statement.values).toContain(attack)
    expect(statement.values).toContain("k'--")
    expect(statement.values).toContain('a%"),b')
  })

  it('turns like stars into percent signs and in lists into one array parameter', () => {
    const statement = read('jobs', 'title=ilike.*eng*&id=in.(a,"b,c")')
    expect(statement.text).toContain('"pgrst_0"."title" ilike $1')
    expect(statement.text).toContain('"pgrst_0"."id" = any($2)')
    expect(statement.values).toEqual(['%eng%', ['a', 'b,c']])
  })

  it('renders is, negation, quantifiers, full-text search and JSON paths', () => {
    const statement = read(
      'jobs',
      'title=not.is.null&id=eq(any).{a,b}&search=fts(english).cat&title=wfts.dog&data->a->>b=eq.1',
    )
    expect(statement.text).toContain('not ("pgrst_0"."title" is null)')
    expect(statement.text).toContain('"pgrst_0"."id" = any($1)')
    expect(statement.text).toContain(
      '"pgrst_0"."search" @@ pg_catalog.to_tsquery($2::pg_catalog.regconfig, $3)',
    )
    expect(statement.text).toContain(
      'pg_catalog.to_tsvector("pgrst_0"."title") @@ pg_catalog.websearch_to_tsquery($4)',
    )
    expect(statement.text).toContain('("pgrst_0"."data"->$5::text->>$6::text) = $7')
  })

  it('quotes identifiers, doubling their quotes', () => {
    expect(read('jobs', 'select=we"ird'.replace('we"ird', '"we\\"ird"')).text).toContain(
      '"pgrst_0"."we""ird" as "we""ird"',
    )
  })

  it('casts only to types the schema cache knows', () => {
    expect(read('jobs', 'select=title::int').text).toContain(
      '"pgrst_0"."title"::"pg_catalog"."int4" as "title"',
    )
    const unknown = refusal(() => read('jobs', 'select=title::nosuchtype'))
    expect([unknown.status, unknown.code, unknown.message]).toEqual([
      400,
      '42704',
      'type "nosuchtype" does not exist',
    ])
  })

  it('refuses columns the relation does not have, as PostgreSQL words it', () => {
    for (const query of ['select=nope', 'nope=eq.1', 'order=nope', 'or=(nope.eq.1)']) {
      const error = refusal(() => read('jobs', query))
      expect([error.status, error.code, error.message]).toEqual([
        400,
        '42703',
        'column jobs.nope does not exist',
      ])
    }
  })

  it('counts only when asked, and computes nothing but counts for HEAD', () => {
    expect(read('jobs', '').text).toContain('null::bigint as "total"')
    const counted = read('jobs', 'title=eq.a', { count: true, head: true })
    expect(counted.text).toContain(
      '(select pg_catalog.count(*) from "public"."jobs" as "pgrst_0" where "pgrst_0"."title" = $1) as "total"',
    )
    expect(counted.text).toContain('null::text as "body"')
  })
})

describe('embedded resources', () => {
  it('embeds a to-one resource as an object and a to-many one as an array, in PostgreSQL', () => {
    const toOne = read('job_applications', 'select=id,job:jobs(title)')
    expect(toOne.text).toContain(
      'left join lateral (select pg_catalog.row_to_json("pgrst_rows") as "body" from (select "pgrst_2"."title" as "title" from "public"."jobs" as "pgrst_2" where "pgrst_2"."id" = "pgrst_0"."job_id") as "pgrst_rows") as "pgrst_1_embed" on true',
    )
    expect(toOne.text).toContain('"pgrst_1_embed"."body" as "job"')

    const toMany = read(
      'jobs',
      'select=title,job_applications(status)&job_applications.order=status&job_applications.limit=2',
    )
    expect(toMany.text).toContain('pg_catalog.json_agg("pgrst_rows")')
    expect(toMany.text).toContain('order by "pgrst_2"."status" limit $1::bigint')
    expect(toMany.text).toContain(
      `coalesce("pgrst_1_embed"."body", '[]'::pg_catalog.json) as "job_applications"`,
    )
  })

  it('filters parents by !inner embeds and by embed null filters, in the count too', () => {
    const inner = read(
      'jobs',
      'select=id,job_applications!inner(id)&job_applications.status=eq.SAVED',
      {
        count: true,
        head: false,
      },
    )
    expect(inner.text).toContain(`inner join lateral`)
    expect(inner.text.match(/inner join lateral/g)).toHaveLength(2)
    const nulls = read('jobs', 'select=id,job_applications(id)&job_applications=is.null')
    expect(nulls.text).toContain('where "pgrst_1_embed"."body" is null')
  })

  it('lifts the columns of a spread to-one embed into the parent', () => {
    const statement = read('job_applications', 'select=id,...jobs(title)')
    expect(statement.text).toContain('"pgrst_1_embed"."body" -> $1::text as "title"')
    expect(statement.values).toEqual(['title'])
  })

  it("answers PostgREST's errors for missing, ambiguous and misaddressed embeds", () => {
    const missing = refusal(() => read('jobs', 'select=*,profiles(*)'))
    expect(missing.toBody()).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'jobs' and 'profiles' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'jobs' and 'profiles' in the schema 'public', but no matches were found.",
      hint: null,
    })
    expect(missing.status).toBe(400)

    const notEmbedded = refusal(() => read('jobs', 'job_applications.status=eq.x'))
    expect([notEmbedded.status, notEmbedded.code]).toEqual([400, 'PGRST108'])

    const badOperator = refusal(() =>
      read('jobs', 'select=*,job_applications(*)&job_applications=eq.1'),
    )
    expect([badOperator.status, badOperator.code]).toEqual([400, 'PGRST120'])

    // A to-many spread is no error (PostgREST 13): each column becomes an array of values.
    expect(read('jobs', 'select=...job_applications(status)').text).toContain(
      `pg_catalog.json_build_object($1::text, coalesce(pg_catalog.json_agg("pgrst_rows"."status"), '[]'::pg_catalog.json))`,
    )
  })

  it('asks for a hint when two foreign keys relate the same relations', () => {
    const twoKeys = schemaWith([
      ...foreignKey('job_applications_job_id_fkey', 'job_id'),
      ...foreignKey('job_applications_referred_job_id_fkey', 'referred_job_id'),
    ])
    const plan = (select: string) =>
      planRead(twoKeys, applications, parseQuery(splitQueryString(`select=${select}`)))
    const ambiguous = refusal(() => plan('*,jobs(*)'))
    expect(ambiguous.status).toBe(300)
    expect(ambiguous.code).toBe('PGRST201')
    expect(ambiguous.details).toEqual([
      {
        cardinality: 'many-to-one',
        embedding: 'job_applications with jobs',
        relationship: 'job_applications_job_id_fkey using job_applications(job_id) and jobs(id)',
      },
      {
        cardinality: 'many-to-one',
        embedding: 'job_applications with jobs',
        relationship:
          'job_applications_referred_job_id_fkey using job_applications(referred_job_id) and jobs(id)',
      },
    ])
    expect(
      plan('*,jobs!referred_job_id(*)').children.get('jobs')?.embedding?.relationship.constraint,
    ).toBe('job_applications_referred_job_id_fkey')
    expect(plan('*,referred_job_id(*)').children.get('referred_job_id')?.embedding?.toOne).toBe(
      true,
    )
  })
})

describe('writes', () => {
  const plan = (query: string) =>
    planRead(schema, applications, parseQuery(splitQueryString(query)))

  it('inserts the payload through jsonb_populate_recordset, upserting on the conflict target', () => {
    const sql = createSqlContext('public')
    const text = insertSql(sql, applications, 'pgrst_0', {
      columns: ['user_id', 'status'],
      payload: '[{"user_id":"u","status":"APPLIED"}]',
      missingDefault: false,
      onConflict: { target: ['id'], action: 'merge' },
    })
    expect(text).toBe(
      'insert into "public"."job_applications" as "pgrst_0" ("user_id", "status") ' +
        'select "pgrst_body"."user_id", "pgrst_body"."status" ' +
        'from pg_catalog.jsonb_populate_recordset(null::"public"."job_applications", $1::pg_catalog.jsonb) as "pgrst_body" ' +
        'on conflict ("id") do update set "user_id" = excluded."user_id", "status" = excluded."status"',
    )
    expect(sql.params.values).toEqual(['[{"user_id":"u","status":"APPLIED"}]'])
  })

  it('fills missing keys with column defaults when asked', () => {
    const sql = createSqlContext('public')
    const text = insertSql(sql, applications, 'pgrst_0', {
      columns: ['user_id', 'status'],
      payload: '[]',
      missingDefault: true,
      onConflict: { target: [], action: 'ignore' },
    })
    // Each object fills a record of the columns' defaults (in column order, null for none).
    expect(text).toContain(
      `pg_catalog.jsonb_populate_record(row(gen_random_uuid(), null, null, null, 'SAVED'::text)::"public"."job_applications", "pgrst_element")`,
    )
    expect(text).toContain('select "pgrst_body"."user_id", "pgrst_body"."status" from')
    expect(text).toMatch(/on conflict do nothing$/)
  })

  it('updates and deletes only the filtered rows, limited ones picked by ctid', () => {
    const update = createSqlContext('public')
    const root = plan('id=eq.1')
    expect(
      updateSql(update, root, update.nextAlias(), {
        columns: ['status'],
        payload: '{"status":"x"}',
      }),
    ).toBe(
      'update "public"."job_applications" as "pgrst_0" set "status" = "pgrst_body"."status" ' +
        'from pg_catalog.jsonb_populate_record(null::"public"."job_applications", $1::pg_catalog.jsonb) as "pgrst_body" ' +
        'where "pgrst_0"."id" = $2',
    )
    const remove = createSqlContext('public')
    expect(deleteSql(remove, plan('status=eq.SAVED&order=id&limit=1'), remove.nextAlias())).toBe(
      'delete from "public"."job_applications" as "pgrst_0" where "pgrst_0"."status" = $1 and "pgrst_0".ctid = any(array(' +
        'select "pgrst_1".ctid from "public"."job_applications" as "pgrst_1" where "pgrst_1"."status" = $2 ' +
        'order by "pgrst_1"."id" limit $3::bigint))',
    )
  })

  it('returns written rows through a CTE, without filtering them again', () => {
    const sql = createSqlContext('public')
    const root = plan('select=id,jobs(title)&id=eq.1')
    const alias = sql.nextAlias()
    const statement = buildMutationRead(sql, deleteSql(sql, root, alias), alias, root, {
      count: false,
      head: false,
      stripNulls: false,
    })
    expect(statement.text).toMatch(
      /^with "pgrst_mutation" as \(delete .* returning "pgrst_0"\.\*\) select /,
    )
    expect(statement.text).toContain('from "pgrst_mutation" as "pgrst_0" left join lateral')
    expect(statement.values).toEqual(['1'])
  })
})

describe('function calls', () => {
  const routine: Routine = {
    name: 'shared',
    parameters: [
      { name: 'id', type: 'uuid', hasDefault: false },
      { name: 'tags', type: 'text[]', hasDefault: true },
    ],
    volatility: 'stable',
    returnsSet: true,
    returnType: 'record',
    returnColumns: [{ name: 'id', type: 'uuid', defaultSql: null }],
    returnRelation: null,
    rows: 1000,
    rowParameterOf: null,
  }

  it('types named arguments with jsonb_to_record and materialises set results once', () => {
    const sql = createSqlContext('public')
    const call = routineCall(sql, routine, { names: ['id'], json: '{"id":"x"}' })
    expect(call).toEqual({
      from: 'pg_catalog.jsonb_to_record($1::pg_catalog.jsonb) as "pgrst_args"("id" uuid)',
      call: '"public"."shared"("id" => "pgrst_args"."id")',
    })
    expect(routineSource(sql, call).with).toBe(
      'with "pgrst_source" as materialized (select "pgrst_call".* from pg_catalog.jsonb_to_record($1::pg_catalog.jsonb) as "pgrst_args"("id" uuid) cross join lateral "public"."shared"("id" => "pgrst_args"."id") as "pgrst_call")',
    )
    expect(sql.params.values).toEqual(['{"id":"x"}'])
  })
})
