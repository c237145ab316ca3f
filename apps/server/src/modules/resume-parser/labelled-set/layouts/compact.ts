/**
 * `compact`: dense 9pt type over two pages: the experience fills page one, education, skills and
 * the rest start page two, and a running footer ("Name · 1/2") sits on every page.
 */
import {
  degreeText,
  displayUrl,
  esc,
  HEADINGS,
  locationText,
  numericStyle,
  page,
  profiles,
} from '../kit.ts'
import type { Layout } from '../kit.ts'

export const compact: Layout = {
  name: 'compact',
  paper: 'Letter',
  dates: numericStyle,
  render(person) {
    const h = HEADINGS[person.lang]
    const b = person.basics
    const range = (start?: string, end?: string) => esc(numericStyle.range(start, end, person.lang))
    const contact = [
      b.email,
      b.phone,
      locationText(person),
      b.url && displayUrl(b.url),
      ...profiles(person).map((p) => displayUrl(p.url)),
    ]
      .filter(Boolean)
      .map((item) => esc(item!))
      .join(' • ')
    const work = person.work
      .map(
        (job) =>
          `<div class="entry"><b>${esc(job.name ?? '')}</b> | ${esc(job.position ?? '')} | ${range(job.startDate, job.endDate)}${
            job.location ? ` | ${esc(job.location)}` : ''
          }<ul>${(job.highlights ?? []).map((line) => `<li>${esc(line)}</li>`).join('')}</ul></div>`,
      )
      .join('')
    const education = person.education
      .map(
        (school) =>
          `<div class="entry"><b>${esc(school.institution ?? '')}</b>${
            school.studyType || school.area
              ? ` | ${esc(degreeText(school.studyType, school.area, person.lang))}`
              : ''
          } | ${range(school.startDate, school.endDate)}</div>`,
      )
      .join('')
    const skills = person.skills
      .map(
        (group) =>
          `<div><b>${esc(group.name)}:</b> ${(group.keywords ?? []).map(esc).join(' · ')}</div>`,
      )
      .join('')
    const extra = [
      person.languages?.length &&
        `<h2>${esc(h.languages)}</h2><div>${person.languages.map((l) => `${esc(l.language)}: ${esc(l.fluency ?? '')}`).join('; ')}</div>`,
      person.certificates?.length &&
        `<h2>${esc(h.certificates)}</h2>${person.certificates.map((c) => `<div>${esc(c.name)}</div>`).join('')}`,
    ]
      .filter(Boolean)
      .join('')
    return page(
      person.lang,
      `@page { margin: 12mm 14mm 14mm; } body { font-family: 'Liberation Sans Narrow', 'Liberation Sans'; font-size: 9pt; line-height: 1.25; }
       h1 { font-size: 15pt; margin: 0; } .contact { font-size: 8.5pt; margin: 2pt 0 6pt; }
       h2 { font-size: 9.5pt; text-transform: uppercase; margin: 8pt 0 3pt; border-bottom: .5pt solid #000; }
       .entry { margin-bottom: 4pt; } ul { margin: 1pt 0 0; padding-left: 12pt; } p { margin: 0; } .page2 { break-before: page; }`,
      `<h1>${esc(b.name ?? '')} — ${esc(b.label ?? '')}</h1><div class="contact">${contact}</div>
       <h2>${esc(h.summary)}</h2><p>${esc(b.summary ?? '')}</p>
       <h2>${esc(h.experience)}</h2>${work}
       <div class="page2"><h2>${esc(h.education)}</h2>${education}<h2>${esc(h.skills)}</h2>${skills}${extra}</div>`,
    )
  },
  footer(person) {
    return `<div style="width:100%; text-align:right; margin-right:14mm; font-family:'Liberation Sans'; font-size:8px;">${esc(
      person.basics.name ?? '',
    )} · <span class="pageNumber"></span>/<span class="totalPages"></span></div>`
  },
}
