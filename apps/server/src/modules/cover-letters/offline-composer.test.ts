import { describe, expect, it } from 'vitest'
import { type LetterFacts, requirementsFrom, seekerFacts } from './letter-facts.ts'
import { buildMatchReport } from './match-report.ts'
import { type LetterStyle, USUAL_STYLE } from './letter-style.ts'
import { composeOfflineLetter } from './offline-composer.ts'

/** Three very different seekers and jobs (all people and companies invented). */
const BACKEND: LetterFacts = {
  seeker: seekerFacts({
    parsedProfile: {
      basics: { name: 'Maren Voss', label: 'Backend Engineer' },
      work: [
        {
          name: 'Lindqvist Freight',
          position: 'Senior Backend Engineer',
          startDate: '2021-03',
          highlights: [
            'Led the move of the booking service from a monolith to Go microservices',
            'Cut p95 latency of the pricing API from 900 ms to 180 ms with PostgreSQL query tuning',
          ],
        },
        {
          name: 'Orbitale Systems',
          position: 'Software Developer',
          startDate: '2017-09',
          endDate: '2021-02',
          highlights: ['Built the internal billing exports in Python'],
        },
      ],
      skills: [{ name: 'Backend', keywords: ['Go', 'PostgreSQL', 'Kubernetes', 'Python'] }],
      education: [
        { institution: 'TU Hamborn', area: 'Computer Science', studyType: 'Master of Science' },
      ],
    },
    profileName: null,
    accomplishment: null,
    additionalContext: 'I ship freight every week with Parcelnet and know the customer side.',
  }),
  job: {
    title: 'Platform Engineer',
    company: 'Parcelnet',
    location: 'Berlin',
    skills: ['Go', 'Kubernetes', 'Terraform', 'PostgreSQL'],
    requirements: requirementsFrom(
      'About us\nWe move parcels.\n\nRequirements:\n- 4+ years of experience with Go in production\n- Experience running Kubernetes clusters\n- Infrastructure as code with Terraform\n\nBenefits\n- Free lunch',
    ),
    description: null,
    applyUrl: 'https://jobs.example.com/parcelnet/1',
  },
}

const NURSE: LetterFacts = {
  seeker: seekerFacts({
    parsedProfile: {
      basics: { name: 'Amadou Diallo', label: 'Registered Nurse' },
      work: [
        {
          name: 'Clinique Saint-Aubin',
          position: 'Staff Nurse, Paediatrics',
          startDate: '2019-01',
          endDate: '2025-06',
          highlights: ['Trained twelve new nurses on the paediatric ward'],
        },
      ],
      skills: ['Patient care', 'Paediatrics', 'Medication administration', 'French', 'English'],
    },
    profileName: null,
    accomplishment: 'Set up the ward’s night-shift handover checklist, which the hospital adopted.',
    additionalContext: null,
  }),
  job: {
    title: 'Paediatric Nurse',
    company: 'Kinderklinik Waldhaus',
    location: 'Zurich',
    skills: ['Paediatrics', 'Patient care', 'German'],
    requirements: requirementsFrom(
      'Your profile\n- Registered nurse diploma\n- Experience in paediatrics\n- Good German (B2)',
    ),
    description: null,
    applyUrl: null,
  },
}

const THIN: LetterFacts = {
  seeker: seekerFacts({
    parsedProfile: null,
    profileName: 'Lucía Ortega',
    accomplishment: null,
    additionalContext: null,
  }),
  job: {
    title: 'Barista',
    company: 'Café Lumen',
    location: 'Madrid',
    skills: ['Customer service', 'Espresso'],
    requirements: [],
    description: null,
    applyUrl: null,
  },
}

