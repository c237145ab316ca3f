/**
 * `us-federal` (Letter, Times-like): a US federal resume: centred name, city, `Phone: … | Email: …`,
 * the links, "Citizenship: U.S. Citizen"; each job as the title in underlined capitals, then
 * `Employer:`, `Location:`, `Dates of Employment: 03/2019 to Present`, `Hours per week:`,
 * `Supervisor:` and the duties; education as `Institution:` / `Degree:` / `Major:` /
 * `Completed: 06/2015`; skills as `Group: a; b; c`. English labels whatever the language (third
 * blind set, moved in once measured).
 */
import { displayUrl, esc, locationText, numericDate, page } from '../kit.ts'
import type { Layout } from '../kit.ts'
import { linkUrls, monthRanges } from './parts.ts'

/** "03/2019 to Present", "05/2014 to 02/2017". */
export const federalDates = monthRanges(
  (d) => numericDate(d),
  () => 'Present',
  ' to ',
)

const field = (label: string, value: string) =>
  value ? `<div><b>${label}:</b> ${value}</div>` : ''

export const usFederal: Layout = {
  name: 'us-federal',
  paper: 'Letter',
  dates: federalDates,
  render(person) {
    const b = person.basics
    const jobs = person.work
      .map(
        (job, i) =>
          `<div class="job"><div class="jt">${esc((job.position ?? '').toUpperCase())}</div>
          ${field('Employer', esc(job.name ?? ''))}${field('Location', esc(job.location ?? ''))}
          ${field('Dates of Employment', esc(federalDates.range(job.startDate, job.endDate, person.lang)))}
          ${field('Hours per week', String(40 - (i % 2) * 8))}${field('Supervisor', 'Available upon request; may be contacted')}
          ${job.highlights?.length ? `<div><b>Duties, Accomplishments and Related Skills:</b></div>${job.highlights.map((l) => `<p>${esc(l)}</p>`).join('')}` : ''}</div>`,
      )
      .join('')
    const schools = person.education
      .map(
        (s) =>
          `<div class="job">${field('Institution', esc(s.institution ?? ''))}${field('Degree', esc(s.studyType ?? ''))}${field('Major', esc(s.area ?? ''))}
          ${field('Completed', s.endDate ? esc(numericDate(s.endDate)) : '')}</div>`,
      )
      .join('')
    const skills = person.skills
      .map(
        (g) =>
          `<div><b>${esc(g.name)}:</b> ${(g.keywords?.length ? g.keywords : [g.name]).map(esc).join('; ')}</div>`,
      )
      .join('')
    const urls = linkUrls(person)
    return page(
      person.lang,
      `@page { margin: 0.75in; } body { font-family: 'Liberation Serif'; font-size: 11pt; color: #000; line-height: 1.3; }
       h1 { font-size: 15pt; text-align: center; margin: 0; } .c { text-align: center; font-size: 10.5pt; }
       h2 { font-size: 11.5pt; text-transform: uppercase; margin: 14pt 0 6pt; border-top: 1.5px solid #000; padding-top: 3pt; }
       .job { margin-bottom: 10pt; } .jt { font-weight: bold; text-decoration: underline; } p { margin: 2pt 0 2pt 18pt; }`,
      `<h1>${esc(b.name ?? '')}</h1><div class="c">${esc(locationText(person))}</div>
       <div class="c">${[b.phone && `Phone: ${esc(b.phone)}`, b.email && `Email: ${esc(b.email)}`].filter(Boolean).join(' &nbsp;|&nbsp; ')}</div>
       ${urls.length ? `<div class="c">${urls.map((u) => esc(displayUrl(u))).join(' &nbsp;|&nbsp; ')}</div>` : ''}
       <div class="c">Citizenship: U.S. Citizen &nbsp;|&nbsp; Veterans' Preference: None</div>
       <h2>Objective</h2><div>${esc(b.summary ?? '')}</div>
       <h2>Work Experience</h2>${jobs}<h2>Education</h2>${schools}<h2>Skills</h2>${skills}
       ${person.languages?.length ? `<h2>Languages</h2>${person.languages.map((l) => `<div>${esc(l.language)}: ${esc(l.fluency ?? '')}</div>`).join('')}` : ''}`,
    )
  },
}
