/**
 * `gdocs-coral` (Letter): Google Docs' "Coral" template: a large serif name over the label,
 * contact lines right-aligned top right (city, phone, bold email, links), coral letter-spaced
 * capital headings, each job as `**Company**, City — *Title*` on one line with the dates in small
 * capitals under it ("SEPTEMBER 2019 - PRESENT", "APRIL 2021 - HEUTE"), skills as one comma list.
 * Headings and month names in the person's language (fourth blind set, moved in once measured).
 */
import {
  degreeText,
  esc,
  HEADINGS,
  locationText,
  MONTHS,
  namedDate,
  page,
  skillList,
} from '../kit.ts'
import type { Layout } from '../kit.ts'
import { bullets, contactItems, monthRanges } from './parts.ts'

/** "SEPTEMBER 2019 - PRESENT": full month names in capitals. */
export const coralDates = monthRanges(
  (d, lang) => namedDate(d, lang, MONTHS).toUpperCase(),
  (lang) => HEADINGS[lang].present.toUpperCase(),
  ' - ',
)

export const gdocsCoral: Layout = {
  name: 'gdocs-coral',
  paper: 'Letter',
  dates: coralDates,
  render(person) {
    const b = person.basics
    const h = HEADINGS[person.lang]
    const range = (start?: string, end?: string) => esc(coralDates.range(start, end, person.lang))
    const entry = (head: string, dates: string, extra = '') =>
      `<div class="e"><div class="hl">${head}</div><div class="d">${dates}</div>${extra}</div>`
    const jobs = person.work
      .map((job) =>
        entry(
          `<b>${esc(job.name ?? '')}</b>${job.location ? `, ${esc(job.location)}` : ''} — <i>${esc(job.position ?? '')}</i>`,
          range(job.startDate, job.endDate),
          bullets(job.highlights),
        ),
      )
      .join('')
    const schools = person.education
      .map((school) =>
        entry(
          `<b>${esc(school.institution ?? '')}</b> — <i>${esc(degreeText(school.studyType, school.area, person.lang))}</i>`,
          range(school.startDate, school.endDate),
        ),
      )
      .join('')
    // City first, then phone, the email in bold, then the links.
    const items = contactItems(person)
    const contact = [
      esc(locationText(person)),
      ...items.filter((i) => i.kind === 'phone').map((i) => esc(i.text)),
      ...items.filter((i) => i.kind === 'email').map((i) => `<b>${esc(i.text)}</b>`),
      ...items.filter((i) => i.kind === 'link').map((i) => esc(i.text)),
    ]
      .filter(Boolean)
      .map((line) => `<div>${line}</div>`)
      .join('')
    const languages = person.languages?.length
      ? `<h2>${esc(h.languages.toUpperCase())}</h2><p>${person.languages.map((l) => `${esc(l.language)} (${esc(l.fluency ?? '')})`).join(', ')}</p>`
      : ''
    return page(
      person.lang,
      `@page { margin: 0.6in 0.75in; } body { font-family: 'Liberation Sans'; font-size: 10pt; color: #555; line-height: 1.4; }
       .top { display: flex; justify-content: space-between; align-items: flex-start; } h1 { font-family: 'DejaVu Serif'; font-size: 28pt; font-weight: normal; color: #222; margin: 0; }
       .lab { color: #222; font-size: 11pt; margin-top: 2pt; } .ct { text-align: right; font-size: 9pt; }
       h2 { font-size: 9pt; letter-spacing: 1.5px; color: #ff5e41; margin: 16pt 0 6pt; font-weight: bold; }
       .e { margin-bottom: 10pt; } .hl { color: #222; font-size: 10.5pt; } .d { font-size: 7.5pt; letter-spacing: 0.6px; color: #777; margin-top: 2pt; }
       ul { margin: 3pt 0 0; padding-left: 14pt; } p { margin: 0; }`,
      `<div class="top"><div><h1>${esc(b.name ?? '')}</h1><div class="lab">${esc(b.label ?? '')}</div></div><div class="ct">${contact}</div></div>
       <p style="margin-top:14pt">${esc(b.summary ?? '')}</p>
       <h2>${esc(h.experience.toUpperCase())}</h2>${jobs}
       <h2>${esc(h.education.toUpperCase())}</h2>${schools}
       <h2>${esc(h.skills.toUpperCase())}</h2><p>${skillList(person).map(esc).join(', ')}</p>
       ${languages}`,
    )
  },
}
