/**
 * The demo install's content. Companies are fictional; apply links go to example.com.
 * The demo account only exists in development installs (see server.ts).
 */
export const DEMO_ACCOUNT = {
  email: 'demo@jobsearch.local',
  password: 'demo-password',
  fullName: 'Alex Morgan',
} as const

type DemoJob = {
  sourceId: string
  title: string
  company: string
  location: string
  description: string
  applyUrl: string
  postedDaysAgo: number
}

export const DEMO_JOBS: DemoJob[] = [
  {
    sourceId: 'northwind-frontend',
    title: 'Senior Frontend Engineer',
    company: 'Northwind Labs',
    location: 'Remote (Europe)',
    description: 'Build the design system and the customer dashboard in React and TypeScript.',
    applyUrl: 'https://example.com/jobs/northwind-frontend',
    postedDaysAgo: 2,
  },
  {
    sourceId: 'bluepeak-fullstack',
    title: 'Full-Stack Developer',
    company: 'Bluepeak Analytics',
    location: 'Berlin, Germany (hybrid)',
    description: 'Own features end to end across a Node.js API, PostgreSQL and a React front end.',
    applyUrl: 'https://example.com/jobs/bluepeak-fullstack',
    postedDaysAgo: 5,
  },
  {
    sourceId: 'harbor-data',
    title: 'Data Analyst',
    company: 'Harbor & Finch',
    location: 'London, United Kingdom',
    description: 'Turn product data into decisions with SQL, dashboards and clear writing.',
    applyUrl: 'https://example.com/jobs/harbor-data',
    postedDaysAgo: 8,
  },
  {
    sourceId: 'quillstone-pm',
    title: 'Product Manager, Growth',
    company: 'Quillstone',
    location: 'New York, NY, United States',
    description: 'Lead experiments across onboarding and activation with design and engineering.',
    applyUrl: 'https://example.com/jobs/quillstone-pm',
    postedDaysAgo: 12,
  },
  {
    sourceId: 'tidewater-backend',
    title: 'Backend Engineer (Go)',
    company: 'Tidewater Systems',
    location: 'Remote (United States)',
    description: 'Scale event ingestion services and the APIs on top of them.',
    applyUrl: 'https://example.com/jobs/tidewater-backend',
    postedDaysAgo: 20,
  },
]

type DemoApplication = {
  jobSourceId: string
  notes: string
  createdDaysAgo: number
  events: { type: string; daysAgo: number; payload?: Record<string, unknown> }[]
}

export const DEMO_APPLICATIONS: DemoApplication[] = [
  {
    jobSourceId: 'northwind-frontend',
    notes: 'Referred by a former colleague.',
    createdDaysAgo: 14,
    events: [
      { type: 'applied', daysAgo: 13 },
      { type: 'interview_invitation', daysAgo: 6, payload: { round: 'Technical interview' } },
    ],
  },
  {
    jobSourceId: 'bluepeak-fullstack',
    notes: 'Strong match on the stack.',
    createdDaysAgo: 30,
    events: [
      { type: 'applied', daysAgo: 29 },
      { type: 'interview_invitation', daysAgo: 20 },
      { type: 'offer_received', daysAgo: 4, payload: { salary: '€78,000' } },
    ],
  },
  {
    jobSourceId: 'harbor-data',
    notes: '',
    createdDaysAgo: 25,
    events: [
      { type: 'applied', daysAgo: 24 },
      { type: 'rejection_received', daysAgo: 10 },
    ],
  },
  {
    jobSourceId: 'quillstone-pm',
    notes: 'Saved to apply this week.',
    createdDaysAgo: 1,
    events: [],
  },
]
