import { describe, expect, it } from 'vitest'
import { dedupeKey, sourceRank, withoutFeedDuplicates } from './dedupe.ts'

const berlin = { name: 'Berlin', region: 'Berlin', countryCode: 'DE' }

describe('dedupeKey', () => {
  it('ignores legal forms, punctuation, abbreviations and bracketed asides', () => {
    expect(dedupeKey('Northwind Robotics, Inc.', 'Sr. Frontend Eng. (Remote)', berlin, false)).toBe(
      dedupeKey('NORTHWIND ROBOTICS', 'Senior Front-End Engineer', berlin, false),
    )
    expect(dedupeKey('Harbor & Finch GmbH', 'Data Analyst', berlin, false)).toBe(
      'harbor and finch|data analyst|berlin',
    )
  })

  it('keeps seniority and the place apart, and stands for remote jobs without a place', () => {
    expect(dedupeKey('Acme', 'Senior Engineer', berlin, false)).not.toBe(
      dedupeKey('Acme', 'Engineer', berlin, false),
    )
    expect(dedupeKey('Acme', 'Engineer', undefined, true)).toBe('acme|engineer|remote')
    expect(dedupeKey(null, 'Engineer', berlin, false)).toBeNull()
    expect(dedupeKey('Inc.', 'Engineer', berlin, false)).toBeNull()
  })
})

describe('withoutFeedDuplicates', () => {
  it('keeps the first of a repeated id or dedupe key and says why the others went', () => {
    const { unique, skipped } = withoutFeedDuplicates([
      { sourceId: 'a', dedupeKey: 'k1' },
      { sourceId: 'a', dedupeKey: 'k1' },
      { sourceId: 'b', dedupeKey: 'k1' },
      { sourceId: 'c', dedupeKey: null },
      { sourceId: 'd', dedupeKey: null },
    ])
    expect(unique.map((job) => job.sourceId)).toEqual(['a', 'c', 'd'])
    expect(skipped).toEqual([
      { sourceId: 'a', reason: 'listed twice in the feed' },
      { sourceId: 'b', reason: 'same job as a in the feed' },
    ])
  })
})

describe('sourceRank', () => {
  it("ranks an applicant-tracking system's feed over a career page, and both over the demo", () => {
    expect(sourceRank('greenhouse')).toBeLessThan(sourceRank('jsonld'))
    expect(sourceRank('jsonld')).toBeLessThan(sourceRank('demo'))
  })
})
