/**
 * `student-onepage` (Letter): a one-page student resume, serif: centred name, contact joined by
 * ` ◇ `, education first (institution bold, `Graduated May 2017` / `Expected May 2027` right,
 * degree with `· GPA 3.8/4.0` when the person has a score, coursework), projects when there are
 * any, then jobs as `**Title**, Company (Sep 2023 – present) · City` with bullets, skills as
 * `Group: a · b · c` (fifth blind set, moved in once measured).
 */
import { degreeText, esc, MONTH_ABBREVIATIONS, namedDate, page, TODAY } from '../kit.ts'
import type { Lang, Layout } from '../kit.ts'
import { bullets, contactItems, monthRanges } from './parts.ts'

const NOW: Record<Lang, string> = { en: 'present', de: 'heute', fr: 'présent', es: 'presente' }

/** "Sep 2023 – present". */
export const studentDates = monthRanges(
  (d, lang) => namedDate(d, lang, MONTH_ABBREVIATIONS),
  (lang) => NOW[lang],
)

const WORDS: Record<Lang, string[]> = {
  en: [
    'Education',
    'Projects',
    'Experience',
    'Technical Skills',
    'Graduated',
    'Expected',
    'Relevant coursework',
  ],
  de: [
    'Studium',
    'Projekte',
    'Praxiserfahrung',
    'Kenntnisse',
    'Abschluss',
    'Voraussichtlich',
    'Schwerpunkte',
  ],
  fr: ['Formation', 'Projets', 'Expérience', 'Compétences', 'Diplômé', 'Prévu', 'Cours suivis'],
  es: [
    'Formación',
    'Proyectos',
    'Experiencia',
    'Habilidades',
    'Graduado',
    'Previsto',
    'Asignaturas',
  ],
}

interface StudentExtras {
  score?: string
  courses?: string[]
}

export const studentOnepage: Layout = {
  name: 'student-onepage',
  paper: 'Letter',
  dates: studentDates,
  render(person) {
    const b = person.basics
    const [education, projectsTitle, experience, skills, graduated, expected, coursework] =
      WORDS[person.lang]
    const schools = person.education
      .map((school) => {
        const extra = school as StudentExtras
        const end = school.endDate
        // A date after "today" is a degree still to come; a year alone counts as its December.
        const future = end !== undefined && (end.length >= 7 ? end : `${end}-12`) > TODAY
        const when = end
          ? `${future ? expected : graduated} ${esc(namedDate(end, person.lang, MONTH_ABBREVIATIONS))}`
          : ''
        return `<div class="e"><div class="row"><b>${esc(school.institution ?? '')}</b><span>${when}</span></div>
          <div>${esc(degreeText(school.studyType, school.area, person.lang))}${extra.score ? ` · GPA ${esc(extra.score)}` : ''}</div>
          ${extra.courses?.length ? `<div class="small">${coursework}: ${extra.courses.map(esc).join(', ')}</div>` : ''}</div>`
      })
      .join('')
    const projects = (
      (person as { projects?: { name: string; description?: string }[] }).projects ?? []
    )
      .map((x) => `<div class="e"><b>${esc(x.name)}</b> — ${esc(x.description ?? '')}</div>`)
      .join('')
    const jobs = person.work
      .map(
        (job) =>
          `<div class="e"><div><b>${esc(job.position ?? '')}</b>, ${esc(job.name ?? '')} <span class="d">(${esc(studentDates.range(job.startDate, job.endDate, person.lang))})</span>${job.location ? ` <span class="small">· ${esc(job.location)}</span>` : ''}</div>${bullets(job.highlights)}</div>`,
      )
      .join('')
    const skillRows = person.skills
      .map(
        (g) =>
          `<div><b>${esc(g.name)}:</b> ${(g.keywords?.length ? g.keywords : [g.name]).map(esc).join(' · ')}</div>`,
      )
      .join('')
    const contact = contactItems(person)
      .map((i) => esc(i.text))
      .join(' ◇ ')
    return page(
      person.lang,
      `@page { margin: 0.45in 0.55in; } body { font-family: 'Liberation Serif'; font-size: 10.2pt; color: #000; line-height: 1.25; }
       h1 { text-align: center; font-size: 20pt; margin: 0; font-weight: bold; } .ct { text-align: center; font-size: 9.5pt; margin: 2pt 0 6pt; }
       h2 { font-size: 10.5pt; text-transform: uppercase; margin: 9pt 0 4pt; padding: 1pt 4pt; background: #e8e8e8; }
       .row { display: flex; justify-content: space-between; } .e { margin-bottom: 5pt; } .small { font-size: 9pt; color: #333; } .d { font-style: italic; }
       ul { margin: 1pt 0 0; padding-left: 16pt; }`,
      `<h1>${esc(b.name ?? '')}</h1><div class="ct">${contact}</div>
       <h2>${education}</h2>${schools}
       ${projects ? `<h2>${projectsTitle}</h2>${projects}` : ''}
       <h2>${experience}</h2>${jobs}
       <h2>${skills}</h2>${skillRows}`,
    )
  },
}
