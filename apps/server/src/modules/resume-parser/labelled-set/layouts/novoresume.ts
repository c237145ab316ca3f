/**
 * `novoresume` (A4): Novorésumé-like: name, label and summary on top, a blue contact strip in a
 * two-column grid with glyphs, a main column (upper-case headings; position bold, company blue,
 * "05/2019 - Present" left with the city right, "Achievements/Tasks" above the bullets) and a side
 * column with skill bars (the name above its bar) and languages.
 */
import {
  degreeText,
  displayUrl,
  esc,
  HEADINGS,
  locationText,
  numericDate,
  page,
  skillList,
} from '../kit.ts'
import type { Lang, Layout } from '../kit.ts'
import { bullets, linkUrls, monthRanges } from './parts.ts'

const PRESENT: Record<Lang, string> = { en: 'Present', de: 'Heute', fr: 'Présent', es: 'Presente' }

/** "05/2019 - Present", "09/2015 - 09/2018". */
export const novoresumeDates = monthRanges(
  (d) => numericDate(d),
  (lang) => PRESENT[lang],
  ' - ',
)

const WORDS: Record<Lang, [string, string, string, string]> = {
  en: ['WORK EXPERIENCE', 'EDUCATION', 'SKILLS', 'Achievements/Tasks'],
  de: ['BERUFSERFAHRUNG', 'AUSBILDUNG', 'FÄHIGKEITEN', 'Erfolge/Aufgaben'],
  fr: ['EXPÉRIENCE PROFESSIONNELLE', 'FORMATION', 'COMPÉTENCES', 'Réalisations/Tâches'],
  es: ['EXPERIENCIA LABORAL', 'EDUCACIÓN', 'APTITUDES', 'Logros/Tareas'],
}

export const novoresume: Layout = {
  name: 'novoresume',
  paper: 'A4',
  dates: novoresumeDates,
  render(person) {
    const b = person.basics
    const [experience, education, skills, tasks] = WORDS[person.lang]
    const range = (start?: string, end?: string) =>
      esc(novoresumeDates.range(start, end, person.lang))
    const contact: [string, string][] = [
      ['@', b.email ?? ''],
      ['✆', b.phone ?? ''],
      ['⚑', locationText(person)],
      ...linkUrls(person).map((u): [string, string] => ['»', displayUrl(u, true)]),
    ]
    const entry = (title: string, org: string, dates: string, city: string, extra = '') =>
      `<div class="e"><div class="pos">${title}</div><div class="co">${org}</div><div class="dl"><span>${dates}</span><span>${city}</span></div>${extra}</div>`
    const work = person.work
      .map((job) =>
        entry(
          esc(job.position ?? ''),
          esc(job.name ?? ''),
          range(job.startDate, job.endDate),
          esc(job.location ?? ''),
          job.highlights?.length
            ? `<div class="t">${esc(tasks)}</div>${bullets(job.highlights)}`
            : '',
        ),
      )
      .join('')
    const schools = person.education
      .map((s) =>
        entry(
          esc(degreeText(s.studyType, s.area, person.lang)),
          esc(s.institution ?? ''),
          range(s.startDate, s.endDate),
          '',
        ),
      )
      .join('')
    const bars = skillList(person)
      .map(
        (s, i) =>
          `<div class="sk"><span>${esc(s)}</span><span class="bar"><span style="width:${60 + ((i * 17) % 40)}%"></span></span></div>`,
      )
      .join('')
    const languages = (person.languages ?? [])
      .map((l) => `<p><b>${esc(l.language)}</b><br>${esc(l.fluency ?? '')}</p>`)
      .join('')
    return page(
      person.lang,
      `@page { margin: 0; } body { margin: 0; font-family: 'Liberation Sans'; font-size: 9pt; color: #2b2b2b; }
       header { padding: 10mm 12mm 4mm; } h1 { margin: 0; font-size: 24pt; } .lab { color: #2f6fb0; font-size: 12pt; margin: 2pt 0 4pt; }
       .sum { font-size: 8.5pt; color: #444; }
       .ct { background: #2f6fb0; color: #fff; display: grid; grid-template-columns: 1fr 1fr; padding: 3mm 12mm; font-size: 8.5pt; row-gap: 2pt; }
       .g { display: inline-block; width: 12pt; }
       .body { display: flex; gap: 8mm; padding: 4mm 12mm; } .main { flex: 1; } .side { width: 58mm; }
       h2 { font-size: 11pt; color: #2f6fb0; border-bottom: 2px solid #2f6fb0; padding-bottom: 1pt; margin: 8pt 0 5pt; }
       .e { margin-bottom: 7pt; } .pos { font-weight: bold; font-size: 10pt; } .co { font-weight: bold; color: #2f6fb0; }
       .dl { display: flex; justify-content: space-between; color: #2f6fb0; font-size: 8pt; } .t { color: #888; font-size: 8pt; margin-top: 2pt; }
       ul { margin: 1pt 0 0; padding-left: 12pt; } .sk { margin-bottom: 4pt; } .sk span:first-child { display: block; }
       .bar { display: block; height: 4pt; background: #dde7f3; } .bar span { display: block; height: 4pt; background: #2f6fb0; } p { margin: 0 0 4pt; }`,
      `<header><h1>${esc(b.name ?? '')}</h1><div class="lab">${esc(b.label ?? '')}</div><div class="sum">${esc(b.summary ?? '')}</div></header>
       <div class="ct">${contact
         .filter(([, text]) => text)
         .map(([glyph, text]) => `<span><span class="g">${glyph}</span>${esc(text)}</span>`)
         .join('')}</div>
       <div class="body"><div class="main"><h2>${experience}</h2>${work}<h2>${education}</h2>${schools}</div>
       <div class="side"><h2>${skills}</h2>${bars}${languages ? `<h2>${esc(HEADINGS[person.lang].languages.toUpperCase())}</h2>${languages}` : ''}</div></div>`,
    )
  },
}
