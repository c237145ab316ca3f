/**
 * The demo install's content. Companies are fictional; apply links go to example.com.
 * The demo account only exists in development installs (see server.ts).
 */
import type { CompanySize, WizardPatch } from '@app/contracts'

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
    sourceId: 'harbor-trading-ui',
    title: 'Frontend Engineer, Trading UI',
    company: 'Harbor & Finch',
    companySize: '201-500',
    industry: 'Financial Services',
    employmentType: 'Full-time',
    location: 'London, United Kingdom (hybrid)',
    description:
      '<p>Build the real-time trading screens our analysts live in, in React and TypeScript, with WebSockets and a charting library.</p>' +
      '<ul><li>5+ years of experience building web front ends</li>' +
      "<li>A bachelor's degree in a quantitative field or equivalent experience</li></ul>" +
      '<p>£70,000 – £85,000 per year, private medical insurance, a pension and an annual bonus.</p>',
    applyUrl: 'https://example.com/jobs/harbor-trading-ui',
    postedDaysAgo: 27,
  },
  {
    sourceId: 'quillstone-staff-frontend',
    title: 'Staff Frontend Engineer',
    company: 'Quillstone',
    companySize: '501-1000',
    industry: 'Software',
    employmentType: 'Full-time',
    location: 'New York, NY, United States',
    description:
      '<p>Set the direction of our web platform: the design system, performance budgets and the React architecture of five product teams.</p>' +
      '<ul><li>8+ years of experience building web front ends, 2+ leading others</li>' +
      "<li>A bachelor's degree in computer science or equivalent experience</li></ul>" +
      '<p>$170,000 – $200,000 a year. Health, dental and vision insurance, a 401(k) match, relocation support and visa sponsorship.</p>',
    applyUrl: 'https://example.com/jobs/quillstone-staff-frontend',
    postedDaysAgo: 3,
  },
  {
    sourceId: 'saltmarsh-react',
    title: 'Senior React Developer',
    company: 'Saltmarsh Travel',
    companySize: '201-500',
    industry: 'Hospitality',
    employmentType: 'Full-time',
    location: 'Munich, Germany (hybrid)',
    description:
      '<p>Rebuild the booking journey of a travel platform in React, TypeScript and Next.js, with a focus on accessibility and speed.</p>' +
      '<ul><li>5+ years of experience with JavaScript and React</li>' +
      "<li>A bachelor's degree or equivalent experience</li></ul>" +
      '<p>€72,000 – €86,000 per year, 30 days of paid vacation, a travel allowance and a learning budget.</p>',
    applyUrl: 'https://example.com/jobs/saltmarsh-react',
    postedDaysAgo: 9,
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

/**
 * The demo seeker's applications, one at each stage of the tracker: each started as a right
 * swipe (so the job is out of the deck and its credits are in the ledger), and its events move
 * it on as the user would log them.
 */
type DemoApplication = {
  jobSourceId: string
  notes: string
  createdDaysAgo: number
  events: { type: string; daysAgo: number; payload?: Record<string, unknown> }[]
}

export const DEMO_APPLICATIONS: DemoApplication[] = [
  {
    jobSourceId: 'bluepeak-fullstack',
    notes: 'Strong match on the stack. Offer to answer by Friday; ask about the learning budget.',
    createdDaysAgo: 30,
    events: [
      { type: 'applied', daysAgo: 29 },
      { type: 'interview_invitation', daysAgo: 20, payload: { round: 'Call with the CTO' } },
      { type: 'offer_received', daysAgo: 4, payload: { salary: '€78,000' } },
    ],
  },
  {
    jobSourceId: 'harbor-trading-ui',
    notes: 'They went with someone who had trading experience.',
    createdDaysAgo: 26,
    events: [
      { type: 'applied', daysAgo: 25 },
      { type: 'rejection_received', daysAgo: 10 },
    ],
  },
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
    jobSourceId: 'saltmarsh-react',
    notes: 'Sent the cover letter about the checkout rebuild.',
    createdDaysAgo: 4,
    events: [{ type: 'applied', daysAgo: 3 }],
  },
  {
    jobSourceId: 'quillstone-staff-frontend',
    notes: 'A stretch: ask whether they sponsor a move from Berlin.',
    createdDaysAgo: 1,
    events: [],
  },
]

