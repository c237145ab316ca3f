/**
 * Dates and date ranges as resumes write them, in English, German, French and Spanish:
 * "Jan 2020 – Present", "01/2020 - 03/2022", "2019 – 2021", "March 2018 to June 2020",
 * "seit 04/2021", "sept. 2019 – aujourd'hui", "November 2024 - Present (8 months)".
 * Dates come out as `YYYY-MM` or `YYYY`; a range running to today has no end.
 */

const MONTHS: Record<string, number> = {}
const MONTH_NAMES: [number, string[]][] = [
  [
    1,
    [
      'styczeń',
      'styczen',
      'sty',
      'january',
      'jan',
      'januar',
      'jänner',
      'janvier',
      'janv',
      'enero',
      'ene',
      'januari',
      'gennaio',
      'gen',
      'janeiro',
    ],
  ],
  [
    2,
    [
      'luty',
      'lut',
      'february',
      'feb',
      'februar',
      'février',
      'fevrier',
      'févr',
      'fevr',
      'fév',
      'febrero',
      'februari',
      'febbraio',
      'fevereiro',
      'fev',
    ],
  ],
  [
    3,
    [
      'marzec',
      'march',
      'mar',
      'märz',
      'maerz',
      'mär',
      'mars',
      'marzo',
      'maart',
      'mrt',
      'março',
      'marco',
    ],
  ],
  [4, ['kwiecień', 'kwiecien', 'kwi', 'april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile']],
  [5, ['maj', 'may', 'mai', 'mayo', 'mei', 'maggio', 'mag', 'maio']],
  [6, ['czerwiec', 'cze', 'june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho']],
  [
    7,
    ['lipiec', 'lip', 'july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho'],
  ],
  [
    8,
    ['sierpień', 'sierpien', 'sie', 'august', 'aug', 'août', 'aout', 'agosto', 'ago', 'augustus'],
  ],
  [
    9,
    [
      'wrzesień',
      'wrzesien',
      'wrz',
      'september',
      'sep',
      'sept',
      'septembre',
      'septiembre',
      'set',
      'setiembre',
      'settembre',
      'setembro',
    ],
  ],
  [
    10,
    [
      'październik',
      'pazdziernik',
      'paź',
      'paz',
      'october',
      'oct',
      'oktober',
      'okt',
      'octobre',
      'octubre',
      'ottobre',
      'ott',
      'outubro',
      'out',
    ],
  ],
  [11, ['listopad', 'lis', 'november', 'nov', 'novembre', 'noviembre', 'novembro']],
  [
    12,
    [
      'grudzień',
      'grudzien',
      'gru',
      'december',
      'dec',
      'dezember',
      'dez',
      'décembre',
      'decembre',
      'déc',
      'diciembre',
      'dic',
      'dicembre',
      'dezembro',
    ],
  ],
]
/** Czech months, nominative and genitive ("březen 2019", "od března 2019"). */
const CZECH_MONTHS = [
  ['leden', 'ledna'],
  ['únor', 'února'],
  ['březen', 'března'],
  ['duben', 'dubna'],
  ['květen', 'května'],
  ['červen', 'června'],
  ['červenec', 'července'],
  ['srpen', 'srpna'],
  ['září'],
  ['říjen', 'října'],
  ['listopad', 'listopadu'],
  ['prosinec', 'prosince'],
]
CZECH_MONTHS.forEach((names, index) => MONTH_NAMES.push([index + 1, names]))
for (const [month, names] of MONTH_NAMES) for (const name of names) MONTHS[name] = month

const MONTH_ALT = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')
/**
 * A line that ends with a month name alone after a separator ("… • Norwegian University of
 * Science and Technology • June"): its year wrapped onto the next line.
 */
const ENDS_WITH_MONTH = new RegExp(`[•·|,–—]\\s*(?:${MONTH_ALT})\\.?$`, 'iu')
export const endsWithMonth = (text: string): boolean => ENDS_WITH_MONTH.test(text.trim())

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
  'heden',
  '(?<=\\bto\\s{1,3})date',
  'nu',
  'huidig',
  'oggi',
  'attuale',
  'in corso',
  'hoje',
  'obecnie',
  'nadal',
  'do dziś',
  'do teraz',
  'dosud',
  'nyní',
  'do současnosti',
  'současnost',
].join('|')

/**
 * One date: "Jan 2020", "January 2020", "Sep '19" (a month with an apostrophe and two digits),
 * "01/2020", "2020-01", "01.2020", "2020".
 */
const DATE = `(?:(?:${MONTH_ALT})\\.?,?\\s*(?:de\\s+|\\/\\s*)?(?:19|20)\\d{2}|(?:${MONTH_ALT})\\.?\\s*['’‘]\\s?\\d{2}|(?:0?[1-9]|1[0-2])\\s*[/.]\\s*(?:19|20)\\d{2}|(?:19|20)\\d{2}\\s*[-/.]\\s*(?:0[1-9]|1[0-2])(?![\\d])|(?:19|20)\\d{2})`
/**
 * Between two dates: any dash, an arrow, a tilde, or a word ("to", "bis", "à", "al", "até"…).
 * "a la actualidad" / "à ce jour" read the article as part of the end.
 */
