import { describe, expect, it } from 'vitest'
import { normalizeText, rates, sameText, scoreResume, sumCounts } from './score.ts'
import type { JsonResume } from './types.ts'

const expected: JsonResume = {
  basics: {
    name: 'Jonas Müller',
    email: 'jonas.mueller@example.de',
    phone: '+44 7700 900123',
    url: 'https://jonas.dev',
    location: { city: 'San Francisco', region: 'CA' },
    profiles: [{ network: 'LinkedIn', url: 'https://www.linkedin.com/in/jonas-mueller/' }],
  },
  work: [
    { name: 'Acme Corp.', position: 'Software Engineer', startDate: '2020-01' },
    { name: 'Globex', position: 'Intern', startDate: '2018-06', endDate: '2019-12' },
  ],
  education: [
    {
      institution: 'Technische Universität München',
      studyType: 'Master of Science',
      area: 'Informatik',
      endDate: '2017',
    },
  ],
  skills: [{ name: 'Languages', keywords: ['Go', 'Power BI', 'C#'] }],
}

const clone = (resume: JsonResume): JsonResume => structuredClone(resume)

describe('scoreResume', () => {
  it('counts a perfect parse as all true positives', () => {
    const { counts, misses } = scoreResume(expected, clone(expected))
    const total = sumCounts(counts)
    expect(total.truePositives).toBe(total.expected)
    expect(total.predicted).toBe(total.expected)
    expect(misses).toEqual([])
    // name, email, phone, location, 2 links, 2 jobs × 4, 1 school × 3, 3 skills
    expect(total.expected).toBe(4 + 2 + 8 + 3 + 3)
  })

  it('ignores case, accents, punctuation and whitespace in text, and matches "Corp." to "Corporation"', () => {
    const actual = clone(expected)
    actual.basics.name = 'JONAS  MULLER'
    actual.work[0]!.name = 'Acme Corporation'
    actual.education[0]!.institution = 'Technische Universitat Munchen'
    const { counts } = scoreResume(expected, actual)
    expect(counts.name.truePositives).toBe(1)
    expect(counts.company.truePositives).toBe(2)
    expect(counts.institution.truePositives).toBe(1)
  })

  it('removes accents and punctuation, and lets a word abbreviate another', () => {
    expect(normalizeText('Charité – Universitätsmedizin, Straße')).toBe(
      'charite universitatsmedizin strasse',
    )
    expect(sameText('Technische Univ. München', 'Technische Universität München')).toBe(true)
    expect(sameText('Univ. of Washington', 'University of Washington')).toBe(true)
    expect(sameText('Un of Washington', 'University of Washington')).toBe(false)
  })

  it('does not accept a title with a word added or a different person', () => {
    expect(sameText('Software Engineer', 'Senior Software Engineer')).toBe(false)
    expect(sameText('Jonas Müller', 'Jonas Meier')).toBe(false)
    expect(sameText('Grant Thornton LLP', 'Grant Thornton')).toBe(true)
    const actual = clone(expected)
    actual.work[0]!.position = 'Senior Software Engineer'
    expect(scoreResume(expected, actual).counts.position).toEqual({
      truePositives: 1,
      predicted: 2,
      expected: 2,
    })
  })

  it('compares phones by digits, allowing a country code or trunk zero to differ', () => {
    const score = (phone: string) => {
      const actual = clone(expected)
      actual.basics.phone = phone
      return scoreResume(expected, actual).counts.phone.truePositives
    }
    expect(score('07700 900123')).toBe(1)
    expect(score('+44 (0) 7700 900123')).toBe(1)
    expect(score('07700 900124')).toBe(0)
    expect(score('900123')).toBe(0)
  })

  it('compares links without scheme, www, trailing slash or case, as a set', () => {
    const actual = clone(expected)
    actual.basics.url = 'jonas.dev/'
    actual.basics.profiles = [
      { network: 'LinkedIn', url: 'LinkedIn.com/in/Jonas-Mueller' },
      { network: 'GitHub', url: 'https://github.com/jonas' },
    ]
    expect(scoreResume(expected, actual).counts.links).toEqual({
      truePositives: 2,
      predicted: 3,
      expected: 2,
    })
  })

  it('takes dates exactly: a year is not a month', () => {
    const actual = clone(expected)
    actual.work[0]!.startDate = '2020'
    const { counts, misses } = scoreResume(expected, actual)
    expect(counts.startDate).toEqual({ truePositives: 1, predicted: 2, expected: 2 })
    expect(misses).toContainEqual({ field: 'startDate', expected: '2020-01', actual: '2020' })
  })

  it('matches a current job by the absence of its end date, and counts an invented end as a false positive', () => {
    expect(scoreResume(expected, clone(expected)).counts.endDate).toEqual({
      truePositives: 2,
      predicted: 2,
      expected: 2,
    })
    const actual = clone(expected)
    actual.work[0]!.endDate = '2024-05'
    expect(scoreResume(expected, actual).counts.endDate).toEqual({
      truePositives: 1,
      predicted: 2,
      expected: 2,
    })
    const missed = clone(expected)
    delete missed.work[1]!.endDate
    expect(scoreResume(expected, missed).counts.endDate).toEqual({
      truePositives: 1,
      predicted: 2,
      expected: 2,
    })
  })

  it('pairs jobs one-to-one by company and title, whatever their order; extra jobs only count as predicted', () => {
    const actual = clone(expected)
    actual.work = [
      { name: 'Initech', position: 'Consultant', startDate: '2015-01', endDate: '2016-01' },
      actual.work[1]!,
      actual.work[0]!,
    ]
    const { counts } = scoreResume(expected, actual)
    expect(counts.company).toEqual({ truePositives: 2, predicted: 3, expected: 2 })
    expect(counts.startDate).toEqual({ truePositives: 2, predicted: 3, expected: 2 })
    expect(counts.endDate).toEqual({ truePositives: 2, predicted: 3, expected: 2 })
  })

  it('pairs a parsed job with one expected job only', () => {
    const promoted: JsonResume = {
      ...clone(expected),
      work: [
        { name: 'Acme', position: 'Engineer', startDate: '2020-01', endDate: '2021-12' },
        { name: 'Acme', position: 'Senior Engineer', startDate: '2022-01' },
      ],
    }
    const actual = clone(promoted)
    actual.work = [actual.work[1]!]
    const { counts } = scoreResume(promoted, actual)
    expect(counts.company).toEqual({ truePositives: 1, predicted: 1, expected: 2 })
    expect(counts.position).toEqual({ truePositives: 1, predicted: 1, expected: 2 })
  })

  it('counts a missing job as missed on each field', () => {
    const actual = clone(expected)
    actual.work = [actual.work[1]!]
    const { counts } = scoreResume(expected, actual)
    for (const field of ['company', 'position', 'startDate', 'endDate'] as const) {
      expect(counts[field]).toEqual({ truePositives: 1, predicted: 1, expected: 2 })
    }
  })

  it('accepts the degree with its field of study in one string, and compares the end year only', () => {
    const actual = clone(expected)
    actual.education = [
      { institution: 'TU München', studyType: 'Master of Science, Informatik', endDate: '2017-09' },
    ]
    const { counts } = scoreResume(expected, actual)
    expect(counts.degree.truePositives).toBe(1)
    expect(counts.educationEndYear.truePositives).toBe(1)
    expect(counts.institution.truePositives).toBe(0)
    const wrong = clone(expected)
    wrong.education[0]!.studyType = 'Bachelor of Science'
    expect(scoreResume(expected, wrong).counts.degree.truePositives).toBe(0)
  })

  it('matches the location by city or by a text that starts with it', () => {
    const actual = clone(expected)
    actual.basics.location = { address: 'San Francisco, CA, United States' }
    expect(scoreResume(expected, actual).counts.location.truePositives).toBe(1)
    actual.basics.location = { city: 'San Jose' }
    expect(scoreResume(expected, actual).counts.location.truePositives).toBe(0)
  })

  it('scores skills as a set of keywords, ignoring case and spaces but not punctuation', () => {
    const actual = clone(expected)
    actual.skills = [{ name: 'Skills', keywords: ['go', 'PowerBI', 'C', 'Rust'] }]
    const { counts, misses } = scoreResume(expected, actual)
    expect(counts.skills).toEqual({ truePositives: 2, predicted: 4, expected: 3 })
    expect(misses).toContainEqual({ field: 'skills', expected: 'C#' })
    expect(misses).toContainEqual({ field: 'skills', actual: 'Rust' })
  })

  it('counts an empty parse as nothing predicted and everything missed', () => {
    const { counts } = scoreResume(expected, { basics: {}, work: [], education: [], skills: [] })
    const total = sumCounts(counts)
    expect(total).toEqual({ truePositives: 0, predicted: 0, expected: 20 })
    expect(rates(total)).toEqual({ precision: 1, recall: 0, f1: 0 })
  })
})

describe('rates', () => {
  it('computes precision, recall and F1', () => {
    const { precision, recall, f1 } = rates({ truePositives: 6, predicted: 8, expected: 12 })
    expect(precision).toBe(0.75)
    expect(recall).toBe(0.5)
    expect(f1).toBeCloseTo(0.6)
  })
})
