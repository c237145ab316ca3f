/**
 * Four very different seekers and jobs for the generator's tests (people and companies invented),
 * built the way the lead's service builds them: `seekerFacts` from a parsed profile, the job's
 * requirement lines from its description, and for a typed role no posting at all.
 */
import { type LetterFacts, requirementsFrom, seekerFacts } from '../../cover-letters/index.ts'

const BACKEND_DESCRIPTION = `We run the freight booking platform for 400 carriers.

Requirements:
- 4+ years building backend services in Go or Python
- Experience with Kubernetes in production
- Comfortable owning on-call for services you build
- GraphQL API design

Benefits:
- Remote-friendly`

export const SOFTWARE_ENGINEER: LetterFacts = {
  seeker: seekerFacts({
    parsedProfile: {
      basics: { name: 'Maren Voss', label: 'Backend Engineer' },
      work: [
        {
          name: 'Lindqvist Freight',
          position: 'Senior Backend Engineer',
          startDate: '2021-03',
          highlights: [
            'Cut p95 latency of the pricing API from 900 ms to 180 ms with PostgreSQL query tuning',
            'Led the move of the booking service from a monolith to Go microservices',
          ],
        },
      ],
      skills: [{ name: 'Backend', keywords: ['Go', 'PostgreSQL', 'Kubernetes', 'Python'] }],
    },
    profileName: null,
    accomplishment: 'I rebuilt our deploy pipeline so releases went from weekly to daily',
    additionalContext: null,
  }),
  job: {
    title: 'Backend Engineer (m/f/d)',
    company: 'Haldane Logistics',
    location: 'Berlin',
    skills: ['Go', 'Python', 'Kubernetes', 'GraphQL', 'PostgreSQL'],
    requirements: requirementsFrom(BACKEND_DESCRIPTION),
    description: BACKEND_DESCRIPTION,
    applyUrl: null,
  },
}

export const NURSE: LetterFacts = {
  seeker: seekerFacts({
    parsedProfile: {
      basics: { name: 'Aisha Okafor', label: 'Registered Nurse' },
      work: [
        {
          name: 'St. Brigid Hospital',
          position: 'Staff Nurse, Cardiac Ward',
          startDate: '2019-01',
          highlights: [
            'Trained twelve new nurses on the cardiac monitoring protocol',
            'Charge nurse for a 28-bed ward on night shifts',
          ],
        },
      ],
      skills: ['Patient assessment', 'Electronic health records', 'IV therapy'],
    },
    profileName: null,
    accomplishment: null,
    additionalContext: null,
  }),
  job: {
    title: 'Registered Nurse',
    company: 'Riverside Clinic',
    location: 'Leeds',
    skills: ['Electronic health records', 'Patient assessment', 'Wound care'],
    requirements: ['Current NMC registration', 'At least two years of acute care experience'],
    description: null,
    applyUrl: null,
  },
}

/** A typed role: no company, no requirements, the occupation's first technology skills. */
export const TRUCK_DRIVER: LetterFacts = {
  seeker: seekerFacts({
    parsedProfile: {
      work: [{ name: 'Kestrel Haulage', position: 'Delivery Driver', highlights: [] }],
      skills: ['Class C licence'],
    },
    profileName: 'Tomasz Nowak',
    accomplishment: null,
    additionalContext: null,
  }),
  job: {
    title: 'Truck Driver',
    company: null,
    location: null,
    skills: ['Route navigation software', 'Electronic logging devices'],
    requirements: [],
    description: null,
    applyUrl: null,
  },
}

/** A seeker with an empty profile, for a teaching post. */
export const TEACHER: LetterFacts = {
  seeker: seekerFacts({
    parsedProfile: {},
    profileName: null,
    accomplishment: null,
    additionalContext: null,
  }),
  job: {
    title: 'High School Teacher',
    company: 'Northgate Academy',
    location: null,
    skills: ['Google Classroom'],
    requirements: ['Qualified teacher status', 'Able to teach mathematics up to A level'],
    description: null,
    applyUrl: null,
  },
}
