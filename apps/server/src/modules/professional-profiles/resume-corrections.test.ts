import { describe, expect, it } from 'vitest'
import { correctedFields, correctionsBetween, overlayCorrections } from './resume-corrections.ts'

/** Corrections kept beside the parse: what is kept, and what every reader sees. */
const parsed = {
  basics: { name: 'Ada Lovelace', email: 'ada@example.com', location: { city: 'London' } },
  work: [{ name: 'Analytical Engines', position: 'Engineer', startDate: '2020-01' }],
  education: [{ institution: 'University of London' }],
  skills: [{ name: 'Python' }],
}

describe('correctionsBetween', () => {
  it('keeps basics field by field and the other sections whole', () => {
    const wanted = {
      ...parsed,
      basics: { ...parsed.basics, name: 'Ada King', phone: '+44 20 7946 0000' },
      skills: [{ name: 'Python' }, { name: 'Mathematics' }],
    }
    const corrections = correctionsBetween(parsed, wanted)
    expect(corrections).toEqual({
      basics: { name: 'Ada King', phone: '+44 20 7946 0000' },
      skills: [{ name: 'Python' }, { name: 'Mathematics' }],
    })
    expect(correctedFields(corrections)).toEqual(['basics.name', 'basics.phone', 'skills'])
  })

  it('keeps a removed field as null and an emptied section as []; equal values are none', () => {
    const wanted = {
      ...parsed,
      basics: { name: 'Ada Lovelace', location: { city: 'London' } },
      education: [],
    }
    expect(correctionsBetween(parsed, wanted)).toEqual({ basics: { email: null }, education: [] })
    expect(correctionsBetween(parsed, parsed)).toEqual({})
    // Empty and absent are the same to a reader.
    expect(correctionsBetween({ basics: {} }, { basics: { summary: '' }, work: [] })).toEqual({})
  })
})

describe('overlayCorrections', () => {
  it('lays the corrections over a new parse: corrected fields win, the rest follows the parse', () => {
    const corrections = correctionsBetween(parsed, {
      ...parsed,
      basics: { name: 'Ada King', location: { city: 'London' } },
      skills: [{ name: 'Mathematics' }],
    })
    const reparsed = {
      ...parsed,
      basics: { ...parsed.basics, name: 'A. Lovelace', label: 'Engineer' },
      work: [{ name: 'Analytical Engines', position: 'Lead Engineer', startDate: '2020-01' }],
      skills: [{ name: 'Python' }, { name: 'Rust' }],
    }
    expect(overlayCorrections(reparsed, corrections)).toEqual({
      basics: { name: 'Ada King', label: 'Engineer', location: { city: 'London' } },
      work: reparsed.work,
      education: parsed.education,
      skills: [{ name: 'Mathematics' }],
    })
  })

  it('answers the parse itself when there are no corrections, and reads bad input as empty', () => {
    expect(overlayCorrections(parsed, {})).toBe(parsed)
    expect(overlayCorrections(null, null)).toEqual({})
    expect(overlayCorrections([], { basics: { name: 'Ada' } })).toEqual({ basics: { name: 'Ada' } })
  })
})
