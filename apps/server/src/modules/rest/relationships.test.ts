import { describe, expect, it } from 'vitest'
import { deriveRelationships, type KeyConstraint, originKey } from './relationships.ts'

// Tables: jobs (oid 1: id=1), applications (oid 2: id=1, user_id=2, job_id=3),
// events (oid 3: id=1, application_id=2, user_id=3); a view over applications.
const tables = [
  { name: 'jobs', origins: new Map([['id', originKey(1, 1)]]) },
  {
    name: 'applications',
    origins: new Map([
      ['id', originKey(2, 1)],
      ['user_id', originKey(2, 2)],
      ['job_id', originKey(2, 3)],
    ]),
  },
  {
    name: 'events',
    origins: new Map([
      ['id', originKey(3, 1)],
      ['application_id', originKey(3, 2)],
      ['user_id', originKey(3, 3)],
    ]),
  },
  {
    name: 'applications_view',
    origins: new Map([
      ['application_id', originKey(2, 1)],
      ['owner', originKey(2, 2)],
      ['job', originKey(2, 3)],
      ['job_title', originKey(1, 2)],
    ]),
  },
]

const key = (
  name: string,
  kind: KeyConstraint['kind'],
  tableOid: number,
  attnums: number[],
  foreignTableOid = 0,
  foreignAttnums: number[] = [],
): KeyConstraint => ({ name, kind, tableOid, attnums, foreignTableOid, foreignAttnums })

const constraints = [
  key('jobs_pkey', 'primary', 1, [1]),
  key('applications_pkey', 'primary', 2, [1]),
  key('applications_id_user_id_key', 'unique', 2, [1, 2]),
  key('applications_job_id_fkey', 'foreign', 2, [3], 1, [1]),
  key('events_application_fkey', 'foreign', 3, [2, 3], 2, [1, 2]),
  key('events_pkey', 'primary', 3, [1]),
]

describe('relationships from foreign keys', () => {
  const relationships = deriveRelationships(tables, constraints)
  const between = (table: string, foreignTable: string) =>
    relationships.filter((r) => r.table === table && r.foreignTable === foreignTable)

  it('relates tables both ways: many-to-one from the referencing side, one-to-many back', () => {
    expect(between('applications', 'jobs')).toEqual([
      {
        constraint: 'applications_job_id_fkey',
        cardinality: 'many-to-one',
        table: 'applications',
        columns: ['job_id'],
        foreignTable: 'jobs',
        foreignColumns: ['id'],
      },
    ])
    expect(between('jobs', 'applications')[0]?.cardinality).toBe('one-to-many')
  })

  it('gives views the foreign keys of the base-table columns they show, under their own names', () => {
    expect(between('applications_view', 'jobs')).toEqual([
      {
        constraint: 'applications_job_id_fkey',
        cardinality: 'many-to-one',
        table: 'applications_view',
        columns: ['job'],
        foreignTable: 'jobs',
        foreignColumns: ['id'],
      },
    ])
    expect(between('applications_view', 'events')).toEqual([
      {
        constraint: 'events_application_fkey',
        cardinality: 'one-to-many',
        table: 'applications_view',
        columns: ['application_id', 'owner'],
        foreignTable: 'events',
        foreignColumns: ['application_id', 'user_id'],
      },
    ])
  })

  it('relates nothing through columns a view does not show', () => {
    expect(between('events', 'jobs')).toEqual([])
  })
})
