/**
 * `rirekisho` (A4): a Japanese rirekisho form in English, whatever the language: "RÉSUMÉ" and
 * "As of November 1, 2026", a ruled table (Phonetic name in capitals, Name, Address, Phone,
 * E-mail, one Web row per link) beside a photo box; then one Year | Month | "Education and Work
 * History" table in date order (`2014 | 9 | Entered University of Leeds`, `2017 | 6 | Graduated from
 * …, BSc in …`, `2017 | 9 | Joined Tesco (Welwyn Garden City) as Graduate Planner`, `2018 | 12 |
 * Left Tesco`, a current job followed by "Currently employed", "End"; a year-only date leaves the
 * month cell empty). Skills joined by ` / `, languages, a "Motivation and Self-Promotion" box
 * with the summary (fourth blind set, moved in once measured).
 */
import { degreeText, esc, page, skillList } from '../kit.ts'
import type { Layout } from '../kit.ts'
import { contactItems, monthRanges } from './parts.ts'

const year = (date: string) => date.slice(0, 4)
/** "9" for September; empty for a year-only date. */
const monthCell = (date: string) => (date.length >= 7 ? String(Number(date.slice(5, 7))) : '')

/**
 * The page writes a job as two rows (year | month | Joined …, year | month | Left …); this is the
 * same dates on one line ("2019/3 – currently employed"), for the README and the tests.
 */
export const rirekishoDates = monthRanges(
  (d) => [year(d), monthCell(d)].filter(Boolean).join('/'),
  () => 'currently employed',
)

const LABELS = { email: 'E-mail', phone: 'Phone', location: 'Address', link: 'Web' }

export const rirekisho: Layout = {
  name: 'rirekisho',
  paper: 'A4',
  dates: rirekishoDates,
  render(person) {
    const b = person.basics
    const row = (date: string | undefined, text: string) =>
      `<tr><td class="y">${date ? year(date) : ''}</td><td class="m">${date ? monthCell(date) : ''}</td><td>${text}</td></tr>`
    const title = (text: string) =>
      `<tr><td class="y"></td><td class="m"></td><td class="c">${text}</td></tr>`
    const byStart = <T extends { startDate?: string }>(list: T[]) =>
      [...list].sort((x, y) => (x.startDate ?? '').localeCompare(y.startDate ?? ''))
    const schools = byStart(person.education).flatMap((school) => {
      const degree = degreeText(school.studyType, school.area, 'en')
      return [
        row(school.startDate, `Entered ${esc(school.institution ?? '')}`),
        school.endDate
          ? row(
              school.endDate,
              `Graduated from ${esc(school.institution ?? '')}${degree ? `, ${esc(degree)}` : ''}`,
            )
          : '',
      ]
    })
    const jobs = byStart(person.work).flatMap((job) => [
      row(
        job.startDate,
        `Joined ${esc(job.name ?? '')}${job.location ? ` (${esc(job.location)})` : ''} as ${esc(job.position ?? '')}`,
      ),
      job.endDate
        ? row(job.endDate, `Left ${esc(job.name ?? '')}`)
        : row(undefined, 'Currently employed'),
    ])
    // Address, phone, e-mail, then one Web row per link.
    const order = ['location', 'phone', 'email', 'link']
    const contact = [...contactItems(person)]
      .sort((x, y) => order.indexOf(x.kind) - order.indexOf(y.kind))
      .map((i) => `<tr><th>${LABELS[i.kind]}</th><td>${esc(i.text)}</td></tr>`)
      .join('')
    const languages = person.languages?.length
      ? `<table><tr class="h"><td>Languages</td></tr>${person.languages.map((l) => `<tr><td>${esc(l.language)}: ${esc(l.fluency ?? '')}</td></tr>`).join('')}</table>`
      : ''
    return page(
      person.lang,
      `@page { margin: 14mm 15mm; } body { font-family: 'DejaVu Sans'; font-size: 8.8pt; color: #111; }
       .hd { display: flex; justify-content: space-between; align-items: baseline; } h1 { font-size: 15pt; letter-spacing: 6px; margin: 0 0 4pt; }
       table { width: 100%; border-collapse: collapse; margin-bottom: 5mm; } th, td { border: 1px solid #333; padding: 3pt 5pt; text-align: left; vertical-align: top; }
       th { width: 24mm; font-weight: normal; background: #f4f4f4; } .top { display: flex; gap: 4mm; } .top table { flex: 1; }
       .ph { width: 30mm; height: 40mm; border: 1px dashed #333; display: flex; align-items: center; justify-content: center; font-size: 7pt; color: #666; text-align: center; }
       .kana { font-size: 7pt; color: #555; } .nm { font-size: 16pt; } .y { width: 14mm; text-align: center; } .m { width: 10mm; text-align: center; } .c { text-align: center; letter-spacing: 3px; }
       .h td { background: #f4f4f4; text-align: center; } .end { text-align: right; }`,
      `<div class="hd"><h1>RÉSUMÉ</h1><span>As of November 1, 2026</span></div>
       <div class="top"><table><tr><th class="kana">Phonetic</th><td class="kana">${esc((b.name ?? '').toUpperCase())}</td></tr>
       <tr><th>Name</th><td class="nm">${esc(b.name ?? '')}</td></tr>${contact}</table><div class="ph">Photo<br>30 × 40 mm</div></div>
       <table><tr class="h"><td class="y">Year</td><td class="m">Month</td><td>Education and Work History</td></tr>
       ${title('Education')}${schools.join('')}${title('Work History')}${jobs.join('')}<tr><td class="y"></td><td class="m"></td><td class="end">End</td></tr></table>
       <table><tr class="h"><td>Skills and Qualifications</td></tr><tr><td>${skillList(person).map(esc).join(' / ')}</td></tr></table>
       ${languages}
       <table><tr class="h"><td>Motivation and Self-Promotion</td></tr><tr><td style="height:22mm">${esc(b.summary ?? '')}</td></tr></table>`,
    )
  },
}
