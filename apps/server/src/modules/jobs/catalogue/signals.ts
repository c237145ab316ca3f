/**
 * Facts read out of a posting's words when its feed leaves the field out: the salary
 * ("$120k–$150k a year", "€55.000 - 65.000 brutto/Jahr", "£30/hour"), remote / hybrid /
 * onsite, seniority, required education, benefits, company size and job type. Each reader
 * takes text (or a feed's own label for the same thing) and answers in the product's
 * vocabulary, or null when the text does not say.
 *
 * They err on the side of silence: a job without a signal stays unfiltered-by rather than
 * mislabelled. Patterns cover English and the commonest German wording.
 */
import type {
  Benefit,
  CompanySize,
  EducationLevel,
  ExperienceLevel,
  JobType,
  WorkLocation,
} from '@app/contracts'
import { CURRENCY_CODES, isCurrencyCode } from '@app/contracts'
import type { Salary, SalaryPeriod } from './normalized-job.ts'
import { titleWords } from './title-words.ts'

// ------------------------------------------------------------------------------------------
// Salary

const CURRENCY_SYMBOLS: Array<[symbol: string, currency: string]> = [
  ['US$', 'USD'],
  ['CA$', 'CAD'],
  ['C$', 'CAD'],
  ['AU$', 'AUD'],
  ['A$', 'AUD'],
  ['NZ$', 'NZD'],
  ['SG$', 'SGD'],
  ['S$', 'SGD'],
  ['HK$', 'HKD'],
  ['R$', 'BRL'],
  ['MX$', 'MXN'],
  ['$', 'USD'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['zł', 'PLN'],
]

const escape = (text: string) => text.replace(/[$]/g, '\\$')
const CURRENCY = `(?:${CURRENCY_SYMBOLS.map(([symbol]) => escape(symbol)).join('|')}|\\b(?:${CURRENCY_CODES.join('|')})\\b)`
/** 120,000 · 55.000 · 1'200 · 12,00,000 (lakh) · 30.50 · 120 */
const NUMBER = `\\d{1,2}(?:,\\d{2})+,\\d{3}|\\d{1,3}(?:[.,'\\u00a0 ]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?`
/** "$2M ARR", "€3bn": sums of money, not pay. */
const NOT_PAY = `(?!\\s?(?:[mMbB]\\b|mn\\b|bn\\b|million|billion|Mio))`
const AMOUNT = (n: number) =>
  `(?<c${n}a>${CURRENCY})?\\s?(?<n${n}>${NUMBER})${NOT_PAY}(?<k${n}>\\s?[kK](?![a-zA-Z]))?\\s?(?<c${n}b>${CURRENCY})?`
const SALARY = new RegExp(`(?<![\\w.,])${AMOUNT(1)}(?:\\s*(?:-|–|—|to|bis)\\s*${AMOUNT(2)})?`, 'g')

/** "per hour", "an hour", "/hr", "pro Stunde" … */
const per = (units: string, others: string) =>
  new RegExp(`(?:\\b(?:per|an?|pro)\\s?|\\/\\s?)(?:${units})\\b|${others}`, 'i')

const PERIOD_WORDS: Array<[SalaryPeriod, RegExp]> = [
  ['HOUR', per('hour|hr|h|stunde', '\\bhourly\\b|stundenlohn')],
  ['DAY', per('day|tag', '\\bdaily\\b|\\bday rate\\b|tagessatz')],
  ['WEEK', per('week|wk|woche', '\\bweekly\\b')],
  ['MONTH', per('month|mo|monat', '\\bmonthly\\b|\\bmonatlich|\\bmtl\\b')],
  ['YEAR', per('year|yr|annum|jahr', '\\bannual(ly)?\\b|\\byearly\\b|\\bp\\.a\\.|\\bjährlich')],
]

function currencyOf(token: string | undefined): string | null {
  if (!token) {
    return null
  }
  const upper = token.toUpperCase()
  if (isCurrencyCode(upper)) {
    return upper
  }
  return CURRENCY_SYMBOLS.find(([symbol]) => symbol === token)?.[1] ?? null
}

/** "55.000" → 55000, "120,000" → 120000, "30.50" → 30.5, "1,5" → 1.5. */
function parseNumber(text: string): number {
  const grouped =
    /^(\d{1,2}(?:,\d{2})+,\d{3}|\d{1,3}(?:[.,'\u00a0 ]\d{3})+)(?:[.,](\d{1,2}))?$/.exec(text)
  if (grouped) {
    const whole = Number(grouped[1]!.replace(/[^\d]/g, ''))
    return grouped[2] ? whole + Number(`0.${grouped[2]}`) : whole
  }
  return Number(text.replace(',', '.'))
}

function periodNear(before: string, after: string): SalaryPeriod | null {
  for (const [period, words] of PERIOD_WORDS) {
    if (words.test(after)) {
      return period
    }
  }
  for (const [period, words] of PERIOD_WORDS) {
    if (words.test(before)) {
      return period
    }
  }
  return null
}

/**
 * Without a stated period, a large figure tells: 15,000 and up is yearly, 1,000 and up
 * monthly. A small one ("$25") is too often not pay at all to guess.
 */
function periodBySize(amount: number): SalaryPeriod | null {
  if (amount >= 15_000) {
    return 'YEAR'
  }
  return amount >= 1_000 ? 'MONTH' : null
}

/** Yearly figures below this, or hourly ones above the next, are not salaries. */
const PLAUSIBLE: Record<SalaryPeriod, [number, number]> = {
  YEAR: [1_000, 10_000_000],
  MONTH: [100, 1_000_000],
  WEEK: [50, 200_000],
  DAY: [10, 50_000],
  HOUR: [1, 5_000],
}

/**
 * The first salary stated in `text`: an amount or a range with a currency, and its period.
 * `$` is US dollars unless `dollarCurrency` says otherwise (a Canadian job's "$").
 */
export function salaryFromText(
  text: string,
  options: { dollarCurrency?: string } = {},
): Salary | null {
  for (const match of text.matchAll(SALARY)) {
    const groups = match.groups!
    const symbol = groups.c1a ?? groups.c1b ?? groups.c2a ?? groups.c2b
    let currency = currencyOf(symbol)
    if (!currency) {
      continue
    }
    if (symbol === '$' && options.dollarCurrency) {
      currency = options.dollarCurrency
    }
    const thousands = (k: string | undefined, other: string | undefined) =>
      (k ?? other) ? 1000 : 1
    let first = parseNumber(groups.n1!) * thousands(groups.k1, groups.n2 ? groups.k2 : undefined)
    const second = groups.n2 ? parseNumber(groups.n2) * thousands(groups.k2, groups.k1) : null
    // "$120-150k": the k of the second figure belongs to both.
    if (second !== null && !groups.k1 && groups.k2 && first * 1000 <= second * 1.01) {
      first *= 1000
    }
    const start = match.index
    const before = text.slice(Math.max(0, start - 40), start)
    const after = text.slice(start + match[0].length, start + match[0].length + 40)
    const period = periodNear(before, after) ?? periodBySize(second ?? first)
    if (!period) {
      continue
    }
    const upTo = /\b(up to|bis zu|max(imum)?)\s*$/i.test(before)
    const min = upTo && second === null ? null : first
    const max = second ?? first
    const [low, high] = PLAUSIBLE[period]
    if (max < low || max > high || (min !== null && min > max)) {
      continue
    }
    return { min, max, currency, period }
  }
  return null
}

// ------------------------------------------------------------------------------------------
// Remote, hybrid or onsite

/** Remote / hybrid / onsite as a posting's text puts it. */
export function workLocationFromText(text: string): WorkLocation | null {
  if (/\bhybrid\b|\b\d days? (a|per) week in (the )?office\b|\bpartly remote\b/i.test(text)) {
    return 'HYBRID'
  }
  if (/\b(not|no|non)[- ](a )?remote\b|\bremote work is not (possible|available)\b/i.test(text)) {
    return 'ONSITE'
  }
  if (/\bremote\b|\bwork from home\b|\bwfh\b|\btelecommut\w*|\bhome[- ]based\b/i.test(text)) {
    return 'REMOTE'
  }
  if (/\bon[- ]?site\b|\bin[- ]person\b|\bin[- ]office\b|\bvor ort\b/i.test(text)) {
    return 'ONSITE'
  }
  return null
}

// ------------------------------------------------------------------------------------------
// Seniority

/** A feed's own level label ("Mid-Senior level", "entry_level", "Director"). */
export function experienceFromLabel(label: string | null | undefined): ExperienceLevel | null {
  if (!label) {
    return null
  }
  const text = label.toLowerCase().replace(/[_-]/g, ' ')
  const levels: Array<[ExperienceLevel, RegExp]> = [
    ['INTERNSHIP', /\bintern(ship)?\b|\bstudent\b|\bpraktik/],
    ['EXECUTIVE', /\bexecutive\b|\bdirector\b|\bvp\b|\bvice president\b|\bc level\b|\bchief\b/],
    ['LEAD', /\blead\b|\bprincipal\b|\bmanager\b/],
    ['MID_LEVEL', /\bmid\b|\bintermediate\b|\bmid senior\b/],
    ['SENIOR_LEVEL', /\bsenior\b|\bexperienced\b|\bexpert\b/],
    [
      'ENTRY_LEVEL',
      /\bentry\b|\bjunior\b|\bgraduate\b|\bassociate\b|\btrainee\b|\bberufseinsteiger/,
    ],
  ]
  return levels.find(([, pattern]) => pattern.test(text))?.[0] ?? null
}

const ROMAN_LEVELS: Record<string, ExperienceLevel> = {
  i: 'ENTRY_LEVEL',
  ii: 'MID_LEVEL',
  iii: 'SENIOR_LEVEL',
  iv: 'LEAD',
}

/** Seniority words in a title: "Sr.", "Junior", "Lead", "Head of", "Engineer II", "Intern". */
export function experienceFromTitle(title: string): ExperienceLevel | null {
  const words = titleWords(title)
  const has = (...candidates: string[]) => candidates.some((word) => words.includes(word))
  if (has('intern', 'internship', 'werkstudent', 'trainee', 'apprentice', 'praktikant')) {
    return 'INTERNSHIP'
  }
  if (has('chief', 'head', 'director', 'vice', 'ceo', 'cto', 'cfo', 'coo', 'cmo', 'president')) {
    return 'EXECUTIVE'
  }
  // "Staff Engineer" is a senior-most track; a "Staff Accountant" is an entry role.
  const staffTrack = has('staff') && has('engineer', 'developer', 'scientist', 'designer')
  if (has('lead', 'principal') || staffTrack) {
    return 'LEAD'
  }
  if (has('senior')) {
    return 'SENIOR_LEVEL'
  }
  if (has('junior', 'entry', 'graduate')) {
    return 'ENTRY_LEVEL'
  }
  const last = words.at(-1)
  return (last && Object.hasOwn(ROMAN_LEVELS, last) && ROMAN_LEVELS[last]) || null
}

/**
 * "5+ years of experience" → SENIOR_LEVEL (the first figure stated counts); "an entry-level
 * role", "no experience needed" → ENTRY_LEVEL.
 */
export function experienceFromText(text: string): ExperienceLevel | null {
  if (/\bentry[- ]level\b|\bno (prior )?experience (is )?(needed|required)\b/i.test(text)) {
    return 'ENTRY_LEVEL'
  }
  const years =
    /\b(\d{1,2})\s*\+?\s*(?:(?:-|–|to)\s*\d{1,2}\s*)?(?:years|yrs)(?:['’])?\s+(?:of\s+)?(?:[\w-]+\s+){0,4}?experience\b/i.exec(
      text,
    ) ?? /\b(\d{1,2})\s*\+?\s*jahre\s+(?:\w+\s+){0,2}?(?:berufserfahrung|erfahrung)\b/i.exec(text)
  if (!years) {
    return null
  }
  const count = Number(years[1])
  if (count <= 1) {
    return 'ENTRY_LEVEL'
  }
  if (count <= 4) {
    return 'MID_LEVEL'
  }
  return count <= 7 ? 'SENIOR_LEVEL' : 'LEAD'
}

// ------------------------------------------------------------------------------------------
// Education

const EDUCATION_PATTERNS: Array<[EducationLevel, RegExp]> = [
  ['NONE', /\bno (formal )?(degree|education)( is)? required\b|\bdegree not required\b/i],
  [
    'HIGH_SCHOOL',
    /\bhigh school (diploma|degree|education|or equivalent|graduate)|\bged\b|\bsecondary school (diploma|certificate)|\bvocational\b|\bsome college\b|\bausbildung\b/i,
  ],
  ['ASSOCIATE', /\bassociate'?s?( degree)\b/i],
  [
    'BACHELOR',
    /\bbachelor'?s?\b|\bb\.?sc?\b|\bb\.a\.|\bba\/bs\b|\bbs\/ba\b|\b(university|college|four-year|4-year) degree\b|\bdegree in\b|\bhochschulabschluss\b|\bstudium\b/i,
  ],
  ['MASTER', /\bmaster'?s?\b|\bm\.?sc\b|\bmba\b|\bm\.s\.|\bms degree\b|\bprofessional degree\b/i],
  ['DOCTORATE', /\bph\.?d\b|\bdoctorate\b|\bdoctoral\b/i],
]

/**
 * The education a posting (or a feed's education label) asks for: the lowest level it names,
 * since "Bachelor's required, Master's preferred" opens the job to bachelors.
 */
export function educationFromText(text: string | null | undefined): EducationLevel | null {
  if (!text) {
    return null
  }
  return EDUCATION_PATTERNS.find(([, pattern]) => pattern.test(text))?.[0] ?? null
}

// ------------------------------------------------------------------------------------------
// Benefits

const BENEFIT_PATTERNS: Array<[Benefit, RegExp]> = [
  [
    'HEALTH_INSURANCE',
    /\b(health|medical)\b[^.;\n]{0,30}\b(insurance|coverage|plans?|benefits)\b|\bhealthcare (coverage|plans?|benefits)\b|\bprivate medical\b|\bkrankenversicherung/i,
  ],
  ['DENTAL_VISION', /\bdental\b|\bvision (insurance|coverage|plans?|care)\b/i],
  [
    'RETIREMENT_PLAN',
    /\b401\s?\(?k\)?|\bpension\b|\bretirement (plan|savings|contributions?|match(ing)?)\b|\bsuperannuation\b|\baltersvorsorge/i,
  ],
  [
    'PAID_TIME_OFF',
    /\bpaid time off\b|\bpto\b|\b(unlimited|generous) (vacation|holidays?|time off)\b|\b\d{2} days (of )?(paid )?(vacation|holidays?|annual leave)\b|\bvacation days\b|\bannual leave\b|\burlaubstage\b|\b\d{2} tage urlaub\b/i,
  ],
  ['PARENTAL_LEAVE', /\b(parental|maternity|paternity|family) leave\b|\belternzeit\b/i],
  [
    'FLEXIBLE_HOURS',
    /\bflexible (working |work )?(hours|schedules?|working|time)\b|\bflexi?time\b|\bgleitzeit\b|\bflexible arbeitszeit/i,
  ],
  [
    'REMOTE_STIPEND',
    /\b(home[- ]office|remote[- ]work|work[- ]from[- ]home|wfh|co-?working|internet) (stipend|allowance|budget|setup)\b/i,
  ],
  [
    'LEARNING_BUDGET',
    /\b(learning|training|education|development|conference|book) (budget|stipend|allowance)\b|\bprofessional development\b|\btuition (reimbursement|assistance)\b|\bweiterbildung/i,
  ],
  [
    'EQUITY',
    /\bequity (package|grants?|stake|compensation|options?)\b|\b(meaningful|competitive|generous) equity\b|\b(salary|compensation|pay) (\+|and|&) equity\b|\bstock options?\b|\brsus?\b|\besop\b|\bshare options\b|\bvirtual shares\b|\bemployee stock\b/i,
  ],
  [
    'BONUS',
    /\b(annual|performance|signing|sign-on|yearly|quarterly|cash|target) bonus(es)?\b|\bbonus (scheme|plan|program|structure|eligible|eligibility)\b|\bprofit[- ]sharing\b|\+ bonus\b/i,
  ],
  [
    'VISA_SPONSORSHIP',
    /\bvisa sponsorship\b|\bsponsor (your |a )?(work )?visas?\b|\bvisa support\b|\brelocation (and|&) visa\b/i,
  ],
]

const NO_SPONSORSHIP =
  /\b(no|not|without|unable to|cannot|can't|do not|don't|does not|doesn't) (offer |provide |the need for )?(visa )?sponsor(ship)?\b/i

/** The benefits a posting mentions, in the vocabulary's order. */
export function benefitsFromText(text: string): Benefit[] {
  return BENEFIT_PATTERNS.filter(
    ([benefit, pattern]) =>
      pattern.test(text) && !(benefit === 'VISA_SPONSORSHIP' && NO_SPONSORSHIP.test(text)),
  ).map(([benefit]) => benefit)
}

// ------------------------------------------------------------------------------------------
// Company size

const SIZE_BANDS: Array<[maximum: number, band: CompanySize]> = [
  [10, '1-10'],
  [50, '11-50'],
  [200, '51-200'],
  [500, '201-500'],
  [1000, '501-1000'],
  [5000, '1001-5000'],
  [Number.POSITIVE_INFINITY, '5001+'],
]

export function companySizeFromCount(employees: number): CompanySize | null {
  if (!Number.isFinite(employees) || employees < 1) {
    return null
  }
  return SIZE_BANDS.find(([maximum]) => employees <= maximum)![1]
}

/** A feed's head count (42) or band ("51-200", "10,001+"); a band is placed by its lower bound. */
export function companySize(value: number | string | null | undefined): CompanySize | null {
  if (typeof value === 'number') {
    return companySizeFromCount(value)
  }
  const band = value ? /^\s*(\d[\d,.]*)\s*(?:\+|-|–|to\b)/.exec(value) : null
  return band ? companySizeFromCount(Number(band[1]!.replace(/[,.]/g, '')) || 1) : null
}

/** "over 2,000 employees", "a team of 80": the company's head count in a posting's words. */
export function companySizeFromText(text: string): CompanySize | null {
  const count =
    /\b(\d[\d,.]*)\+?\s+(?:employees|team members|mitarbeiter(?:innen|:innen)?|mitarbeitende)\b/i.exec(
      text,
    ) ?? /\bteam of (\d[\d,.]*)\b/i.exec(text)
  return count ? companySizeFromCount(Number(count[1]!.replace(/[,.]/g, ''))) : null
}

// ------------------------------------------------------------------------------------------
// Job type

const JOB_TYPE_LABELS: Array<[JobType, RegExp]> = [
  ['INTERNSHIP', /\bintern(ship)?\b|\bwerkstudent|\bpraktikum\b|\bapprentice(ship)?\b/i],
  ['PART_TIME', /\bpart[- _]?time\b|\bteilzeit\b/i],
  ['TEMPORARY', /\btemp(orary)?\b|\bseasonal\b|\bfixed[- ]term\b|\bbefristet\b/i],
  ['CONTRACT', /\bcontract(or)?\b|\bfreelance(r)?\b|\bper diem\b/i],
  ['FULL_TIME', /\bfull[- _]?time\b|\bpermanent\b|\bregular\b|\bvollzeit\b|\bfestanstellung\b/i],
]

/** A feed's employment-type label ("Full-time", "FULL_TIME", "Contractor", "Intern"). */
export function jobTypeFromLabel(label: string | null | undefined): JobType | null {
  return label ? (JOB_TYPE_LABELS.find(([, pattern]) => pattern.test(label))?.[0] ?? null) : null
}

/** The job type a posting states in so many words ("This is a full-time position"). */
export function jobTypeFromText(text: string): JobType | null {
  const statement =
    /\b(full[- ]time|part[- ]time|contract|temporary|fixed[- ]term|freelance) (role|position|job|employment|opportunity|contract)\b|\b\d{1,2}[- ]month contract\b|\binternship\b/i.exec(
      text,
    )
  return statement ? jobTypeFromLabel(statement[0]) : null
}
