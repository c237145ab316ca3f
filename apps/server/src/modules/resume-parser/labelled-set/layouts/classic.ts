/** `classic`: one column, the job title and company on the left, dates right-aligned on the same line. */
import {
  degreeText,
  esc,
  HEADINGS,
  link,
  locationText,
  numericStyle,
  page,
  profiles,
} from '../kit.ts'
import type { Layout } from '../kit.ts'

export const classic: Layout = {
  name: 'classic',
  paper: 'A4',
  dates: numericStyle,
  render(person) {
    const h = HEADINGS[person.lang]
    const b = person.basics
    const range = (start?: string, end?: string) => esc(numericStyle.range(start, end, person.lang))
    const contact = [
      b.phone && esc(b.phone),
      b.email && `<a href="mailto:${esc(b.email)}">${esc(b.email)}</a>`,
      esc(locationText(person)),
      b.url && link(b.url),
      ...profiles(person).map((p) => link(p.url)),
    ]
      .filter(Boolean)
      .join(' &nbsp;·&nbsp; ')
    const work = person.work
      .map(
        (job) => `<div class="entry"><div class="row"><span><b>${esc(job.name ?? '')}</b>${
          job.location ? ` — ${esc(job.location)}` : ''
        }</span><span>${range(job.startDate, job.endDate)}</span></div>
        <div class="title">${esc(job.position ?? '')}</div>
        <ul>${(job.highlights ?? []).map((line) => `<li>${esc(line)}</li>`).join('')}</ul></div>`,
      )
      .join('')
    const education = person.education
      .map(
        (school) =>
          `<div class="entry"><div class="row"><span><b>${esc(school.institution ?? '')}</b></span><span>${range(
            school.startDate,
            school.endDate,
          )}</span></div><div class="title">${esc(degreeText(school.studyType, school.area, person.lang))}</div></div>`,
      )
      .join('')
    const skills = person.skills
      .map(
        (group) =>
          `<p><b>${esc(group.name)}:</b> ${(group.keywords ?? []).map(esc).join(', ')}</p>`,
      )
      .join('')
    return page(
      person.lang,
      `@page { margin: 16mm 18mm; } body { font-family: 'DejaVu Serif'; font-size: 10pt; line-height: 1.35; color: #111; }
       h1 { text-align: center; font-size: 22pt; font-weight: normal; letter-spacing: 1px; margin: 0; }
       .label { text-align: center; font-style: italic; margin: 2pt 0; } .contact { text-align: center; font-size: 9pt; }
       a { color: #111; text-decoration: none; }
       h2 { font-size: 11pt; text-transform: uppercase; border-bottom: 1px solid #333; margin: 14pt 0 6pt; padding-bottom: 2pt; }
       .row { display: flex; justify-content: space-between; } .title { color: #444; }
       .entry { margin-bottom: 8pt; } ul { margin: 2pt 0 0; padding-left: 16pt; } p { margin: 0 0 3pt; }`,
      `<h1>${esc(b.name ?? '')}</h1><div class="label">${esc(b.label ?? '')}</div><div class="contact">${contact}</div>
       <h2>${esc(h.summary)}</h2><p>${esc(b.summary ?? '')}</p>
       <h2>${esc(h.experience)}</h2>${work}
       <h2>${esc(h.education)}</h2>${education}
       <h2>${esc(h.skills)}</h2>${skills}`,
    )
  },
}
