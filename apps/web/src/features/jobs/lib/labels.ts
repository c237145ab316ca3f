import type {
  Benefit,
  CompanySize,
  EducationLevel,
  ExperienceLevel,
  JobReportReason,
  JobType,
  MatchBand,
  WorkLocation,
} from '@app/contracts'

/** How the product's filter vocabulary reads to people, one table per field. */

export const JOB_TYPE_LABELS = {
  FULL_TIME: 'Full-time',
  PART_TIME: 'Part-time',
  CONTRACT: 'Contract',
  TEMPORARY: 'Temporary',
  INTERNSHIP: 'Internship',
} as const satisfies Record<JobType, string>

export const WORK_LOCATION_LABELS = {
  REMOTE: 'Remote',
  HYBRID: 'Hybrid',
  ONSITE: 'On-site',
} as const satisfies Record<WorkLocation, string>

export const EXPERIENCE_LEVEL_LABELS = {
  INTERNSHIP: 'Internship',
  ENTRY_LEVEL: 'Entry level',
  MID_LEVEL: 'Mid level',
  SENIOR_LEVEL: 'Senior',
  LEAD: 'Lead',
  EXECUTIVE: 'Executive',
} as const satisfies Record<ExperienceLevel, string>

export const EDUCATION_LEVEL_LABELS = {
  NONE: 'No degree required',
  HIGH_SCHOOL: 'High school',
  ASSOCIATE: 'Associate degree',
  BACHELOR: "Bachelor's degree",
  MASTER: "Master's degree",
  DOCTORATE: 'Doctorate',
} as const satisfies Record<EducationLevel, string>

export const COMPANY_SIZE_LABELS = {
  '1-10': '1–10 employees',
  '11-50': '11–50 employees',
  '51-200': '51–200 employees',
  '201-500': '201–500 employees',
  '501-1000': '501–1,000 employees',
  '1001-5000': '1,001–5,000 employees',
  '5001+': '5,001+ employees',
} as const satisfies Record<CompanySize, string>

export const BENEFIT_LABELS = {
  HEALTH_INSURANCE: 'Health insurance',
  DENTAL_VISION: 'Dental & vision',
  RETIREMENT_PLAN: 'Retirement plan',
  PAID_TIME_OFF: 'Paid time off',
  PARENTAL_LEAVE: 'Parental leave',
  FLEXIBLE_HOURS: 'Flexible hours',
  REMOTE_STIPEND: 'Remote stipend',
  LEARNING_BUDGET: 'Learning budget',
  EQUITY: 'Equity',
  BONUS: 'Bonus',
  VISA_SPONSORSHIP: 'Visa sponsorship',
} as const satisfies Record<Benefit, string>

export const MATCH_BAND_LABELS = {
  STRONG: 'Strong match',
  GOOD: 'Good match',
  FAIR: 'Fair match',
} as const satisfies Record<MatchBand, string>

export const REPORT_REASON_LABELS = {
  SPAM: 'Spam or advertising',
  EXPIRED: 'No longer open',
  WRONG_DETAILS: 'Wrong details (pay, place, type)',
  SCAM: 'Looks like a scam',
  OTHER: 'Something else',
} as const satisfies Record<JobReportReason, string>
