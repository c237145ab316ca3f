/**
 * The building blocks every layout of the labelled resume set shares: the invented person (a JSON
 * Resume plus the language it is written in), headings and month names in four languages, the
 * date styles, and HTML escaping. Layouts are plain functions person → HTML; see README.md.
 */
import type { JsonResume, JsonResumeProfile } from '../types.ts'

export type Lang = 'en' | 'de' | 'fr' | 'es'

/** A source person: a JSON Resume with an id (the file name) and the resume's language. */
export interface Person extends JsonResume {
  id: string
  lang: Lang
  /**
   * When the person joined the set: absent (1) for the first 26, 2 for the eight moved in from
   * the first two measured blind sets in issue 15, 3 for the four of the third, 4 for the four of the fourth, 5 for the four of the fifth, 6 for the four of the sixth, 7 for the four of the seventh, 8 for the four of the eighth, 9 for the four of the ninth, 10 for the four of the tenth. People are ordered by cohort, then id, so that adding
   * people never changes which people the older layouts show.
   */
  cohort?: number
}

export type Paper = 'A4' | 'Letter'

/**
 * How a layout writes a date range. `yearsOnly` styles drop the month, so the expected output of
 * that layout holds years only (the parser cannot know a month the page does not show).
 */
export interface DateStyle {
  yearsOnly: boolean
  range(start: string | undefined, end: string | undefined, lang: Lang): string
}

export interface Layout {
  name: string
  paper: Paper
  dates: DateStyle
  /** A complete HTML document, CSS included. */
  render(person: Person): string
  /** The skills the page shows, when it shows fewer than the person has (LinkedIn's top three). */
  shownSkills?(person: Person): string[]
  /** Chromium's footer template (e.g. LinkedIn's "Page N of M"); none when absent. */
  footer?(person: Person): string
}

export interface Headings {
  experience: string
  education: string
  skills: string
  summary: string
  languages: string
  certificates: string
  contact: string
  present: string
}

export const HEADINGS: Record<Lang, Headings> = {
  en: {
    experience: 'Experience',
    education: 'Education',
    skills: 'Skills',
    summary: 'Summary',
    languages: 'Languages',
    certificates: 'Certifications',
    contact: 'Contact',
    present: 'Present',
  },
  de: {
    experience: 'Berufserfahrung',
    education: 'Ausbildung',
    skills: 'Kenntnisse',
    summary: 'Profil',
    languages: 'Sprachen',
    certificates: 'Zertifikate',
    contact: 'Kontakt',
    present: 'heute',
  },
  fr: {
    experience: 'Expérience professionnelle',
    education: 'Formation',
    skills: 'Compétences',
    summary: 'Profil',
    languages: 'Langues',
    certificates: 'Certifications',
    contact: 'Coordonnées',
    present: "aujourd'hui",
  },
  es: {
    experience: 'Experiencia',
    education: 'Formación',
    skills: 'Habilidades',
    summary: 'Perfil',
    languages: 'Idiomas',
    certificates: 'Certificaciones',
    contact: 'Contacto',
    present: 'actualidad',
  },
}

export const MONTHS: Record<Lang, string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  de: [
    'Januar',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  es: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
}

export const MONTH_ABBREVIATIONS: Record<Lang, string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  de: [
    'Jan.',
    'Feb.',
    'März',
    'Apr.',
    'Mai',
    'Juni',
    'Juli',
    'Aug.',
    'Sept.',
    'Okt.',
    'Nov.',
    'Dez.',
  ],
  fr: [
    'janv.',
    'févr.',
    'mars',
    'avr.',
    'mai',
    'juin',
    'juil.',
    'août',
    'sept.',
    'oct.',
    'nov.',
    'déc.',
  ],
  es: [
    'ene.',
    'feb.',
    'mar.',
    'abr.',
    'may.',
    'jun.',
    'jul.',
    'ago.',
    'sept.',
    'oct.',
    'nov.',
    'dic.',
  ],
}

/** "Today" for the set, fixed so that durations ("(8 months)") and the files are deterministic. */
export const TODAY = '2026-11'

const year = (date: string) => date.slice(0, 4)
const month = (date: string) => (date.length >= 7 ? Number(date.slice(5, 7)) : undefined)

/** One date written with month names: "Jan 2020", "März 2018", "2017" (a year-only date). */
export function namedDate(date: string, lang: Lang, names: Record<Lang, string[]>): string {
  const m = month(date)
  return m === undefined ? year(date) : `${names[lang][m - 1]} ${year(date)}`
}

