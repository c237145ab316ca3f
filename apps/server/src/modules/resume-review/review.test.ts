import {
  RESUME_FINDING_CODES,
  type ResumeFindingCode,
  type ResumeReview,
  ResumeReviewSchema,
} from '@app/contracts'
import { describe, expect, it } from 'vitest'
import type { JsonResume, ParsedResume } from '../resume-parser/index.ts'
import { parsedFrom, STRONG_RESUME, strongWith } from './fixtures/resumes.ts'
import { gradeOf, HIGH_FINDING_SCORE_CAP } from './grade.ts'
import { reviewResume } from './review.ts'
import { withRewrites } from './index.ts'

const review = (parsed: ParsedResume): ResumeReview =>
  ResumeReviewSchema.parse(reviewResume(parsed))
const codesOf = (result: ResumeReview) => result.findings.map((finding) => finding.code)
const findingOf = (result: ResumeReview, code: ResumeFindingCode) => {
  const finding = result.findings.find((candidate) => candidate.code === code)
  if (!finding) throw new Error(`no ${code} in ${codesOf(result).join(', ')}`)
  return finding
}
const subScore = (result: ResumeReview, category: string) =>
  result.subScores.find((entry) => entry.category === category)!.score

/** The strong resume with its first position's bullets replaced. */
const withBullets = (...highlights: string[]): JsonResume =>
  strongWith((resume) => {
    resume.work[0]!.highlights = highlights
  })

describe('a strong resume', () => {
  const result = review(parsedFrom(STRONG_RESUME))

  it('gets an A with high sub-scores and hardly any findings', () => {
    expect(result.grade).toBe('A')
    expect(result.score).toBeGreaterThanOrEqual(90)
    for (const entry of result.subScores) expect(entry.score).toBeGreaterThanOrEqual(85)
    expect(result.findings.length).toBeLessThanOrEqual(1)
    expect(result.findings.filter((finding) => finding.severity !== 'low')).toEqual([])
  })

  it('names what is already good', () => {
    expect(result.strengths.map((strength) => strength.code)).toEqual(
      expect.arrayContaining([
        'ats_friendly_layout',
        'complete_contact',
        'strong_action_verbs',
        'quantified_impact',
        'concise_bullets',
        'focused_summary',
        'rich_skills',
        'continuous_history',
      ]),
    )
  })

  it('says why each sub-score is what it is, and sums the weights to 100', () => {
    expect(result.subScores.map((entry) => entry.category)).toEqual([
      'ats',
      'contact',
      'impact',
      'clarity',
      'skills',
    ])
    expect(result.subScores.reduce((sum, entry) => sum + entry.weight, 0)).toBe(100)
    for (const entry of result.subScores) expect(entry.summary).toMatch(/\w.*\.$/)
    expect(result.summary).toMatch(/^Grade A \(\d+\/100\)/)
  })

  it('is deterministic', () => {
    expect(reviewResume(parsedFrom(STRONG_RESUME))).toEqual(result)
  })
})

describe('a weak resume', () => {
  const weak: JsonResume = {
    basics: { name: 'Tom Beispiel', summary: '' },
    work: [
      {
        name: 'Acme Widgets',
        position: 'Team Lead',
        startDate: '2019-01',
        highlights: [
          'Responsible for managing the team',
          'Worked on the customer portal',
          'Reports were prepared for management every week',
        ],
      },
      {
        name: 'Globex',
        position: 'Associate',
        startDate: '2015-01',
        endDate: '2017-06',
        highlights: ['Helped with onboarding of new clients'],
      },
    ],
    education: [],
    skills: [{ name: 'Excel' }, { name: 'Communication' }],
  }
  const result = review(parsedFrom(weak, { columns: 2, images: 2 }))

  it('gets an F, with high findings first', () => {
    expect(result.grade).toBe('F')
    expect(result.findings[0]!.severity).toBe('high')
    expect(result.score).toBeLessThan(60)
  })

  it('rewrites "Responsible for managing the team" into an achievement with placeholders', () => {
    const finding = result.findings.find(
      (candidate) =>
        candidate.code === 'weak_bullet_no_action_verb' &&
        candidate.lines.includes('• Responsible for managing the team'),
    )!
    expect(finding.suggestion).toBe(
      'Led a team of [number], resulting in [result: a number such as % faster, hours or money saved, users or revenue gained]',
    )
    expect(finding.rewrite).toBeNull()
  })
})

