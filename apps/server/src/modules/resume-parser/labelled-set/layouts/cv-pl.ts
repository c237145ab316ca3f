/**
 * `cv-pl` (A4): a Polish CV, Polish headings whatever the language: "Dane osobowe" label rows
 * (Imię i nazwisko, Miejsce zamieszkania, Telefon, E-mail, Strona www, each profile by its
 * network), "Podsumowanie zawodowe", "Doświadczenie zawodowe" as a two-column table with the dates
 * on the left and the title bold over `Firma, Miasto`, "Obowiązki:" bullets, "Wykształcenie" with
 * the institution bold over `Kierunek:` / `Tytuł:` lines, "Umiejętności" as bullets, "Języki obce",
 * and the RODO (GDPR) consent clause in small print at the foot (eighth blind set, moved in once
 * measured).
 */
import { displayUrl, esc, locationText, numericDate, page, profiles, skillList } from '../kit.ts'
import type { Layout } from '../kit.ts'
import { bullets, monthRanges, yearSpan } from './parts.ts'

/** "03.2019 – obecnie", "01.2016 – 02.2020": Polish month.year in every language. */
export const polishDates = monthRanges(
  (d) => numericDate(d, '.'),
  () => 'obecnie',
)

const RODO =
  'Wyrażam zgodę na przetwarzanie moich danych osobowych dla potrzeb niezbędnych do realizacji procesu rekrutacji zgodnie z Rozporządzeniem Parlamentu Europejskiego i Rady (UE) 2016/679 z dnia 27 kwietnia 2016 r. (RODO).'

const row = (dates: string, body: string) =>
  `<tr><td class="d">${esc(dates)}</td><td>${body}</td></tr>`

export const cvPl: Layout = {
  name: 'cv-pl',
  paper: 'A4',
  dates: polishDates,
  render(person) {
    const b = person.basics
    const rows = [
      ['Imię i nazwisko', b.name],
      ['Miejsce zamieszkania', locationText(person)],
      ['Telefon', b.phone],
      ['E-mail', b.email],
      ...(b.url ? [['Strona www', displayUrl(b.url)]] : []),
      ...profiles(person).map((p) => [p.network ?? 'Profil', displayUrl(p.url)]),
    ]
      .filter(([, value]) => value)
      .map(([k, v]) => `<tr><td class="k">${esc(k ?? '')}</td><td>${esc(v ?? '')}</td></tr>`)
      .join('')
    const jobs = person.work
      .map((job) =>
        row(
          polishDates.range(job.startDate, job.endDate, person.lang),
          `<div class="h">${esc(job.position ?? '')}</div><div class="c">${esc([job.name, job.location].filter(Boolean).join(', '))}</div>${job.highlights?.length ? `<div class="f">Obowiązki:</div>${bullets(job.highlights)}` : ''}`,
        ),
      )
      .join('')
    const schools = person.education
      .map((school) =>
        row(
          yearSpan(school.startDate, school.endDate),
          `<div class="h">${esc(school.institution ?? '')}</div>${school.area ? `<div>Kierunek: ${esc(school.area)}</div>` : ''}${school.studyType ? `<div>Tytuł: ${esc(school.studyType)}</div>` : ''}`,
        ),
      )
      .join('')
    const spoken = person.languages?.length
      ? `<h2>Języki obce</h2><p>${person.languages.map((l) => `${esc(l.language)} – ${esc(l.fluency ?? '')}`).join('<br>')}</p>`
      : ''
    return page(
      person.lang,
      `@page { margin: 16mm 18mm 14mm; } body { font-family: 'DejaVu Sans'; font-size: 9pt; color: #222; line-height: 1.4; }
       h1 { font-size: 21pt; margin: 0; color: #c8102e; } .lab { font-size: 10.5pt; color: #555; margin-bottom: 8pt; }
       h2 { font-size: 10pt; text-transform: uppercase; letter-spacing: 1px; background: #f3f3f3; border-left: 4px solid #c8102e; padding: 2pt 6pt; margin: 12pt 0 5pt; }
       table { border-collapse: collapse; width: 100%; } td { vertical-align: top; padding: 2pt 8pt 4pt 0; } .k { width: 45mm; color: #555; }
       .d { width: 38mm; color: #c8102e; white-space: nowrap; } .h { font-weight: bold; } .c { color: #444; }
       .f { margin-top: 2pt; text-decoration: underline; } ul { margin: 1pt 0 0; padding-left: 14pt; } p { margin: 0; }
       .rodo { margin-top: 18pt; font-size: 6.8pt; color: #777; text-align: justify; border-top: 1px solid #ddd; padding-top: 4pt; }`,
      `<h1>${esc(b.name ?? '')}</h1><div class="lab">${esc(b.label ?? '')}</div>
       <h2>Dane osobowe</h2><table>${rows}</table>
       <h2>Podsumowanie zawodowe</h2><p>${esc(b.summary ?? '')}</p>
       <h2>Doświadczenie zawodowe</h2><table>${jobs}</table>
       <h2>Wykształcenie</h2><table>${schools}</table>
       <h2>Umiejętności</h2>${bullets(skillList(person))}
       ${spoken}
       <div class="rodo">${esc(RODO)}</div>`,
    )
  },
}
