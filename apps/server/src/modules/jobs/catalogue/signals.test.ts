import { describe, expect, it } from 'vitest'
import {
  benefitsFromText,
  companySize,
  companySizeFromText,
  educationFromText,
  experienceFromLabel,
  experienceFromText,
  experienceFromTitle,
  jobTypeFromLabel,
  jobTypeFromText,
  salaryFromText,
  workLocationFromText,
} from './signals.ts'

describe('salaryFromText', () => {
  it.each([
    ['$120k–$150k a year', { min: 120000, max: 150000, currency: 'USD', period: 'YEAR' }],
    ['€55.000 - 65.000 brutto/Jahr', { min: 55000, max: 65000, currency: 'EUR', period: 'YEAR' }],
    ['£30/hour', { min: 30, max: 30, currency: 'GBP', period: 'HOUR' }],
    ['Pay: $45 - $55 per hour', { min: 45, max: 55, currency: 'USD', period: 'HOUR' }],
    ['USD 100,000 - 130,000', { min: 100000, max: 130000, currency: 'USD', period: 'YEAR' }],
    ["CHF 120'000–140'000", { min: 120000, max: 140000, currency: 'CHF', period: 'YEAR' }],
    ['up to £80k', { min: null, max: 80000, currency: 'GBP', period: 'YEAR' }],
    ['$120-150k + equity', { min: 120000, max: 150000, currency: 'USD', period: 'YEAR' }],
    ['€4.500 brutto/Monat', { min: 4500, max: 4500, currency: 'EUR', period: 'MONTH' }],
    ['65.000 € – 75.000 € pro Jahr', { min: 65000, max: 75000, currency: 'EUR', period: 'YEAR' }],
    ['Day rate: £450 - £550 per day', { min: 450, max: 550, currency: 'GBP', period: 'DAY' }],
    ['$900 – $1,100 per week', { min: 900, max: 1100, currency: 'USD', period: 'WEEK' }],
    ['Salary: 90000 - 110000 EUR', { min: 90000, max: 110000, currency: 'EUR', period: 'YEAR' }],
    ['₹12,00,000 per annum', { min: 1200000, max: 1200000, currency: 'INR', period: 'YEAR' }],
    [
      'CA$95,000 to CA$110,000 annually',
      { min: 95000, max: 110000, currency: 'CAD', period: 'YEAR' },
    ],
    ['$150,000—$190,000 USD', { min: 150000, max: 190000, currency: 'USD', period: 'YEAR' }],
  ])('reads %s', (text, salary) => {
    expect(salaryFromText(text)).toEqual(salary)
  })

  it.each([
    '10-20 years of experience',
    'We have 5,000 customers and $2M ARR',
    'A $25 gift card for every referral',
    'Offices on floors 3 - 5',
  ])('finds no salary in %s', (text) => {
    expect(salaryFromText(text)).toBeNull()
  })

  it('reads "$" as the local dollar when told so', () => {
    expect(salaryFromText('$80,000 - $95,000', { dollarCurrency: 'CAD' })?.currency).toBe('CAD')
  })
})

describe('workLocationFromText', () => {
  it.each([
    ['Hybrid: 3 days a week in the office', 'HYBRID'],
    ['2 days per week in office, the rest from home', 'HYBRID'],
    ['Fully remote within the EU', 'REMOTE'],
    ['Work from home anywhere in Germany', 'REMOTE'],
    ['This is not a remote position; on-site in Berlin', 'ONSITE'],
    ['Based on-site at our plant', 'ONSITE'],
    ['We build robots.', null],
  ])('%s → %s', (text, expected) => {
    expect(workLocationFromText(text)).toBe(expected)
  })
})

