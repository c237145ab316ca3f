import { describe, expect, it } from 'vitest'
import { addDraft, countryName, placeFrom, placeLabel, samePlace } from './places'

describe('places', () => {
  it('reads a place one way: a city with its country, a whole country as anywhere in it', () => {
    expect(placeLabel({ name: 'Berlin', isCountry: false, countryCode: 'DE' })).toBe(
      'Berlin, Germany',
    )
    // A whole country saved under another language's name (older onboarding answers) reads the same.
    expect(placeLabel({ name: 'Frankreich', isCountry: true, countryCode: 'FR' })).toBe(
      'France (anywhere)',
    )
  })

  it('writes a whole country under its English name, and knows it again under any name', () => {
    const france = placeFrom({ code: 'FR' }, '  ')
    expect(france).toEqual({ name: 'France', isCountry: true, countryCode: 'FR' })
    expect(samePlace(france, { name: 'Frankreich', isCountry: true, countryCode: 'FR' })).toBe(true)
    expect(placeFrom({ code: 'DE' }, ' Bad   Homburg ')).toEqual({
      name: 'Bad Homburg',
      isCountry: false,
      countryCode: 'DE',
    })
  })

  it('adds what is typed: a country is needed, a place is there once, the list has a limit', () => {
    expect(addDraft([], { countryCode: '', city: 'Berlin' }, 5)).toEqual({
      ok: false,
      error: 'Choose a country first.',
    })
    const berlin = { name: 'Berlin', isCountry: false, countryCode: 'DE' }
    expect(addDraft([berlin], { countryCode: 'DE', city: 'berlin' }, 5)).toEqual({
      ok: true,
      value: [berlin],
    })
    expect(addDraft([berlin], { countryCode: 'FR', city: '' }, 1)).toEqual({
      ok: false,
      error: 'You can add up to 1 places.',
    })
  })

  it('names a country in English, or keeps what is not a region code', () => {
    expect(countryName('DE')).toBe('Germany')
    expect(countryName('not a code')).toBe('not a code')
  })
})