describe('each finding', () => {
  const cases: {
    code: ResumeFindingCode
    parsed: () => ParsedResume
    check?: (result: ResumeReview) => void
  }[] = [
    { code: 'layout_columns', parsed: () => parsedFrom(STRONG_RESUME, { columns: 2 }) },
    { code: 'layout_tables', parsed: () => parsedFrom(STRONG_RESUME, { tables: true }) },
    { code: 'layout_images', parsed: () => parsedFrom(STRONG_RESUME, { images: 3 }) },
    {
      code: 'layout_header_footer',
      parsed: () => {
        const parsed = parsedFrom(STRONG_RESUME, { pages: 2, repeatedHeaderOrFooter: true })
        parsed.lines.push(
          { text: 'Ilse Marquardt – Page 1 of 2', page: 1, section: null, heading: false },
          { text: 'Ilse Marquardt – Page 2 of 2', page: 2, section: null, heading: false },
        )
        return parsed
      },
      check: (result) =>
        expect(findingOf(result, 'layout_header_footer').lines).toEqual([
          'Ilse Marquardt – Page 1 of 2',
        ]),
    },
    {
      code: 'missing_dates',
      parsed: () => parsedFrom(strongWith((resume) => delete resume.work[1]!.startDate)),
      check: (result) =>
        expect(findingOf(result, 'missing_dates').lines).toEqual(['Data Engineer, Kranich Retail']),
    },
    { code: 'resume_too_long', parsed: () => parsedFrom(STRONG_RESUME, { pages: 3 }) },
    {
      code: 'missing_name',
      parsed: () => parsedFrom(strongWith((resume) => delete resume.basics.name)),
    },
    {
      code: 'missing_email',
      parsed: () => parsedFrom(strongWith((resume) => delete resume.basics.email)),
    },
    {
      code: 'missing_phone',
      parsed: () => parsedFrom(strongWith((resume) => delete resume.basics.phone)),
    },
    {
      code: 'missing_location',
      parsed: () => parsedFrom(strongWith((resume) => delete resume.basics.location)),
    },
    {
      code: 'missing_links',
      parsed: () => parsedFrom(strongWith((resume) => delete resume.basics.profiles)),
    },
    {
      code: 'missing_experience_section',
      parsed: () => parsedFrom(strongWith((resume) => (resume.work = []))),
    },
    {
      code: 'missing_education_section',
      parsed: () => parsedFrom(strongWith((resume) => (resume.education = []))),
    },
    {
      code: 'missing_skills_section',
      parsed: () => parsedFrom(strongWith((resume) => (resume.skills = []))),
    },
    {
      code: 'no_bullets',
      parsed: () =>
        parsedFrom(strongWith((resume) => resume.work.forEach((entry) => delete entry.highlights))),
    },
    {
      code: 'weak_bullet_no_action_verb',
      parsed: () => parsedFrom(withBullets('Responsible for the quarterly budget of 2 teams')),
      check: (result) => {
        const finding = findingOf(result, 'weak_bullet_no_action_verb')
        expect(finding.lines).toEqual(['• Responsible for the quarterly budget of 2 teams'])
        expect(finding.suggestion).toMatch(
          /^\[action verb, e\.g\. [^\]]+\] the quarterly budget of 2 teams$/,
        )
      },
    },
    {
      code: 'bullet_no_result',
      parsed: () => parsedFrom(withBullets('Planned the migration of the billing service')),
      check: (result) =>
        expect(findingOf(result, 'bullet_no_result').suggestion).toBe(
          'Planned the migration of the billing service, resulting in [result: a number such as % faster, hours or money saved, users or revenue gained]',
        ),
    },
    {
      code: 'missing_numbers',
      parsed: () =>
        parsedFrom(
          strongWith((resume) => {
            for (const entry of resume.work) {
              entry.highlights = [
                'Designed the team onboarding process',
                'Improved the customer support workflow, resulting in faster answers',
              ]
            }
          }),
        ),
      check: (result) => {
        const finding = findingOf(result, 'missing_numbers')
        expect(finding.severity).toBe('high')
        expect(finding.suggestion).toContain(
          '“Designed the team onboarding process”: add how many people (the team size)',
        )
      },
    },
    {
      code: 'bullet_too_long',
      parsed: () =>
        parsedFrom(
          withBullets(
            'Designed and rolled out a new event-driven ingestion layer for 14 partner feeds across three regions, and trained the analysts of every regional office to write their own transformations in dbt',
          ),
        ),
      check: (result) =>
        expect(findingOf(result, 'bullet_too_long').suggestion).toBe(
          'Split it in two: “Designed and rolled out a new event-driven ingestion layer for 14 partner feeds across three regions.” and “Trained the analysts of every regional office to write their own transformations in dbt.”',
        ),
    },
    {
      code: 'passive_voice',
      parsed: () =>
        parsedFrom(
          withBullets('The budget of 2 million euros was managed for three product teams'),
        ),
      check: (result) =>
        expect(findingOf(result, 'passive_voice').suggestion).toBe(
          'Managed the budget of 2 million euros for three product teams',
        ),
    },
    {
      code: 'buzzword',
      parsed: () =>
        parsedFrom(
          strongWith((resume) => {
            resume.basics.summary =
              'Results-driven data engineer with 9 years of building pipelines for logistics and retail.'
          }),
        ),
      check: (result) => {
        const finding = findingOf(result, 'buzzword')
        expect(finding.explanation).toContain('“Results-driven”')
        expect(finding.suggestion).toMatch(
          /^“Data engineer with 9 years of building pipelines for logistics and retail\.” — /,
        )
      },
    },
    {
      code: 'first_person',
      parsed: () => parsedFrom(withBullets('I reduced the error rate of my team by 30%')),
      check: (result) =>
        expect(findingOf(result, 'first_person').suggestion).toBe(
          '“Reduced the error rate of the team by 30%”',
        ),
    },
    {
      code: 'summary_missing',
      parsed: () => parsedFrom(strongWith((resume) => delete resume.basics.summary)),
      check: (result) =>
        expect(findingOf(result, 'summary_missing').suggestion).toContain(
          'Senior Data Engineer with [N] years in [field], strongest in Python, SQL, Scala. Most recently Senior Data Engineer at Fernweh Logistics, where [one result with a number].',
        ),
    },
    {
      code: 'summary_too_long',
      parsed: () =>
        parsedFrom(
          strongWith((resume) => {
            resume.basics.summary = `${resume.basics.summary} ${'I enjoy long projects with many people in many places and with many data sources. '.repeat(4)}`
          }),
        ),
    },
    {
      code: 'date_gap',
      parsed: () => parsedFrom(strongWith((resume) => (resume.work[1]!.endDate = '2019-06'))),
      check: (result) => {
        const finding = findingOf(result, 'date_gap')
        expect(finding.explanation).toContain('About 21 months')
        expect(finding.suggestion).toContain('Jul 2019 – Mar 2021')
        expect(finding.lines).toEqual([
          'Data Engineer, Kranich Retail 2017-02 – 2019-06',
          'Senior Data Engineer, Fernweh Logistics 2021-04 – Present',
        ])
      },
    },
    {
      code: 'date_overlap',
      parsed: () => parsedFrom(strongWith((resume) => (resume.work[1]!.endDate = '2022-06'))),
    },
    {
      code: 'few_skills',
      parsed: () =>
        parsedFrom(strongWith((resume) => (resume.skills = [{ name: 'Python' }, { name: 'SQL' }]))),
      check: (result) =>
        expect(findingOf(result, 'few_skills').suggestion).toContain(
          '“Spark”, “Excel”, “Oracle”, “PostgreSQL”, “Tableau”',
        ),
    },
    {
      code: 'skills_ungrouped',
      parsed: () =>
        parsedFrom(
          strongWith((resume) => {
            resume.skills = resume.skills.flatMap((group) =>
              (group.keywords ?? []).map((name) => ({ name })),
            )
          }),
        ),
    },
  ]

  it('has a case for every code', () => {
    expect(cases.map((entry) => entry.code).sort()).toEqual([...RESUME_FINDING_CODES].sort())
  })

  it.each(cases)('$code is found, quoted and explained', ({ code, parsed, check }) => {
    const strong = review(parsedFrom(STRONG_RESUME))
    expect(codesOf(strong)).not.toContain(code)
    const result = review(parsed())
    const finding = findingOf(result, code)
    expect(finding.explanation.length).toBeGreaterThan(30)
    expect(finding.suggestion.length).toBeGreaterThan(10)
    expect(result.score).toBeLessThan(strong.score)
    check?.(result)
  })
})

