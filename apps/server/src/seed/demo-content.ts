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
 * Alex's practice interviews, oldest first: three attempts for the Northwind Labs application,
 * each answer a transcript and how long it took. The product's own feedback is computed from
 * them when they are seeded (interviews' `recordPastInterview`), and they get better from one
 * attempt to the next (slower, fewer fillers, results with numbers), so the Practice page's
 * progress chart has a story to tell. Their recordings are not seeded.
 */
export type DemoPracticeAnswer = {
  question: string
  kind: 'opening' | 'behavioural' | 'role' | 'closing'
  reason: string
  talkingPoints: string[]
  jobTerms: string[]
  transcript: string
  speakingSeconds: number
  pauses: { count: number; longestSeconds: number }
}

export type DemoPracticeInterview = { daysAgo: number; answers: DemoPracticeAnswer[] }

const OPENING = {
  question:
    'Tell me about yourself, and what brings you to the Senior Frontend Engineer role at Northwind Labs?',
  kind: 'opening' as const,
  reason: 'Most interviews open with it',
  talkingPoints: [
    'Who you are now, in one sentence',
    'One result you are proud of, with a number',
    'Why this role at this company',
  ],
  jobTerms: ['React', 'TypeScript'],
}

const TYPESCRIPT = {
  question:
    'The posting asks for TypeScript at scale: how did you introduce it in a large codebase?',
  kind: 'role' as const,
  reason: 'The posting asks for TypeScript at scale',
  talkingPoints: [
    'How you planned the migration',
    'What you did yourself, not the team',
    'The outcome, with a number',
  ],
  jobTerms: ['TypeScript', 'React', 'testing'],
}

const MISTAKE = {
  question: 'Tell me about a mistake you made in production and what you changed afterwards.',
  kind: 'behavioural' as const,
  reason: 'Ownership: how you handle your own mistakes',
  talkingPoints: [
    'What went wrong and why it mattered',
    'How you fixed it',
    'What you changed so it would not happen again',
  ],
  jobTerms: [],
}

export const DEMO_PRACTICE_INTERVIEWS: DemoPracticeInterview[] = [
  {
    daysAgo: 12,
    answers: [
      {
        ...OPENING,
        transcript:
          "Um, so I'm a frontend engineer, like, I've been doing it for a while, you know, mostly React. I work at Brightline and, um, we build, like, dashboards and stuff. So yeah, I think Northwind would be, um, kind of a good fit I guess.",
        speakingSeconds: 15,
        pauses: { count: 1, longestSeconds: 0.9 },
      },
      {
        ...TYPESCRIPT,
        transcript:
          'So, um, we kind of moved to TypeScript, like, the whole team did it. We, uh, added it file by file I think, and, you know, it was, like, better afterwards. Um, people liked it.',
        speakingSeconds: 11.5,
        pauses: { count: 1, longestSeconds: 1.1 },
      },
      {
        ...MISTAKE,
        transcript:
          'Um, one time I, like, shipped a bug to the checkout. So, uh, we rolled it back, you know, pretty fast. Um, I guess I was more careful after that.',
        speakingSeconds: 10,
        pauses: { count: 0, longestSeconds: 0 },
      },
    ],
  },
  {
    daysAgo: 7,
    answers: [
      {
        ...OPENING,
        transcript:
          "I'm a senior frontend engineer at Brightline, where I lead the design system used by four product teams. Um, before that I built booking flows at Tripwise. I want to join Northwind Labs because your analytics product is, like, exactly the kind of complex React interface I do best.",
        speakingSeconds: 22,
        pauses: { count: 2, longestSeconds: 1.0 },
      },
      {
        ...TYPESCRIPT,
        transcript:
          'At Brightline we had a large JavaScript codebase with a lot of runtime errors. I proposed moving to TypeScript and wrote the plan, so, um, we converted the shared components first, then one feature at a time. I wrote the lint rules and paired with each team. The errors went down a lot afterwards.',
        speakingSeconds: 26,
        pauses: { count: 2, longestSeconds: 1.4 },
      },
      {
        ...MISTAKE,
        transcript:
          'I once shipped a change that broke the checkout for Safari users. We noticed it from support tickets, so I rolled it back and wrote the fix. Afterwards I added Safari to our end-to-end test matrix so, um, it would not happen again.',
        speakingSeconds: 19,
        pauses: { count: 1, longestSeconds: 0.8 },
      },
    ],
  },
  {
    daysAgo: 2,
    answers: [
      {
        ...OPENING,
        transcript:
          "I'm a senior frontend engineer at Brightline, where I lead the React design system that four product teams build on. Last year I cut our dashboard's load time from 4.2 seconds to 1.6 seconds, which lifted weekly active use by 18 percent. I want to join Northwind Labs because your analytics product has the same hard problems, large data in the browser, and I want to solve them with a team that cares about quality.",
        speakingSeconds: 30,
        pauses: { count: 3, longestSeconds: 0.9 },
      },
      {
        ...TYPESCRIPT,
        transcript:
          'At Brightline our 300,000-line JavaScript codebase produced about forty runtime type errors a month. I wrote the migration plan: strict TypeScript for new files, the shared components converted first, then one feature a sprint. I wrote the lint rules and the codemods myself and paired with each team for their first week. As a result the type errors in production fell from forty a month to two, and the migration finished in five months.',
        speakingSeconds: 30,
        pauses: { count: 3, longestSeconds: 1.2 },
      },
      {
        ...MISTAKE,
        transcript:
          'I shipped a change that broke the checkout for Safari users for two hours, which cost us around 300 orders. I rolled it back, found the cause, a date parsing difference, and shipped the fix the same day. Afterwards I added Safari to our end-to-end test matrix and a synthetic checkout test every ten minutes, and we have not had a browser-specific checkout outage since.',
        speakingSeconds: 27,
        pauses: { count: 2, longestSeconds: 0.8 },
      },
    ],
  },
]
