import type { JobCard } from '@app/contracts'

/** A job card as GET /api/jobs answers it: a hybrid full-time job in Berlin, a good match. */
export function jobCard(id: string, title: string): JobCard {
  return {
    id,
    title,
    company: 'Northwind',
    companySize: null,
    industry: null,
    location: 'Berlin, Germany',
    locations: [{ name: 'Berlin', countryCode: 'DE' }],
    workLocation: 'HYBRID',
    jobType: 'FULL_TIME',
    experienceLevel: null,
    educationLevel: null,
    salary: null,
    benefits: [],
    skills: [],
    postedAt: null,
    applyUrl: null,
    summary: 'A job worth swiping on.',
    match: {
      score: 80,
      band: 'GOOD',
      subScores: { skills: null, titleAndLevel: null, locationAndWorkMode: null, salary: null },
      reasons: [],
    },
  }
}

/** The two cards the deck tests swipe: Data Engineer on top, then Analyst. */
export const DATA_ENGINEER = jobCard('00000000-0000-4000-8000-000000000001', 'Data Engineer')
export const ANALYST = jobCard('00000000-0000-4000-8000-000000000002', 'Analyst')