/** One date as digits: "01/2020", or "2017" for a year-only date. */
export function numericDate(date: string, separator = '/'): string {
  const m = month(date)
  return m === undefined ? year(date) : `${String(m).padStart(2, '0')}${separator}${year(date)}`
}

/** "Jan 2020 – Present", "Jan. 2020 – heute". */
export const abbreviatedStyle: DateStyle = {
  yearsOnly: false,
  range: (start, end, lang) =>
    [
      start ? namedDate(start, lang, MONTH_ABBREVIATIONS) : '',
      end ? namedDate(end, lang, MONTH_ABBREVIATIONS) : HEADINGS[lang].present,
    ]
      .filter(Boolean)
      .join(' – '),
}

/** "January 2020 – Present". */
export const longStyle: DateStyle = {
  yearsOnly: false,
  range: (start, end, lang) =>
    [
      start ? namedDate(start, lang, MONTHS) : '',
      end ? namedDate(end, lang, MONTHS) : HEADINGS[lang].present,
    ]
      .filter(Boolean)
      .join(' – '),
}

/** "01/2020 - 03/2022"; a current job in German is "seit 04/2021", in French "depuis 04/2021". */
export const numericStyle: DateStyle = {
  yearsOnly: false,
  range: (start, end, lang) => {
    if (!start) return end ? numericDate(end) : ''
    if (!end && lang === 'de') return `seit ${numericDate(start)}`
    if (!end && lang === 'fr') return `depuis ${numericDate(start)}`
    return `${numericDate(start)} - ${end ? numericDate(end) : HEADINGS[lang].present}`
  },
}

const TO: Record<Lang, string> = { en: 'to', de: 'bis', fr: 'à', es: 'a' }
const SINCE: Record<Lang, string> = { en: 'Since', de: 'Seit', fr: 'Depuis', es: 'Desde' }

/** "March 2018 to June 2020", "März 2018 bis Juni 2020"; a current job: "Since March 2018". */
export const wordyStyle: DateStyle = {
  yearsOnly: false,
  range: (start, end, lang) => {
    if (!start) return end ? namedDate(end, lang, MONTHS) : ''
    if (!end) return `${SINCE[lang]} ${namedDate(start, lang, MONTHS)}`
    return `${namedDate(start, lang, MONTHS)} ${TO[lang]} ${namedDate(end, lang, MONTHS)}`
  },
}

/** "2019 – 2021", "2019 – Present": the month is not shown. */
export const yearsStyle: DateStyle = {
  yearsOnly: true,
  range: (start, end, lang) =>
    [start ? year(start) : '', end ? year(end) : HEADINGS[lang].present]
      .filter(Boolean)
      .join(' – '),
}

const COUNTRIES: Record<string, string> = {
  US: 'United States',
  DE: 'Germany',
  FR: 'France',
  ES: 'Spain',
  GB: 'United Kingdom',
  IE: 'Ireland',
  CA: 'Canada',
  IT: 'Italy',
  AU: 'Australia',
  MX: 'Mexico',
  CH: 'Switzerland',
  NO: 'Norway',
  BR: 'Brazil',
}

/** "San Francisco, CA" or "Berlin, Germany". */
export function locationText(person: Person): string {
  const location = person.basics.location
  if (!location?.city) return ''
  const tail = location.region ?? COUNTRIES[location.countryCode ?? ''] ?? location.countryCode
  return tail ? `${location.city}, ${tail}` : location.city
}

/** A URL as a resume shows it: no scheme, no trailing slash ("linkedin.com/in/x"). */
export function displayUrl(url: string, keepWww = false): string {
  const bare = url.replace(/^https?:\/\//, '').replace(/\/$/, '')
  return keepWww ? bare : bare.replace(/^www\./, '')
}

export function profiles(person: Person): JsonResumeProfile[] {
  return person.basics.profiles ?? []
}

/** Every skill keyword (or the group name of a group without keywords). */
export function skillList(person: Person): string[] {
  return person.skills.flatMap((group) => (group.keywords?.length ? group.keywords : [group.name]))
}

/** "Bachelor of Science in Computer Science", "Diplom, Psychologie", or whichever part exists. */
export function degreeText(
  studyType: string | undefined,
  area: string | undefined,
  lang: Lang,
): string {
  if (studyType && area) return lang === 'en' ? `${studyType} in ${area}` : `${studyType}, ${area}`
  return studyType ?? area ?? ''
}

export function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** A link that shows its own address (so the text layer carries the URL). */
export function link(url: string, keepWww = false): string {
  return `<a href="${esc(url)}">${esc(displayUrl(url, keepWww))}</a>`
}

export function page(lang: Lang, css: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>${css}</style></head><body>${body}</body></html>`
}
