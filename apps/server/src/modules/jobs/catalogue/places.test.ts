import { describe, expect, it } from 'vitest'
import { countryCode, locationLabel, parseLocationText, placeFromParts } from './places.ts'

describe('parseLocationText', () => {
  it.each([
    ['San Francisco, CA', [{ name: 'San Francisco', region: 'California', countryCode: 'US' }]],
    ['Berlin, DE', [{ name: 'Berlin', region: 'Berlin', countryCode: 'DE' }]],
    ['Dover, DE', [{ name: 'Dover', region: 'Delaware', countryCode: 'US' }]],
    ['Toronto, ON', [{ name: 'Toronto', region: 'Ontario', countryCode: 'CA' }]],
    ['New York, NY, United States', [{ name: 'New York', region: 'New York', countryCode: 'US' }]],
    ['Bangalore, India', [{ name: 'Bengaluru', region: 'Karnataka', countryCode: 'IN' }]],
    ['Zürich', [{ name: 'Zurich', region: 'Zurich', countryCode: 'CH' }]],
    ['Springfield, Illinois', [{ name: 'Springfield', region: 'Illinois', countryCode: 'US' }]],
    [
      'Paris; Lyon',
      [
        { name: 'Paris', region: 'Île-de-France', countryCode: 'FR' },
        { name: 'Lyon', region: 'Auvergne-Rhône-Alpes', countryCode: 'FR' },
      ],
    ],
  ])('%s', (text, places) => {
    expect(parseLocationText(text)).toEqual({ places, remote: false, hybrid: false })
  })

  it.each([
    ['Remote - US', [{ name: 'United States', region: null, countryCode: 'US' }], true, false],
    ['US-Remote', [{ name: 'United States', region: null, countryCode: 'US' }], true, false],
    ['Remote (Europe)', [{ name: 'Europe', region: null, countryCode: null }], true, false],
    ['Remote', [], true, false],
    ['Anywhere in the world', [], true, false],
    ['Hybrid - London', [{ name: 'London', region: 'England', countryCode: 'GB' }], false, true],
  ])('%s', (text, places, remote, hybrid) => {
    expect(parseLocationText(text)).toEqual({ places, remote, hybrid })
  })
})

describe('countries and parts', () => {
  it('knows countries by name, code, old code and common alias', () => {
    expect(['Germany', 'gb', 'UK', 'USA', 'Czech Republic', 'Myanmar'].map(countryCode)).toEqual([
      'DE',
      'GB',
      'GB',
      'US',
      'CZ',
      'MM',
    ])
    expect(countryCode('Atlantis')).toBeNull()
    expect(countryCode('EU')).toBeNull()
  })

  it('builds a place from separate fields', () => {
    expect(placeFromParts({ city: 'Austin', region: 'TX', country: 'us' })).toEqual({
      name: 'Austin',
      region: 'Texas',
      countryCode: 'US',
    })
    expect(placeFromParts({ country: 'Germany' })).toEqual({
      name: 'Germany',
      region: null,
      countryCode: 'DE',
    })
    expect(placeFromParts({})).toBeNull()
  })

  it('labels a job by its first place and how it is worked', () => {
    const berlin = { name: 'Berlin', region: 'Berlin', countryCode: 'DE' }
    const us = { name: 'United States', region: null, countryCode: 'US' }
    expect(locationLabel([berlin], 'ONSITE')).toBe('Berlin, Germany')
    expect(locationLabel([berlin, us], 'HYBRID')).toBe('Berlin, Germany +1 more (hybrid)')
    expect(locationLabel([us], 'REMOTE')).toBe('Remote (United States)')
    expect(locationLabel([], 'REMOTE')).toBe('Remote')
    expect(locationLabel([], null)).toBeNull()
  })
})
