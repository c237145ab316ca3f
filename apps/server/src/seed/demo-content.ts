/**
 * The demo install's content. Companies are fictional; apply links go to example.com.
 * The demo account only exists in development installs (see server.ts).
 */
import type { CompanySize } from '@app/contracts'

export const DEMO_ACCOUNT = {
  email: 'demo@jobsearch.local',
  password: 'demo-password',
  fullName: 'Alex Morgan',
} as const

/**
 * The jobs the demo account's applications are about, written out so their story reads
 * right (an offer in euros for the Berlin job). They go through the importers' normalisation
 * like any feed item; the rest of the demo catalogue is generated (demo-jobs.ts).
 */
type DemoJob = {
  sourceId: string
  title: string
  company: string
  companySize: CompanySize
  industry: string
  employmentType: string
  location: string
  /** HTML; pay, requirements and benefits are read out of it as from a real posting. */
  description: string
  applyUrl: string
  postedDaysAgo: number
}

export const DEMO_JOBS: DemoJob[] = [
  {
    sourceId: 'northwind-frontend',
    title: 'Senior Frontend Engineer',
    company: 'Northwind Labs',
    companySize: '51-200',
    industry: 'Software',
    employmentType: 'Full-time',
    location: 'Remote (Germany)',
    description:
      '<p>Build the design system and the customer dashboard in React and TypeScript.</p>' +
      '<ul><li>5+ years of experience building web front ends</li>' +
      "<li>A bachelor's degree in computer science or equivalent experience</li></ul>" +
      '<p>€75,000 – €90,000 per year, stock options, 30 days of paid vacation and a home office stipend.</p>',
    applyUrl: 'https://example.com/jobs/northwind-frontend',
    postedDaysAgo: 2,
  },
  {
    sourceId: 'bluepeak-fullstack',
    title: 'Full-Stack Developer',
    company: 'Bluepeak Analytics',
    companySize: '11-50',
    industry: 'Software',
    employmentType: 'Full-time',
    location: 'Berlin, Germany (hybrid)',
    description:
      '<p>Own features end to end across a Node.js API, PostgreSQL and a React front end.</p>' +
      '<ul><li>3+ years of experience with TypeScript</li>' +
      "<li>A bachelor's degree or equivalent experience</li></ul>" +
      '<p>€65.000 – 80.000 brutto/Jahr, flexible working hours and a learning budget.</p>',
    applyUrl: 'https://example.com/jobs/bluepeak-fullstack',
    postedDaysAgo: 5,
  },
  {
    sourceId: 'harbor-data',
    title: 'Data Analyst',
    company: 'Harbor & Finch',
    companySize: '201-500',
    industry: 'Financial Services',
    employmentType: 'Full-time',
    location: 'London, United Kingdom',
    description:
      '<p>Turn product data into decisions with SQL, dashboards and clear writing.</p>' +
      '<ul><li>2+ years of experience in analytics with SQL and Tableau</li>' +
      "<li>A bachelor's degree in a quantitative field</li></ul>" +
      '<p>£50,000 – £60,000 per year, private medical insurance, a pension and an annual bonus.</p>',
    applyUrl: 'https://example.com/jobs/harbor-data',
    postedDaysAgo: 8,
  },
  {
    sourceId: 'quillstone-pm',
    title: 'Product Manager, Growth',
    company: 'Quillstone',
    companySize: '501-1000',
    industry: 'Software',
    employmentType: 'Full-time',
    location: 'New York, NY, United States',
    description:
      '<p>Lead experiments across onboarding and activation with design and engineering.</p>' +
      '<ul><li>4+ years of experience in product management</li>' +
      "<li>A bachelor's degree; an MBA is a plus</li></ul>" +
      '<p>$140,000 – $170,000 a year. Health, dental and vision insurance, a 401(k) match and paid parental leave.</p>',
    applyUrl: 'https://example.com/jobs/quillstone-pm',
    postedDaysAgo: 12,
  },
  {
    sourceId: 'tidewater-backend',
    title: 'Backend Engineer (Go)',
    company: 'Tidewater Systems',
    companySize: '1001-5000',
    industry: 'Software',
    employmentType: 'Full-time',
    location: 'Remote (United States)',
    description:
      '<p>Scale event ingestion services in Go and the APIs on top of them, on AWS and Kubernetes.</p>' +
      '<ul><li>3+ years of experience with distributed systems</li>' +
      "<li>A bachelor's degree in computer science or equivalent experience</li></ul>" +
      '<p>$130,000 – $160,000 a year, health insurance, a 401(k) and unlimited PTO.</p>',
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
