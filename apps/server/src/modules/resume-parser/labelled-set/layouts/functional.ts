/**
 * `functional`: a skills-based resume (Letter, sans): a summary, then a "Skills Summary" of groups
 * with ✓ bullets, then a short employment history of one-liners "Title, Company, City (2019–2022)",
 * then education as one-liners. Years only.
 */
import { degreeText, esc, HEADINGS, page } from '../kit.ts'
import type { Layout } from '../kit.ts'
import { contactItems, tightYearsStyle } from './parts.ts'

const TITLES = {
  en: ['Skills Summary', 'Employment History'],
  de: ['Kompetenzen', 'Beruflicher Werdegang'],
  fr: ['Compétences clés', 'Parcours professionnel'],
  es: ['Competencias', 'Trayectoria profesional'],
} as const

export const functional: Layout = {
  name: 'functional',
  paper: 'Letter',
  dates: tightYearsStyle,
  render(person) {
    const h = HEADINGS[person.lang]
    const [skillsTitle, historyTitle] = TITLES[person.lang]
    const b = person.basics
    const range = (start?: string, end?: string) =>
      esc(tightYearsStyle.range(start, end, person.lang))
    const groups = person.skills
      .map(
        (g) =>
          `<div class="g"><h3>${esc(g.name)}</h3><ul>${(g.keywords ?? [g.name]).map((k) => `<li>${esc(k)}</li>`).join('')}</ul></div>`,
      )
      .join('')
    const history = person.work
      .map(
        (job) =>
          `<p>${esc(job.position ?? '')}, ${esc(job.name ?? '')}${job.location ? `, ${esc(job.location)}` : ''} (${range(job.startDate, job.endDate)})</p>`,
      )
      .join('')
    const education = person.education
      .map(
        (s) =>
          `<p>${esc(degreeText(s.studyType, s.area, person.lang))}${s.studyType || s.area ? ', ' : ''}${esc(s.institution ?? '')} (${esc(s.endDate?.slice(0, 4) ?? '')})</p>`,
      )
      .join('')
    return page(
      person.lang,
      `@page { margin: 0.7in 0.8in; } body { font-family: 'DejaVu Sans'; font-size: 9.5pt; line-height: 1.4; color: #222; }
       h1 { font-size: 22pt; margin: 0; font-weight: normal; } .contact { font-size: 8.5pt; margin: 3pt 0 10pt; color: #555; }
       a { color: inherit; text-decoration: none; }
       h2 { font-size: 10pt; letter-spacing: 1.5px; text-transform: uppercase; color: #6b3fa0; margin: 14pt 0 5pt; }
       .groups { columns: 2; column-gap: 10mm; } .g { break-inside: avoid; margin-bottom: 6pt; }
       h3 { font-size: 9.5pt; margin: 0 0 2pt; } ul { list-style: none; margin: 0; padding: 0; }
       li::before { content: '✓ '; color: #6b3fa0; } p { margin: 0 0 3pt; }`,
      `<h1>${esc(b.name ?? '')}</h1>
       <div class="contact">${contactItems(person)
         .map((c) => (c.url ? `<a href="${esc(c.url)}">${esc(c.text)}</a>` : esc(c.text)))
         .join(' · ')}</div>
       <p>${esc(b.summary ?? '')}</p>
       <h2>${esc(skillsTitle)}</h2><div class="groups">${groups}</div>
       <h2>${esc(historyTitle)}</h2>${history}
       <h2>${esc(h.education)}</h2>${education}`,
    )
  },
}