/** Story jobs the demo seeker passed on (left swipes: free, and out of the deck). */
export const DEMO_PASSED_JOBS = ['tidewater-backend']

/**
 * The demo seeker's onboarding answers: a senior frontend engineer in Berlin, open to remote
 * and hybrid work in Germany, asking at least €60,000 a year. `completedAt` is set when seeded
 * (weeks ago), so the app treats the account as onboarded and its tips have arrived.
 */
export const DEMO_WIZARD = {
  currentStep: 'success',
  jobSearchStatus: 'INTERVIEWING',
  jobSearchApps: ['LINKEDIN', 'COMPANY_SITES'],
  jobTimeline: 'WITHIN_3_MONTHS',
  jobTypes: ['FULL_TIME'],
  jobPreferences: {
    jobTitles: ['Frontend Developer', 'Software Engineer'],
    workLocations: ['REMOTE', 'HYBRID'],
    locations: [
      { name: 'Berlin', isCountry: false, countryCode: 'DE' },
      { name: 'Germany', isCountry: true, countryCode: 'DE' },
    ],
  },
  jobBlocker: 'APPLYING_TAKES_TIME',
  jobAccomplishment:
    'Led the rebuild of an online shop checkout in React and TypeScript: conversion rose 12% and page weight halved.',
  experienceLevel: 'SENIOR_LEVEL',
  minimumSalary: 60000,
  minimumSalaryCurrency: 'EUR',
  interviewsPerWeek: 1,
  interviewsAchievable: 3,
  userGoal: 'BETTER_FIT',
} as const satisfies WizardPatch

/** Days before the seed that the demo seeker finished onboarding and uploaded the resume. */
export const DEMO_ONBOARDED_DAYS_AGO = 35

/** The name of the resume file on the demo seeker's computer. */
export const DEMO_RESUME_FILE_NAME = 'Alex-Morgan-Resume.pdf'

/**
 * The demo seeker's resume as the parser reads it (JSON Resume: basics with a label, work with
 * positions, skills with keywords, education). Employers and schools are fictional.
 */
export const DEMO_RESUME = {
  basics: {
    name: DEMO_ACCOUNT.fullName,
    label: 'Senior Frontend Engineer',
    email: DEMO_ACCOUNT.email,
    location: { city: 'Berlin', countryCode: 'DE' },
    summary:
      'Frontend engineer with nine years of building fast, accessible web apps in React and TypeScript, from design systems to checkout flows.',
  },
  work: [
    {
      name: 'Lumenfield Commerce',
      position: 'Senior Frontend Engineer',
      location: 'Berlin, Germany',
      startDate: '2021-04',
      summary: 'Online shop platform for 300 independent retailers.',
      highlights: [
        'Led the checkout rebuild in React and TypeScript: conversion +12%, page weight halved.',
        'Built the design system (Storybook, CSS custom properties) used by four teams.',
        'Mentored three junior developers; introduced end-to-end tests with Playwright.',
      ],
    },
    {
      name: 'Fernbrook Media',
      position: 'Frontend Developer',
      location: 'Leipzig, Germany',
      startDate: '2018-02',
      endDate: '2021-03',
      highlights: [
        'Moved a jQuery news site to React with server-side rendering (Next.js).',
        'Cut the largest contentful paint from 4.1 s to 1.6 s on mobile.',
      ],
    },
    {
      name: 'Copperwick Agency',
      position: 'Web Developer',
      location: 'Leipzig, Germany',
      startDate: '2015-09',
      endDate: '2018-01',
      highlights: ['Built 20+ client sites in JavaScript, HTML and CSS with a Node.js back end.'],
    },
  ],
  education: [
    {
      institution: 'Saxony University of Applied Sciences',
      area: 'Media Informatics',
      studyType: 'Bachelor',
      startDate: '2011-10',
      endDate: '2015-07',
    },
  ],
  skills: [
    {
      name: 'Frontend',
      level: 'Expert',
      keywords: ['TypeScript', 'JavaScript', 'React', 'Next.js', 'HTML', 'CSS', 'Redux', 'GraphQL'],
    },
    { name: 'Backend', level: 'Intermediate', keywords: ['Node.js', 'PostgreSQL', 'REST APIs'] },
    {
      name: 'Tools',
      level: 'Advanced',
      keywords: ['Git', 'Jest', 'Playwright', 'Webpack', 'Docker', 'Figma', 'Storybook'],
    },
  ],
  languages: [
    { language: 'German', fluency: 'Native speaker' },
    { language: 'English', fluency: 'Fluent' },
  ],
}

