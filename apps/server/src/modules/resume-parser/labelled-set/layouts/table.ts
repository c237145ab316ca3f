/** `table`: HTML tables, a dates column beside the entries (the way many Word templates are built). */
import {
  abbreviatedStyle,
  degreeText,
  displayUrl,
  esc,
  HEADINGS,
  locationText,
  page,
  profiles,
} from '../kit.ts'
import type { Layout } from '../kit.ts'

export const table: Layout = {
  name: 'table',
  paper: 'A4',
  dates: abbreviatedStyle,
  render(person) {
    const h = HEADINGS[person.lang]
    const b = person.basics
    const range = (start?: string, end?: string) =>
      esc(abbreviatedStyle.range(start, end, person.lang))
    const contactRows = [
      ['E-mail', b.email],
      [
        person.lang === 'de'
          ? 'Telefon'
          : person.lang === 'fr'
            ? 'Téléphone'
            : person.lang === 'es'
              ? 'Teléfono'
              : 'Phone',
        b.phone,
      ],
      [
        person.lang === 'en'
          ? 'Location'
          : person.lang === 'de'
            ? 'Wohnort'
            : person.lang === 'fr'
              ? 'Adresse'
              : 'Ubicación',
        locationText(person),
      ],
      ['Web', b.url && displayUrl(b.url)],
      ...profiles(person).map((p) => [p.network, displayUrl(p.url)]),
    ]
      .filter(([, value]) => value)
      .map(([key, value]) => `<tr><td class="k">${esc(key!)}</td><td>${esc(value!)}</td></tr>`)
      .join('')
    const work = person.work
      .map(
        (job) =>
          `<tr><td class="k">${range(job.startDate, job.endDate)}</td><td><b>${esc(job.position ?? '')}</b><br>${esc(job.name ?? '')}${
            job.location ? `, ${esc(job.location)}` : ''
          }${(job.highlights ?? []).map((line) => `<br>– ${esc(line)}`).join('')}</td></tr>`,
      )
      .join('')
    const education = person.education
      .map(
        (school) =>
          `<tr><td class="k">${range(school.startDate, school.endDate)}</td><td><b>${esc(
            degreeText(school.studyType, school.area, person.lang),
          )}</b>${school.studyType || school.area ? '<br>' : ''}${esc(school.institution ?? '')}</td></tr>`,
      )
      .join('')
    const skills = person.skills
      .map(
        (group) =>
          `<tr><td class="k">${esc(group.name)}</td><td>${(group.keywords ?? []).map(esc).join(', ')}</td></tr>`,
      )
      .join('')
    return page(
      person.lang,
      `@page { margin: 18mm 16mm; } body { font-family: 'Liberation Sans'; font-size: 10pt; }
       h1 { font-size: 20pt; margin: 0 0 2pt; } .label { font-size: 11pt; margin-bottom: 8pt; }
       table { width: 100%; border-collapse: collapse; margin-bottom: 6pt; } td { vertical-align: top; padding: 3pt 4pt; border-bottom: 1px solid #ddd; }
       td.k { width: 38mm; color: #444; } h2 { font-size: 12pt; background: #eee; padding: 3pt 4pt; margin: 10pt 0 4pt; }`,
      `<h1>${esc(b.name ?? '')}</h1><div class="label">${esc(b.label ?? '')}</div>
       <table>${contactRows}</table>
       <h2>${esc(h.summary)}</h2><p>${esc(b.summary ?? '')}</p>
       <h2>${esc(h.experience)}</h2><table>${work}</table>
       <h2>${esc(h.education)}</h2><table>${education}</table>
       <h2>${esc(h.skills)}</h2><table>${skills}</table>`,
    )
  },
}
