/**
 * Dates and date ranges as resumes write them, in English, German, French and Spanish:
 * "Jan 2020 – Present", "01/2020 - 03/2022", "2019 – 2021", "March 2018 to June 2020",
 * "seit 04/2021", "sept. 2019 – aujourd'hui", "November 2024 - Present (8 months)".
 * Dates come out as `YYYY-MM` or `YYYY`; a range running to today has no end.
 */

const MONTHS: Record<string, number> = {}
const MONTH_NAMES: [number, string[]][] = [
  [1, ['january', 'jan', 'januar', 'jänner', 'janvier', 'janv', 'enero', 'ene']],
  [2, ['february', 'feb', 'februar', 'février', 'fevrier', 'févr', 'fevr', 'fév', 'febrero']],
  [3, ['march', 'mar', 'märz', 'maerz', 'mär', 'mars', 'marzo']],
  [4, ['april', 'apr', 'avril', 'avr', 'abril', 'abr']],
  [5, ['may', 'mai', 'mayo']],
  [6, ['june', 'jun', 'juni', 'juin', 'junio']],
  [7, ['july', 'jul', 'juli', 'juillet', 'juil', 'julio']],
  [8, ['august', 'aug', 'août', 'aout', 'agosto', 'ago']],
  [9, ['september', 'sep', 'sept', 'septembre', 'septiembre', 'set', 'setiembre']],
  [10, ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre']],
  [11, ['november', 'nov', 'novembre', 'noviembre']],
  [12, ['december', 'dec', 'dezember', 'dez', 'décembre', 'decembre', 'déc', 'diciembre', 'dic']],
]
for (const [month, names] of MONTH_NAMES) for (const name of names) MONTHS[name] = month

const MONTH_ALT = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')
const PRESENT_ALT = [
  'present',
  'current',
  'currently',
  'now',
  'today',
  'ongoing',
  'heute',
  'jetzt',
  'aktuell',
  'derzeit',
  'laufend',
  "aujourd['’]hui",
  'auj\\.?',
  'présent',
  'actuel',
  'en cours',
  'en curso',
  'em curso',
  'actualidad',
  'presente',
  'actual',
  'hoy',
  'la fecha',
  'ce jour',
  'agora',
  'atual',
  'o momento',
].join('|')

/**
 * One date: "Jan 2020", "January 2020", "Sep '19" (a month with an apostrophe and two digits),
 * "01/2020", "2020-01", "01.2020", "2020".
 */
const DATE = `(?:(?:${MONTH_ALT})\\.?,?\\s*(?:de\\s+)?(?:19|20)\\d{2}|(?:${MONTH_ALT})\\.?\\s*['’‘]\\s?\\d{2}|(?:0?[1-9]|1[0-2])\\s*[/.]\\s*(?:19|20)\\d{2}|(?:19|20)\\d{2}\\s*[-/.]\\s*(?:0[1-9]|1[0-2])(?![\\d])|(?:19|20)\\d{2})`
/**
 * Between two dates: any dash, an arrow, a tilde, or a word ("to", "bis", "à", "al", "até"…).
 * "a la actualidad" / "à ce jour" read the article as part of the end.
 */
const SEPARATOR = `\\s*(?:[-–—−‒~～→⟶⇒⇾➔➜➝➞➟➠▸►>]+|-+>|to|until|till|bis|à|au|a|hasta|al|até|through|thru)\\s*`
const RANGE = new RegExp(
  `(?<![\\p{L}\\d])(?:(?:since|seit|depuis|desde)\\s+(${DATE})|(${DATE})(?:${SEPARATOR}(${DATE}|(?:la |el |le |à |a |o )?(?:${PRESENT_ALT})))?)(?![\\p{L}\\d])`,
  'iu',
)
const SINGLE = new RegExp(`(?<![\\p{L}\\d])(${DATE})(?![\\p{L}\\d])`, 'iu')

export interface DateRange {
  startDate?: string
  endDate?: string
  /** Runs to today ("Present", "seit", "heute"). */
  current: boolean
  /** The matched text, and where it starts and ends in the input. */
  text: string
  index: number
  end: number
}

/** A two-digit year ("'19") as four: 00–49 are this century, 50–99 the last. */
function fullYear(twoDigits: string): string {
  return `${Number(twoDigits) < 50 ? '20' : '19'}${twoDigits}`
}

/** One date as `YYYY-MM` or `YYYY`, or undefined. */
export function parseDate(text: string): string | undefined {
  const value = text.trim().toLowerCase()
  let match = /^(\p{L}+)\.?,?\s*(?:de\s+)?((?:19|20)\d{2})$/u.exec(value)
  if (match) {
    const month = MONTHS[match[1]!]
    return month ? `${match[2]}-${String(month).padStart(2, '0')}` : undefined
  }
  match = /^(\p{L}+)\.?\s*['’‘]\s?(\d{2})$/u.exec(value)
  if (match) {
    const month = MONTHS[match[1]!]
    return month ? `${fullYear(match[2]!)}-${String(month).padStart(2, '0')}` : undefined
  }
  match = /^(\d{1,2})\s*[/.]\s*((?:19|20)\d{2})$/.exec(value)
  if (match) return `${match[2]}-${match[1]!.padStart(2, '0')}`
  match = /^((?:19|20)\d{2})\s*[-/.]\s*(\d{2})$/.exec(value)
  if (match) return `${match[1]}-${match[2]}`
  match = /^((?:19|20)\d{2})$/.exec(value)
  if (match) return match[1]
  return undefined
}

const PRESENT = new RegExp(`^(?:la |el |le |à |a |o )?(?:${PRESENT_ALT})$`, 'iu')

/** Whether the text is a present word alone ("Present", "heute", "à ce jour"). */
export function isPresent(text: string): boolean {
  return PRESENT.test(text.trim().replace(/[.)]+$/, ''))
}

/** The first date range in the text (a lone date counts as a range with only a start). */
export function findDateRange(text: string): DateRange | null {
  const match = RANGE.exec(text)
  if (!match) return null
  const [whole, since, start, end] = match
  const index = match.index
  const base = { text: whole, index, end: index + whole.length }
  if (since) return { ...base, startDate: parseDate(since), current: true }
  const startDate = parseDate(start!)
  if (!end) return { ...base, startDate, current: false }
  if (PRESENT.test(end.trim())) return { ...base, startDate, current: true }
  return { ...base, startDate, endDate: parseDate(end), current: false }
}

/** Whether the text holds a single date or a range. */
export function hasDate(text: string): boolean {
  return SINGLE.test(text)
}

/** Removes the date range (and a LinkedIn "(8 months)" duration after it) from a text. */
/** The text after a date range, without a LinkedIn duration "(8 months)". */
export function afterDate(text: string, range: DateRange): string {
  return text
    .slice(range.end)
    .replace(
      /^\s*[(·•]?\s*(?:\d+\s*(?:years?|yrs?|months?|mos?|jahren?|jahre?|monaten?|monate?|ans?|mois|años?|anos?|meses|mes)(?![\p{L}])[\s,]*)+\)?/iu,
      '',
    )
}

export function withoutDate(text: string, range: DateRange): string {
  const after = afterDate(text, range)
  return `${text.slice(0, range.index)} ${after}`
    .replace(/\s+/g, ' ')
    .replace(/^[\s,|·•:–—-]+|[\s,|·•:–—-]+$/g, '')
    .trim()
}
