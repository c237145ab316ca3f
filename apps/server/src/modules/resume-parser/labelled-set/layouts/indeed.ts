/**
 * `indeed` (Letter): Indeed's resume export: name, label, city, email and phone each on a line;
 * each job as title, "Company - City" and "May 2019 to Present" on lines of their own; skills as
 * bullets with years ("Python (5 years)"), a "Links" section with the full URLs; headings and
 * dates in the person's language ("abril 2019 a la actualidad", "Mai 2019 bis heute").
 */
import { degreeText, esc, locationText, MONTHS, namedDate, page, skillList } from '../kit.ts'
import type { DateStyle, Lang, Layout } from '../kit.ts'
import { joined, linkUrls } from './parts.ts'

const TO: Record<Lang, [string, string]> = {
  en: ['to', 'Present'],
  de: ['bis', 'heute'],
  fr: ['à', 'aujourd’hui'],
  es: ['a', 'la actualidad'],
}

/** "May 2019 to Present", "März 2018 bis Juni 2020", "abril 2019 a la actualidad". */
export const indeedDates: DateStyle = {
  yearsOnly: false,
  range: (start, end, lang) =>
    joined(start, end, (d) => namedDate(d, lang, MONTHS), TO[lang][1], ` ${TO[lang][0]} `),
}

const WORDS: Record<Lang, [string, string, string, string, string, string]> = {
  en: ['Work Experience', 'Education', 'Skills', 'Links', 'Languages', 'years'],
  de: ['Berufserfahrung', 'Ausbildung', 'Fähigkeiten', 'Links', 'Sprachen', 'Jahre'],
  fr: ['Expérience professionnelle', 'Formation', 'Compétences', 'Liens', 'Langues', 'ans'],
  es: ['Experiencia laboral', 'Educación', 'Aptitudes', 'Enlaces', 'Idiomas', 'años'],
}

export const indeed: Layout = {
  name: 'indeed',
  paper: 'Letter',
  dates: indeedDates,
  render(person) {
    const b = person.basics
    const [experience, education, skills, links, languages, years] = WORDS[person.lang]
    const range = (start?: string, end?: string) => esc(indeedDates.range(start, end, person.lang))
    const entry = (title: string, where: string, dates: string, extra = '') =>
      `<div class="e"><div class="t">${title}</div><div>${where}</div><div class="d">${dates}</div>${extra}</div>`
    const work = person.work
      .map((job) =>
        entry(
          esc(job.position ?? ''),
          `${esc(job.name ?? '')}${job.location ? ` - ${esc(job.location)}` : ''}`,
          range(job.startDate, job.endDate),
          (job.highlights ?? []).map((l) => `<div>${esc(l)}</div>`).join(''),
        ),
      )
      .join('')
    const schools = person.education
      .map((s) =>
        entry(
          esc(degreeText(s.studyType, s.area, person.lang)),
          esc(s.institution ?? ''),
          range(s.startDate, s.endDate),
        ),
      )
      .join('')
    const urls = linkUrls(person)
    return page(
      person.lang,
      `@page { margin: 0.6in 0.7in; } body { font-family: 'Liberation Sans'; font-size: 10pt; line-height: 1.35; color: #2d2d2d; }
       h1 { font-size: 20pt; margin: 0 0 2pt; } .c div { font-size: 9.5pt; } a { color: #2557a7; }
       h2 { font-size: 13pt; margin: 16pt 0 6pt; padding-bottom: 3pt; border-bottom: 1px solid #ccc; }
       .e { margin-bottom: 10pt; } .t { font-weight: bold; font-size: 11pt; } .d { color: #595959; font-size: 9pt; }
       ul { margin: 0; padding-left: 16pt; } p { margin: 0 0 2pt; }`,
      `<h1>${esc(b.name ?? '')}</h1><div class="c"><div>${esc(b.label ?? '')}</div><div>${esc(locationText(person))}</div>
       ${b.email ? `<div>${esc(b.email)}</div>` : ''}${b.phone ? `<div>${esc(b.phone)}</div>` : ''}</div>
       <p style="margin-top:8pt">${esc(b.summary ?? '')}</p>
       <h2>${experience}</h2>${work}<h2>${education}</h2>${schools}
       <h2>${skills}</h2><ul>${skillList(person)
         .map((s, i) => `<li>${esc(s)} (${2 + ((i * 3) % 8)} ${years})</li>`)
         .join('')}</ul>
       ${urls.length ? `<h2>${links}</h2>${urls.map((u) => `<p><a href="${esc(u)}">${esc(u)}</a></p>`).join('')}` : ''}
       ${person.languages?.length ? `<h2>${languages}</h2><ul>${person.languages.map((l) => `<li>${esc(l.language)} - ${esc(l.fluency ?? '')}</li>`).join('')}</ul>` : ''}`,
    )
  },
}
