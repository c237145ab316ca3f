/**
 * The schema cache read from a real, fully migrated database: what /rest/v1 knows of the
 * public schema, and that it learns of a table created while it runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../../../test/database.ts'
import { fromPostgresError, type RestError } from './errors.ts'
import { findRelation } from './rest-context.ts'
import { createSchemaCache, loadSchemaCache, type SchemaCache } from './schema-cache.ts'

let database: TestDatabase
let schema: SchemaCache

beforeAll(async () => {
  database = await createTestDatabase()
  schema = await loadSchemaCache(database.pool, 'public')
})

afterAll(async () => {
  await database.drop()
})

describe('the schema cache', () => {
  it('knows every table and view with its columns, keys and writability', () => {
    const applications = schema.relations.get('job_applications')
    expect(applications?.primaryKey).toEqual(['id'])
    expect(applications?.columnsByName.get('status')).toEqual({
      name: 'status',
      type: 'text',
      defaultSql: "'SAVED'::text",
    })
    expect(applications?.writable).toEqual({ insert: true, update: true, delete: true })

    const view = schema.relations.get('job_applications_with_job')
    expect(view?.kind).toBe('view')
    expect(view?.primaryKey).toEqual(['id'])
    expect(view?.writable).toEqual({ insert: false, update: false, delete: false })
    expect(schema.relations.get('active_interviews')?.writable.update).toBe(true)
  })

  it('gives views the relationships of the base-table columns they show', () => {
    const fromView = schema.relationships.get('job_applications_with_job') ?? []
    expect(
      fromView.map(({ foreignTable, cardinality, columns }) => [
        foreignTable,
        cardinality,
        columns,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['jobs', 'many-to-one', ['job_id']],
        ['job_application_events', 'one-to-many', ['id', 'user_id']],
        ['interviews', 'one-to-many', ['id', 'user_id']],
        ['active_interviews', 'one-to-many', ['id', 'user_id']],
      ]),
    )
    // Foreign keys to auth.users lead nowhere: that schema is not exposed.
    expect(
      (schema.relationships.get('profiles') ?? []).map((relationship) => relationship.foreignTable),
    ).toEqual([])
  })

  it("knows the API's functions with their parameters and result shapes, not an extension's", () => {
    expect(schema.routines.get('does_email_exist')).toEqual([
      {
        name: 'does_email_exist',
        parameters: [{ name: 'email', type: 'text', hasDefault: false }],
        volatility: 'stable',
        returnsSet: false,
        returnType: 'text[]',
        returnColumns: null,
        returnRelation: null,
        rows: 0,
        rowParameterOf: null,
      },
    ])
    expect(schema.routines.get('get_shared_analysis_video')?.[0]).toMatchObject({
      returnsSet: true,
      returnColumns: [
        { name: 'id', type: 'uuid' },
        { name: 'resume_analysis_id', type: 'uuid' },
        { name: 'video_path', type: 'text' },
        { name: 'completed_at', type: 'timestamp with time zone' },
      ],
    })
    expect(schema.routines.has('crypt')).toBe(false)
    expect(schema.routines.has('set_updated_at')).toBe(false)
  })

  it('accepts casts to built-in types under their SQL names', () => {
    expect(schema.castTypes.get('text')).toBe('"pg_catalog"."text"')
    expect(schema.castTypes.get('integer')).toBe('"pg_catalog"."int4"')
    expect(schema.castTypes.get('double precision')).toBe('"pg_catalog"."float8"')
  })

  it('learns of a table created while the server runs when a request names it', async () => {
    const cache = createSchemaCache(database.pool, { schema: 'public', minRefreshIntervalMs: 0 })
    const lookup = () => cache.withSchema(async (current) => findRelation(current, 'late_table'))
    await cache.current()
    await database.pool.query('create table public.late_table (id int primary key)')
    expect((await lookup()).primaryKey).toEqual(['id'])
  })

  it('forgets a table dropped while the server runs when the database says it is gone', async () => {
    await database.pool.query('create table public.doomed_table (id int primary key)')
    const cache = createSchemaCache(database.pool, { schema: 'public', minRefreshIntervalMs: 0 })
    await cache.current()
    await database.pool.query('drop table public.doomed_table')
    let attempts = 0
    const outcome = await cache
      .withSchema(async (current) => {
        attempts += 1
        findRelation(current, 'doomed_table')
        // What a statement on the table answers now (42P01, undefined table).
        throw fromPostgresError(
          Object.assign(new Error('relation "public.doomed_table" does not exist'), {
            code: '42P01',
          }),
          true,
        )
      })
      .catch((error: unknown) => error)
    // Once as cached, once more against the refreshed cache, which no longer has it.
    expect(attempts).toBe(2)
    expect((outcome as RestError).code).toBe('PGRST205')
  })
})