const PLACEHOLDER = /\[[^\]]*\]|\{\{|<[A-Z]|undefined|null|NaN/

describe('the offline composer', () => {
  for (const [name, facts] of [
    ['a backend engineer for a platform role', BACKEND],
    ['a nurse for a paediatric role', NURSE],
    ['a thin profile for a barista role', THIN],
  ] as const) {
    it(`writes a real letter: ${name}`, () => {
      const letter = composeOfflineLetter(facts)
      expect(letter).not.toMatch(PLACEHOLDER)
      expect(letter).toMatch(/^Dear /)
      expect(letter).toContain(facts.job.title)
      expect(letter).toContain(facts.job.company!)
      expect(letter).toMatch(/Kind regards/)
      if (facts.seeker.name) expect(letter.trim().endsWith(facts.seeker.name)).toBe(true)
      // Deterministic.
      expect(composeOfflineLetter(facts)).toBe(letter)
    })
  }

  it('uses the job skills the seeker has, and never claims the ones they lack', () => {
    const letter = composeOfflineLetter(BACKEND)
    expect(letter).toContain('Go')
    expect(letter).toContain('Kubernetes')
    expect(letter).toContain('PostgreSQL')
    expect(letter).not.toContain('Terraform')
    const nurse = composeOfflineLetter(NURSE)
    expect(nurse).toContain('Paediatrics')
    expect(nurse).not.toContain('German')
  })

  it('names only the employers, schools and facts of the profile', () => {
    const letter = composeOfflineLetter(BACKEND)
    expect(letter).toContain('Lindqvist Freight')
    expect(letter).toContain('Orbitale Systems')
    expect(letter).toContain('TU Hamborn')
    expect(letter).toContain('900 ms to 180 ms')
    // Every number in the letter comes from the profile.
    const profileText = JSON.stringify(BACKEND)
    for (const number of letter.match(/\d+/g) ?? []) {
      expect(profileText).toContain(number)
    }
    const nurse = composeOfflineLetter(NURSE)
    expect(nurse).toContain('Clinique Saint-Aubin')
    expect(nurse).toContain('handover checklist')
    expect(nurse).not.toMatch(/years?|degree|University/i)
  })

  it('keeps to a letter’s length, shorter for a thin profile', () => {
    const words = (text: string) => text.split(/\s+/).length
    expect(words(composeOfflineLetter(BACKEND))).toBeGreaterThan(120)
    expect(words(composeOfflineLetter(BACKEND))).toBeLessThan(400)
    expect(words(composeOfflineLetter(NURSE))).toBeGreaterThan(80)
    const thin = composeOfflineLetter(THIN)
    expect(words(thin)).toBeGreaterThan(30)
    expect(words(thin)).toBeLessThan(words(composeOfflineLetter(NURSE)))
    expect(thin).not.toMatch(/worked as|experience with|Your posting asks/)
  })
})

describe('the offline composer, reading the seeker’s path', () => {
  const changer: LetterFacts = {
    seeker: seekerFacts({
      parsedProfile: {
        basics: { name: 'Hannah Okafor' },
        work: [
          {
            name: 'Elmwood Primary School',
            position: 'Year 4 Teacher',
            highlights: ['Designed a blended-learning maths unit used by all Year 4 classes'],
          },
          {
            name: 'Brightside Tutoring',
            position: 'Tutor',
            endDate: '2018-07',
            highlights: ['Created online revision courses in Moodle'],
          },
        ],
        skills: ['Moodle', 'Curriculum design'],
        education: [{ institution: 'University of Leeds', studyType: 'PGCE' }],
      },
      profileName: null,
      accomplishment: null,
      additionalContext: null,
    }),
    job: {
      ...BACKEND.job,
      title: 'Instructional Designer',
      company: 'Northbeam Learning',
      skills: ['Moodle'],
      requirements: [],
    },
  }

  it('says a change of career for what it is, and the same line of work for what it is', () => {
    expect(composeOfflineLetter(changer)).toContain('I want to bring that experience to this role')
    expect(composeOfflineLetter(BACKEND)).toContain(
      'the role matches the work I want to keep doing',
    )
  })

  it('tells the chosen highlights latest position first, and introduces no employer twice', () => {
    const letter = composeOfflineLetter(changer)
    expect(letter.indexOf('At Elmwood Primary School')).toBeGreaterThan(0)
    expect(letter.indexOf('At Elmwood Primary School')).toBeLessThan(
      letter.indexOf('At Brightside Tutoring'),
    )
    expect(letter).not.toContain('Before that I worked as a Tutor at Brightside Tutoring')
    expect(letter).toContain('from the University of Leeds')
  })
})

describe('the offline composer, shaped by the seeker’s feedback (letter-style.ts)', () => {
  const words = (text: string) => text.split(/\s+/).length
  const style = (changes: Partial<LetterStyle>): LetterStyle => ({ ...USUAL_STYLE, ...changes })

  it('writes a shorter letter after "too long", keeping the seeker’s own words about the role', () => {
    const usual = composeOfflineLetter(BACKEND)
    const shorter = composeOfflineLetter(BACKEND, style({ length: 'shorter' }))
    expect(words(shorter)).toBeLessThan(words(usual) - 25)
    expect(shorter).toContain('Parcelnet and know the customer side')
    expect(shorter).not.toContain('TU Hamborn')
    expect(shorter).not.toMatch(PLACEHOLDER)
  })

  it('writes a longer letter after "too short", with a third highlight', () => {
    const usual = composeOfflineLetter(BACKEND)
    const longer = composeOfflineLetter(BACKEND, style({ length: 'longer' }))
    expect(words(longer)).toBeGreaterThan(words(usual))
    expect(longer).toContain('billing exports')
    expect(usual).not.toContain('billing exports')
  })

  it('names more of the job’s skills after "too generic"', () => {
    const skilled: LetterFacts = {
      ...BACKEND,
      seeker: {
        ...BACKEND.seeker,
        skills: ['Go', 'PostgreSQL', 'Kubernetes', 'Python', 'Docker', 'gRPC'],
      },
      job: {
        ...BACKEND.job,
        skills: ['Go', 'PostgreSQL', 'Kubernetes', 'Python', 'Docker', 'gRPC'],
      },
    }
    const usual = composeOfflineLetter(skilled)
    const specific = composeOfflineLetter(skilled, style({ specific: true }))
    expect(usual).not.toContain('gRPC')
    expect(specific).toContain('Docker')
    expect(specific).toContain('gRPC')
    expect(specific).not.toContain('Terraform')
  })
})

describe('the match report', () => {
  it('shows what the profile has, what it lacks, and concrete suggestions', () => {
    const report = buildMatchReport(BACKEND, new Date('2026-11-26T00:00:00Z'))
    const matched = report.matched.map((item) => item.label)
    const missing = report.missing.map((item) => item.label)
    expect(matched).toEqual(expect.arrayContaining(['Go', 'Kubernetes', 'PostgreSQL']))
    expect(missing).toContain('Terraform')
    expect(missing).toContain('Infrastructure as code with Terraform')
    expect(report.suggestions.length).toBeGreaterThanOrEqual(2)
    expect(report.suggestions.length).toBeLessThanOrEqual(3)
    expect(report.suggestions.join(' ')).toContain('Terraform')
    expect(report.score).toBeGreaterThan(40)
    expect(report.score).toBeLessThan(100)
  })

  it('gives a thin profile a suggestion to fill it in', () => {
    const report = buildMatchReport(THIN, new Date('2026-11-26T00:00:00Z'))
    expect(report.matched).toEqual([])
    expect(report.score).toBe(0)
    expect(report.suggestions.join(' ')).toMatch(/work history/)
  })
})

describe('requirement lines', () => {
  it('reads the bullets under a requirements heading, else the ones that read like one', () => {
    expect(
      requirementsFrom('Intro\nWhat you bring:\n• SQL knowledge\n• Team spirit\nPerks\n• Gym'),
    ).toEqual(['SQL knowledge', 'Team spirit'])
    expect(requirementsFrom('- Experience with React\n- Snacks')).toEqual(['Experience with React'])
    expect(requirementsFrom(null)).toEqual([])
  })
})
