import { describe, expect, it } from 'vitest'
import { matchesCompany, sortApplications } from './application-list'

const item = (
  id: string,
  createdAt: string,
  company: string | null,
  matchScore: number | null,
) => ({
  id,
  createdAt,
  company,
  matchScore,
})

const ITEMS = [
  item('a', '2026-11-01T10:00:00Z', 'Zephyr', 40),
  item('b', '2026-11-03T10:00:00Z', null, null),
  item('c', '2026-11-02T10:00:00Z', 'acme', 90),
  item('d', '2026-11-04T10:00:00Z', 'Brightwater', null),
]

describe('sortApplications', () => {
  it('orders newest first by default', () => {
    expect(sortApplications(ITEMS, 'date').map((x) => x.id)).toEqual(['d', 'b', 'c', 'a'])
  })
  it('orders by company A–Z, unknown companies last', () => {
    expect(sortApplications(ITEMS, 'company').map((x) => x.id)).toEqual(['c', 'd', 'a', 'b'])
  })
  it('orders by match, those without a report last and newest first among them', () => {
    expect(sortApplications(ITEMS, 'match').map((x) => x.id)).toEqual(['c', 'a', 'd', 'b'])
  })
  it('does not change its input', () => {
    sortApplications(ITEMS, 'company')
    expect(ITEMS.map((x) => x.id)).toEqual(['a', 'b', 'c', 'd'])
  })
})

describe('matchesCompany', () => {
  it('matches a part of the name, ignoring case and accents', () => {
    expect(matchesCompany('Société Générale', 'societe')).toBe(true)
    expect(matchesCompany('Acme', '')).toBe(true)
    expect(matchesCompany(null, 'acme')).toBe(false)
    expect(matchesCompany('Acme', 'zeph')).toBe(false)
  })
})