describe('seniority', () => {
  it.each([
    ['Sr. Software Engineer II (Remote)', 'SENIOR_LEVEL'],
    ['Software Engineer II', 'MID_LEVEL'],
    ['Software Engineer I', 'ENTRY_LEVEL'],
    ['Junior Accountant', 'ENTRY_LEVEL'],
    ['Graduate Analyst', 'ENTRY_LEVEL'],
    ['Lead Carpenter', 'LEAD'],
    ['Staff Engineer', 'LEAD'],
    ['Staff Accountant', null],
    ['Head of Marketing', 'EXECUTIVE'],
    ['VP, Sales', 'EXECUTIVE'],
    ['Marketing Intern', 'INTERNSHIP'],
    ['Product Designer', null],
  ])('title %s → %s', (title, expected) => {
    expect(experienceFromTitle(title)).toBe(expected)
  })

  it.each([
    ['Mid-Senior level', 'MID_LEVEL'],
    ['entry_level', 'ENTRY_LEVEL'],
    ['Associate', 'ENTRY_LEVEL'],
    ['Director', 'EXECUTIVE'],
    ['Internship', 'INTERNSHIP'],
    ['Not Applicable', null],
  ])('label %s → %s', (label, expected) => {
    expect(experienceFromLabel(label)).toBe(expected)
  })

  it.each([
    ['You have 5+ years of professional software experience', 'SENIOR_LEVEL'],
    ['2-3 years experience in retail', 'MID_LEVEL'],
    ['10 years of relevant experience', 'LEAD'],
    ['Mindestens 3 Jahre Berufserfahrung', 'MID_LEVEL'],
    ['An entry-level role; we train you', 'ENTRY_LEVEL'],
    ['Experience with Excel', null],
  ])('text %s → %s', (text, expected) => {
    expect(experienceFromText(text)).toBe(expected)
  })
})

describe('educationFromText', () => {
  it.each([
    ["Bachelor's degree in CS required; Master's preferred", 'BACHELOR'],
    ['PhD in physics', 'DOCTORATE'],
    ['MSc or MBA', 'MASTER'],
    ["An associate's degree in electronics", 'ASSOCIATE'],
    ['High School or equivalent', 'HIGH_SCHOOL'],
    ['No degree required', 'NONE'],
    ['Teach high school students', null],
  ])('%s → %s', (text, expected) => {
    expect(educationFromText(text)).toBe(expected)
  })
})

describe('benefitsFromText', () => {
  it('finds each benefit of the vocabulary', () => {
    expect(
      benefitsFromText(
        'Medical, dental and vision insurance, a 401(k) match, unlimited PTO, parental leave, ' +
          'flexible hours, a home office stipend, a learning budget, stock options, an annual ' +
          'bonus and visa sponsorship.',
      ),
    ).toEqual([
      'HEALTH_INSURANCE',
      'DENTAL_VISION',
      'RETIREMENT_PLAN',
      'PAID_TIME_OFF',
      'PARENTAL_LEAVE',
      'FLEXIBLE_HOURS',
      'REMOTE_STIPEND',
      'LEARNING_BUDGET',
      'EQUITY',
      'BONUS',
      'VISA_SPONSORSHIP',
    ])
  })

  it('is not fooled by diversity statements, bonus points or refused sponsorship', () => {
    expect(
      benefitsFromText(
        'We value diversity, equity and inclusion. Bonus points if you know Go. We cannot ' +
          'sponsor visas.',
      ),
    ).toEqual([])
  })

  it('reads German wording', () => {
    expect(benefitsFromText('30 Tage Urlaub, betriebliche Altersvorsorge, Gleitzeit')).toEqual([
      'RETIREMENT_PLAN',
      'PAID_TIME_OFF',
      'FLEXIBLE_HOURS',
    ])
  })
})

describe('company size and job type', () => {
  it.each([
    [7, '1-10'],
    ['51-200', '51-200'],
    ['10,001+ employees', '5001+'],
    [4200, '1001-5000'],
    ['many', null],
  ] as const)('%s → %s', (value, band) => {
    expect(companySize(value)).toBe(band)
  })

  it('reads a head count from a posting, not any number', () => {
    expect(companySizeFromText('We are a team of 80 people')).toBe('51-200')
    expect(companySizeFromText('over 2,000 employees worldwide')).toBe('1001-5000')
    expect(companySizeFromText('5+ years of experience')).toBeNull()
  })

  it.each([
    ['Full-time', 'FULL_TIME'],
    ['FULL_TIME', 'FULL_TIME'],
    ['FullTime', 'FULL_TIME'],
    ['Permanent', 'FULL_TIME'],
    ['Contractor', 'CONTRACT'],
    ['PartTime', 'PART_TIME'],
    ['Intern', 'INTERNSHIP'],
    ['Temporary', 'TEMPORARY'],
    ['Other', null],
  ])('label %s → %s', (label, expected) => {
    expect(jobTypeFromLabel(label)).toBe(expected)
  })

  it('reads a job type the text states, not one it merely mentions', () => {
    expect(jobTypeFromText('This is a part-time position.')).toBe('PART_TIME')
    expect(jobTypeFromText('A 6-month contract to start')).toBe('CONTRACT')
    expect(jobTypeFromText('You will manage our contracts')).toBeNull()
  })
})
