/**
 * `markdown-readme` (Letter): a resume written in Markdown and printed from a GitHub-style
 * renderer: h1 and h2 over hairlines, the label in a blockquote, contact as a bullet list with bold
 * labels and full URLs, each job an h3 `Position @ Company` then `City · ` and the dates in a code
 * span, education as a bordered Markdown table Degree | School | Year (localised), skills as code
 * spans, languages as a checked task list; localised section headings (eighth blind set, moved in
 * once measured).
 */
import {
  degreeText,
  esc,
  HEADINGS,
  locationText,
  MONTH_ABBREVIATIONS,
  namedDate,
  page,
  profiles,
  skillList,
} from '../kit.ts'
import type { Lang, Layout } from '../kit.ts'
import { bullets, monthRanges } from './parts.ts'

/** "Mar 2019 – present", "Mai 2018 – Dez. 2021", "sept. 2020 – aujourd'hui". */
export const markdownDates = monthRanges(
  (d, lang) => namedDate(d, lang, MONTH_ABBREVIATIONS),
  (lang) => HEADINGS[lang].present.toLowerCase(),
)

const LABELS: Record<
  Lang,
  { email: string; phone: string; location: string; degree: string; school: string; year: string }
> = {
  en: {
    email: 'Email',
    phone: 'Phone',
    location: 'Location',
    degree: 'Degree',
    school: 'School',
    year: 'Year',
  },
  de: {
    email: 'E-Mail',
    phone: 'Telefon',
    location: 'Wohnort',
    degree: 'Abschluss',
    school: 'Hochschule',
    year: 'Jahr',
  },
  fr: {
    email: 'E-mail',
    phone: 'Téléphone',
    location: 'Ville',
    degree: 'Diplôme',
    school: 'École',
    year: 'Année',
  },
  es: {
    email: 'Correo',
    phone: 'Teléfono',
    location: 'Ciudad',
    degree: 'Título',
    school: 'Centro',
    year: 'Año',
  },
}

const fullLink = (url: string) => `<a href="${esc(url)}">${esc(url)}</a>`

export const markdownReadme: Layout = {
  name: 'markdown-readme',
  paper: 'Letter',
  dates: markdownDates,
  render(person) {
    const b = person.basics
    const h = HEADINGS[person.lang]
    const t = LABELS[person.lang]
    const contact = [
      [t.email, b.email ? `<a href="mailto:${esc(b.email)}">${esc(b.email)}</a>` : ''],
      [t.phone, esc(b.phone ?? '')],
      [t.location, esc(locationText(person))],
      ...(b.url ? [['Web', fullLink(b.url)]] : []),
      ...profiles(person).map((p) => [p.network ?? 'Web', fullLink(p.url)]),
    ]
      .filter(([, value]) => value)
      .map(([k, v]) => `<li><strong>${esc(k ?? '')}:</strong> ${v}</li>`)
      .join('')
    const jobs = person.work
      .map(
        (job) => `<h3>${esc(job.position ?? '')} @ ${esc(job.name ?? '')}</h3>
          <p>${job.location ? `${esc(job.location)} · ` : ''}<code>${esc(markdownDates.range(job.startDate, job.endDate, person.lang))}</code></p>${bullets(job.highlights)}`,
      )
      .join('')
    const schools = person.education
      .map(
        (school) =>
          `<tr><td>${esc(degreeText(school.studyType, school.area, person.lang))}</td><td>${esc(school.institution ?? '')}</td><td>${esc(school.endDate?.slice(0, 4) ?? '')}</td></tr>`,
      )
      .join('')
    const spoken = person.languages?.length
      ? `<h2>${esc(h.languages)}</h2><ul class="task">${person.languages.map((l) => `<li>☑ ${esc(l.language)} (${esc(l.fluency ?? '')})</li>`).join('')}</ul>`
      : ''
    return page(
      person.lang,
      `@page { margin: 0.6in 0.7in; } body { font-family: 'DejaVu Sans'; font-size: 9.5pt; color: #1f2328; line-height: 1.5; }
       h1 { font-size: 20pt; font-weight: bold; border-bottom: 1px solid #d0d7de; padding-bottom: 3pt; margin: 0 0 8pt; }
       h2 { font-size: 14pt; font-weight: bold; border-bottom: 1px solid #d0d7de; padding-bottom: 2pt; margin: 16pt 0 6pt; }
       h3 { font-size: 11pt; font-weight: bold; margin: 10pt 0 2pt; } p { margin: 0 0 4pt; } ul { margin: 0 0 4pt; padding-left: 20pt; }
       blockquote { margin: 0 0 8pt; padding: 0 10pt; color: #59636e; border-left: 3px solid #d0d7de; }
       code { font-family: 'DejaVu Sans Mono'; font-size: 8.5pt; background: #eff1f3; border-radius: 3pt; padding: 1pt 3pt; }
       a { color: #0969da; text-decoration: none; }
       table { border-collapse: collapse; } th, td { border: 1px solid #d0d7de; padding: 3pt 8pt; text-align: left; } th { font-weight: bold; } tr:nth-child(even) td { background: #f6f8fa; }
       ul.task { list-style: none; padding-left: 4pt; }`,
      `<h1>${esc(b.name ?? '')}</h1>
       ${b.label ? `<blockquote><p>${esc(b.label)}</p></blockquote>` : ''}
       <ul>${contact}</ul>
       <h2>${esc(h.summary)}</h2><p>${esc(b.summary ?? '')}</p>
       <h2>${esc(h.experience)}</h2>${jobs}
       <h2>${esc(h.education)}</h2><table><tr><th>${esc(t.degree)}</th><th>${esc(t.school)}</th><th>${esc(t.year)}</th></tr>${schools}</table>
       <h2>${esc(h.skills)}</h2><p>${skillList(person)
         .map((s) => `<code>${esc(s)}</code>`)
         .join(' ')}</p>
       ${spoken}`,
    )
  },
}
