import { type JsonResumeBody, JsonResumeSchema } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { addSkill, ResumeFormSchema, toFormValues, toJsonResume } from './resume-form'

const RESUME: JsonResumeBody = {
  basics: {
    name: 'John Doe',
    email: 'john.doe@email.com',
    location: { city: 'San Francisco', region: 'CA', address: '1 Main St' },
    profiles: [{ network: 'GitHub', username: 'jdoe', url: 'https://github.com/jdoe' }],
  },
  work: [
    { name: 'Nexus AI', position: 'CTO', startDate: '2023-06', highlights: ['Raised $18M'] },
    { name: 'NVIDIA', position: 'Intern', startDate: '2022-05', endDate: '2022-08' },
  ],
  education: [{ institution: 'Princeton University', studyType: 'PhD', endDate: '2023-05' }],
  skills: [{ name: 'Languages', keywords: ['Python', 'Rust'] }, { name: 'Docker' }],
  languages: [{ language: 'English', fluency: 'Native' }],
  certificates: [{ name: 'AWS Certified' }],
}

describe('toFormValues → toJsonResume', () => {
  it('gives back the same resume when nothing is edited', () => {
    const back = toJsonResume(toFormValues(RESUME), RESUME)
    expect(back).toEqual(RESUME)
    expect(JsonResumeSchema.safeParse(back).success).toBe(true)
  })

  it('reads a start without an end as the current position, and "current" drops the end', () => {
    const values = toFormValues(RESUME)
    expect(values.work[0]?.current).toBe(true)
    expect(values.work[1]?.current).toBe(false)
    values.work[1] = { ...values.work[1]!, current: true }
    expect(toJsonResume(values, RESUME).work[1]).toEqual({
      name: 'NVIDIA',
      position: 'Intern',
      startDate: '2022-05',
    })
  })

  it('keeps what the form does not show, splits highlights by line, drops empty entries', () => {
    const values = toFormValues(RESUME)
    values.basics.city = ' Oakland '
    values.work[0] = { ...values.work[0]!, highlights: 'Raised $18M\n\n  Hired 25 engineers  ' }
    values.work.push({
      name: '',
      position: '',
      location: '',
      startDate: '',
      endDate: '',
      current: false,
      summary: '',
      highlights: '',
    })
    values.skills = addSkill(values.skills, 'Kubernetes')
    const saved = toJsonResume(values, RESUME)
    expect(saved.basics.location).toEqual({ city: 'Oakland', region: 'CA', address: '1 Main St' })
    expect(saved.work).toHaveLength(2)
    expect(saved.work[0]?.highlights).toEqual(['Raised $18M', 'Hired 25 engineers'])
    expect(saved.skills).toEqual([
      { name: 'Languages', keywords: ['Python', 'Rust'] },
      { name: 'Docker' },
      { name: 'Kubernetes' },
    ])
    expect(saved.certificates).toEqual([{ name: 'AWS Certified' }])
  })
})

describe('ResumeFormSchema', () => {
  function issues(edit: (values: ReturnType<typeof toFormValues>) => void) {
    const values = toFormValues(RESUME)
    edit(values)
    const result = ResumeFormSchema.safeParse(values)
    return result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  }

  it('accepts the resume as it is', () => {
    expect(issues(() => undefined)).toEqual([])
  })

  it('refuses a date that is not YYYY-MM, saying how to write it', () => {
    expect(issues((values) => (values.work[1]!.startDate = 'May 2022'))).toEqual([
      'work.1.startDate: Write the date as YYYY-MM (or just YYYY), e.g. 2024-03',
    ])
    expect(issues((values) => (values.education[0]!.endDate = '2023-13'))).toHaveLength(1)
    expect(issues((values) => (values.education[0]!.endDate = '2023'))).toEqual([])
  })

  it('refuses an end before the start, unless the position is current', () => {
    expect(issues((values) => (values.work[1]!.endDate = '2021-01'))).toEqual([
      'work.1.endDate: The end is before the start',
    ])
  })

  it('refuses an email without an @ and a link without its scheme', () => {
    expect(issues((values) => (values.basics.email = 'john.doe'))).toEqual([
      'basics.email: Write the email as name@example.com',
    ])
    expect(issues((values) => (values.basics.profiles[0]!.url = 'github.com/jdoe'))).toHaveLength(1)
  })

  it('refuses a name over the contracts limit', () => {
    expect(issues((values) => (values.basics.name = 'x'.repeat(201)))).toEqual([
      'basics.name: The name can be at most 200 characters',
    ])
  })
})

describe('addSkill', () => {
  it('adds a trimmed new skill and ignores a duplicate or an empty one', () => {
    expect(addSkill(['Python'], ' Rust ')).toEqual(['Python', 'Rust'])
    expect(addSkill(['Python'], 'python')).toEqual(['Python'])
    expect(addSkill(['Python'], '  ')).toEqual(['Python'])
  })
})
