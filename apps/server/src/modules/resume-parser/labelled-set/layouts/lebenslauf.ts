/**
 * `lebenslauf`: a German "Lebenslauf" (A4) as a two-column table: the date ranges in the left
 * column ("03/2019 – heute"), the role, company and bullets in the right; a photo box beside a
 * "Persönliche Daten" block of label: value lines (Anschrift, Telefon, E-Mail, Geburtsdatum, …);
 * Kenntnisse with level dots. German headings whatever the person's language.
 */
import { degreeText, displayUrl, esc, locationText, page, profiles } from '../kit.ts'
import type { Layout } from '../kit.ts'
import { dots, tableNumericStyle } from './parts.ts'

const PHOTO = `<svg width="90" height="115" viewBox="0 0 90 115"><rect width="90" height="115" fill="#d9dde3"/><circle cx="45" cy="42" r="20" fill="#aab2bd"/><path d="M10 115c0-30 15-42 35-42s35 12 35 42z" fill="#aab2bd"/></svg>`

export const lebenslauf: Layout = {
  name: 'lebenslauf',
  paper: 'A4',
  dates: tableNumericStyle,
  render(person) {
    const b = person.basics
    const range = (start?: string, end?: string) =>
      esc(tableNumericStyle.range(start, end, person.lang))
    const born = `${String((b.name?.length ?? 7) + 5).padStart(2, '0')}.0${(b.name?.length ?? 3) % 9 || 1}.19${80 + ((b.name?.length ?? 0) % 15)}`
    const data: [string, string][] = [
      ['Name', b.name ?? ''],
      ['Anschrift', locationText(person)],
      ['Telefon', b.phone ?? ''],
      ['E-Mail', b.email ?? ''],
      ['Geburtsdatum', born],
      ...(b.url ? [['Website', displayUrl(b.url)] as [string, string]] : []),
      ...profiles(person).map(
        (p) => [p.network ?? 'Profil', displayUrl(p.url)] as [string, string],
      ),
    ]
    const row = (left: string, right: string) =>
      `<tr><td class="l">${left}</td><td>${right}</td></tr>`
    const work = person.work
      .map((job) =>
        row(
          range(job.startDate, job.endDate),
          `<b>${esc(job.position ?? '')}</b><br>${esc(job.name ?? '')}${job.location ? `, ${esc(job.location)}` : ''}${
            job.highlights?.length
              ? `<ul>${job.highlights.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`
              : ''
          }`,
        ),
      )
      .join('')
    const education = person.education
      .map((s) =>
        row(
          range(s.startDate, s.endDate),
          `<b>${esc(degreeText(s.studyType, s.area, person.lang))}</b><br>${esc(s.institution ?? '')}`,
        ),
      )
      .join('')
    let n = 0
    const skills = person.skills
      .flatMap((g) => g.keywords ?? [g.name])
      .map((s) => row(esc(s), `<span class="dots">${dots(n++)}</span>`))
      .join('')
    const languages = (person.languages ?? [])
      .map((l) => row(esc(l.language), esc(l.fluency ?? '')))
      .join('')
    return page(
      person.lang,
      `@page { margin: 18mm 20mm; } body { font-family: 'Liberation Sans'; font-size: 10pt; line-height: 1.35; }
       h1 { font-size: 20pt; margin: 0 0 8pt; font-weight: normal; letter-spacing: 3px; }
       .top { display: flex; justify-content: space-between; } h2 { font-size: 11.5pt; margin: 14pt 0 4pt; color: #1d3f72; border-bottom: 1px solid #1d3f72; }
       table { border-collapse: collapse; width: 100%; } td { vertical-align: top; padding: 2pt 0; } td.l { width: 42mm; color: #333; }
       ul { margin: 2pt 0 0; padding-left: 12pt; } .dots { color: #1d3f72; letter-spacing: 2px; }`,
      `<h1>Lebenslauf</h1>
       <div class="top"><div><h2 style="margin-top:0">Persönliche Daten</h2><table>${data
         .map(([k, v]) => row(`${esc(k)}:`, esc(v)))
         .join('')}</table></div><div>${PHOTO}</div></div>
       <h2>Berufserfahrung</h2><table>${work}</table>
       <h2>Ausbildung</h2><table>${education}</table>
       <h2>Kenntnisse</h2><table>${skills}</table>
       ${languages ? `<h2>Sprachen</h2><table>${languages}</table>` : ''}
       <p style="margin-top:18pt">${esc(b.location?.city ?? '')}, den 15.11.2026</p>`,
    )
  },
}