describe('the rules in detail', () => {
  it('quotes a bullet wrapped over two lines with both lines', () => {
    const resume = withBullets('Responsible for the onboarding of partners')
    const parsed = parsedFrom(resume)
    const at = parsed.lines.findIndex((line) => line.text.startsWith('• Responsible'))
    parsed.lines.splice(
      at,
      1,
      { text: '• Responsible for the onboarding', page: 1, section: 'experience', heading: false },
      { text: 'of partners', page: 1, section: 'experience', heading: false },
    )
    expect(findingOf(review(parsed), 'weak_bullet_no_action_verb').lines).toEqual([
      '• Responsible for the onboarding',
      'of partners',
    ])
  })

  it('reads bullets from the experience lines when the parser found no highlights', () => {
    const resume = strongWith((entry) => entry.work.forEach((work) => delete work.highlights))
    const parsed = parsedFrom(resume)
    parsed.lines.splice(5, 0, {
      text: '• Worked on the warehouse migration project',
      page: 1,
      section: 'experience',
      heading: false,
    })
    const result = review(parsed)
    expect(codesOf(result)).not.toContain('no_bullets')
    expect(findingOf(result, 'weak_bullet_no_action_verb').suggestion).toMatch(
      /^\[action verb, e\.g\. [^\]]+\] the warehouse migration project, resulting in \[result/,
    )
  })

  it('turns the gerund after a weak opener into the past tense', () => {
    const result = review(
      parsedFrom(
        withBullets(
          'Responsible for planning the quarterly releases',
          'In charge of writing the onboarding guide',
          'Tasked with studying churn among 2,000 customers',
        ),
      ),
    )
    const suggestions = result.findings
      .filter((finding) => finding.code === 'weak_bullet_no_action_verb')
      .map((finding) => finding.suggestion.replace(/, resulting in .*$/, ''))
    expect(suggestions).toEqual([
      'Planned the quarterly releases',
      'Wrote the onboarding guide',
      'Studied churn among 2,000 customers',
    ])
  })

  it('writes a title set in capitals on the page as words in the summary it suggests', () => {
    // The latest position's own spelling where it is the same title; else each word capitalised.
    for (const [label, written] of [
      ['SENIOR DATA ENGINEER', 'Senior Data Engineer'],
      ['DATA PLATFORM LEAD', 'Data Platform Lead'],
    ]) {
      const result = review(
        parsedFrom(
          strongWith((resume) => {
            delete resume.basics.summary
            resume.basics.label = label
          }),
        ),
      )
      expect(findingOf(result, 'summary_missing').suggestion).toContain(
        `“${written} with [N] years`,
      )
    }
  })

  it('takes the present of an action verb as one (a current job)', () => {
    const result = review(
      parsedFrom(
        withBullets(
          'Maintain the release pipeline for 40 services',
          'Manages a team of 5',
          // Irregular verbs: no "-ed" form to find them by.
          'Leads wire and ACH operations for 30 clients',
          'Oversees 12 sites',
        ),
      ),
    )
    expect(codesOf(result)).not.toContain('weak_bullet_no_action_verb')
  })

  it('reads German, French and Spanish weak openers and action verbs', () => {
    const result = review(
      parsedFrom(
        withBullets(
          'Verantwortlich für die Einführung von SAP in 3 Werken',
          'Responsable de la migration des données clients',
          'Desarrollé 4 microservicios en Go para pagos',
          'Leitete ein Team von 6 Entwicklern',
        ),
      ),
    )
    const weak = result.findings
      .filter((finding) => finding.code === 'weak_bullet_no_action_verb')
      .flatMap((finding) => finding.lines)
    expect(weak).toEqual([
      '• Verantwortlich für die Einführung von SAP in 3 Werken',
      '• Responsable de la migration des données clients',
    ])
  })

  it('does not count a handover month as an overlap, nor year-only dates as a gap', () => {
    const result = review(
      parsedFrom(
        strongWith((resume) => {
          resume.work[1]!.endDate = '2021-04'
          resume.work[2]!.startDate = '2015'
          resume.work[2]!.endDate = '2016'
          resume.work[1]!.startDate = '2017'
        }),
      ),
    )
    expect(codesOf(result)).not.toContain('date_overlap')
    expect(codesOf(result)).not.toContain('date_gap')
  })

  it('does not count months spent studying as a gap (internships between terms)', () => {
    const internships = strongWith((resume) => {
      resume.work = [
        {
          name: 'Nordsee Bank',
          position: 'Intern',
          startDate: '2013-06',
          endDate: '2013-08',
          highlights: [],
        },
        {
          name: 'Hafen AG',
          position: 'Intern',
          startDate: '2014-06',
          endDate: '2014-08',
          highlights: [],
        },
        ...resume.work,
      ]
    })
    expect(codesOf(review(parsedFrom(internships)))).not.toContain('date_gap')
    const noSchool = structuredClone(internships)
    noSchool.education = []
    expect(codesOf(review(parsedFrom(noSchool)))).toContain('date_gap')
  })

  it('keeps a noun-first line as written and asks for a verb in front of it', () => {
    const result = review(
      parsedFrom(withBullets('Betreuung von beatmeten Patientinnen und Patienten')),
    )
    expect(findingOf(result, 'weak_bullet_no_action_verb').suggestion).toBe(
      '[action verb for “Betreuung”, e.g. Ran, Delivered or Supervised] Betreuung von beatmeten Patientinnen und Patienten, resulting in [result: a number such as % faster, hours or money saved, users or revenue gained]',
    )
  })

  it('does not read fragments (a name, a place) as bullets', () => {
    const result = review(parsedFrom(withBullets('Honeywell Aerospace', 'Intel')))
    expect(codesOf(result)).not.toContain('weak_bullet_no_action_verb')
    expect(result.stats.bullets).toBe(4)
  })

  it('suggests only tool-like words from the bullets as skills, not every capitalised noun', () => {
    const result = review(
      parsedFrom(
        strongWith((resume) => {
          resume.skills = [{ name: 'Pflege' }]
          resume.work[0]!.highlights = [
            'Betreute täglich 12 Patientinnen und Patienten auf der Station',
            'Dokumentierte 300 Fälle pro Monat in SAP und Excel',
          ]
        }),
      ),
    )
    expect(findingOf(result, 'few_skills').suggestion).toMatch(
      /^Add the tools your bullets already name: “SAP”, “Excel”, /,
    )
    expect(findingOf(result, 'few_skills').suggestion).not.toContain('Patienten')
  })

  it('reads year-only dates narrowly for overlaps: "2015 – 2018" then "2018 – 2021" is a handover', () => {
    const years = (first: [string, string], second: [string, string]) =>
      codesOf(
        review(
          parsedFrom(
            strongWith((resume) => {
              resume.work = [
                { ...resume.work[0]!, startDate: second[0], endDate: second[1] },
                { ...resume.work[1]!, startDate: first[0], endDate: first[1] },
              ]
            }),
          ),
        ),
      )
    expect(years(['2015', '2018'], ['2018', '2021'])).not.toContain('date_overlap')
    expect(years(['2015', '2019'], ['2017', '2021'])).toContain('date_overlap')
  })

  it('flags two current jobs as an overlap', () => {
    const result = review(parsedFrom(strongWith((resume) => delete resume.work[1]!.endDate)))
    expect(findingOf(result, 'date_overlap').explanation).toContain('both shown as current')
  })

  it('lists at most five findings of one code, and still scores them all', () => {
    const many = Array.from({ length: 8 }, (_, i) => `Worked on project number ${i + 1}`)
    const five = review(parsedFrom(withBullets(...many.slice(0, 5))))
    const eight = review(parsedFrom(withBullets(...many)))
    expect(codesOf(eight).filter((code) => code === 'weak_bullet_no_action_verb')).toHaveLength(5)
    expect(subScore(eight, 'impact')).toBeLessThan(subScore(five, 'impact'))
  })
})

