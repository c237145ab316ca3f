/**
 * `word-tabbed`: a Word template (Times-like serif, Letter): the company in bold with its dates
 * after a left tab stop on the same line, the title on the next line in italics, ▪ bullets,
 * contact on one line separated by "|", skills in three tabbed columns.
 */
import { degreeText, esc, HEADINGS, page } from '../kit.ts'
import type { Layout } from '../kit.ts'
import { contactItems, currentStyle } from './parts.ts'

export const wordTabbed: Layout = {
  name: 'word-tabbed',
  paper: 'Letter',
  dates: currentStyle,
  render(person) {
    const h = HEADINGS[person.lang]
    const b = person.basics
    const range = (start?: string, end?: string) => esc(currentStyle.range(start, end, person.lang))
    const tabbed = (left: string, right: string) =>
      `<p class="tab"><span>${left}</span><span class="stop">${right}</span></p>`
    const work = person.work
      .map(
        (job) =>
          `${tabbed(`<b>${esc(job.name ?? '')}</b>${job.location ? `, ${esc(job.location)}` : ''}`, range(job.startDate, job.endDate))}
          <p class="it">${esc(job.position ?? '')}</p>${(job.highlights ?? []).map((l) => `<p class="b">▪&#9;${esc(l)}</p>`).join('')}`,
      )
      .join('')
    const education = person.education
      .map(
        (school) =>
          `${tabbed(`<b>${esc(school.institution ?? '')}</b>`, school.endDate ? esc(school.endDate.slice(0, 4)) : '')}
          <p class="it">${esc(degreeText(school.studyType, school.area, person.lang))}</p>`,
      )
      .join('')
    const skills = person.skills.flatMap((g) => g.keywords ?? [g.name])
    const rows: string[] = []
    for (let i = 0; i < skills.length; i += 3)
      rows.push(
        `<tr>${skills
          .slice(i, i + 3)
          .map((s) => `<td>▪ ${esc(s)}</td>`)
          .join('')}</tr>`,
      )
    return page(
      person.lang,
      `@page { margin: 1in 1in 0.8in; } body { font-family: 'Liberation Serif'; font-size: 11pt; line-height: 1.2; }
       h1 { font-size: 20pt; margin: 0; font-weight: bold; } .contact { margin: 4pt 0 8pt; font-size: 10.5pt; }
       a { color: inherit; text-decoration: none; }
       h2 { font-size: 12pt; font-weight: bold; text-transform: uppercase; margin: 12pt 0 4pt; border-bottom: 0.5pt solid #000; }
       p { margin: 0; } .tab { position: relative; margin-top: 6pt; } .stop { position: absolute; left: 4.6in; }
       .it { font-style: italic; } .b { margin-left: 0.25in; text-indent: -0.15in; white-space: pre-wrap; }
       table { border-collapse: collapse; width: 100%; } td { padding: 1pt 0; width: 33%; }`,
      `<h1>${esc(b.name ?? '')}</h1>
       <div class="contact">${contactItems(person)
         .map((c) => (c.url ? `<a href="${esc(c.url)}">${esc(c.text)}</a>` : esc(c.text)))
         .join(' | ')}</div>
       <h2>${esc(h.summary)}</h2><p>${esc(b.summary ?? '')}</p>
       <h2>${esc(h.experience)}</h2>${work}
       <h2>${esc(h.education)}</h2>${education}
       <h2>${esc(h.skills)}</h2><table>${rows.join('')}</table>`,
    )
  },
}
