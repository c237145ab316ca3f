/**
 * `zivotopis-cz` (A4): a Czech "Životopis", Czech headings whatever the language: "Osobní údaje"
 * label rows (Jméno a příjmení, Bydliště, Telefon, E-mail, Web, each profile by its network),
 * "Profil", "Pracovní zkušenosti" with every job a block of label rows `Období:` /
 * `Zaměstnavatel:` (`Company, City`) / `Pozice:` (bold) / `Náplň práce:` (bullets), "Vzdělání" as
 * `Období:` / `Škola:` / `Obor:` / `Titul:` rows, "Dovednosti" joined by commas, "Jazykové
 * znalosti" as rows, and a `V <city> dne 26. 11. 2026` line at the foot (ninth blind set, moved in
 * once measured).
 */
import { displayUrl, esc, locationText, page, profiles, skillList } from '../kit.ts'
import type { Layout } from '../kit.ts'
import { bullets, monthRanges, yearSpan } from './parts.ts'

const year = (date: string) => date.slice(0, 4)

const CZECH_MONTHS = [
  'leden',
  'únor',
  'březen',
  'duben',
  'květen',
  'červen',
  'červenec',
  'srpen',
  'září',
  'říjen',
  'listopad',
  'prosinec',
]

const czechDate = (date: string) =>
  date.length >= 7 ? `${CZECH_MONTHS[Number(date.slice(5, 7)) - 1]} ${year(date)}` : year(date)

/** "březen 2019 – dosud", "leden 2016 – únor 2020": Czech month names in every language. */
export const czechDates = monthRanges(czechDate, () => 'dosud')

/** Label rows; a row whose value is empty is left out. The values are HTML already. */
const rows = (pairs: [string, string | undefined][]) =>
  pairs
    .filter(([, value]) => value)
    .map(([label, value]) => `<tr><th>${esc(label)}:</th><td>${value}</td></tr>`)
    .join('')

export const zivotopisCz: Layout = {
  name: 'zivotopis-cz',
  paper: 'A4',
  dates: czechDates,
  render(person) {
    const b = person.basics
    const personal = rows([
      ['Jméno a příjmení', esc(b.name ?? '')],
      ['Bydliště', esc(locationText(person))],
      ['Telefon', esc(b.phone ?? '')],
      ['E-mail', esc(b.email ?? '')],
      ...(b.url ? [['Web', esc(displayUrl(b.url))] as [string, string]] : []),
      ...profiles(person).map(
        (p) => [p.network ?? 'Profil', esc(displayUrl(p.url))] as [string, string],
      ),
    ])
    const jobs = person.work
      .map(
        (job) =>
          `<table class="blk">${rows([
            ['Období', esc(czechDates.range(job.startDate, job.endDate, person.lang))],
            ['Zaměstnavatel', esc([job.name, job.location].filter(Boolean).join(', '))],
            ['Pozice', `<b>${esc(job.position ?? '')}</b>`],
            ['Náplň práce', job.highlights?.length ? bullets(job.highlights) : undefined],
          ])}</table>`,
      )
      .join('')
    const schools = person.education
      .map(
        (school) =>
          `<table class="blk">${rows([
            ['Období', esc(yearSpan(school.startDate, school.endDate))],
            ['Škola', `<b>${esc(school.institution ?? '')}</b>`],
            ['Obor', school.area ? esc(school.area) : undefined],
            ['Titul', school.studyType ? esc(school.studyType) : undefined],
          ])}</table>`,
      )
      .join('')
    const spoken = person.languages?.length
      ? `<h2>Jazykové znalosti</h2><table class="blk">${rows(person.languages.map((l) => [l.language ?? '', esc(l.fluency ?? '')]))}</table>`
      : ''
    return page(
      person.lang,
      `@page { margin: 18mm 20mm; } body { font-family: 'Liberation Sans'; font-size: 9.8pt; color: #202020; line-height: 1.35; }
       .t { font-size: 24pt; letter-spacing: 2px; color: #11457e; margin: 0; } .n { font-size: 13pt; font-weight: bold; margin: 2pt 0 8pt; }
       h2 { font-size: 11pt; color: #11457e; border-bottom: 2px solid #d7141a; padding-bottom: 1pt; margin: 13pt 0 5pt; }
       table { border-collapse: collapse; width: 100%; } th { text-align: left; font-weight: normal; color: #555; width: 40mm; vertical-align: top; padding: 1pt 6pt 1pt 0; }
       td { vertical-align: top; padding: 1pt 0; } .blk { margin-bottom: 7pt; } ul { margin: 0; padding-left: 14pt; } p { margin: 0; }
       .sig { margin-top: 22pt; color: #555; }`,
      `<h1 class="t">Životopis</h1><div class="n">${esc(b.name ?? '')}</div>
       <h2>Osobní údaje</h2><table>${personal}</table>
       <h2>Profil</h2><p>${esc(b.summary ?? '')}</p>
       <h2>Pracovní zkušenosti</h2>${jobs}
       <h2>Vzdělání</h2>${schools}
       <h2>Dovednosti</h2><p>${skillList(person).map(esc).join(', ')}</p>
       ${spoken}
       <p class="sig">V ${esc(b.location?.city ?? '')} dne 26. 11. 2026</p>`,
    )
  },
}
