/**
 * `word-banded` (Letter): Microsoft Word's "Banded" template: the name in white capitals on a
 * full-width teal band, contact on one centred line split by `|`, headings centred in shaded
 * bands; summary and skills (a two-column bullet list) first, then each job as one line in bold
 * capitals `TITLE | COMPANY, CITY | MAY 2019 – PRESENT` with the highlights as one paragraph,
 * education as `DEGREE, FIELD | 2017 | INSTITUTION` (the end year only). Localised headings and
 * month abbreviations ("APR. 2021 – HEUTE"; fourth blind set, moved in once measured).
 */
import { abbreviatedStyle, degreeText, esc, HEADINGS, page, skillList } from '../kit.ts'
import type { Layout } from '../kit.ts'
import { bullets, contactItems } from './parts.ts'

const BAR = ' <span class="bar">|</span> '

export const wordBanded: Layout = {
  name: 'word-banded',
  paper: 'Letter',
  // "May 2019 – Present", upper-cased by the CSS.
  dates: abbreviatedStyle,
  render(person) {
    const b = person.basics
    const h = HEADINGS[person.lang]
    const range = (start?: string, end?: string) =>
      esc(abbreviatedStyle.range(start, end, person.lang))
    const jobs = person.work
      .map(
        (job) =>
          `<div class="e"><div class="jl">${esc(job.position ?? '')}${BAR}${esc(job.name ?? '')}${job.location ? `, ${esc(job.location)}` : ''}${BAR}${range(job.startDate, job.endDate)}</div>${
            job.highlights?.length
              ? `<p>${job.highlights.map((x) => esc(x.replace(/\.$/, ''))).join('. ')}.</p>`
              : ''
          }</div>`,
      )
      .join('')
    const schools = person.education
      .map(
        (school) =>
          `<div class="e"><div class="jl">${esc(degreeText(school.studyType, school.area, person.lang))}${BAR}${school.endDate ? `${esc(school.endDate.slice(0, 4))}${BAR}` : ''}${esc(school.institution ?? '')}</div></div>`,
      )
      .join('')
    // Location first, then phone, email and links.
    const items = contactItems(person)
    const order = ['location', 'phone', 'email', 'link']
    const contact = [...items]
      .sort((x, y) => order.indexOf(x.kind) - order.indexOf(y.kind))
      .map((i) => esc(i.text))
      .join(BAR)
    const languages = person.languages?.length
      ? `<h2>${esc(h.languages)}</h2><p>${person.languages.map((l) => `${esc(l.language)} – ${esc(l.fluency ?? '')}`).join(' · ')}</p>`
      : ''
    return page(
      person.lang,
      `@page { margin: 0.5in 0.6in; } body { font-family: 'Liberation Sans'; font-size: 10pt; color: #333; line-height: 1.4; }
       .band { background: #1e5e6f; color: #fff; text-align: center; padding: 14pt 0; } h1 { margin: 0; font-size: 24pt; letter-spacing: 4px; text-transform: uppercase; font-weight: normal; }
       .ct { text-align: center; font-size: 9pt; padding: 5pt 0; border-bottom: 3px solid #1e5e6f; margin-bottom: 8pt; }
       h2 { background: #e3ecee; color: #1e5e6f; text-align: center; text-transform: uppercase; letter-spacing: 3px; font-size: 10pt; padding: 3pt 0; margin: 12pt 0 6pt; }
       .e { margin-bottom: 8pt; } .jl { text-transform: uppercase; font-weight: bold; color: #1e5e6f; font-size: 9.5pt; letter-spacing: 0.5px; } .bar { color: #9bb; font-weight: normal; }
       p { margin: 2pt 0 0; } .sk { columns: 2; margin: 0; padding-left: 14pt; }`,
      `<div class="band"><h1>${esc(b.name ?? '')}</h1></div><div class="ct">${contact}</div>
       <h2>${esc(h.summary)}</h2><p>${esc(b.summary ?? '')}</p>
       <h2>${esc(h.skills)}</h2>${bullets(skillList(person), 'sk')}
       <h2>${esc(h.experience)}</h2>${jobs}<h2>${esc(h.education)}</h2>${schools}
       ${languages}`,
    )
  },
}
