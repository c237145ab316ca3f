/**
 * The demo catalogue: realistic jobs generated from O*NET (occupations, reported job titles,
 * task statements, technology skills, job zones) in real cities, at clearly fictional companies
 * (invented compound names; every description says so; apply links go to example.com).
 *
 * Deterministic: a seeded PRNG (no Math.random), so `{count, seed, now}` always gives the same
 * jobs; `now` only anchors the posting dates (spread over the 30 days before it). Jobs are
 * yielded one at a time, so a million of them stream into `insertJobs` without piling up in
 * memory. Every filter field is filled, with a distribution shaped by the occupation:
 * - the occupation mix follows an online job board's (software, business, health, sales…);
 * - the job zone (O*NET's 1–5 preparation level) sets education and the pay band; the
 *   experience level moves pay and adds "Junior"/"Senior"/"Lead" to the title;
 * - office occupations may be remote or hybrid, hands-on ones are on site;
 * - pay is in the country's currency, yearly, monthly or hourly.
 */
import {
  BENEFITS,
  type Benefit,
  COMPANY_SIZES,
  type CompanySize,
  type EducationLevel,
  type ExperienceLevel,
  type JobType,
  type WorkLocation,
} from '@app/contracts'
import { CITIES, type City } from '../modules/jobs/index.ts'
import { dedupeKey } from '../modules/jobs/index.ts'
import type { JobPlace, NormalizedJob, Salary, SalaryPeriod } from '../modules/jobs/index.ts'
import { yearlySalary } from '../modules/jobs/index.ts'
import {
  loadOccupations,
  loadOccupationTitles,
  loadTasks,
  loadTechnologySkills,
  type Occupation,
} from '../modules/jobs/index.ts'
import { displaySkillName, extractSkills } from '../modules/jobs/index.ts'
import { countryName, locationLabel } from '../modules/jobs/index.ts'

// ------------------------------------------------------------------------------------------
// Randomness

/** mulberry32: a small, fast, seedable PRNG with a period of 2^32. */
function createRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  const chance = (probability: number) => next() < probability
  return { next, int, pick, chance }
}
type Random = ReturnType<typeof createRandom>

/** Picks from `items` with the given weights, in O(log n) after an O(n) set-up. */
function weightedPicker<T>(items: readonly T[], weight: (item: T) => number) {
  const cumulative: number[] = []
  let total = 0
  for (const item of items) {
    total += weight(item)
    cumulative.push(total)
  }
  return (random: Random): T => {
    const target = random.next() * total
    let low = 0
    let high = cumulative.length - 1
    while (low < high) {
      const middle = (low + high) >> 1
      if (cumulative[middle]! > target) {
        high = middle
      } else {
        low = middle + 1
      }
    }
    return items[low]!
  }
}

/** Picks from a short table of `[value, weight]` by a linear walk. */
function weightedEntry<T extends string>(random: Random, table: Array<[T, number]>): T {
  let target = random.next() * table.reduce((sum, [, weight]) => sum + weight, 0)
  for (const [value, weight] of table) {
    target -= weight
    if (target < 0) {
      return value
    }
  }
  return table.at(-1)![0]
}

// ------------------------------------------------------------------------------------------
// Occupations

/** Share of postings per O*NET major group, roughly as on a general online job board. */
const MAJOR_GROUP_WEIGHTS: Record<string, number> = {
  '15': 16,
  '13': 10,
  '11': 9,
  '29': 9,
  '41': 8,
  '43': 8,
  '17': 5,
  '27': 4,
  '25': 4,
  '53': 4,
  '35': 4,
  '31': 3,
  '49': 3,
  '19': 3,
  '47': 3,
  '51': 3,
  '39': 2,
  '21': 1.5,
  '23': 1.5,
  '33': 1,
  '37': 1,
  '45': 0.5,
}

/** Major groups whose work can be done away from a site. */
const DESK_GROUPS = new Set(['11', '13', '15', '17', '19', '23', '27', '41', '43'])

