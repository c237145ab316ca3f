/**
 * `creative` (A4): a designer's resume: name and label in a three-column header with phone,
 * email, city and the links, over a thick orange rule; a main column (summary, experience,
 * education: dates small and grey above the position, then the company with the city) and a
 * tinted side column with skill bars and languages. Dates as "2019.03 → now".
 */
import { displayUrl, esc, HEADINGS, locationText, page, skillList } from '../kit.ts'
import type { Lang, Layout } from '../kit.ts'
import { linkUrls, monthRanges } from './parts.ts'

const NOW: Record<Lang, string> = { en: 'now', de: 'heute', fr: 'présent', es: 'hoy' }

/** "2019.03 → now", "2015.09 → 2018.09": year first, a full stop, the month. */
export const creativeDates = monthRanges(
  (d) => (d.length >= 7 ? `${d.slice(0, 4)}.${d.slice(5, 7)}` : d.slice(0, 4)),
  (lang) => NOW[lang],
  ' → ',
)

export const creative: Layout = {
  name: 'creative',
  paper: 'A4',
  dates: creativeDates,
  render(person) {
    const h = HEADINGS[person.lang]
    const b = person.basics
    const range = (start?: string, end?: string) =>
      esc(creativeDates.range(start, end, person.lang))
    const entry = (dates: string, title: string, below: string, extra = '') =>
      `<div class="e"><div class="d">${dates}</div><div class="p">${title}</div><div class="o">${below}</div>${extra}</div>`
    const work = person.work
      .map((job) =>
        entry(
          range(job.startDate, job.endDate),
          esc(job.position ?? ''),
          `${esc(job.name ?? '')}${job.location ? ` <span class="loc">${esc(job.location)}</span>` : ''}`,
          (job.highlights ?? []).map((l) => `<div class="hl">— ${esc(l)}</div>`).join(''),
        ),
      )
      .join('')
    const education = person.education
      .map((s) =>
        entry(
          range(s.startDate, s.endDate),
          esc(s.institution ?? ''),
          esc([s.studyType, s.area].filter(Boolean).join(' · ')),
        ),
      )
      .join('')
    const skills = skillList(person)
      .map(
        (s, i) =>
          `<div class="sk"><span>${esc(s)}</span><div class="bar"><i style="width:${55 + ((i * 37) % 45)}%"></i></div></div>`,
      )
      .join('')
    const languages = (person.languages ?? [])
      .map((l) => `<div>${esc(l.language)} · ${esc(l.fluency ?? '')}</div>`)
      .join('')
    return page(
      person.lang,
      `@page { margin: 12mm; } body { font-family: 'DejaVu Sans'; font-size: 8.8pt; color: #2b2b2b; }
       .top { display: grid; grid-template-columns: 1.3fr 1fr 1fr; gap: 6mm; align-items: end; padding-bottom: 5mm; border-bottom: 4px solid #e4572e; }
       h1 { font-size: 22pt; margin: 0; line-height: 1; } .lab { color: #e4572e; font-weight: bold; margin-top: 3pt; } .top .c div { margin: 1pt 0; }
       .grid { display: grid; grid-template-columns: 1fr 58mm; gap: 8mm; margin-top: 5mm; }
       h2 { font-size: 11pt; color: #e4572e; margin: 8pt 0 5pt; letter-spacing: 1px; } .e { margin-bottom: 8pt; }
       .d { font-size: 8pt; color: #888; } .p { font-weight: bold; font-size: 10pt; } .o { color: #555; } .loc { color: #999; }
       aside { background: #f6f1ee; padding: 4mm; } .sk span { display: block; }
       .bar { height: 4pt; background: #ddd; margin: 1pt 0 4pt; } .bar i { display: block; height: 100%; background: #e4572e; }`,
      `<div class="top"><div><h1>${esc(b.name ?? '')}</h1><div class="lab">${esc(b.label ?? '')}</div></div>
       <div class="c"><div>${esc(b.phone ?? '')}</div><div>${esc(b.email ?? '')}</div><div>${esc(locationText(person))}</div></div>
       <div class="c">${linkUrls(person)
         .map((u) => `<div>${esc(displayUrl(u))}</div>`)
         .join('')}</div></div>
       <div class="grid"><main><h2>${esc(h.summary)}</h2><div>${esc(b.summary ?? '')}</div>
       <h2>${esc(h.experience)}</h2>${work}<h2>${esc(h.education)}</h2>${education}</main>
       <aside><h2>${esc(h.skills)}</h2>${skills}${languages ? `<h2>${esc(h.languages)}</h2>${languages}` : ''}</aside></div>`,
    )
  },
}
