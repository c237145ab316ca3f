/**
 * `altacv` (A4): Overleaf's AltaCV: big name, a coloured tagline, a row of contact items behind
 * icons; the main column has each job as the title, the company bold in colour, a calendar icon +
 * "March 2019 – Ongoing" and a map-pin icon + city on one small line, dashed dividers; the right
 * sidebar has the summary, a career timeline bar (one coloured segment per job, first year / 2026
 * below), skills as outlined tags ("Strengths"), languages with rating dots and an "A Day of My
 * Life" pie chart. Headings in the person's language (third blind set, moved in once measured).
 */
import { degreeText, esc, HEADINGS, MONTHS, namedDate, page, skillList, TODAY } from '../kit.ts'
import type { Lang, Layout } from '../kit.ts'
import { bullets, contactItems, dots, icon, monthRanges } from './parts.ts'

const ONGOING: Record<Lang, string> = {
  en: 'Ongoing',
  de: 'laufend',
  fr: 'en cours',
  es: 'en curso',
}

/** "March 2019 – Ongoing", "März 2018 – Juni 2020". */
export const altaDates = monthRanges(
  (d, lang) => namedDate(d, lang, MONTHS),
  (lang) => ONGOING[lang],
)

const WORDS: Record<Lang, string[]> = {
  en: ['Experience', 'Education', 'Strengths', 'Languages', 'A Day of My Life'],
  de: ['Erfahrung', 'Bildungsweg', 'Stärken', 'Sprachen', 'Ein Tag in meinem Leben'],
  fr: ['Expérience', 'Formation', 'Points forts', 'Langues', 'Une journée type'],
  es: ['Experiencia', 'Educación', 'Fortalezas', 'Idiomas', 'Un día de mi vida'],
}

const COLOUR = '#8f1d3f'
const CALENDAR = `<svg width="8" height="8" viewBox="0 0 16 16"><path d="M2 3h12v11H2zM2 6h12M5 1v3M11 1v3" fill="none" stroke="${COLOUR}" stroke-width="1.8"/></svg>`

export const altacv: Layout = {
  name: 'altacv',
  paper: 'A4',
  dates: altaDates,
  render(person) {
    const b = person.basics
    const [experience, education, strengths, languages, day] = WORDS[person.lang]
    const range = (start?: string, end?: string) => esc(altaDates.range(start, end, person.lang))
    const head = contactItems(person)
      .map((item) => `<span>${icon(item.kind, COLOUR, 8)} ${esc(item.text)}</span>`)
      .join('')
    const event = (title: string, org: string, dates: string, where: string, extra = '') =>
      `<div class="ev"><div class="t">${title}</div><div class="o">${org}</div><div class="m"><span>${CALENDAR} ${dates}</span>${
        where ? `<span>${icon('location', COLOUR, 8)} ${where}</span>` : ''
      }</div>${extra}</div><div class="div"></div>`
    const jobs = person.work
      .map((job) =>
        event(
          esc(job.position ?? ''),
          esc(job.name ?? ''),
          range(job.startDate, job.endDate),
          esc(job.location ?? ''),
          bullets(job.highlights),
        ),
      )
      .join('')
    const schools = person.education
      .map((s) =>
        event(
          esc(degreeText(s.studyType, s.area, person.lang)),
          esc(s.institution ?? ''),
          range(s.startDate, s.endDate),
          '',
        ),
      )
      .join('')
    // The timeline bar: the career from the first start to today, one segment per job.
    const last = Number(TODAY.slice(0, 4))
    const started = person.work.filter((job) => job.startDate)
    const first = Math.min(...started.map((job) => Number(job.startDate!.slice(0, 4))), last)
    const span = Math.max(1, last - first)
    const segments = started
      .map((job, i) => {
        const from = Number(job.startDate!.slice(0, 4)) - first
        const to = (job.endDate ? Number(job.endDate.slice(0, 4)) : last) - first
        return `<div class="seg" style="left:${(from / span) * 100}%;width:${(Math.max(0.4, to - from) / span) * 100}%;background:${['#8f1d3f', '#c2587a', '#e3a1b5'][i % 3]}"></div>`
      })
      .join('')
    const tags = skillList(person)
      .map((s) => `<span class="tag">${esc(s)}</span>`)
      .join('')
    const spoken = (person.languages ?? [])
      .map(
        (l, i) =>
          `<div class="lg"><span>${esc(l.language)}</span><span class="dots">${dots(i)}</span></div>`,
      )
      .join('')
    return page(
      person.lang,
      `@page { margin: 12mm 12mm; } body { font-family: 'DejaVu Sans'; font-size: 8.6pt; color: #333; line-height: 1.3; }
       h1 { font-size: 24pt; margin: 0; color: #111; } .tag-l { color: ${COLOUR}; font-size: 11pt; font-weight: bold; margin: 2pt 0 5pt; }
       .hd { display: flex; flex-wrap: wrap; gap: 3pt 12pt; font-size: 8pt; padding-bottom: 5pt; border-bottom: 1px solid #ddd; } svg { vertical-align: -1px; }
       .cols { display: flex; gap: 7mm; margin-top: 4mm; } .main { flex: 1.7; } .side { flex: 1; }
       h2 { font-size: 12.5pt; color: ${COLOUR}; font-weight: normal; text-transform: uppercase; margin: 8pt 0 4pt; border-bottom: 2px solid ${COLOUR}; }
       .ev .t { font-size: 10pt; color: #111; } .ev .o { font-weight: bold; color: ${COLOUR}; } .ev .m { display: flex; gap: 10pt; font-size: 7.8pt; color: #666; }
       .div { border-bottom: 1px dashed #ccc; margin: 4pt 0; } ul { margin: 2pt 0 0; padding-left: 11pt; }
       .tl { position: relative; height: 8pt; background: #eee; margin: 6pt 0 2pt; } .seg { position: absolute; top: 0; height: 8pt; }
       .tly { display: flex; justify-content: space-between; font-size: 7pt; color: #888; }
       .tag { display: inline-block; border: 1px solid ${COLOUR}; border-radius: 3pt; padding: 1pt 4pt; margin: 0 3pt 3pt 0; font-size: 8pt; }
       .lg { display: flex; justify-content: space-between; } .dots { color: ${COLOUR}; letter-spacing: 1px; }
       .pie { display: flex; align-items: center; gap: 6pt; font-size: 7.5pt; }`,
      `<h1>${esc(b.name ?? '')}</h1><div class="tag-l">${esc(b.label ?? '')}</div><div class="hd">${head}</div>
       <div class="cols"><div class="main"><h2>${experience}</h2>${jobs}<h2>${education}</h2>${schools}</div>
       <div class="side"><h2>${esc(HEADINGS[person.lang].summary)}</h2><div>${esc(b.summary ?? '')}</div>
       <div class="tl">${segments}</div><div class="tly"><span>${first}</span><span>${last}</span></div>
       <h2>${strengths}</h2>${tags}${spoken ? `<h2>${languages}</h2>${spoken}` : ''}
       <h2>${day}</h2><div class="pie"><svg width="50" height="50" viewBox="0 0 32 32"><circle r="16" cx="16" cy="16" fill="#e3a1b5"/><path d="M16 16V0a16 16 0 0 1 15 21z" fill="${COLOUR}"/></svg><span>■ Work ■ Family ■ Sleep</span></div></div></div>`,
    )
  },
}