const INDUSTRIES_BY_GROUP: Record<string, string[]> = {
  '11': ['Software', 'Financial Services', 'Healthcare', 'Retail', 'Manufacturing', 'Consulting'],
  '13': ['Financial Services', 'Consulting', 'Insurance', 'Software', 'Real Estate'],
  '15': ['Software', 'Financial Services', 'Telecommunications', 'Healthcare', 'Media'],
  '17': ['Manufacturing', 'Energy', 'Construction', 'Automotive', 'Telecommunications'],
  '19': ['Biotechnology', 'Energy', 'Agriculture', 'Healthcare'],
  '21': ['Nonprofit', 'Healthcare', 'Government'],
  '23': ['Legal Services', 'Financial Services', 'Government'],
  '25': ['Education', 'Nonprofit'],
  '27': ['Media', 'Software', 'Retail', 'Consulting'],
  '29': ['Healthcare', 'Biotechnology'],
  '31': ['Healthcare'],
  '33': ['Government', 'Retail', 'Hospitality'],
  '35': ['Hospitality', 'Retail'],
  '37': ['Hospitality', 'Real Estate', 'Healthcare'],
  '39': ['Hospitality', 'Healthcare', 'Education'],
  '41': ['Retail', 'Software', 'Financial Services', 'Insurance', 'Real Estate'],
  '43': ['Financial Services', 'Healthcare', 'Logistics', 'Insurance', 'Government'],
  '45': ['Agriculture'],
  '47': ['Construction', 'Energy'],
  '49': ['Automotive', 'Manufacturing', 'Energy', 'Telecommunications'],
  '51': ['Manufacturing', 'Automotive', 'Agriculture'],
  '53': ['Logistics', 'Retail', 'Manufacturing'],
}

type DemoOccupation = Occupation & {
  group: string
  titles: string[]
  tasks: string[]
  skills: string[]
}

let occupationsCache: DemoOccupation[] | undefined

/** The hot skills, topped up with others to at least five. */
function hotFirst(skills: [hot: Set<string>, other: Set<string>] | undefined): string[] {
  const [hot, other] = skills ?? [new Set<string>(), new Set<string>()]
  return hot.size >= 5 ? [...hot] : [...hot, ...[...other].slice(0, 5 - hot.size)]
}

/** Occupations with a job zone, tasks and reported titles: what a believable posting needs. */
function demoOccupations(): DemoOccupation[] {
  if (occupationsCache) {
    return occupationsCache
  }
  const titles = new Map<string, string[]>()
  for (const title of loadOccupationTitles()) {
    // Short plain titles read like postings; long ones, asides and bare acronyms ("AUD") not.
    if (title.title.length <= 40 && !title.title.includes('(') && /[a-z]{3}/.test(title.title)) {
      titles.set(title.code, [...(titles.get(title.code) ?? []), title.title])
    }
  }
  // Technologies under the names skill extraction finds them by, so a job's skills and its
  // description agree; the hot ones first, others where an occupation has few.
  const findable = new Map<string, boolean>()
  const skills = new Map<string, [hot: Set<string>, other: Set<string>]>()
  for (const skill of loadTechnologySkills()) {
    const name = displaySkillName(skill.name)
    if (!findable.has(name)) {
      findable.set(name, extractSkills(`Experience with ${name}.`)[0] === name)
    }
    if (findable.get(name)) {
      const [hot, other] = skills.get(skill.code) ?? [new Set<string>(), new Set<string>()]
      ;(skill.hot || skill.inDemand ? hot : other).add(name)
      skills.set(skill.code, [hot, other])
    }
  }
  const tasks = loadTasks()
  const occupations: DemoOccupation[] = []
  for (const occupation of loadOccupations().values()) {
    const group = occupation.code.slice(0, 2)
    const own = titles.get(occupation.code) ?? []
    const jobTasks = tasks.get(occupation.code) ?? []
    if (occupation.jobZone && MAJOR_GROUP_WEIGHTS[group] && own.length && jobTasks.length >= 4) {
      occupations.push({
        ...occupation,
        group,
        titles: [...new Set(own)].slice(0, 12),
        tasks: jobTasks,
        skills: hotFirst(skills.get(occupation.code)),
      })
    }
  }
  occupationsCache = occupations
  return occupations
}

