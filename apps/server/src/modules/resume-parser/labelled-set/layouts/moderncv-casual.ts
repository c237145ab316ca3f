/**
 * `moderncv-casual` (A4): LaTeX moderncv's "casual" style: first name grey and last name blue,
 * contact top right behind ☎ ✉ ⌂ ⚲ symbols, section titles after a coloured bar, dates in a
 * right-aligned left column ("09.2017–02.2021", "09.2021–today"), entries as "**Title**,
 * *Company*, City.", skills as group → keywords rows, languages.
 */
import { degreeText, displayUrl, esc, HEADINGS, locationText, numericDate, page } from '../kit.ts'
import type { Lang, Layout } from '../kit.ts'
import { bullets, linkUrls, monthRanges } from './parts.ts'

const TODAY_WORD: Record<Lang, string> = {
  en: 'today',
  de: 'heute',
  fr: "aujourd'hui",
  es: 'actualidad',
}

/** "09.2017–02.2021", "09.2021–today". */
export const moderncvDates = monthRanges(
  (d) => numericDate(d, '.'),
  (lang) => TODAY_WORD[lang],
  '–',
)

export const moderncvCasual: Layout = {
  name: 'moderncv-casual',
  paper: 'A4',
  dates: moderncvDates,
  render(person) {
    const h = HEADINGS[person.lang]
    const b = person.basics
    const [first, ...last] = (b.name ?? '').split(' ')
    const range = (start?: string, end?: string) =>
      esc(moderncvDates.range(start, end, person.lang))
    const item = (left: string, right: string) =>
      `<div class="it"><div class="l">${left}</div><div class="rt">${right}</div></div>`
    const section = (title: string) => `<h2><span class="bar"></span>${esc(title)}</h2>`
    const contact = [
      b.phone ? `☎ ${esc(b.phone)}` : '',
      b.email ? `✉ <a href="mailto:${esc(b.email)}">${esc(b.email)}</a>` : '',
      locationText(person) ? `⌂ ${esc(locationText(person))}` : '',
      ...linkUrls(person).map((u) => `⚲ <a href="${esc(u)}">${esc(displayUrl(u))}</a>`),
    ].filter(Boolean)
    const work = person.work
      .map((job) =>
        item(
          range(job.startDate, job.endDate),
          `<b>${esc(job.position ?? '')}</b>, <i>${esc(job.name ?? '')}</i>${job.location ? `, ${esc(job.location)}` : ''}.${bullets(job.highlights, 'sm')}`,
        ),
      )
      .join('')
    const education = person.education
      .map((s) =>
        item(
          range(s.startDate, s.endDate),
          `<b>${esc(degreeText(s.studyType, s.area, person.lang))}</b>, <i>${esc(s.institution ?? '')}</i>.`,
        ),
      )
      .join('')
    const skills = person.skills
      .map((g) => item(`<b>${esc(g.name)}</b>`, (g.keywords ?? [g.name]).map(esc).join(', ')))
      .join('')
    const languages = (person.languages ?? [])
      .map((l) => item(`<b>${esc(l.language)}</b>`, esc(l.fluency ?? '')))
      .join('')
    return page(
      person.lang,
      `@page { margin: 14mm 16mm; } body { font-family: 'DejaVu Sans'; font-size: 9pt; color: #222; line-height: 1.35; }
       .head { display: flex; justify-content: space-between; align-items: flex-end; }
       h1 { font-size: 28pt; font-weight: normal; margin: 0; color: #3873b3; } h1 .f { color: #555; }
       .lab { color: #888; font-size: 11pt; } .ct { text-align: right; font-size: 8pt; color: #555; }
       a { color: inherit; text-decoration: none; }
       h2 { display: flex; align-items: center; font-size: 12pt; font-weight: normal; color: #3873b3; margin: 12pt 0 4pt; }
       h2 .bar { width: 30mm; height: 4pt; background: #9fbfe0; margin-right: 3mm; flex: none; }
       .it { display: flex; margin-bottom: 4pt; } .l { width: 30mm; flex: none; text-align: right; padding-right: 3mm; font-size: 8pt; color: #444; }
       .rt { flex: 1; } ul { margin: 1pt 0 0; padding-left: 12pt; } .sm { font-size: 8pt; }`,
      `<div class="head"><div><h1><span class="f">${esc(first ?? '')}</span> ${esc(last.join(' '))}</h1><div class="lab">${esc(b.label ?? '')}</div></div>
       <div class="ct">${contact.join('<br>')}</div></div>
       ${section(h.summary)}${item('', esc(b.summary ?? ''))}
       ${section(h.experience)}${work}
       ${section(h.education)}${education}
       ${section(h.skills)}${skills}
       ${languages ? section(h.languages) + languages : ''}`,
    )
  },
}
