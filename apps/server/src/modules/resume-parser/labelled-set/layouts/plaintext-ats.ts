/**
 * `plaintext-ats` (Letter): a plain-text resume printed from a .txt file: Liberation Mono in a
 * `<pre>`, the name in capitals, contact on one `|` line then one URL a line, capital headings
 * underlined with `=`, the title with the dates padded to column 80 by spaces, `Company, City`
 * under it, `  - ` highlights wrapped at 80 columns, education as institution + year / degree
 * (seventh blind set, moved in once measured).
 */
import {
  degreeText,
  displayUrl,
  esc,
  HEADINGS,
  locationText,
  MONTH_ABBREVIATIONS,
  namedDate,
  page,
  skillList,
} from '../kit.ts'
import type { Layout } from '../kit.ts'
import { linkUrls, monthRanges } from './parts.ts'

const WIDTH = 80

/** "Mar 2019 -- Present", "Mai 2018 -- Dez. 2021": a text file's double hyphen. */
export const plaintextDates = monthRanges(
  (d, lang) => namedDate(d, lang, MONTH_ABBREVIATIONS),
  (lang) => HEADINGS[lang].present,
  ' -- ',
)

/** Words wrapped at WIDTH columns, the first line starting with `first`, the others with `indent`. */
function wrap(text: string, indent: string, first = indent): string[] {
  const lines: string[] = []
  let line = first
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line.trim() && line.length + 1 + word.length > WIDTH) {
      lines.push(line)
      line = indent
    }
    line += (line.trim() ? ' ' : '') + word
  }
  if (line.trim()) lines.push(line)
  return lines
}

/** `left` and `right` on one line padded to WIDTH, or on two when they do not fit. */
function spread(left: string, right: string): string[] {
  return left.length + right.length + 2 <= WIDTH
    ? [left + ' '.repeat(WIDTH - left.length - right.length) + right]
    : [left, ' '.repeat(WIDTH - right.length) + right]
}

const heading = (text: string) => ['', text.toUpperCase(), '='.repeat(text.length)]

export const plaintextAts: Layout = {
  name: 'plaintext-ats',
  paper: 'Letter',
  dates: plaintextDates,
  render(person) {
    const b = person.basics
    const h = HEADINGS[person.lang]
    const contact = [locationText(person), b.phone, b.email].filter(Boolean).join(' | ')
    const lines = [(b.name ?? '').toUpperCase(), ...wrap(contact, '')]
    lines.push(...linkUrls(person).map((url) => displayUrl(url)))
    if (b.summary) lines.push(...heading(h.summary), ...wrap(b.summary, ''))
    lines.push(...heading(h.experience))
    person.work.forEach((job, index) => {
      if (index > 0) lines.push('')
      const dates = plaintextDates.range(job.startDate, job.endDate, person.lang)
      lines.push(...spread(job.position ?? '', dates))
      lines.push([job.name, job.location].filter(Boolean).join(', '))
      for (const line of job.highlights ?? []) lines.push(...wrap(line, '    ', '  - '))
    })
    lines.push(...heading(h.education))
    for (const school of person.education) {
      lines.push(...spread(school.institution ?? '', school.endDate?.slice(0, 4) ?? ''))
      lines.push(degreeText(school.studyType, school.area, person.lang))
    }
    lines.push(...heading(h.skills), ...wrap(skillList(person).join(', '), ''))
    if (person.languages?.length) {
      const spoken = person.languages.map((l) => `${l.language} (${l.fluency ?? ''})`).join(', ')
      lines.push(...heading(h.languages), ...wrap(spoken, ''))
    }
    return page(
      person.lang,
      `@page { margin: 0.7in 0.75in; } body { font-family: 'Liberation Mono'; font-size: 9.2pt; line-height: 1.25; color: #000; } pre { font: inherit; margin: 0; }`,
      `<pre>${esc(lines.join('\n'))}</pre>`,
    )
  },
}