// ------------------------------------------------------------------------------------------
// Companies

const NAME_STARTS = [
  'Amber',
  'Birch',
  'Cobalt',
  'Drift',
  'Ember',
  'Fern',
  'Granite',
  'Halcyon',
  'Iron',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Orchard',
  'Pine',
  'Quill',
  'Rook',
  'Salt',
  'Thistle',
  'Umber',
  'Vale',
  'Willow',
  'Yarrow',
  'Zephyr',
  'Saffron',
  'Heron',
  'Marigold',
  'Larch',
  'Copper',
]
const NAME_ENDS = [
  'brook',
  'crest',
  'field',
  'gate',
  'haven',
  'hollow',
  'light',
  'mark',
  'moor',
  'ridge',
  'stone',
  'wick',
  'wood',
  'water',
  'vale',
  'spire',
  'ford',
  'fall',
  'glen',
  'reach',
]
const INDUSTRY_SUFFIXES: Record<string, string[]> = {
  Software: ['Labs', 'Software', 'Systems'],
  'Financial Services': ['Capital', 'Financial', 'Partners'],
  Healthcare: ['Health', 'Care', 'Medical'],
  Education: ['Academy', 'Learning', 'Schools'],
  Manufacturing: ['Works', 'Industries', 'Manufacturing'],
  Retail: ['Market', 'Stores', 'Goods'],
  Logistics: ['Logistics', 'Freight', 'Shipping'],
  Hospitality: ['Hotels', 'Kitchens', 'Hospitality'],
  Construction: ['Builders', 'Construction', 'Structures'],
  Energy: ['Energy', 'Power', 'Renewables'],
  Media: ['Media', 'Studios', 'Press'],
  Consulting: ['Advisory', 'Consulting', 'Group'],
  Biotechnology: ['Bio', 'Therapeutics', 'Sciences'],
  'Legal Services': ['Legal', 'Law', 'Counsel'],
  Government: ['Agency', 'Authority', 'Services'],
  Nonprofit: ['Foundation', 'Trust', 'Alliance'],
  Agriculture: ['Farms', 'Growers', 'Agri'],
  Automotive: ['Motors', 'Automotive', 'Mobility'],
  Telecommunications: ['Networks', 'Telecom', 'Connect'],
  'Real Estate': ['Properties', 'Estates', 'Realty'],
  Insurance: ['Insurance', 'Assurance', 'Mutual'],
}
const INDUSTRIES = Object.keys(INDUSTRY_SUFFIXES)

const SIZE_WEIGHTS: Array<[CompanySize, number]> = [
  ['1-10', 4],
  ['11-50', 14],
  ['51-200', 22],
  ['201-500', 18],
  ['501-1000', 14],
  ['1001-5000', 16],
  ['5001+', 12],
]

type Company = { name: string; industry: string; size: CompanySize; home: City }

function companyName(index: number, industry: string): string {
  const stems = NAME_STARTS.length * NAME_ENDS.length
  const stem = (index * 7919) % stems // a fixed permutation of the stems
  const start = NAME_STARTS[stem % NAME_STARTS.length]!
  const end = NAME_ENDS[Math.floor(stem / NAME_STARTS.length)]!
  const suffixes = INDUSTRY_SUFFIXES[industry]!
  return `${start}${end} ${suffixes[Math.floor(index / stems) % suffixes.length]}`
}

// ------------------------------------------------------------------------------------------
// Places and pay

