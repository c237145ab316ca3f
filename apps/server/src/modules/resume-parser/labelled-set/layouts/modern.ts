/**
 * `modern`: a coloured header band with the name, uppercase small section headings, icons drawn
 * with inline SVG before each contact item, skills as pills.
 */
import {
  degreeText,
  displayUrl,
  esc,
  HEADINGS,
  locationText,
  longStyle,
  page,
  profiles,
  skillList,
} from '../kit.ts'
import type { Layout } from '../kit.ts'

const icon = (path: string) =>
  `<svg width="9" height="9" viewBox="0 0 16 16"><path d="${path}" fill="#0f766e"/></svg>`
const ICONS = {
  email: icon('M1 3h14v10H1z M1 3l7 6 7-6'),
  phone: icon(
    'M4 1h3l1 4-2 1a9 9 0 0 0 4 4l1-2 4 1v3a2 2 0 0 1-2 2A13 13 0 0 1 2 3a2 2 0 0 1 2-2z',
  ),
  location: icon('M8 0a5 5 0 0 1 5 5c0 4-5 11-5 11S3 9 3 5a5 5 0 0 1 5-5z'),
  link: icon('M6 10l4-4M5 7L3 9a3 3 0 0 0 4 4l2-2M11 9l2-2a3 3 0 0 0-4-4L7 5'),
}

export const modern: Layout = {
  name: 'modern',
  paper: 'A4',
  dates: longStyle,
  render(person) {
    const h = HEADINGS[person.lang]
    const b = person.basics
    const range = (start?: string, end?: string) => esc(longStyle.range(start, end, person.lang))
    const contact = [
      b.email && [ICONS.email, b.email],
      b.phone && [ICONS.phone, b.phone],
      [ICONS.location, locationText(person)],
      b.url && [ICONS.link, displayUrl(b.url)],
      ...profiles(person).map((p) => [ICONS.link, displayUrl(p.url)]),
    ]
      .filter((item): item is string[] => Array.isArray(item) && Boolean(item[1]))
      .map(([svg, text]) => `<span class="c">${svg} ${esc(text!)}</span>`)
      .join('')
    const work = person.work
      .map(
        (
          job,
        ) => `<div class="entry"><div class="top"><span class="pos">${esc(job.position ?? '')}</span>
        <span class="at">@ ${esc(job.name ?? '')}</span></div><div class="when">${range(job.startDate, job.endDate)}${
          job.location ? ` | ${esc(job.location)}` : ''
        }</div><ul>${(job.highlights ?? []).map((line) => `<li>${esc(line)}</li>`).join('')}</ul></div>`,
      )
      .join('')
    const education = person.education
      .map(
        (
          school,
        ) => `<div class="entry"><div class="top"><span class="pos">${esc(school.institution ?? '')}</span></div>
        <div>${esc(degreeText(school.studyType, school.area, person.lang))}</div><div class="when">${range(
          school.startDate,
          school.endDate,
        )}</div></div>`,
      )
      .join('')
    return page(
      person.lang,
      `@page { margin: 0 0 12mm; } body { margin: 0; font-family: 'DejaVu Sans'; font-size: 9.5pt; color: #1f2937; }
       header { background: #0f766e; color: #fff; padding: 10mm 14mm 7mm; } h1 { margin: 0; font-size: 24pt; font-weight: 300; }
       .label { font-size: 11pt; opacity: .9; } .contacts { padding: 4mm 14mm; border-bottom: 1px solid #ccd; font-size: 8.5pt; }
       .c { display: inline-block; margin-right: 12pt; } section { padding: 0 14mm; }
       h2 { text-transform: uppercase; font-size: 8pt; letter-spacing: 2px; color: #0f766e; margin: 12pt 0 5pt; }
       .entry { margin-bottom: 8pt; } .pos { font-weight: bold; } .at { color: #0f766e; } .when { font-size: 8pt; color: #6b7280; }
       ul { margin: 2pt 0; padding-left: 14pt; } .pill { display: inline-block; border: 1px solid #0f766e; border-radius: 8pt; padding: 1pt 6pt; margin: 0 4pt 4pt 0; font-size: 8pt; }`,
      `<header><h1>${esc(b.name ?? '')}</h1><div class="label">${esc(b.label ?? '')}</div></header>
       <div class="contacts">${contact}</div>
       <section><h2>${esc(h.summary)}</h2><p>${esc(b.summary ?? '')}</p>
       <h2>${esc(h.experience)}</h2>${work}<h2>${esc(h.education)}</h2>${education}
       <h2>${esc(h.skills)}</h2><div>${skillList(person)
         .map((skill) => `<span class="pill">${esc(skill)}</span>`)
         .join('')}</div></section>`,
    )
  },
}
