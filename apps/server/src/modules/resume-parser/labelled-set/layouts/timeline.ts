/**
 * `timeline` (Letter, serif): name and label left, contact right-aligned above a double rule;
 * small-caps headings; each entry a gutter of dates stacked over three lines ("Jan 2020 / – /
 * Present"), a dot, and a bordered body with the company bold, then "Title · City"; skills
 * joined by " / ".
 */
import {
  abbreviatedStyle,
  esc,
  HEADINGS,
  MONTH_ABBREVIATIONS,
  namedDate,
  page,
  skillList,
} from '../kit.ts'
import type { Layout } from '../kit.ts'
import { contactItems } from './parts.ts'

export const timeline: Layout = {
  name: 'timeline',
  paper: 'Letter',
  dates: abbreviatedStyle,
  render(person) {
    const h = HEADINGS[person.lang]
    const b = person.basics
    const written = (d: string) => esc(namedDate(d, person.lang, MONTH_ABBREVIATIONS))
    const gutter = (start?: string, end?: string) =>
      `<div class="g">${start ? `<div>${written(start)}</div><div>–</div>` : ''}<div>${end ? written(end) : esc(h.present)}</div></div>`
    const item = (dates: string, body: string) =>
      `<div class="it">${dates}<div class="dot"></div><div class="b">${body}</div></div>`
    const work = person.work
      .map((job) =>
        item(
          gutter(job.startDate, job.endDate),
          `<div class="co">${esc(job.name ?? '')}</div><div class="ti">${esc(job.position ?? '')}${
            job.location ? ` · ${esc(job.location)}` : ''
          }</div>${(job.highlights ?? []).map((l) => `<div class="hl">${esc(l)}</div>`).join('')}`,
        ),
      )
      .join('')
    const education = person.education
      .map((s) =>
        item(
          gutter(s.startDate, s.endDate),
          `<div class="co">${esc(s.institution ?? '')}</div><div class="ti">${esc([s.studyType, s.area].filter(Boolean).join(', '))}</div>`,
        ),
      )
      .join('')
    const contact = contactItems(person)
      .map((c) => `<div>${esc(c.text)}</div>`)
      .join('')
    return page(
      person.lang,
      `@page { margin: 14mm 16mm; } body { font-family: 'Liberation Serif'; font-size: 10pt; color: #222; }
       header { display: flex; justify-content: space-between; align-items: flex-end; border-bottom: 3px double #555; padding-bottom: 6pt; }
       h1 { font-size: 26pt; margin: 0; font-weight: normal; } .lab { font-size: 12pt; } header .c { text-align: right; font-size: 9pt; }
       h2 { font-size: 13pt; font-variant: small-caps; margin: 14pt 0 6pt 30mm; }
       .it { display: flex; margin-bottom: 8pt; } .g { width: 24mm; text-align: right; font-size: 8.5pt; color: #666; padding-right: 4mm; }
       .dot { width: 7pt; height: 7pt; border-radius: 50%; background: #555; margin: 3pt 6pt 0 0; flex: none; }
       .b { flex: 1; border-left: 1px solid #bbb; padding-left: 8pt; } .co { font-weight: bold; font-size: 11pt; } .ti { color: #444; }
       .hl { margin-top: 2pt; } .sk { margin-left: 30mm; }`,
      `<header><div><h1>${esc(b.name ?? '')}</h1><div class="lab">${esc(b.label ?? '')}</div></div><div class="c">${contact}</div></header>
       <h2>${esc(h.summary)}</h2><div class="sk">${esc(b.summary ?? '')}</div>
       <h2>${esc(h.experience)}</h2>${work}<h2>${esc(h.education)}</h2>${education}
       <h2>${esc(h.skills)}</h2><div class="sk">${skillList(person).map(esc).join(' / ')}</div>`,
    )
  },
}