const SEPARATOR = `\\s*(?:[-–—−‒~～→⟶⇒⇾➔➜➝➞➟➠▸►>]+|-+>|to|until|till|bis|à|au|a|hasta|al|até|through|thru|tot|t/m|fino a)\\s*`
const RANGE = new RegExp(
  `(?<![\\p{L}\\d])(?:(?:since|seit|depuis|desde|sinds|dal)\\s+(${DATE})|(${DATE})(?:${SEPARATOR}(${DATE}|(?:la |el |le |à |a |o |ad |tot |t/m )?(?:${PRESENT_ALT})))?)(?![\\p{L}\\d])`,
  'iu',
)
/**
 * "09/19 – now", "05/20 – 12/21": a month and a two-digit year, read only as a range (alone,
 * "09/16" could be anything).
 */
const SHORT = `(?:0[1-9]|1[0-2])/\\d{2}`
const SHORT_RANGE = new RegExp(
  `(?<![\\p{L}\\d/.])(${SHORT})${SEPARATOR}(${SHORT}|(?:${PRESENT_ALT}))(?![\\p{L}\\d/])`,
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
  let match = /^(\p{L}+)\.?,?\s*(?:de\s+|\/\s*)?((?:19|20)\d{2})$/u.exec(value)
  if (match) {
    const month = MONTHS[match[1]!]
    return month ? `${match[2]}-${String(month).padStart(2, '0')}` : undefined
  }
  match = /^(\p{L}+)\.?\s*['’‘]\s?(\d{2})$/u.exec(value)
  if (match) {
    const month = MONTHS[match[1]!]
    return month ? `${fullYear(match[2]!)}-${String(month).padStart(2, '0')}` : undefined
  }
  match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(value)
  if (match) return `${fullYear(match[2]!)}-${match[1]}`
  match = /^(\d{1,2})\s*[/.]\s*((?:19|20)\d{2})$/.exec(value)
  if (match) return `${match[2]}-${match[1]!.padStart(2, '0')}`
  match = /^((?:19|20)\d{2})\s*[-/.]\s*(\d{2})$/.exec(value)
  if (match) return `${match[1]}-${match[2]}`
  match = /^((?:19|20)\d{2})$/.exec(value)
  if (match) return match[1]
  return undefined
}

const PRESENT = new RegExp(`^(?:la |el |le |à |a |o |ad |tot |t/m |to )?(?:${PRESENT_ALT})$`, 'iu')

/** Whether the text is a present word alone ("Present", "heute", "à ce jour"). */
export function isPresent(text: string): boolean {
  return PRESENT.test(text.trim().replace(/[.)]+$/, ''))
}

/** A dash between a year and what follows it (not a word: "to" may be a language's word). */
const DASH_AFTER = /^\s*[-–—−‒~～→⟶⇒➔]\s*/u
/** Words of a language we have no months for ("prosinec 2021"), then the end year. */
const UNKNOWN_THEN_YEAR = /^(?:\p{L}{2,12}\.?\s+)?((?:19|20)\d{2})(?![\p{L}\d])/u
/** One or two lower-case words of a language we have no present word for ("dosud"), last. */
const UNKNOWN_PRESENT = /^\p{Ll}{2,12}(?:\s+\p{Ll}{2,12})?\.?\s*(?:[,;|)]|$)/u

/**
 * A range in a language without vocabulary: after a year, a dash, then an end date whose month
 * word we do not know ("2020 – prosinec 2021": the end year) or a lower-case word with no year
 * after it, the text's last ("2019 – dosud": the present).
 */
function unknownWordEnd(
  text: string,
  found: { text: string; index: number; end: number },
  startDate: string | undefined,
): DateRange | null {
  let base = found
  const rest = text.slice(base.end)
  const dash = DASH_AFTER.exec(rest)
  if (!dash || !startDate) return null
  const tail = rest.slice(dash[0].length)
  // The start's own month word we do not know ("leden 2022") goes with the range.
  const month = /(?<![\p{L}\d])\p{L}{3,12}\.?\s+$/u.exec(text.slice(0, base.index))
  if (month && /^\d{4}$/u.test(base.text.trim()) && !/\d/u.test(month[0]))
    base = { ...base, index: month.index }
  const year = UNKNOWN_THEN_YEAR.exec(tail)
  if (year) {
    if (year[1]! < startDate.slice(0, 4)) return null
    const end = base.end + dash[0].length + year[0].length
    return {
      ...base,
      text: text.slice(base.index, end),
      end,
      startDate,
      endDate: year[1]!,
      current: false,
    }
  }
  const present = UNKNOWN_PRESENT.exec(tail)
  if (present && !/\d/u.test(tail)) {
    const end = base.end + dash[0].length + present[0].replace(/[\s,;|)]+$/u, '').length
    return { ...base, text: text.slice(base.index, end), end, startDate, current: true }
  }
  return null
}

/** The first date range in the text (a lone date counts as a range with only a start). */
export function findDateRange(text: string): DateRange | null {
  const match = RANGE.exec(text)
  const short = SHORT_RANGE.exec(text)
  if (short && (!match || short.index < match.index)) {
    const [whole, start, end] = short
    const base = { text: whole, index: short.index, end: short.index + whole.length }
    if (PRESENT.test(end!.trim())) return { ...base, startDate: parseDate(start!), current: true }
    return { ...base, startDate: parseDate(start!), endDate: parseDate(end!), current: false }
  }
  if (!match) return null
  const [whole, since, start, end] = match
  const index = match.index
  const base = { text: whole, index, end: index + whole.length }
  if (since) return { ...base, startDate: parseDate(since), current: true }
  const startDate = parseDate(start!)
  if (!end) return unknownWordEnd(text, base, startDate) ?? { ...base, startDate, current: false }
  // "to date": the word date ends a range only after "to" (the range's own pattern checks it).
  if (PRESENT.test(end.trim()) || /^date$/i.test(end.trim()))
    return { ...base, startDate, current: true }
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
