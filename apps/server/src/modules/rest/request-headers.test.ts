import { describe, expect, it } from 'vitest'
import { RestError } from './errors.ts'
import {
  appliedPreferences,
  chooseProfile,
  contentRange,
  contentTypeFor,
  intersectRanges,
  parseAccept,
  parsePrefer,
  parseRangeHeader,
} from './request-headers.ts'

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

describe('Prefer', () => {
  it('reads every token of every Prefer header, as postgrest-js appends them', () => {
    const preferences = parsePrefer([
      'return=representation, count=exact',
      'resolution=merge-duplicates,missing=default',
      'handling=strict, max-affected=5, tx=rollback',
    ])
    expect(preferences).toEqual({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
      missing: 'default',
      handling: 'strict',
      maxAffected: 5,
      tx: 'rollback',
      unknown: [],
    })
    expect(appliedPreferences(preferences, ['return', 'count', 'maxAffected'])).toBe(
      'return=representation, count=exact, max-affected=5',
    )
  })

  it('ignores unknown preferences unless handling=strict', () => {
    expect(parsePrefer('return=everything, foo').unknown).toEqual(['return=everything', 'foo'])
    expect(refusal(() => parsePrefer('handling=strict, foo=bar')).toBody()).toEqual({
      code: 'PGRST122',
      message: 'Invalid preferences given with handling=strict',
      details: 'Invalid preferences: foo=bar',
      hint: null,
    })
  })
})

describe('Accept', () => {
  it('answers arrays by default and one object for the pgrst object type', () => {
    expect(parseAccept(undefined)).toEqual({ single: false, stripNulls: false })
    expect(parseAccept('*/*')).toEqual({ single: false, stripNulls: false })
    expect(parseAccept('application/vnd.pgrst.object+json')).toEqual({
      single: true,
      stripNulls: false,
    })
    expect(parseAccept('application/vnd.pgrst.array+json;nulls=stripped')).toEqual({
      single: false,
      stripNulls: true,
    })
    expect(contentTypeFor({ single: true, stripNulls: false })).toBe(
      'application/vnd.pgrst.object+json; charset=utf-8',
    )
  })

  it('refuses media types it cannot produce with 406 PGRST107', () => {
    const error = refusal(() => parseAccept('application/geo+json'))
    expect([error.status, error.code, error.message]).toEqual([
      406,
      'PGRST107',
      'None of these media types are available: application/geo+json',
    ])
  })

  it('reads CSV and the plan media types with their target and options', () => {
    expect(parseAccept('text/csv')).toEqual({ single: false, stripNulls: false, csv: true })
    expect(
      parseAccept(
        'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|verbose|bogus;',
      ),
    ).toEqual({
      single: true,
      stripNulls: false,
      plan: { format: 'json', options: ['analyze', 'verbose'] },
    })
    expect(parseAccept('application/vnd.pgrst.plan').plan).toEqual({ format: 'text', options: [] })
  })
})

describe('ranges', () => {
  it('reads Range: from-to as offset and limit, intersected with limit/offset', () => {
    expect(parseRangeHeader('0-9', undefined)).toEqual({ offset: 0, limit: 10 })
    expect(parseRangeHeader('5-', 'items')).toEqual({ offset: 5, limit: null })
    expect(parseRangeHeader('junk', undefined)).toBeNull()
    expect(parseRangeHeader('0-9', 'bytes')).toBeNull()
    expect(intersectRanges({ offset: 2, limit: 10 }, { offset: 0, limit: 5 })).toEqual({
      offset: 2,
      limit: 3,
    })
    const inverted = refusal(() => parseRangeHeader('9-0', undefined))
    expect([inverted.status, inverted.code]).toEqual([416, 'PGRST103'])
  })

  it('answers Content-Range, 206 for a partial page and 416 past the end', () => {
    expect(contentRange(0, 3, null)).toEqual({ header: '0-2/*', status: 200 })
    expect(contentRange(0, 3, 3)).toEqual({ header: '0-2/3', status: 200 })
    expect(contentRange(10, 5, 100)).toEqual({ header: '10-14/100', status: 206 })
    expect(contentRange(0, 0, 0)).toEqual({ header: '*/0', status: 200 })
    const past = refusal(() => contentRange(20, 0, 5))
    expect(past.toBody()).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 20 was requested, but there are only 5 rows.',
      hint: null,
    })
    expect(past.headers).toEqual({ 'content-range': '*/5' })
  })
})

describe('schema profiles', () => {
  it('serves the exposed schema and refuses any other with 406 PGRST106', () => {
    expect(chooseProfile(undefined, ['public'])).toBe('public')
    expect(chooseProfile('public', ['public'])).toBe('public')
    expect(refusal(() => chooseProfile('private', ['public'])).toBody()).toEqual({
      code: 'PGRST106',
      message: 'Invalid schema: private',
      details: null,
      hint: 'Only the following schemas are exposed: public',
    })
  })

  it('serves every schema of the setting, the first by default', () => {
    expect(chooseProfile(undefined, ['api', 'personal'])).toBe('api')
    expect(chooseProfile('personal', ['api', 'personal'])).toBe('personal')
    expect(refusal(() => chooseProfile('public', ['api', 'personal'])).toBody().hint).toBe(
      'Only the following schemas are exposed: api, personal',
    )
  })
})
