/**
 * `jakes-resume`: the LaTeX "Jake's Resume" look (Letter, serif): the name centred, contact on one
 * centred line separated by "|", small-caps section headings over a rule, "Company" bold left with
 * the dates right, the title in italics left with the city in italics right; education first;
 * "Technical Skills" as "Group: a, b, c" lines.
 */
import { degreeText, esc, HEADINGS, longStyle, page } from '../kit.ts'
import type { Layout } from '../kit.ts'
import { contactItems } from './parts.ts'

export const jakesResume: Layout = {
  name: 'jakes-resume',
  paper: 'Letter',
  dates: longStyle,
  render(person) {
    const h = HEADINGS[person.lang]
    const b = person.basics
    const range = (start?: string, end?: string) => esc(longStyle.range(start, end, person.lang))
    const item = (tl: string, tr: string, bl: string, br: string, lines = '') =>
      `<div class="e"><div class="r"><b>${tl}</b><span>${tr}</span></div><div class="r it"><span>${bl}</span><span>${br}</span></div>${lines}</div>`
    const education = person.education
      .map((s) =>
        item(
          esc(s.institution ?? ''),
          range(s.startDate, s.endDate),
          esc(degreeText(s.studyType, s.area, person.lang)),
          '',
        ),
      )
      .join('')
    const work = person.work
      .map((job) =>
        item(
          esc(job.name ?? ''),
          range(job.startDate, job.endDate),
          esc(job.position ?? ''),
          esc(job.location ?? ''),
          job.highlights?.length
            ? `<ul>${job.highlights.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`
            : '',
        ),
      )
      .join('')
    const skills = person.skills
      .map((g) => `<p><b>${esc(g.name)}</b>: ${(g.keywords ?? []).map(esc).join(', ')}</p>`)
      .join('')
    return page(
      person.lang,
      `@page { margin: 0.5in 0.6in; } body { font-family: 'DejaVu Serif'; font-size: 9.5pt; line-height: 1.3; }
       h1 { text-align: center; font-size: 22pt; margin: 0 0 2pt; font-variant: small-caps; font-weight: bold; }
       .contact { text-align: center; font-size: 8.5pt; } a { color: inherit; }
       h2 { font-variant: small-caps; font-weight: normal; font-size: 12.5pt; border-bottom: 0.6pt solid #000; margin: 10pt 0 4pt; }
       .e { margin: 0 0 5pt 8pt; } .r { display: flex; justify-content: space-between; } .it { font-style: italic; font-size: 9pt; }
       ul { margin: 1pt 0 0; padding-left: 16pt; } li { font-size: 9pt; } p { margin: 0 0 1pt 8pt; }`,
      `<h1>${esc(b.name ?? '')}</h1>
       <div class="contact">${contactItems(person)
         .map((c) => (c.url ? `<a href="${esc(c.url)}">${esc(c.text)}</a>` : esc(c.text)))
         .join(' | ')}</div>
       <h2>${esc(h.education)}</h2>${education}
       <h2>${esc(h.experience)}</h2>${work}
       <h2>${person.lang === 'en' ? 'Technical Skills' : esc(h.skills)}</h2>${skills}`,
    )
  },
}
