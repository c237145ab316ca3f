/**
 * `cv-nl` (A4): a Dutch/Belgian cv, Dutch headings whatever the language: "Persoonlijke gegevens"
 * label rows (Naam, Woonplaats, Telefoon, E-mail, Website, each profile by its network),
 * "Werkervaring" with the title bold and `sep. 2019 – heden` right, company – city in italics,
 * "Opleiding", "Vaardigheden", "Talen" (sixth blind set, moved in once measured).
 */
import {
  degreeText,
  displayUrl,
  esc,
  locationText,
  namedDate,
  page,
  profiles,
  skillList,
} from '../kit.ts'
import type { Lang, Layout } from '../kit.ts'
import { bullets, monthRanges } from './parts.ts'

const NL_MONTHS = [
  'jan.',
  'feb.',
  'mrt.',
  'apr.',
  'mei',
  'jun.',
  'jul.',
  'aug.',
  'sep.',
  'okt.',
  'nov.',
  'dec.',
]
const DUTCH = { en: NL_MONTHS, de: NL_MONTHS, fr: NL_MONTHS, es: NL_MONTHS } as Record<
  Lang,
  string[]
>

/** "sep. 2019 – heden", "mrt. 2016 – aug. 2019": Dutch month abbreviations in every language. */
export const dutchDates = monthRanges(
  (d) => namedDate(d, 'en', DUTCH),
  () => 'heden',
)

const entry = (dates: string, head: string, sub: string, extra = '') =>
  `<div class="e"><div class="t"><span class="h">${head}</span><span class="d">${dates}</span></div><div class="s">${sub}</div>${extra}</div>`

export const cvNl: Layout = {
  name: 'cv-nl',
  paper: 'A4',
  dates: dutchDates,
  render(person) {
    const b = person.basics
    const range = (start?: string, end?: string) => esc(dutchDates.range(start, end, person.lang))
    const rows = [
      ['Naam', b.name],
      ['Woonplaats', locationText(person)],
      ['Telefoon', b.phone],
      ['E-mail', b.email],
      ...(b.url ? [['Website', displayUrl(b.url)]] : []),
      ...profiles(person).map((p) => [p.network ?? 'Profiel', displayUrl(p.url)]),
    ]
      .filter(([, value]) => value)
      .map(([k, v]) => `<tr><td class="k">${esc(k ?? '')}</td><td>${esc(v ?? '')}</td></tr>`)
      .join('')
    const jobs = person.work
      .map((job) =>
        entry(
          range(job.startDate, job.endDate),
          esc(job.position ?? ''),
          `${esc(job.name ?? '')}${job.location ? ` – ${esc(job.location)}` : ''}`,
          bullets(job.highlights),
        ),
      )
      .join('')
    const schools = person.education
      .map((school) =>
        entry(
          range(school.startDate, school.endDate),
          esc(degreeText(school.studyType, school.area, person.lang)),
          esc(school.institution ?? ''),
        ),
      )
      .join('')
    const spoken = person.languages?.length
      ? `<h2>Talen</h2><table>${person.languages.map((l) => `<tr><td class="k">${esc(l.language)}</td><td>${esc(l.fluency ?? '')}</td></tr>`).join('')}</table>`
      : ''
    return page(
      person.lang,
      `@page { margin: 18mm 20mm; } body { font-family: 'DejaVu Sans'; font-size: 9pt; color: #222; line-height: 1.4; }
       h1 { font-size: 11pt; font-weight: normal; letter-spacing: 6px; color: #e07000; margin: 0; } .name { font-size: 20pt; font-weight: bold; margin: 0 0 8pt; }
       h2 { font-size: 10.5pt; color: #e07000; border-bottom: 1px solid #e07000; margin: 14pt 0 6pt; padding-bottom: 1pt; }
       table { border-collapse: collapse; } td { padding: 1pt 10pt 1pt 0; } .k { width: 32mm; color: #555; }
       .e { margin-bottom: 8pt; } .t { display: flex; justify-content: space-between; } .h { font-weight: bold; } .d { color: #777; font-size: 8.5pt; } .s { font-style: italic; }
       ul { margin: 2pt 0 0; padding-left: 14pt; } p { margin: 0; }`,
      `<h1>CURRICULUM VITAE</h1><div class="name">${esc(b.name ?? '')}</div>
       <h2>Persoonlijke gegevens</h2><table>${rows}</table>
       <h2>Profiel</h2><p>${esc(b.summary ?? '')}</p>
       <h2>Werkervaring</h2>${jobs}
       <h2>Opleiding</h2>${schools}
       <h2>Vaardigheden</h2><p>${skillList(person).map(esc).join(', ')}</p>
       ${spoken}`,
    )
  },
}
