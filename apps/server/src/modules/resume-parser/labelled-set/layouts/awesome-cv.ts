/**
 * `awesome-cv`: the LaTeX Awesome-CV look (A4): the name huge and centred (first name light, last
 * name bold), the label in small caps in the accent colour, contact centred with icons separated
 * by "|", section headings in the accent colour followed by a rule, the position bold on the left
 * with the dates in italics on the right, the company in small caps below with the city right;
 * skills as a table of group (right-aligned) and keywords.
 */
import { degreeText, esc, HEADINGS, page } from '../kit.ts'
import type { Layout } from '../kit.ts'
import { contactItems, dottedStyle, icon } from './parts.ts'

const ACCENT = '#dc3522'

export const awesomeCv: Layout = {
  name: 'awesome-cv',
  paper: 'A4',
  dates: dottedStyle,
  render(person) {
    const h = HEADINGS[person.lang]
    const b = person.basics
    const range = (start?: string, end?: string) => esc(dottedStyle.range(start, end, person.lang))
    const [first, ...rest] = (b.name ?? '').split(' ')
    const heading = (text: string) =>
      `<h2><span class="a">${esc(text.slice(0, 3))}</span>${esc(text.slice(3))}<span class="rule"></span></h2>`
    const entry = (left: string, right: string, subLeft: string, subRight: string, lines = '') =>
      `<div class="e"><div class="r"><b>${left}</b><i class="d">${right}</i></div>
       <div class="r sc"><span>${subLeft}</span><i>${subRight}</i></div>${lines}</div>`
    const work = person.work
      .map((job) =>
        entry(
          esc(job.position ?? ''),
          range(job.startDate, job.endDate),
          esc(job.name ?? ''),
          esc(job.location ?? ''),
          job.highlights?.length
            ? `<ul>${job.highlights.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`
            : '',
        ),
      )
      .join('')
    const education = person.education
      .map((school) =>
        entry(
          esc(degreeText(school.studyType, school.area, person.lang)),
          range(school.startDate, school.endDate),
          esc(school.institution ?? ''),
          '',
        ),
      )
      .join('')
    const skills = person.skills
      .map(
        (g) => `<tr><th>${esc(g.name)}</th><td>${(g.keywords ?? []).map(esc).join(', ')}</td></tr>`,
      )
      .join('')
    return page(
      person.lang,
      `@page { margin: 14mm 16mm; } body { font-family: 'Liberation Sans'; font-size: 9pt; color: #333; line-height: 1.35; }
       h1 { text-align: center; font-size: 30pt; margin: 0; font-weight: normal; color: #777; } h1 b { color: #222; }
       .label { text-align: center; color: ${ACCENT}; font-variant: small-caps; font-size: 10pt; margin: 2pt 0 4pt; }
       .contact { text-align: center; font-size: 8pt; } .contact svg { vertical-align: -1px; margin-right: 2pt; }
       a { color: inherit; text-decoration: none; }
       h2 { display: flex; align-items: center; font-size: 14pt; margin: 12pt 0 4pt; color: #222; }
       h2 .a { color: ${ACCENT}; } .rule { flex: 1; border-top: 0.8pt solid #999; margin-left: 6pt; }
       .e { margin-bottom: 6pt; } .r { display: flex; justify-content: space-between; } .d { color: ${ACCENT}; }
       .sc { font-variant: small-caps; color: #666; font-size: 8.5pt; } ul { margin: 2pt 0 0; padding-left: 14pt; }
       table { border-collapse: collapse; } th { text-align: right; padding: 1pt 8pt 1pt 0; white-space: nowrap; } td { padding: 1pt 0; }`,
      `<h1>${esc(first ?? '')} <b>${esc(rest.join(' '))}</b></h1><div class="label">${esc(b.label ?? '')}</div>
       <div class="contact">${contactItems(person)
         .map(
           (c) =>
             `${icon(c.kind, '#555', 8)}${c.url ? `<a href="${esc(c.url)}">${esc(c.text)}</a>` : esc(c.text)}`,
         )
         .join(' &nbsp;|&nbsp; ')}</div>
       ${heading(h.summary)}<p>${esc(b.summary ?? '')}</p>
       ${heading(h.experience)}${work}${heading(h.education)}${education}
       ${heading(h.skills)}<table>${skills}</table>`,
    )
  },
}
