import { describe, expect, it } from 'vitest'
import { countByStatus, describeStage } from './application-status'
import { jobName, safeListingUrl } from './application-text'

const SAVED_AT = '2026-11-03T09:30:00.000Z'

describe('describeStage', () => {
  it('says when a job was saved', () => {
    expect(
      describeStage({ status: 'SAVED', createdAt: SAVED_AT, appliedAt: null, latestEventAt: null }),
    ).toBe('Saved on 3 Nov 2026')
  })

  it('says when the seeker applied, from applied_at', () => {
    expect(
      describeStage({
        status: 'APPLIED',
        createdAt: SAVED_AT,
        appliedAt: '2026-11-05T18:00:00.000Z',
        latestEventAt: '2026-11-06T08:00:00.000Z',
      }),
    ).toBe('Applied on 5 Nov 2026')
  })

  it('dates the later stages by their latest event', () => {
    expect(
      describeStage({
        status: 'INTERVIEW',
        createdAt: SAVED_AT,
        appliedAt: '2026-11-05T18:00:00.000Z',
        latestEventAt: '2026-11-09T10:00:00.000Z',
      }),
    ).toBe('Interview since 9 Nov 2026')
  })
})

describe('countByStatus', () => {
  it('counts every stage, zero included', () => {
    expect(countByStatus([{ status: 'SAVED' }, { status: 'SAVED' }, { status: 'OFFER' }])).toEqual({
      SAVED: 2,
      APPLIED: 0,
      INTERVIEW: 0,
      OFFER: 1,
      REJECTED: 0,
      WITHDRAWN: 0,
    })
  })
})

describe('jobName and safeListingUrl', () => {
  it('names a job with its company, or says it is gone', () => {
    expect(jobName({ title: 'Data Engineer', company: 'Northwind' })).toBe(
      'Data Engineer at Northwind',
    )
    expect(jobName({ title: null, company: null })).toBe('a job that is no longer listed')
  })

  it('keeps web addresses only', () => {
    expect(safeListingUrl('https://careers.example.com/apply')).toBe(
      'https://careers.example.com/apply',
    )
    expect(safeListingUrl('javascript:alert(1)')).toBeNull()
    expect(safeListingUrl('not a url')).toBeNull()
    expect(safeListingUrl(null)).toBeNull()
  })
})
