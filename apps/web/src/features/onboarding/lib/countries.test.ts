import { describe, expect, it } from 'vitest'
import { countryOfLocale, listCountries } from './countries'

describe('countries', () => {
  it('names every country in the given language, sorted by name', () => {
    const countries = listCountries('en')
    expect(countries).toHaveLength(250)
    expect(countries).toContainEqual({ code: 'DE', name: 'Germany' })
    const names = countries.map((country) => country.name)
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare))
    expect(listCountries('de')).toContainEqual({ code: 'DE', name: 'Deutschland' })
  })

  it("takes the reader's country from a language tag, guessing it from the language alone", () => {
    expect(countryOfLocale('en-GB')).toBe('GB')
    expect(countryOfLocale('de')).toBe('DE')
    expect(countryOfLocale('en')).toBe('US')
    expect(countryOfLocale('es-419')).toBeNull()
    expect(countryOfLocale('not a tag')).toBeNull()
  })
})