describe('the grade', () => {
  it('has its boundaries at 90, 80, 70 and 60', () => {
    expect([100, 90, 89, 80, 79, 70, 69, 60, 59, 0].map(gradeOf)).toEqual([
      'A',
      'A',
      'B',
      'B',
      'C',
      'C',
      'D',
      'D',
      'F',
      'F',
    ])
  })

  it('is at most a C while a high finding stands', () => {
    const result = review(parsedFrom(strongWith((resume) => delete resume.basics.email)))
    expect(result.score).toBeLessThanOrEqual(HIGH_FINDING_SCORE_CAP)
    expect(result.grade).toBe('C')
    expect(result.summary).toContain('Fix first: No email address could be read')
  })

  it('takes a missing name, email or experience off the ATS score too', () => {
    expect(subScore(review(parsedFrom(STRONG_RESUME)), 'ats')).toBe(100)
    const noEmail = review(parsedFrom(strongWith((resume) => delete resume.basics.email)))
    expect(subScore(noEmail, 'ats')).toBe(85)
    const noPhone = review(parsedFrom(strongWith((resume) => delete resume.basics.phone)))
    expect(subScore(noPhone, 'ats')).toBe(100)
  })

  it('weighs the sub-scores 25/20/25/15/15', () => {
    const result = review(parsedFrom(STRONG_RESUME, { columns: 2 }))
    const expected = Math.round(
      result.subScores.reduce((sum, entry) => sum + entry.score * entry.weight, 0) / 100,
    )
    expect(result.score).toBe(expected)
    expect(subScore(result, 'ats')).toBe(80)
  })
})

describe('the rewrite seam', () => {
  it('keeps offline suggestions and adds the generator’s rewrites to bullet findings', async () => {
    const offline = review(parsedFrom(withBullets('Responsible for managing the team')))
    const seen: string[] = []
    const rewritten = await withRewrites(offline, async (requests) =>
      requests.map((request) => {
        seen.push(request.line)
        return `Rewritten: ${request.line}`
      }),
    )
    expect(seen).toEqual(['• Responsible for managing the team'])
    const finding = findingOf(rewritten, 'weak_bullet_no_action_verb')
    expect(finding.rewrite).toBe('Rewritten: • Responsible for managing the team')
    expect(finding.suggestion).toBe(findingOf(offline, 'weak_bullet_no_action_verb').suggestion)
  })

  it('leaves the review as it was when the generator fails', async () => {
    const offline = review(parsedFrom(withBullets('Responsible for managing the team')))
    const result = await withRewrites(offline, async () => {
      throw new Error('the model is down')
    })
    expect(result).toEqual(offline)
  })
})