/** How many postings a city gets, relative to the others. */
function cityWeight(city: City): number {
  return { US: 3, GB: 2, DE: 2, CA: 1.5, IN: 1.5 }[city.countryCode] ?? 1
}

/** Each country's currency, and a US salary's typical equivalent there in that currency. */
/**
 * Each country's currency, and what a US salary typically corresponds to there, in that
 * currency (local pay level × exchange rate, rounded).
 */
const PAY_BY_COUNTRY: Record<string, [currency: string, factor: number]> = {
  US: ['USD', 1],
  CA: ['CAD', 1.05],
  GB: ['GBP', 0.45],
  IE: ['EUR', 0.6],
  DE: ['EUR', 0.55],
  FR: ['EUR', 0.46],
  NL: ['EUR', 0.55],
  ES: ['EUR', 0.38],
  IT: ['EUR', 0.38],
  PT: ['EUR', 0.28],
  CH: ['CHF', 0.9],
  AT: ['EUR', 0.55],
  BE: ['EUR', 0.55],
  SE: ['SEK', 5.2],
  DK: ['DKK', 4.1],
  NO: ['NOK', 6.4],
  FI: ['EUR', 0.5],
  PL: ['PLN', 1.2],
  CZ: ['CZK', 7],
  IN: ['INR', 8],
  SG: ['SGD', 0.8],
  JP: ['JPY', 65],
  AU: ['AUD', 1],
  NZ: ['NZD', 0.9],
  BR: ['BRL', 0.65],
  MX: ['MXN', 2.2],
  ZA: ['ZAR', 4.5],
  AE: ['AED', 1.8],
  IL: ['ILS', 2],
}

/** Yearly US-dollar pay at mid level, per job zone. */
const PAY_BY_JOB_ZONE: Record<number, [low: number, high: number]> = {
  1: [28_000, 36_000],
  2: [33_000, 48_000],
  3: [42_000, 68_000],
  4: [60_000, 105_000],
  5: [75_000, 145_000],
}

const PAY_BY_LEVEL: Record<ExperienceLevel, number> = {
  INTERNSHIP: 0.55,
  ENTRY_LEVEL: 0.8,
  MID_LEVEL: 1,
  SENIOR_LEVEL: 1.3,
  LEAD: 1.5,
  EXECUTIVE: 1.9,
}

/** Two significant figures: 87,300 → 87,000; 23.46 → 23. */
function roundPay(amount: number): number {
  const scale = 10 ** Math.max(0, Math.floor(Math.log10(amount)) - 1)
  return Math.round(amount / scale) * scale
}

function salaryFor(
  random: Random,
  occupation: DemoOccupation,
  level: ExperienceLevel,
  jobType: JobType,
  countryCode: string,
): Salary | null {
  if (random.chance(0.15)) {
    return null // Many postings still say nothing about pay.
  }
  const [currency, factor] = PAY_BY_COUNTRY[countryCode] ?? ['USD', 1]
  const [low, high] = PAY_BY_JOB_ZONE[occupation.jobZone!]!
  const yearly = (low + random.next() * (high - low)) * PAY_BY_LEVEL[level] * factor
  const hourly =
    jobType === 'PART_TIME' ||
    jobType === 'TEMPORARY' ||
    jobType === 'INTERNSHIP' ||
    (occupation.jobZone! <= 2 && random.chance(0.6))
  const period: SalaryPeriod = hourly
    ? 'HOUR'
    : countryCode !== 'US' && random.chance(0.15)
      ? 'MONTH'
      : 'YEAR'
  const perPeriod = yearly / { YEAR: 1, MONTH: 12, WEEK: 52, DAY: 260, HOUR: 2080 }[period]
  const min = roundPay(perPeriod)
  const max = roundPay(perPeriod * (1.12 + random.next() * 0.25))
  return { min, max: Math.max(min, max), currency, period }
}

// ------------------------------------------------------------------------------------------
// Levels, types, benefits

