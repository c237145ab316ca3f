/**
 * Small pieces the layouts added in issue 15 share: date styles of their own (month/year numbers
 * with "heute", upper-case month names, years with "now"), contact items, and icons.
 */
import {
  displayUrl,
  esc,
  HEADINGS,
  locationText,
  MONTH_ABBREVIATIONS,
  namedDate,
  numericDate,
  profiles,
} from '../kit.ts'
import type { DateStyle, Lang, Person } from '../kit.ts'

const year = (date: string) => date.slice(0, 4)

/** A range from two written dates and the word for "until now". */
export function joined(
  start: string | undefined,
  end: string | undefined,
  write: (date: string) => string,
  now: string,
  dash = ' – ',
): string {
  return [start ? write(start) : '', end ? write(end) : now].filter(Boolean).join(dash)
}

/**
 * The date style most layouts use: month ranges ("Mar 2019 – present"), each date written by
 * `write`, a current job ending in `now(lang)`, the two joined by `dash` (" – " unless given).
 */
export function monthRanges(
  write: (date: string, lang: Lang) => string,
  now: (lang: Lang) => string,
  dash?: string,
): DateStyle {
  return {
    yearsOnly: false,
    range: (start, end, lang) => joined(start, end, (d) => write(d, lang), now(lang), dash),
  }
}

/** "2012 – 2016": a school's years ("2016" when only the end is known). */
export const yearSpan = (start: string | undefined, end: string | undefined): string =>
  joined(start, end, year, '')

/** "03/2019 – heute", "05/2014 – 02/2017" (the German CV table's; "heute" in every language). */
export const tableNumericStyle = monthRanges(
  (d) => numericDate(d),
  () => 'heute',
)

/** "MAY 2019 – NOW": upper-case month abbreviations. */
export const upperStyle = monthRanges(
  (d, lang) => namedDate(d, lang, MONTH_ABBREVIATIONS).toUpperCase(),
  (lang) => (lang === 'en' ? 'NOW' : HEADINGS[lang].present.toUpperCase()),
)

/** "Jan. 2020 - Present" (LaTeX templates write the abbreviation with a full stop). */
const DOTTED: Record<Lang, string[]> = {
  ...MONTH_ABBREVIATIONS,
  en: MONTH_ABBREVIATIONS.en.map((m) => (m === 'May' ? m : `${m}.`)),
}
export const dottedStyle = monthRanges(
  (d, lang) => namedDate(d, lang, DOTTED),
  (lang) => HEADINGS[lang].present,
  ' - ',
)

/** "May 2019 – Current", "Mai 2019 – heute". */
export const currentStyle = monthRanges(
  (d, lang) => namedDate(d, lang, MONTH_ABBREVIATIONS),
  (lang) => (lang === 'en' ? 'Current' : HEADINGS[lang].present),
)

const NOW: Record<Lang, string> = { en: 'now', de: 'heute', fr: 'auj.', es: 'hoy' }

/** "2019–2022", "2019–now": years only, no spaces. */
export const tightYearsStyle: DateStyle = {
  yearsOnly: true,
  range: (start, end, lang) => joined(start, end, year, NOW[lang], '–'),
}

/** "Depuis 2020", "2018 – 2021": French years. */
export const frenchYearsStyle: DateStyle = {
  yearsOnly: true,
  range: (start, end) =>
    !end && start ? `Depuis ${year(start)}` : joined(start, end, year, '', ' – '),
}

/** "2019–present" (the academic CV's years). */
export const academicStyle: DateStyle = {
  yearsOnly: true,
  range: (start, end, lang) =>
    joined(start, end, year, lang === 'en' ? 'present' : HEADINGS[lang].present, '–'),
}

export type ContactKind = 'email' | 'phone' | 'location' | 'link'

/** The contact items a page shows, in order: email, phone, location, website, profiles. */
export function contactItems(person: Person): { kind: ContactKind; text: string; url?: string }[] {
  const b = person.basics
  const items: { kind: ContactKind; text: string; url?: string }[] = []
  if (b.email) items.push({ kind: 'email', text: b.email, url: `mailto:${b.email}` })
  if (b.phone) items.push({ kind: 'phone', text: b.phone })
  const where = locationText(person)
  if (where) items.push({ kind: 'location', text: where })
  if (b.url) items.push({ kind: 'link', text: displayUrl(b.url), url: b.url })
  for (const p of profiles(person))
    items.push({ kind: 'link', text: displayUrl(p.url), url: p.url })
  return items
}

const svg = (path: string, colour: string, size = 9) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 16 16"><path d="${path}" fill="${colour}"/></svg>`

const PATHS: Record<ContactKind, string> = {
  email: 'M1 3h14v10H1z',
  phone: 'M4 1h3l1 4-2 1a9 9 0 0 0 4 4l1-2 4 1v3a2 2 0 0 1-2 2A13 13 0 0 1 2 3a2 2 0 0 1 2-2z',
  location: 'M8 0a5 5 0 0 1 5 5c0 4-5 11-5 11S3 9 3 5a5 5 0 0 1 5-5z',
  link: 'M2 2h12v12H2z',
}

export function icon(kind: ContactKind, colour: string, size = 9): string {
  return svg(PATHS[kind], colour, size)
}

/** "●●●●○": a deterministic level from 3 to 5 for the n-th skill. */
export function dots(n: number, on = '●', off = '○'): string {
  const level = 5 - (n % 3)
  return on.repeat(level) + off.repeat(5 - level)
}

/** The person's own site and profile URLs, in that order. */
export function linkUrls(person: Person): string[] {
  return [...(person.basics.url ? [person.basics.url] : []), ...profiles(person).map((p) => p.url)]
}

export function bullets(lines: string[] | undefined, cls = ''): string {
  return lines?.length
    ? `<ul${cls ? ` class="${cls}"` : ''}>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`
    : ''
}
