/**
 * `enhancv-strengths` (Letter): a resume-builder (Enhancv / Kickresume) look: a two-tone header
 * (dark band with the name and a teal label, a light strip with the contact items), a main column
 * (position bold, company in teal, `▣ Sep '19 – Present` and `◉ City` on one small line, bullets)
 * and a right column with the summary, "Strengths" cards (★ each skill group's name), skill tags
 * and languages. Localised headings (fifth blind set, moved in once measured).
 */
import { degreeText, esc, HEADINGS, MONTH_ABBREVIATIONS, page, skillList } from '../kit.ts'
import type { Lang, Layout } from '../kit.ts'
import { bullets, contactItems, monthRanges } from './parts.ts'

const PRESENT: Record<Lang, string> = { en: 'Present', de: 'Heute', fr: 'Présent', es: 'Presente' }
const STRENGTHS: Record<Lang, string> = {
  en: 'Strengths',
  de: 'Stärken',
  fr: 'Points forts',
  es: 'Fortalezas',
}

/** "Sep '19": the month abbreviation and a two-digit year; a year alone stays whole. */
function apostrophe(date: string, lang: Lang): string {
  if (date.length < 7) return date.slice(0, 4)
  return `${MONTH_ABBREVIATIONS[lang][Number(date.slice(5, 7)) - 1]} '${date.slice(2, 4)}`
}

/** "Sep '19 – Present". */
export const apostropheDates = monthRanges(apostrophe, (lang) => PRESENT[lang])

export const enhancvStrengths: Layout = {
  name: 'enhancv-strengths',
  paper: 'Letter',
  dates: apostropheDates,
  render(person) {
    const b = person.basics
    const h = HEADINGS[person.lang]
    const range = (start?: string, end?: string) =>
      esc(apostropheDates.range(start, end, person.lang))
    const entry = (title: string, company: string, meta: string, extra = '') =>
      `<div class="e"><div class="pos">${esc(title)}</div><div class="co">${esc(company)}</div><div class="meta">${meta}</div>${extra}</div>`
    const jobs = person.work
      .map((job) =>
        entry(
          job.position ?? '',
          job.name ?? '',
          `<span>▣ ${range(job.startDate, job.endDate)}</span>${job.location ? `<span>◉ ${esc(job.location)}</span>` : ''}`,
          bullets(job.highlights),
        ),
      )
      .join('')
    const schools = person.education
      .map((school) =>
        entry(
          degreeText(school.studyType, school.area, person.lang),
          school.institution ?? '',
          `<span>▣ ${range(school.startDate, school.endDate)}</span>`,
        ),
      )
      .join('')
    const cards = person.skills
      .map((g) => `<div class="card"><b>★ ${esc(g.name)}</b></div>`)
      .join('')
    const tags = skillList(person)
      .map((s) => `<span class="tag">${esc(s)}</span>`)
      .join('')
    const languages = person.languages?.length
      ? `<h2>${esc(h.languages)}</h2>${person.languages.map((l) => `<div class="lg"><span>${esc(l.language)}</span><i>${esc(l.fluency ?? '')}</i></div>`).join('')}`
      : ''
    const strip = contactItems(person)
      .map((i) => `<span>${esc(i.text)}</span>`)
      .join('')
    return page(
      person.lang,
      `@page { size: Letter; margin: 0; } body { margin: 0; font-family: 'DejaVu Sans'; font-size: 8.8pt; color: #2b2b2b; }
       .top { background: #22313f; color: #fff; padding: 22pt 36pt 12pt; } .top h1 { margin: 0; font-size: 24pt; letter-spacing: 1px; } .top .lab { color: #5fd3c6; font-size: 11pt; margin-top: 3pt; }
       .strip { background: #d9f3f0; padding: 6pt 36pt; font-size: 8.2pt; display: flex; flex-wrap: wrap; gap: 4pt 16pt; color: #22313f; }
       .cols { display: flex; gap: 20pt; padding: 14pt 36pt; } .main { flex: 1.7; } .side { flex: 1; }
       h2 { font-size: 10pt; text-transform: uppercase; border-bottom: 2px solid #22313f; padding-bottom: 2pt; margin: 0 0 7pt; letter-spacing: 1px; } .sec { margin-bottom: 12pt; }
       .e { margin-bottom: 9pt; } .pos { font-size: 10.5pt; font-weight: bold; } .co { color: #1a9c8e; font-weight: bold; } .meta { color: #777; font-size: 7.8pt; display: flex; gap: 14pt; margin: 2pt 0; }
       ul { margin: 2pt 0 0; padding-left: 12pt; } .card { border-left: 3px solid #5fd3c6; padding: 3pt 6pt; margin-bottom: 5pt; background: #f5f8f9; }
       .tag { display: inline-block; border-bottom: 1px solid #aaa; margin: 0 6pt 5pt 0; padding: 1pt 2pt; } .lg { display: flex; justify-content: space-between; } p { margin: 0 0 12pt; }`,
      `<div class="top"><h1>${esc(b.name ?? '')}</h1><div class="lab">${esc(b.label ?? '')}</div></div>
       <div class="strip">${strip}</div>
       <div class="cols"><div class="main"><div class="sec"><h2>${esc(h.experience)}</h2>${jobs}</div><div class="sec"><h2>${esc(h.education)}</h2>${schools}</div></div>
       <div class="side"><div class="sec"><h2>${esc(h.summary)}</h2><p>${esc(b.summary ?? '')}</p></div>
       <div class="sec"><h2>${esc(STRENGTHS[person.lang])}</h2>${cards}</div><div class="sec"><h2>${esc(h.skills)}</h2>${tags}</div>${languages}</div></div>`,
    )
  },
}
