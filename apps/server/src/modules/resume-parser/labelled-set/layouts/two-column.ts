/** `two-column`: two equal columns side by side; experience left, education and skills right. */
import {
  degreeText,
  displayUrl,
  esc,
  HEADINGS,
  locationText,
  page,
  profiles,
  skillList,
  wordyStyle,
} from '../kit.ts'
import type { Layout } from '../kit.ts'

export const twoColumn: Layout = {
  name: 'two-column',
  paper: 'A4',
  dates: wordyStyle,
  render(person) {
    const h = HEADINGS[person.lang]
    const b = person.basics
    const range = (start?: string, end?: string) => esc(wordyStyle.range(start, end, person.lang))
    const work = person.work
      .map(
        (
          job,
        ) => `<div class="entry"><div class="pos">${esc(job.position ?? '')}</div><div class="org">${esc(job.name ?? '')}</div>
        <div class="when">${range(job.startDate, job.endDate)}${job.location ? ` · ${esc(job.location)}` : ''}</div>
        ${(job.highlights ?? []).map((line) => `<div class="hl">• ${esc(line)}</div>`).join('')}</div>`,
      )
      .join('')
    const education = person.education
      .map(
        (
          school,
        ) => `<div class="entry"><div class="pos">${esc(degreeText(school.studyType, school.area, person.lang))}</div>
        <div class="org">${esc(school.institution ?? '')}</div><div class="when">${range(school.startDate, school.endDate)}</div></div>`,
      )
      .join('')
    const contact = [
      b.email,
      b.phone,
      locationText(person),
      b.url && displayUrl(b.url),
      ...profiles(person).map((p) => displayUrl(p.url)),
    ]
      .filter(Boolean)
      .map((item) => `<div>${esc(item!)}</div>`)
      .join('')
    return page(
      person.lang,
      `@page { margin: 14mm; } body { font-family: 'Liberation Sans'; font-size: 9.5pt; line-height: 1.35; }
       header { border-bottom: 2px solid #2a5d84; padding-bottom: 6pt; margin-bottom: 8pt; }
       h1 { font-size: 20pt; margin: 0; color: #2a5d84; } .label { font-size: 11pt; }
       .cols { display: grid; grid-template-columns: 1fr 1fr; column-gap: 10mm; }
       h2 { font-size: 11pt; color: #2a5d84; margin: 10pt 0 4pt; } .entry { margin-bottom: 7pt; }
       .pos { font-weight: bold; } .org { color: #555; } .when { color: #555; } .hl { margin-left: 6pt; }
       .tags span { display: inline-block; margin: 0 6pt 2pt 0; }`,
      `<header><h1>${esc(b.name ?? '')}</h1><div class="label">${esc(b.label ?? '')}</div></header>
       <div class="cols"><div><h2>${esc(h.summary)}</h2><p>${esc(b.summary ?? '')}</p><h2>${esc(h.experience)}</h2>${work}</div>
       <div><h2>${esc(h.contact)}</h2>${contact}<h2>${esc(h.education)}</h2>${education}
       <h2>${esc(h.skills)}</h2><div class="tags">${skillList(person)
         .map((skill) => `<span>${esc(skill)}</span>`)
         .join(' ')}</div>
       ${person.languages?.length ? `<h2>${esc(h.languages)}</h2>${person.languages.map((l) => `<div>${esc(l.language)} — ${esc(l.fluency ?? '')}</div>`).join('')}` : ''}
       </div></div>`,
    )
  },
}
