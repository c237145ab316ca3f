import { ResumeJobMatchSchema } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { buildMatchReport, requirementsFrom, seekerFacts } from '../cover-letters/index.ts'
import { STRONG_RESUME, strongWith } from './fixtures/resumes.ts'
import { type JobToMatch, matchResumeToJob } from './index.ts'

const JOB: JobToMatch = {
  title: 'Staff Data Engineer',
  company: 'Nordlicht Energy',
  description: [
    'We run the data platform behind 2 million smart meters.',
    '',
    'Requirements',
    '- 5+ years of experience building data pipelines in Python',
    '- Experience with Kubernetes in production',
    '- Fluent German and English',
    '- Knowledge of energy market regulation',
    '',
    'Benefits',
    '- 30 days of holiday',
  ].join('\n'),
  skills: ['Python', 'Kubernetes', 'Spark', 'Snowflake'],
}

/** The strong resume without Kubernetes anywhere. */
const withoutKubernetes = strongWith((resume) => {
  for (const group of resume.skills) {
    group.keywords = group.keywords?.filter((skill) => skill !== 'Kubernetes')
  }
})

describe('the job match', () => {
  it('shows what the resume covers and misses, in the job’s own words', () => {
    const match = ResumeJobMatchSchema.parse(matchResumeToJob(withoutKubernetes, JOB))
    expect(match.job).toEqual({ title: 'Staff Data Engineer', company: 'Nordlicht Energy' })
    expect(match.matched.map((item) => item.label)).toEqual([
      'Python',
      'Spark',
      '5+ years of experience building data pipelines in Python',
    ])
    expect(match.missing.map((item) => [item.label, item.quote])).toEqual([
      ['Kubernetes', 'Experience with Kubernetes in production'],
      ['Snowflake', null],
      ['Experience with Kubernetes in production', 'Experience with Kubernetes in production'],
      ['Fluent German and English', 'Fluent German and English'],
      ['Knowledge of energy market regulation', 'Knowledge of energy market regulation'],
    ])
    expect(match.matched[0]!.quote).toBe('5+ years of experience building data pipelines in Python')
    expect(match.score).toBe(38)
  })

  it('suggests what to add, quoting the requirement', () => {
    const match = matchResumeToJob(withoutKubernetes, JOB)
    expect(match.suggestions).toEqual([
      "Add 'Kubernetes' to your skills if you have used it; the job asks for it in 'Experience with Kubernetes in production'.",
      "Add 'Snowflake' to your skills if you have used it; it is in the job's list of skills.",
      "The job asks for 'Experience with Kubernetes in production'. If you have done this, add a bullet that shows it under Senior Data Engineer at Fernweh Logistics: '[action verb] [what you did] … resulting in [result with a number]'.",
    ])
  })

  it('scores the same as the cover letter’s match report for the same profile and job', () => {
    for (const resume of [STRONG_RESUME, withoutKubernetes]) {
      const report = buildMatchReport(
        {
          seeker: seekerFacts({
            parsedProfile: resume,
            profileName: null,
            accomplishment: null,
            additionalContext: null,
          }),
          job: {
            title: JOB.title,
            company: JOB.company ?? null,
            location: null,
            skills: JOB.skills ?? [],
            requirements: requirementsFrom(JOB.description ?? null),
            description: JOB.description ?? null,
            applyUrl: null,
          },
        },
        new Date(),
      )
      const match = matchResumeToJob(resume, JOB)
      expect(match.score).toBe(report.score)
      expect(match.missing.map((item) => item.label)).toEqual(
        report.missing.map((item) => item.label),
      )
    }
  })

  it('takes the requirements as given, and the letter’s extras into account', () => {
    const given = matchResumeToJob(STRONG_RESUME, {
      title: 'Analyst',
      company: null,
      skills: [],
      requirements: ['Experience with energy market regulation and tariffs'],
    })
    expect(given.score).toBe(0)
    const withContext = matchResumeToJob(
      STRONG_RESUME,
      {
        title: 'Analyst',
        company: null,
        skills: [],
        requirements: ['Experience with energy market regulation and tariffs'],
      },
      { accomplishment: 'Wrote a thesis on energy market regulation and grid tariffs.' },
    )
    expect(withContext.score).toBe(100)
  })
})
