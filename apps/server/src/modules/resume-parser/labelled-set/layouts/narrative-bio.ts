/**
 * `narrative-bio` (Letter): a third-person professional biography in the resume's language,
 * DejaVu Serif, no per-job headings and no lists: each job one justified sentence ("Since March
 * 2019, Owen has been Senior Civil Engineer at Arup in Cardiff. Notable results: …"; "Von Oktober
 * 2016 bis September 2019 arbeitete Katrin als …"; "Depuis février 2021, Léa occupe le poste de …
 * chez … à …"; "Desde marzo 2018, Javier trabaja como … en … (…)."), education as sentences ("In
 * 2017, Maya completed a Bachelor of Science in Computer Science at …"), skills and languages in
 * one sentence, contact as a `|`-separated paragraph under a "Contact" kicker at the foot. Full
 * month names inside the prose (ninth blind set, moved in once measured).
 */
import { degreeText, esc, HEADINGS, MONTHS, namedDate, page, skillList } from '../kit.ts'
import type { DateStyle, Lang, Layout, Person } from '../kit.ts'
import { contactItems, joined } from './parts.ts'

const year = (date: string) => date.slice(0, 4)
const long = (date: string, lang: Lang) => namedDate(date, lang, MONTHS)

/** "Present: March 2019" for a current job, "October 2016 – September 2019" otherwise. */
export const bioDates: DateStyle = {
  yearsOnly: false,
  range: (start, end, lang) =>
    start && !end
      ? `${HEADINGS[lang].present}: ${long(start, lang)}`
      : joined(start, end, (d) => long(d, lang), ''),
}

type Job = Person['work'][number]
type School = Person['education'][number]

interface Phrases {
  current(first: string, job: Job, since: string): string
  past(first: string, job: Job, from: string, to: string): string
  results: string
  school(first: string, school: School, degree: string): string
  skills: string
  languages: string
  contact: string
  about: string
}

const PHRASES: Record<Lang, Phrases> = {
  en: {
    current: (f, j, d) =>
      `Since ${d}, ${f} has been ${j.position} at ${j.name}${j.location ? ` in ${j.location}` : ''}.`,
    past: (f, j, a, z) =>
      `From ${a} to ${z}, ${f} worked as ${j.position} at ${j.name}${j.location ? ` in ${j.location}` : ''}.`,
    results: 'Notable results:',
    school: (f, s, deg) =>
      `${s.endDate ? `In ${year(s.endDate)}, ` : ''}${f} completed ${deg ? `a ${deg}` : 'studies'} at ${s.institution}.`,
    skills: 'Areas of expertise include',
    languages: 'Languages:',
    contact: 'Contact',
    about: 'Professional biography',
  },
  de: {
    current: (f, j, d) =>
      `Seit ${d} ist ${f} als ${j.position} bei ${j.name}${j.location ? ` in ${j.location}` : ''} tätig.`,
    past: (f, j, a, z) =>
      `Von ${a} bis ${z} arbeitete ${f} als ${j.position} bei ${j.name}${j.location ? ` in ${j.location}` : ''}.`,
    results: 'Wichtige Ergebnisse:',
    school: (f, s, deg) =>
      `${s.endDate ? `${year(s.endDate)} schloss ${f}` : `${f} schloss`} ${deg ? `das Studium „${deg}“` : 'ein Studium'} an der ${s.institution} ab.`,
    skills: 'Zu den Schwerpunkten gehören',
    languages: 'Sprachen:',
    contact: 'Kontakt',
    about: 'Beruflicher Werdegang',
  },
  fr: {
    current: (f, j, d) =>
      `Depuis ${d}, ${f} occupe le poste de ${j.position} chez ${j.name}${j.location ? ` à ${j.location}` : ''}.`,
    past: (f, j, a, z) =>
      `De ${a} à ${z}, ${f} a occupé le poste de ${j.position} chez ${j.name}${j.location ? ` à ${j.location}` : ''}.`,
    results: 'Réalisations :',
    school: (f, s, deg) =>
      `${s.endDate ? `En ${year(s.endDate)}, ` : ''}${f} a obtenu ${deg ? `le diplôme « ${deg} »` : 'son diplôme'} à ${s.institution}.`,
    skills: 'Ses domaines de compétence :',
    languages: 'Langues :',
    contact: 'Contact',
    about: 'Biographie professionnelle',
  },
  es: {
    current: (f, j, d) =>
      `Desde ${d}, ${f} trabaja como ${j.position} en ${j.name}${j.location ? ` (${j.location})` : ''}.`,
    past: (f, j, a, z) =>
      `De ${a} a ${z}, ${f} trabajó como ${j.position} en ${j.name}${j.location ? ` (${j.location})` : ''}.`,
    results: 'Logros:',
    school: (f, s, deg) =>
      `${s.endDate ? `En ${year(s.endDate)}, ` : ''}${f} obtuvo ${deg ? `el título «${deg}»` : 'su título'} en ${s.institution}.`,
    skills: 'Sus áreas de especialidad:',
    languages: 'Idiomas:',
    contact: 'Contacto',
    about: 'Biografía profesional',
  },
}

export const narrativeBio: Layout = {
  name: 'narrative-bio',
  paper: 'Letter',
  dates: bioDates,
  render(person) {
    const b = person.basics
    const t = PHRASES[person.lang]
    const first = (b.name ?? '').split(' ')[0] ?? ''
    const jobs = person.work
      .map((job) => {
        const sentence =
          job.startDate && !job.endDate
            ? t.current(first, job, long(job.startDate, person.lang))
            : t.past(
                first,
                job,
                job.startDate ? long(job.startDate, person.lang) : '',
                job.endDate ? long(job.endDate, person.lang) : '',
              )
        const results = job.highlights?.length
          ? ` ${t.results} ${job.highlights.map((h) => h.replace(/\.$/, '')).join('; ')}.`
          : ''
        return `<p>${esc(sentence + results)}</p>`
      })
      .join('')
    const schools = person.education
      .map((s) => esc(t.school(first, s, degreeText(s.studyType, s.area, person.lang))))
      .join(' ')
    const skills = `${t.skills} ${skillList(person).join(', ')}.`
    const spoken = person.languages?.length
      ? ` ${t.languages} ${person.languages.map((l) => `${l.language} (${l.fluency ?? ''})`).join(', ')}.`
      : ''
    const contact = contactItems(person).map((item) => esc(item.text))
    return page(
      person.lang,
      `@page { margin: 0.9in 1in; } body { font-family: 'DejaVu Serif'; font-size: 10.5pt; color: #222; line-height: 1.55; }
       h1 { font-size: 22pt; font-weight: normal; margin: 0; } .lab { font-style: italic; color: #666; margin: 2pt 0 10pt; }
       .kick { font-size: 8pt; letter-spacing: 2px; text-transform: uppercase; color: #8a6d3b; border-top: 1px solid #8a6d3b; padding-top: 4pt; margin: 12pt 0 6pt; }
       p { margin: 0 0 7pt; text-align: justify; } .foot { margin-top: 16pt; font-size: 9pt; color: #444; }`,
      `<h1>${esc(b.name ?? '')}</h1><div class="lab">${esc(b.label ?? '')}</div>
       <div class="kick">${esc(t.about)}</div>
       <p>${esc(b.summary ?? '')}</p>
       ${jobs}
       <p>${schools}</p>
       <p>${esc(skills + spoken)}</p>
       <div class="kick">${esc(t.contact)}</div>
       <p class="foot">${contact.join(' &nbsp;|&nbsp; ')}</p>`,
    )
  },
}