function experienceFor(random: Random, occupation: DemoOccupation): ExperienceLevel {
  const zone = occupation.jobZone!
  if (zone <= 2) {
    return weightedEntry(random, [
      ['ENTRY_LEVEL', 5],
      ['MID_LEVEL', 4],
      ['SENIOR_LEVEL', 1],
      ['LEAD', 1],
    ])
  }
  return weightedEntry(random, [
    ['ENTRY_LEVEL', 2],
    ['MID_LEVEL', 4],
    ['SENIOR_LEVEL', 3],
    ['LEAD', 1.2],
    ['EXECUTIVE', occupation.group === '11' ? 1.5 : 0],
  ])
}

function educationFor(random: Random, occupation: DemoOccupation): EducationLevel {
  switch (occupation.jobZone) {
    case 1:
      return random.chance(0.6) ? 'NONE' : 'HIGH_SCHOOL'
    case 2:
      return 'HIGH_SCHOOL'
    case 3:
      return random.chance(0.6) ? 'ASSOCIATE' : 'HIGH_SCHOOL'
    case 4:
      return random.chance(0.85) ? 'BACHELOR' : 'MASTER'
    default:
      return random.chance(0.7) ? 'MASTER' : 'DOCTORATE'
  }
}

function jobTypeFor(random: Random, occupation: DemoOccupation): JobType {
  return weightedEntry(random, [
    ['FULL_TIME', 78],
    ['PART_TIME', occupation.jobZone! <= 2 ? 14 : 5],
    ['CONTRACT', 7],
    ['TEMPORARY', 3],
    // Internships where a degree leads in: not for the trades, not for physicians.
    ['INTERNSHIP', occupation.jobZone === 3 || occupation.jobZone === 4 ? 4 : 0],
  ])
}

function workLocationFor(random: Random, occupation: DemoOccupation): WorkLocation {
  return DESK_GROUPS.has(occupation.group)
    ? weightedEntry(random, [
        ['REMOTE', 25],
        ['HYBRID', 32],
        ['ONSITE', 43],
      ])
    : random.chance(0.05)
      ? 'HYBRID'
      : 'ONSITE'
}

const BENEFIT_ODDS: Record<Benefit, number> = {
  HEALTH_INSURANCE: 0.7,
  DENTAL_VISION: 0.4,
  RETIREMENT_PLAN: 0.55,
  PAID_TIME_OFF: 0.75,
  PARENTAL_LEAVE: 0.35,
  FLEXIBLE_HOURS: 0.35,
  REMOTE_STIPEND: 0.4,
  LEARNING_BUDGET: 0.35,
  EQUITY: 0.2,
  BONUS: 0.3,
  VISA_SPONSORSHIP: 0.08,
}

function benefitsFor(random: Random, workLocation: WorkLocation, company: Company): Benefit[] {
  return BENEFITS.filter((benefit) => {
    if (benefit === 'REMOTE_STIPEND' && workLocation === 'ONSITE') {
      return false
    }
    const smallCompany = COMPANY_SIZES.indexOf(company.size) <= 2
    const odds = benefit === 'EQUITY' && smallCompany ? 0.5 : BENEFIT_ODDS[benefit]
    return random.chance(odds)
  })
}

const BENEFIT_WORDS: Record<Benefit, string> = {
  HEALTH_INSURANCE: 'Health insurance from day one',
  DENTAL_VISION: 'Dental and vision cover',
  RETIREMENT_PLAN: 'A retirement plan with employer contributions',
  PAID_TIME_OFF: 'Generous paid time off',
  PARENTAL_LEAVE: 'Paid parental leave',
  FLEXIBLE_HOURS: 'Flexible working hours',
  REMOTE_STIPEND: 'A home office stipend',
  LEARNING_BUDGET: 'A yearly learning budget',
  EQUITY: 'Stock options',
  BONUS: 'An annual performance bonus',
  VISA_SPONSORSHIP: 'Visa sponsorship for the right candidate',
}

