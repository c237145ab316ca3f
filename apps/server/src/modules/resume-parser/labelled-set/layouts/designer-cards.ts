/**
 * `designer-cards` (A4): a designer's resume: a big gradient photo block with the initials beside a
 * huge name, experience and education as a vertical list of rounded cards, the dates in pill
 * badges `09/19 – now`, `@ Company City`, skill tags (sixth blind set, moved in once measured).
 */
import { degreeText, esc, HEADINGS, page, skillList } from '../kit.ts'
import type { Lang, Layout } from '../kit.ts'
import { bullets, contactItems, monthRanges } from './parts.ts'

const NOW: Record<Lang, string> = { en: 'now', de: 'jetzt', fr: 'auj.', es: 'hoy' }

/** "09/19 – now": two-digit month and year; a year-only date stays "2014". */
export const pillDates = monthRanges(
  (d) => (d.length >= 7 ? `${d.slice(5, 7)}/${d.slice(2, 4)}` : d.slice(0, 4)),
  (lang) => NOW[lang],
)

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)

const card = (dates: string, head: string, sub: string, extra = '') =>
  `<div class="card"><span class="pill">${dates}</span><div class="ch">${head}</div><div class="cs">${sub}</div>${extra}</div>`

export const designerCards: Layout = {
  name: 'designer-cards',
  paper: 'A4',
  dates: pillDates,
  render(person) {
    const b = person.basics
    const h = HEADINGS[person.lang]
    const range = (start?: string, end?: string) => esc(pillDates.range(start, end, person.lang))
    const jobs = person.work
      .map((job) =>
        card(
          range(job.startDate, job.endDate),
          esc(job.position ?? ''),
          `@ ${esc(job.name ?? '')}${job.location ? ` <span class="loc">${esc(job.location)}</span>` : ''}`,
          bullets(job.highlights),
        ),
      )
      .join('')
    const schools = person.education
      .map((school) =>
        card(
          range(school.startDate, school.endDate),
          esc(school.institution ?? ''),
          esc(degreeText(school.studyType, school.area, person.lang)),
        ),
      )
      .join('')
    const contact = contactItems(person)
      .map((i) => `<div>${esc(i.text)}</div>`)
      .join('')
    const spoken = person.languages?.length
      ? `<h2>${esc(h.languages)}</h2><p>${person.languages.map((l) => `${esc(l.language)} — ${esc(l.fluency ?? '')}`).join(' · ')}</p>`
      : ''
    return page(
      person.lang,
      `@page { size: A4; margin: 0; } body { margin: 0; font-family: 'DejaVu Sans'; font-size: 8.8pt; color: #1e1e24; }
       .hero { display: flex; gap: 22pt; padding: 28pt 30pt 18pt; background: #fff4e6; }
       .photo { width: 120pt; height: 140pt; flex: none; background: linear-gradient(135deg, #ff8a5b, #ffd166); border-radius: 14pt; color: #fff; font-size: 46pt; font-weight: bold; display: flex; align-items: center; justify-content: center; }
       .hero h1 { font-size: 30pt; margin: 6pt 0 0; line-height: 1.05; } .lab { font-size: 12pt; color: #ff6b3d; margin: 4pt 0 8pt; } .ct { font-size: 8.4pt; color: #444; line-height: 1.5; }
       .body { padding: 16pt 30pt; } h2 { font-size: 11pt; margin: 10pt 0 8pt; color: #1e1e24; } h2::after { content: ''; display: block; width: 28pt; height: 3pt; background: #ff6b3d; margin-top: 2pt; }
       .card { border: 1px solid #eee; border-radius: 10pt; padding: 8pt 10pt; margin-bottom: 8pt; }
       .pill { display: inline-block; background: #1e1e24; color: #fff; border-radius: 8pt; padding: 1pt 7pt; font-size: 7.6pt; margin-bottom: 3pt; }
       .ch { font-weight: bold; font-size: 10pt; } .cs { color: #ff6b3d; } .loc { color: #888; } ul { margin: 3pt 0 0; padding-left: 12pt; }
       .tags span { display: inline-block; background: #fff4e6; border-radius: 8pt; padding: 2pt 7pt; margin: 0 4pt 4pt 0; } p { margin: 0; }`,
      `<div class="hero"><div class="photo">${esc(initials(b.name ?? ''))}</div><div><h1>${esc(b.name ?? '')}</h1><div class="lab">${esc(b.label ?? '')}</div><div class="ct">${contact}</div></div></div>
       <div class="body"><p>${esc(b.summary ?? '')}</p>
       <h2>${esc(h.experience)}</h2>${jobs}
       <h2>${esc(h.education)}</h2>${schools}
       <h2>${esc(h.skills)}</h2><div class="tags">${skillList(person)
         .map((s) => `<span>${esc(s)}</span>`)
         .join('')}</div>
       ${spoken}</div>`,
    )
  },
}
