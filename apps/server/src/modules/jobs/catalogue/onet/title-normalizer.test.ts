import { describe, expect, it } from 'vitest'
import { normalizeTitle } from './title-normalizer.ts'

describe('normalizeTitle', () => {
  it.each([
    ['Sr. Software Engineer II (Remote)', '15-1252.00', 'Software Developers'],
    ['Full-Stack Developer', '15-1252.00', 'Software Developers'],
    ['Senior Frontend Engineer', '15-1254.00', 'Web Developers'],
    ['Data Scientist', '15-2051.00', 'Data Scientists'],
    ['Data Analyst', '15-2051.01', 'Business Intelligence Analysts'],
    ['UX Designer', '15-1255.00', 'Web and Digital Interface Designers'],
    ['Registered Nurse - ICU', '29-1141.00', 'Registered Nurses'],
    ['Kindergarten Teacher', '25-2012.00', 'Kindergarten Teachers, Except Special Education'],
    ['Senior Accountant', '13-2011.00', 'Accountants and Auditors'],
    ['Barista', '35-3023.01', 'Baristas'],
    ['QA Automation Engineer', '15-1253.00', 'Software Quality Assurance Analysts and Testers'],
    ['Truck Driver CDL-A', '53-3032.00', 'Heavy and Tractor-Trailer Truck Drivers'],
    ['Marketing Intern', '13-1161.00', 'Market Research Analysts and Marketing Specialists'],
  ])('%s → %s %s', (raw, code, title) => {
    expect(normalizeTitle(raw)).toMatchObject({ code, title })
  })

  it('matches a title that is close but not listed, with its similarity', () => {
    const match = normalizeTitle('Engineering Manager')
    expect(match).toMatchObject({ code: '11-3021.00' })
    expect(match!.score).toBeGreaterThan(0.6)
    expect(match!.score).toBeLessThan(1)
  })

  it('leaves a title it cannot place unmatched rather than guessing', () => {
    expect(normalizeTitle('Zzzz Qqq')).toBeNull()
    expect(normalizeTitle('(Remote)')).toBeNull()
  })
})