// ------------------------------------------------------------------------------------------
// Titles and descriptions

const LEVEL_PREFIX: Partial<Record<ExperienceLevel, string>> = {
  ENTRY_LEVEL: 'Junior',
  SENIOR_LEVEL: 'Senior',
  LEAD: 'Lead',
}

function titleFor(random: Random, occupation: DemoOccupation, level: ExperienceLevel): string {
  const base = random.pick(occupation.titles)
  if (level === 'INTERNSHIP') {
    return `${base} Intern`
  }
  if (level === 'EXECUTIVE') {
    return /director|chief|president|head/i.test(base) ? base : `Director, ${base}`
  }
  const prefix = LEVEL_PREFIX[level]
  // "Senior Cashier" reads oddly; "Lead Cashier" is a real job.
  const fits = prefix && (occupation.jobZone! >= 3 || level === 'LEAD')
  return fits && !base.toLowerCase().startsWith(prefix.toLowerCase()) ? `${prefix} ${base}` : base
}

const YEARS_BY_LEVEL: Record<ExperienceLevel, string> = {
  INTERNSHIP: 'Currently studying towards a degree in a related field',
  ENTRY_LEVEL: 'Up to 2 years of relevant experience, or the will to learn fast',
  MID_LEVEL: '3+ years of relevant experience',
  SENIOR_LEVEL: '5+ years of relevant experience',
  LEAD: '8+ years of experience, including leading others',
  EXECUTIVE: '12+ years of experience, with a track record of leading teams',
}

const EDUCATION_WORDS: Record<EducationLevel, string> = {
  NONE: 'No formal degree required',
  HIGH_SCHOOL: 'A high school diploma or equivalent',
  ASSOCIATE: "An associate's degree or vocational qualification",
  BACHELOR: "A bachelor's degree in a related field",
  MASTER: "A master's degree in a related field",
  DOCTORATE: 'A PhD or equivalent doctorate',
}

const WORK_WORDS: Record<WorkLocation, string> = {
  REMOTE: 'This is a fully remote role.',
  HYBRID: 'This is a hybrid role: three days a week in the office.',
  ONSITE: 'This role is on site.',
}

const JOB_TYPE_WORDS: Record<JobType, string> = {
  FULL_TIME: 'full-time',
  PART_TIME: 'part-time',
  CONTRACT: 'contract',
  TEMPORARY: 'temporary',
  INTERNSHIP: 'internship',
}

const PERIOD_WORDS: Record<SalaryPeriod, string> = {
  YEAR: 'per year',
  MONTH: 'per month',
  WEEK: 'per week',
  DAY: 'per day',
  HOUR: 'per hour',
}

function formatPay(salary: Salary): string {
  const format = (amount: number | null) =>
    amount === null ? '' : `${salary.currency} ${amount.toLocaleString('en-US')}`
  return `${format(salary.min)} – ${format(salary.max)} ${PERIOD_WORDS[salary.period]}`
}

function escapeHtml(text: string): string {
  // Most of the text (O*NET's tasks, titles) has nothing to escape: skip the three replaces.
  return /[&<>]/.test(text)
    ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    : text
}

type Section = { heading: string | null; paragraphs?: string[]; bullets?: string[] }

/** The same sections as sanitised-style HTML and as plain text (no sanitiser needed). */
function render(sections: Section[]): { html: string; text: string } {
  const html = sections
    .map(
      (section) =>
        (section.heading ? `<h3>${escapeHtml(section.heading)}</h3>` : '') +
        (section.paragraphs ?? []).map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('') +
        (section.bullets?.length
          ? `<ul>${section.bullets.map((bullet) => `<li>${escapeHtml(bullet)}</li>`).join('')}</ul>`
          : ''),
    )
    .join('')
  const text = sections
    .map((section) =>
      [
        section.heading,
        ...(section.paragraphs ?? []),
        (section.bullets ?? []).map((bullet) => `• ${bullet}`).join('\n'),
      ]
        .filter(Boolean)
        .join('\n\n'),
    )
    .join('\n\n')
  return { html, text }
}

