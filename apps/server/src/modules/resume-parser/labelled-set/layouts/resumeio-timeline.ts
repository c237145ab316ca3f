/**
 * `resumeio-timeline` (A4): a Resume.io / Kickresume look: the name and the upper-case label on
 * top, a right column "Details" (city, phone, email), "Links" (display URLs), "Skills" (one a
 * line), "Languages"; the main column's entries hang off a thin vertical line with a blue dot each,
 * the dates in a 24 mm grey gutter left of the line (they wrap to two lines when long), each job
 * headed by one bold line `Position at Company, City` (`bei` / `chez` / `en`), education `Degree
 * in Area, Institution`; localised headings ("Employment History", "Parcours professionnel",
 * "Historial laboral"…) (tenth blind set, moved in once measured).
 */
import {
  degreeText,
  displayUrl,
  esc,
  locationText,
  MONTH_ABBREVIATIONS,
  namedDate,
  page,
  skillList,
} from '../kit.ts'
import type { Lang, Layout } from '../kit.ts'
import { bullets, linkUrls, monthRanges, yearSpan } from './parts.ts'

const NOW: Record<Lang, string> = { en: 'Present', de: 'heute', fr: 'présent', es: 'actual' }

/** "Sep 2019 – Present", "Aug. 2019 – heute", "sept. 2019 – présent", "sept. 2019 – actual". */
export const timelineDates = monthRanges(
  (d, lang) => namedDate(d, lang, MONTH_ABBREVIATIONS),
  (lang) => NOW[lang],
)

const AT: Record<Lang, string> = { en: 'at', de: 'bei', fr: 'chez', es: 'en' }

interface Sections {
  profile: string
  employment: string
  education: string
  details: string
  links: string
  skills: string
  languages: string
}

const SECTIONS: Record<Lang, Sections> = {
  en: {
    profile: 'Profile',
    employment: 'Employment History',
    education: 'Education',
    details: 'Details',
    links: 'Links',
    skills: 'Skills',
    languages: 'Languages',
  },
  de: {
    profile: 'Profil',
    employment: 'Berufserfahrung',
    education: 'Ausbildung',
    details: 'Details',
    links: 'Links',
    skills: 'Kenntnisse',
    languages: 'Sprachen',
  },
  fr: {
    profile: 'Profil',
    employment: 'Parcours professionnel',
    education: 'Formation',
    details: 'Coordonnées',
    links: 'Liens',
    skills: 'Compétences',
    languages: 'Langues',
  },
  es: {
    profile: 'Perfil',
    employment: 'Historial laboral',
    education: 'Educación',
    details: 'Datos',
    links: 'Enlaces',
    skills: 'Aptitudes',
    languages: 'Idiomas',
  },
}

/** One timeline entry: the dates in the gutter, a dot on the line, the bold head and its body. */
const entry = (dates: string, head: string, body: string) =>
  `<div class="t"><div class="g">${esc(dates)}</div><div class="b"><span class="dot"></span><div class="hd">${esc(head)}</div>${body}</div></div>`

const paragraphs = (lines: (string | undefined)[]) =>
  lines
    .filter(Boolean)
    .map((text) => `<p>${esc(text ?? '')}</p>`)
    .join('')

export const resumeioTimeline: Layout = {
  name: 'resumeio-timeline',
  paper: 'A4',
  dates: timelineDates,
  render(person) {
    const b = person.basics
    const h = SECTIONS[person.lang]
    const jobs = person.work
      .map((job) =>
        entry(
          timelineDates.range(job.startDate, job.endDate, person.lang),
          `${job.position} ${AT[person.lang]} ${job.name}${job.location ? `, ${job.location}` : ''}`,
          bullets(job.highlights),
        ),
      )
      .join('')
    const schools = person.education
      .map((school) =>
        entry(
          yearSpan(school.startDate, school.endDate),
          [degreeText(school.studyType, school.area, person.lang), school.institution]
            .filter(Boolean)
            .join(', '),
          '',
        ),
      )
      .join('')
    const links = linkUrls(person)
    return page(
      person.lang,
      `@page { size: A4; margin: 14mm 14mm; } body { margin: 0; font-family: 'DejaVu Sans'; font-size: 8.8pt; color: #1e2532; line-height: 1.4; }
       header { margin-bottom: 10pt; } header h1 { margin: 0; font-size: 21pt; } header .lab { color: #6b7585; font-size: 9.5pt; text-transform: uppercase; letter-spacing: 1px; }
       .wrap { display: flex; gap: 9mm; } main { flex: 1; } aside { width: 48mm; font-size: 8.4pt; }
       h2 { font-size: 11pt; margin: 10pt 0 5pt; } aside h2 { font-size: 10pt; } aside p { margin: 0 0 2pt; overflow-wrap: anywhere; }
       aside a { color: #3b7ddd; text-decoration: none; }
       .t { display: flex; } .g { width: 24mm; flex: none; font-size: 7.6pt; color: #7a8494; text-align: right; padding: 1pt 5pt 0 0; }
       .b { position: relative; border-left: 1px solid #c5ccd6; padding: 0 0 9pt 9pt; flex: 1; } .dot { position: absolute; left: -3.5px; top: 4px; width: 6px; height: 6px; border-radius: 50%; background: #3b7ddd; }
       .hd { font-weight: bold; } ul { margin: 2pt 0 0; padding-left: 12pt; } p { margin: 0; }`,
      `<header><h1>${esc(b.name ?? '')}</h1><div class="lab">${esc(b.label ?? '')}</div></header>
       <div class="wrap"><main>
         <h2>${esc(h.profile)}</h2><p>${esc(b.summary ?? '')}</p>
         <h2>${esc(h.employment)}</h2>${jobs}
         <h2>${esc(h.education)}</h2>${schools}
       </main><aside>
         <h2>${esc(h.details)}</h2>${paragraphs([locationText(person), b.phone, b.email])}
         ${links.length ? `<h2>${esc(h.links)}</h2>${links.map((u) => `<p><a href="${esc(u)}">${esc(displayUrl(u))}</a></p>`).join('')}` : ''}
         <h2>${esc(h.skills)}</h2>${paragraphs(skillList(person))}
         ${person.languages?.length ? `<h2>${esc(h.languages)}</h2>${paragraphs(person.languages.map((l) => `${l.language ?? ''} — ${l.fluency ?? ''}`))}` : ''}
       </aside></div>`,
    )
  },
}
