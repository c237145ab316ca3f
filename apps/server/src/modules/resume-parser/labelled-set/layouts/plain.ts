/** `plain`: one column, text only, like a resume typed in a word processor. */
import {
  abbreviatedStyle,
  degreeText,
  displayUrl,
  esc,
  HEADINGS,
  locationText,
  page,
  profiles,
  skillList,
} from '../kit.ts'
import type { Layout } from '../kit.ts'

export const plain: Layout = {
  name: 'plain',
  paper: 'Letter',
  dates: abbreviatedStyle,
  render(person) {
    const h = HEADINGS[person.lang]
    const b = person.basics
    const contact = [b.email, b.phone, locationText(person), ...(b.url ? [displayUrl(b.url)] : [])]
      .filter(Boolean)
      .map((item) => esc(item!))
      .join(' | ')
    const links = profiles(person)
      .map((p) => esc(displayUrl(p.url)))
      .join(' | ')
    const work = person.work
      .map(
        (
          job,
        ) => `<p><b>${esc(job.position ?? '')}</b>, ${esc(job.name ?? '')}${job.location ? `, ${esc(job.location)}` : ''}<br>
        ${esc(abbreviatedStyle.range(job.startDate, job.endDate, person.lang))}</p>
        ${(job.highlights ?? []).map((line) => `<p class="bullet">- ${esc(line)}</p>`).join('')}`,
      )
      .join('')
    const education = person.education
      .map(
        (school) =>
          `<p><b>${esc(school.institution ?? '')}</b><br>${esc(degreeText(school.studyType, school.area, person.lang))}${
            school.studyType || school.area ? '<br>' : ''
          }${esc(abbreviatedStyle.range(school.startDate, school.endDate, person.lang))}</p>`,
      )
      .join('')
    return page(
      person.lang,
      `@page { margin: 20mm 22mm; } body { font-family: 'Liberation Serif'; font-size: 11pt; line-height: 1.3; }
       h1 { font-size: 16pt; margin: 0 0 4pt; } h2 { font-size: 12pt; margin: 14pt 0 4pt; }
       p { margin: 0 0 6pt; } p.bullet { margin: 0 0 2pt 12pt; }`,
      `<h1>${esc(b.name ?? '')}</h1><p>${contact}</p>${links ? `<p>${links}</p>` : ''}
       <h2>${esc(h.summary)}</h2><p>${esc(b.summary ?? '')}</p>
       <h2>${esc(h.experience)}</h2>${work}
       <h2>${esc(h.education)}</h2>${education}
       <h2>${esc(h.skills)}</h2><p>${skillList(person).map(esc).join(', ')}</p>`,
    )
  },
}
