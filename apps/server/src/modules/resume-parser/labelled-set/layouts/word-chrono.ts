/**
 * `word-chrono` (Letter): Microsoft Word's "Modern chronological" template: the name in white on a
 * full-width navy band with the label under it, contact on one tinted line split by `·`, coloured
 * capital headings with a rule under them, each job one line `**Position** · Company` with the
 * dates right-aligned on it, the city in italics under it, bullets; education `**Degree in Area**
 * · Institution` with the years right; skills as a three-column bullet list; a languages line;
 * localised headings (tenth blind set, moved in once measured).
 */
import { abbreviatedStyle, degreeText, esc, HEADINGS, page, skillList } from '../kit.ts'
import type { Layout } from '../kit.ts'
import { bullets, contactItems, yearSpan } from './parts.ts'

/** One line: the bold lead and the rest on the left, the dates on the right. */
const line = (lead: string, rest: string, dates: string) =>
  `<div class="l"><span><b>${esc(lead)}</b> · ${esc(rest)}</span><span class="d">${esc(dates)}</span></div>`

export const wordChrono: Layout = {
  name: 'word-chrono',
  paper: 'Letter',
  dates: abbreviatedStyle,
  render(person) {
    const b = person.basics
    const h = HEADINGS[person.lang]
    const contact = contactItems(person)
      .map((item) => esc(item.text))
      .join(' · ')
    const jobs = person.work
      .map(
        (job) =>
          `<div class="e">${line(job.position ?? '', job.name ?? '', abbreviatedStyle.range(job.startDate, job.endDate, person.lang))}
          ${job.location ? `<div class="c">${esc(job.location)}</div>` : ''}${bullets(job.highlights)}</div>`,
      )
      .join('')
    const schools = person.education
      .map(
        (school) =>
          `<div class="e">${line(degreeText(school.studyType, school.area, person.lang), school.institution ?? '', yearSpan(school.startDate, school.endDate))}</div>`,
      )
      .join('')
    const spoken = person.languages?.length
      ? `<h2>${esc(h.languages)}</h2><p>${person.languages.map((l) => esc(`${l.language} (${l.fluency})`)).join(', ')}</p>`
      : ''
    return page(
      person.lang,
      `@page { size: Letter; margin: 0 0 16mm 0; } body { margin: 0; font-family: 'Liberation Sans'; font-size: 10pt; color: #262626; line-height: 1.35; }
       .band { background: #1f3864; color: #fff; padding: 14mm 18mm 6mm; } .band h1 { margin: 0; font-size: 26pt; font-weight: normal; letter-spacing: 0.5px; }
       .band .lab { font-size: 12pt; color: #c9d6ea; margin-top: 2pt; } .ct { padding: 4pt 18mm; background: #e8edf5; font-size: 9pt; }
       main { padding: 0 18mm; } h2 { color: #1f3864; font-size: 11pt; text-transform: uppercase; letter-spacing: 1px; border-bottom: 1.2pt solid #1f3864; padding-bottom: 1pt; margin: 12pt 0 5pt; }
       .e { margin-bottom: 6pt; } .l { display: flex; justify-content: space-between; } .d { color: #555; white-space: nowrap; padding-left: 10pt; }
       .c { font-style: italic; color: #555; } ul { margin: 2pt 0 0; padding-left: 14pt; } p { margin: 0; }
       .sk { columns: 3; margin: 0; padding-left: 14pt; }`,
      `<div class="band"><h1>${esc(b.name ?? '')}</h1><div class="lab">${esc(b.label ?? '')}</div></div>
       <div class="ct">${contact}</div>
       <main><h2>${esc(h.summary)}</h2><p>${esc(b.summary ?? '')}</p>
       <h2>${esc(h.experience)}</h2>${jobs}
       <h2>${esc(h.education)}</h2>${schools}
       <h2>${esc(h.skills)}</h2>${bullets(skillList(person), 'sk')}
       ${spoken}</main>`,
    )
  },
}
