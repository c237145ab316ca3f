/**
 * `academic`: an academic CV (A4, serif): name and address block top-left, contact as labelled
 * lines; Education first with a thesis line, then "Appointments" (the jobs), each entry with its
 * years in a left column; publications; skills as "Group: a; b; c". Years only.
 */
import { degreeText, esc, locationText, page } from '../kit.ts'
import type { Layout } from '../kit.ts'
import { academicStyle, contactItems } from './parts.ts'

const T = {
  en: ['Education', 'Appointments', 'Selected Publications', 'Skills', 'Thesis'],
  de: ['Ausbildung', 'Berufliche Stationen', 'Publikationen', 'Kenntnisse', 'Abschlussarbeit'],
  fr: ['Formation', 'Postes occupés', 'Publications', 'Compétences', 'Mémoire'],
  es: ['Formación', 'Puestos', 'Publicaciones', 'Habilidades', 'Tesis'],
} as const

export const academic: Layout = {
  name: 'academic',
  paper: 'A4',
  dates: academicStyle,
  render(person) {
    const [edu, jobs, pubs, skillsTitle, thesis] = T[person.lang]
    const b = person.basics
    const range = (start?: string, end?: string) =>
      esc(academicStyle.range(start, end, person.lang))
    const row = (when: string, what: string) =>
      `<tr><td class="y">${when}</td><td>${what}</td></tr>`
    const education = person.education
      .map((s) =>
        row(
          esc(s.endDate?.slice(0, 4) ?? ''),
          `${esc(degreeText(s.studyType, s.area, person.lang))}${s.studyType || s.area ? ', ' : ''}<i>${esc(s.institution ?? '')}</i>${
            s.area ? `<br><span class="s">${thesis}: “Essays on ${esc(s.area)}”</span>` : ''
          }`,
        ),
      )
      .join('')
    const work = person.work
      .map((job) =>
        row(
          range(job.startDate, job.endDate),
          `${esc(job.position ?? '')}, <i>${esc(job.name ?? '')}</i>${job.location ? `, ${esc(job.location)}` : ''}`,
        ),
      )
      .join('')
    const surname = (b.name ?? '').split(' ').slice(-1)[0] ?? ''
    const publications = person.work
      .slice(0, 2)
      .map(
        (job, i) =>
          `<li>${esc(surname)}, ${esc((b.name ?? ' ')[0]!)}. (${2016 + i * 3}). “Notes from practice at ${esc(job.name ?? '')}.” <i>Journal of Applied Practice</i> ${12 + i}(${i + 1}): ${101 + i * 40}–${118 + i * 40}.</li>`,
      )
      .join('')
    const skills = person.skills
      .map((g) => `<p><b>${esc(g.name)}:</b> ${(g.keywords ?? []).map(esc).join('; ')}</p>`)
      .join('')
    const contact = contactItems(person).filter((c) => c.kind !== 'location')
    return page(
      person.lang,
      `@page { margin: 20mm 22mm; } body { font-family: 'Liberation Serif'; font-size: 11pt; line-height: 1.3; }
       .head { display: flex; justify-content: space-between; } h1 { font-size: 18pt; margin: 0 0 2pt; font-weight: normal; }
       .addr { font-size: 10pt; } .contact { font-size: 10pt; text-align: right; } a { color: inherit; text-decoration: none; }
       h2 { font-size: 12pt; font-weight: bold; margin: 14pt 0 4pt; } table { border-collapse: collapse; }
       td { vertical-align: top; padding: 1.5pt 0; } td.y { width: 28mm; } .s { font-size: 10pt; }
       ol { margin: 0; padding-left: 18pt; } li { margin-bottom: 2pt; font-size: 10.5pt; } p { margin: 0 0 2pt; }`,
      `<div class="head"><div><h1>${esc(b.name ?? '')}</h1><div class="addr">${esc(b.label ?? '')}<br>${esc(locationText(person))}</div></div>
       <div class="contact">${contact
         .map((c) => (c.url ? `<a href="${esc(c.url)}">${esc(c.text)}</a>` : esc(c.text)))
         .join('<br>')}</div></div>
       <h2>${edu}</h2><table>${education}</table>
       <h2>${jobs}</h2><table>${work}</table>
       <h2>${pubs}</h2><ol>${publications}</ol>
       <h2>${skillsTitle}</h2>${skills}`,
    )
  },
}