function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items]
  const chosen: T[] = []
  while (chosen.length < count && pool.length) {
    chosen.push(pool.splice(Math.floor(random.next() * pool.length), 1)[0]!)
  }
  return chosen
}

function joinWords(words: string[]): string {
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

// ------------------------------------------------------------------------------------------
// The generator

export type DemoJobOptions = {
  count: number
  /** Same seed, count and `now`: same jobs. */
  seed?: number
  /** Posting dates fall in the 30 days before it. */
  now?: Date
  /**
   * Shorter descriptions (an intro, three tasks, the skills: under half the bytes) for
   * benchmarks that load a million jobs; every other field is the same.
   */
  compact?: boolean
  /**
   * A local market on top of the board-wide mix (the demo install's seeker, a web developer in
   * Germany): `share` of the jobs are in these occupations (O*NET codes, equally likely) and
   * countries (by weight). Without it, nothing changes: the same seed gives the same jobs.
   */
  focus?: DemoJobFocus
}

export type DemoJobFocus = {
  share: number
  onetCodes: string[]
  countries: Record<string, number>
}

const DAY_MS = 24 * 60 * 60 * 1000

function focusPickers(focus: DemoJobFocus, occupations: DemoOccupation[]) {
  const focusOccupations = occupations.filter((occupation) =>
    focus.onetCodes.includes(occupation.code),
  )
  const focusCities = CITIES.filter((city) => (focus.countries[city.countryCode] ?? 0) > 0)
  if (!focusOccupations.length || !focusCities.length) {
    throw new Error('The demo catalogue focus names no known occupation or city')
  }
  // Each country's weight spread over its cities.
  const citiesPerCountry = Map.groupBy(focusCities, (city) => city.countryCode)
  return {
    share: focus.share,
    pickOccupation: weightedPicker(focusOccupations, () => 1),
    pickCity: weightedPicker(
      focusCities,
      (city) => focus.countries[city.countryCode]! / citiesPerCountry.get(city.countryCode)!.length,
    ),
  }
}

/** Source id of the n-th generated job (1-based). */
export function demoJobSourceId(n: number): string {
  return `demo-${String(n).padStart(7, '0')}`
}

export function* generateDemoJobs(options: DemoJobOptions): Generator<NormalizedJob> {
  const random = createRandom(options.seed ?? 1)
  const now = (options.now ?? new Date()).getTime()
  const occupations = demoOccupations()
  const perGroup = new Map<string, number>()
  for (const occupation of occupations) {
    perGroup.set(occupation.group, (perGroup.get(occupation.group) ?? 0) + 1)
  }
  // A group's share spread over its occupations, more to those with many hot technologies.
  const pickOccupation = weightedPicker(
    occupations,
    (occupation) =>
      (MAJOR_GROUP_WEIGHTS[occupation.group]! / perGroup.get(occupation.group)!) *
      (1 + Math.sqrt(occupation.skills.length)),
  )
  const pickCity = weightedPicker(CITIES, cityWeight)
  const focus = options.focus && focusPickers(options.focus, occupations)
  const companyCount = Math.min(5000, Math.max(40, Math.round(options.count / 8)))
  const companies: Company[] = Array.from({ length: companyCount }, (_, index) => {
    const industry = INDUSTRIES[index % INDUSTRIES.length]!
    return {
      name: companyName(index, industry),
      industry,
      size: weightedEntry(random, SIZE_WEIGHTS),
      home: pickCity(random),
    }
  })
  const companiesByIndustry = new Map<string, Company[]>()
  for (const company of companies) {
    companiesByIndustry.set(company.industry, [
      ...(companiesByIndustry.get(company.industry) ?? []),
      company,
    ])
  }

  for (let n = 1; n <= options.count; n += 1) {
    const focused = focus !== undefined && random.chance(focus.share)
    const occupation = focused ? focus.pickOccupation(random) : pickOccupation(random)
    const industry = random.pick(INDUSTRIES_BY_GROUP[occupation.group]!)
    const company = random.pick(companiesByIndustry.get(industry) ?? companies)
    const jobType = jobTypeFor(random, occupation)
    const experienceLevel =
      jobType === 'INTERNSHIP' ? 'INTERNSHIP' : experienceFor(random, occupation)
    const educationLevel = educationFor(random, occupation)
    const workLocation = workLocationFor(random, occupation)
    const city = focused
      ? focus.pickCity(random)
      : random.chance(0.7)
        ? company.home
        : pickCity(random)
    const places: JobPlace[] =
      workLocation === 'REMOTE' && random.chance(0.6)
        ? [{ name: countryName(city.countryCode)!, region: null, countryCode: city.countryCode }]
        : [{ name: city.name, region: city.region, countryCode: city.countryCode }]
    const title = titleFor(random, occupation, experienceLevel)
    const salary = salaryFor(random, occupation, experienceLevel, jobType, city.countryCode)
    const benefits = benefitsFor(random, workLocation, company)
    const skills = sample(random, occupation.skills, random.int(3, 7))
    const tasks = sample(random, occupation.tasks.slice(0, 12), random.int(4, 6))
    const location = locationLabel(places, workLocation)
    const postedAt = new Date(now - Math.floor(random.next() * 30 * DAY_MS))

    const intro = `${company.name} (${company.industry.toLowerCase()}, ${company.size} employees) is hiring ${/^[AEIOU]/.test(title) ? 'an' : 'a'} ${title} (${JOB_TYPE_WORDS[jobType]}) in ${location}.`
    const bring = [
      YEARS_BY_LEVEL[experienceLevel],
      EDUCATION_WORDS[educationLevel],
      ...(skills.length ? [`Experience with ${joinWords(skills)}`] : []),
    ]
    const description = render(
      options.compact
        ? [
            { heading: null, paragraphs: [intro] },
            { heading: "What you'll do", bullets: tasks.slice(0, 3) },
            { heading: 'What you bring', bullets: bring.slice(2) },
            {
              heading: null,
              paragraphs: [`Demo listing: ${company.name} is a fictional company.`],
            },
          ]
        : [
            { heading: null, paragraphs: [intro, occupation.description] },
            { heading: "What you'll do", bullets: tasks },
            { heading: 'What you bring', bullets: bring },
            {
              heading: 'What we offer',
              paragraphs: [
                ...(salary ? [`Pay: ${formatPay(salary)}.`] : []),
                WORK_WORDS[workLocation],
              ],
              bullets: benefits.map((benefit) => BENEFIT_WORDS[benefit]),
            },
            {
              heading: null,
              paragraphs: [`Demo listing: ${company.name} is a fictional company.`],
            },
          ],
    )

    yield {
      source: 'demo',
      sourceId: demoJobSourceId(n),
      sourceBoard: 'demo',
      title,
      normalizedTitle: occupation.title,
      onetCode: occupation.code,
      companyName: company.name,
      companySize: company.size,
      industry: company.industry,
      places,
      location,
      workLocation,
      jobType,
      experienceLevel,
      educationLevel,
      salary,
      salaryYearly: yearlySalary(salary),
      benefits,
      skills,
      description: description.text,
      descriptionHtml: description.html,
      applyUrl: `https://example.com/jobs/${demoJobSourceId(n)}`,
      postedAt,
      sourceUpdatedAt: postedAt,
      // Demo jobs stay: a development install's catalogue must not empty itself over time.
      expiresAt: null,
      dedupeKey: dedupeKey(company.name, title, places[0], workLocation === 'REMOTE'),
    }
  }
}