/**
 * Alex's practice interviews, oldest first: three attempts for the Northwind Labs application
 * whose figures improve (pace into the 140–160 band, fewer fillers, more results with numbers),
 * so the Practice page's progress chart has a story to tell. Their recordings are not seeded.
 */
export type DemoPracticeInterview = {
  daysAgo: number
  title: string
  company: string
  questions: string[]
  score: number
  wordsPerMinute: number
  fillersPerMinute: number
  talkingPointsCovered: number
  focusAreas: { title: string; detail: string }[]
}

export const DEMO_PRACTICE_INTERVIEWS: DemoPracticeInterview[] = [
  {
    daysAgo: 12,
    title: 'Senior Frontend Engineer',
    company: 'Northwind Labs',
    questions: [
      'Tell me about yourself, and what brings you to Senior Frontend Engineer at Northwind Labs?',
      'Tell me about a time you disagreed with a product decision. What did you do?',
      'Walk me through how you would find what makes a React page slow.',
    ],
    score: 58,
    wordsPerMinute: 181,
    fillersPerMinute: 7.4,
    talkingPointsCovered: 0.45,
    focusAreas: [
      {
        title: 'Slow down',
        detail: '181 words per minute against 140–160: pause after each point.',
      },
      { title: 'Finish with the result', detail: 'Two of three answers ended without an outcome.' },
      { title: 'Fewer fillers', detail: '7.4 a minute, mostly "like" and "um".' },
    ],
  },
  {
    daysAgo: 7,
    title: 'Senior Frontend Engineer',
    company: 'Northwind Labs',
    questions: [
      'Tell me about yourself, and what brings you to Senior Frontend Engineer at Northwind Labs?',
      'Describe a project where you had to learn a new technology fast.',
      'How do you keep a design system consistent across teams?',
      'Where do you want to grow in the next two years?',
    ],
    score: 69,
    wordsPerMinute: 164,
    fillersPerMinute: 4.1,
    talkingPointsCovered: 0.6,
    focusAreas: [
      { title: 'Put a number on it', detail: 'One result of four had a figure in it.' },
      { title: 'Fewer fillers', detail: '4.1 a minute, mostly "so".' },
      { title: 'Say what you did', detail: 'Say "I" for your part, not "we".' },
    ],
  },
  {
    daysAgo: 2,
    title: 'Senior Frontend Engineer',
    company: 'Northwind Labs',
    questions: [
      'Tell me about yourself, and what brings you to Senior Frontend Engineer at Northwind Labs?',
      'Tell me about a mistake you made in production and what you changed afterwards.',
      'The posting asks for TypeScript at scale: how did you introduce it in a large codebase?',
    ],
    score: 78,
    wordsPerMinute: 152,
    fillersPerMinute: 2.2,
    talkingPointsCovered: 0.75,
    focusAreas: [
      { title: 'Shorter openings', detail: 'The first answer took 2.5 minutes: aim for 1–2.' },
      { title: 'Name the stakes', detail: 'Say why the problem mattered before the fix.' },
      { title: 'Fewer hedges', detail: '"I think" came 5 times: state what you know.' },
    ],
  },
]
