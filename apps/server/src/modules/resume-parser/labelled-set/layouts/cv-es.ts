/**
 * `cv-es` (A4): a Spanish "Currículum Vitae", Spanish headings whatever the language, serif:
 * "Datos personales" label rows (Nombre, Residencia, Teléfono, Correo electrónico, Web), "Perfil
 * profesional", "Experiencia laboral" with the dates on their own line above the title in bold and
 * `Empresa (Ciudad)` in italics, "Funciones:" bullets, "Formación académica", "Competencias" joined
 * by `·`, "Idiomas" (seventh blind set, moved in once measured).
 */
import {
  degreeText,
  displayUrl,
  esc,
  locationText,
  MONTHS,
  namedDate,
  page,
  skillList,
} from '../kit.ts'
import type { Layout } from '../kit.ts'
import { bullets, linkUrls, monthRanges, yearSpan } from './parts.ts'

/** "marzo 2019 – actualidad": Spanish month names in every language. */
export const spanishDates = monthRanges(
  (d) => namedDate(d, 'es', MONTHS),
  () => 'actualidad',
)

const entry = (dates: string, head: string, sub: string, extra = '') =>
  `<div class="e"><div class="d">${dates}</div><div class="h">${head}</div><div class="c">${sub}</div>${extra}</div>`

export const cvEs: Layout = {
  name: 'cv-es',
  paper: 'A4',
  dates: spanishDates,
  render(person) {
    const b = person.basics
    const rows = [
      ['Nombre', b.name],
      ['Residencia', locationText(person)],
      ['Teléfono', b.phone],
      ['Correo electrónico', b.email],
      ...linkUrls(person).map((url) => ['Web', displayUrl(url)]),
    ]
      .filter(([, value]) => value)
      .map(([k, v]) => `<tr><td class="k">${esc(k ?? '')}:</td><td>${esc(v ?? '')}</td></tr>`)
      .join('')
    const jobs = person.work
      .map((job) =>
        entry(
          esc(spanishDates.range(job.startDate, job.endDate, person.lang)),
          esc(job.position ?? ''),
          `${esc(job.name ?? '')}${job.location ? ` (${esc(job.location)})` : ''}`,
          job.highlights?.length ? `<div class="f">Funciones:</div>${bullets(job.highlights)}` : '',
        ),
      )
      .join('')
    const schools = person.education
      .map((school) =>
        entry(
          esc(yearSpan(school.startDate, school.endDate)),
          esc(degreeText(school.studyType, school.area, 'es')),
          esc(school.institution ?? ''),
        ),
      )
      .join('')
    const spoken = person.languages?.length
      ? `<h2>Idiomas</h2><p>${person.languages.map((l) => `${esc(l.language)}: ${esc(l.fluency ?? '')}`).join('; ')}</p>`
      : ''
    return page(
      person.lang,
      `@page { margin: 20mm 22mm; } body { font-family: 'DejaVu Serif'; font-size: 10.5pt; color: #1a1a1a; line-height: 1.35; }
       .top { text-align: center; border-bottom: 2px solid #8b1e2d; padding-bottom: 6pt; margin-bottom: 8pt; }
       .top small { letter-spacing: 4px; color: #8b1e2d; font-size: 9pt; } .top h1 { margin: 2pt 0 0; font-size: 22pt; font-weight: normal; }
       h2 { font-size: 11pt; text-transform: uppercase; color: #8b1e2d; margin: 14pt 0 5pt; border-bottom: 1px solid #d9b3b9; }
       table { border-collapse: collapse; } td { padding: 1pt 8pt 1pt 0; } .k { font-weight: bold; width: 42mm; }
       .e { margin: 0 0 8pt 0; padding-left: 10pt; border-left: 2px solid #eee; } .d { color: #8b1e2d; font-size: 9.5pt; } .h { font-weight: bold; } .c { font-style: italic; }
       .f { font-size: 9.5pt; color: #555; margin-top: 2pt; } ul { margin: 1pt 0 0; padding-left: 16pt; } p { margin: 0; text-align: justify; }`,
      `<div class="top"><small>CURRÍCULUM VITAE</small><h1>${esc(b.name ?? '')}</h1><div>${esc(b.label ?? '')}</div></div>
       <h2>Datos personales</h2><table>${rows}</table>
       <h2>Perfil profesional</h2><p>${esc(b.summary ?? '')}</p>
       <h2>Experiencia laboral</h2>${jobs}
       <h2>Formación académica</h2>${schools}
       <h2>Competencias</h2><p>${skillList(person).map(esc).join(' · ')}</p>
       ${spoken}`,
    )
  },
}
