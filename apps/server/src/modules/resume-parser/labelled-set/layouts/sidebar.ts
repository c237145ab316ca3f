/**
 * `sidebar`: a narrow coloured column with contact, skills and languages beside the main column
 * with experience and education. People with an even-length id get the sidebar on the right.
 */
import {
  degreeText,
  displayUrl,
  esc,
  HEADINGS,
  locationText,
  page,
  profiles,
  skillList,
  yearsStyle,
} from '../kit.ts'
import type { Layout } from '../kit.ts'

export const sidebar: Layout = {
  name: 'sidebar',
  paper: 'Letter',
  dates: yearsStyle,
  render(person) {
    const h = HEADINGS[person.lang]
    const b = person.basics
    const right = person.id.length % 2 === 0
    const range = (start?: string, end?: string) => esc(yearsStyle.range(start, end, person.lang))
    const side = `<aside><h2>${esc(h.contact)}</h2>
      ${[
        b.phone,
        b.email,
        locationText(person),
        b.url && displayUrl(b.url),
        ...profiles(person).map((p) => displayUrl(p.url)),
      ]
        .filter(Boolean)
        .map((item) => `<p>${esc(item!)}</p>`)
        .join('')}
      <h2>${esc(h.skills)}</h2><ul>${skillList(person)
        .map((skill) => `<li>${esc(skill)}</li>`)
        .join('')}</ul>
      ${person.languages?.length ? `<h2>${esc(h.languages)}</h2>${person.languages.map((l) => `<p>${esc(l.language)} (${esc(l.fluency ?? '')})</p>`).join('')}` : ''}
      ${person.certificates?.length ? `<h2>${esc(h.certificates)}</h2>${person.certificates.map((c) => `<p>${esc(c.name)}</p>`).join('')}` : ''}
    </aside>`
    const main = `<main><h1>${esc(b.name ?? '')}</h1><div class="label">${esc(b.label ?? '')}</div>
      <p>${esc(b.summary ?? '')}</p>
      <h2>${esc(h.experience)}</h2>${person.work
        .map(
          (job) => `<div class="entry"><div class="when">${range(job.startDate, job.endDate)}</div>
          <div><b>${esc(job.position ?? '')}</b></div><div>${esc(job.name ?? '')}${job.location ? `, ${esc(job.location)}` : ''}</div>
          <ul>${(job.highlights ?? []).map((line) => `<li>${esc(line)}</li>`).join('')}</ul></div>`,
        )
        .join('')}
      <h2>${esc(h.education)}</h2>${person.education
        .map(
          (
            school,
          ) => `<div class="entry"><div class="when">${range(school.startDate, school.endDate)}</div>
          <div><b>${esc(school.institution ?? '')}</b></div><div>${esc(degreeText(school.studyType, school.area, person.lang))}</div></div>`,
        )
        .join('')}</main>`
    return page(
      person.lang,
      `@page { margin: 0; } body { margin: 0; font-family: 'DejaVu Sans'; font-size: 9pt; line-height: 1.4; }
       .wrap { display: flex; flex-direction: ${right ? 'row-reverse' : 'row'}; min-height: 100vh; }
       aside { width: 62mm; background: #23395d; color: #fff; padding: 14mm 7mm; box-sizing: border-box; }
       aside h2 { color: #cfe0ff; font-size: 10pt; margin: 12pt 0 4pt; } aside p { margin: 0 0 3pt; } aside ul { padding-left: 12pt; margin: 0; }
       main { flex: 1; padding: 14mm 10mm; } h1 { font-size: 24pt; margin: 0; } .label { font-size: 12pt; color: #23395d; margin-bottom: 6pt; }
       main h2 { font-size: 12pt; color: #23395d; border-bottom: 1px solid #23395d; margin: 12pt 0 6pt; }
       .entry { margin-bottom: 8pt; } .when { color: #666; font-size: 8.5pt; } main ul { margin: 2pt 0 0; padding-left: 14pt; }`,
      `<div class="wrap">${side}${main}</div>`,
    )
  },
}
