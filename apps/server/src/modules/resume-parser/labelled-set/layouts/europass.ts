/**
 * `europass`: the EU's Europass CV (A4): one table, labels and date ranges in a narrow blue
 * right-aligned left column ("03/2019 – CURRENT"), the position in blue capitals above the
 * company; contact as "Email address: …" rows, "Digital skills" joined by `|`, language skills.
 * Headings in the person's language.
 */
import {
  degreeText,
  displayUrl,
  esc,
  locationText,
  numericDate,
  page,
  profiles,
  skillList,
} from '../kit.ts'
import type { Lang, Layout } from '../kit.ts'
import { monthRanges } from './parts.ts'

interface Words {
  work: string
  education: string
  digital: string
  languages: string
  about: string
  current: string
  email: string
  phone: string
  home: string
  web: string
}

const WORDS: Record<Lang, Words> = {
  en: {
    work: 'Work experience',
    education: 'Education and training',
    digital: 'Digital skills',
    languages: 'Language skills',
    about: 'About me',
    current: 'CURRENT',
    email: 'Email address',
    phone: 'Phone number',
    home: 'Home',
    web: 'Website',
  },
  de: {
    work: 'Berufserfahrung',
    education: 'Schul- und Berufsbildung',
    digital: 'Digitale Kompetenzen',
    languages: 'Sprachkenntnisse',
    about: 'Über mich',
    current: 'AKTUELL',
    email: 'E-Mail-Adresse',
    phone: 'Telefonnummer',
    home: 'Wohnort',
    web: 'Website',
  },
  fr: {
    work: 'Expérience professionnelle',
    education: 'Éducation et formation',
    digital: 'Compétences numériques',
    languages: 'Compétences linguistiques',
    about: 'À propos de moi',
    current: 'ACTUEL',
    email: 'Adresse e-mail',
    phone: 'Numéro de téléphone',
    home: 'Domicile',
    web: 'Site web',
  },
  es: {
    work: 'Experiencia laboral',
    education: 'Educación y formación',
    digital: 'Competencias digitales',
    languages: 'Competencias lingüísticas',
    about: 'Sobre mí',
    current: 'ACTUAL',
    email: 'Dirección de correo electrónico',
    phone: 'Número de teléfono',
    home: 'Domicilio',
    web: 'Sitio web',
  },
}

/** "03/2019 – CURRENT", "05/2014 – 02/2017". */
export const europassDates = monthRanges(
  (d) => numericDate(d),
  (lang) => WORDS[lang].current,
)

export const europass: Layout = {
  name: 'europass',
  paper: 'A4',
  dates: europassDates,
  render(person) {
    const w = WORDS[person.lang]
    const b = person.basics
    const range = (start?: string, end?: string) =>
      esc(europassDates.range(start, end, person.lang))
    const row = (label: string, body: string) =>
      `<tr><td class="l">${label}</td><td>${body}</td></tr>`
    const section = (title: string) =>
      `<tr class="sec"><td class="l h">${esc(title)}</td><td class="h"></td></tr>`
    const labelled = (label: string, value: string) =>
      row('', `<b>${esc(label)}:</b> ${esc(value)}`)
    const work = person.work
      .map((job) =>
        row(
          range(job.startDate, job.endDate),
          `<div class="t">${esc((job.position ?? '').toUpperCase())}</div><div>${esc(job.name ?? '')}${
            job.location ? ` – ${esc(job.location)}` : ''
          }</div>${(job.highlights ?? []).map((l) => `<div>• ${esc(l)}</div>`).join('')}`,
        ),
      )
      .join('')
    const education = person.education
      .map((s) =>
        row(
          range(s.startDate, s.endDate),
          `<div class="t">${esc(degreeText(s.studyType, s.area, person.lang).toUpperCase())}</div><div>${esc(s.institution ?? '')}</div>`,
        ),
      )
      .join('')
    const contact = [
      b.email ? labelled(w.email, b.email) : '',
      b.phone ? labelled(w.phone, b.phone) : '',
      locationText(person) ? labelled(w.home, locationText(person)) : '',
      b.url ? labelled(w.web, displayUrl(b.url)) : '',
      ...profiles(person).map((p) => labelled(p.network ?? w.web, displayUrl(p.url))),
    ].join('')
    const languages = (person.languages ?? [])
      .map((l) => `${esc(l.language)}: ${esc(l.fluency ?? '')}`)
      .join('<br>')
    return page(
      person.lang,
      `@page { margin: 15mm; } body { font-family: 'DejaVu Sans'; font-size: 9pt; color: #222; }
       table { width: 100%; border-collapse: collapse; } td { vertical-align: top; padding: 3pt 4pt; }
       td.l { width: 40mm; text-align: right; color: #4a6fa5; font-size: 8pt; }
       .name { font-size: 18pt; font-weight: bold; } .sec td { padding-top: 12pt; }
       .sec .h { color: #004494; font-weight: bold; font-size: 10pt; border-bottom: 1px solid #004494; text-transform: uppercase; }
       .t { font-weight: bold; color: #004494; } .logo { color: #004494; font-weight: bold; }`,
      `<table>${row('<span class="logo">europass</span>', `<div class="name">${esc(b.name ?? '')}</div>`)}${contact}
       ${section(w.about)}${row('', esc(b.summary ?? ''))}
       ${section(w.work)}${work}
       ${section(w.education)}${education}
       ${section(w.digital)}${row('', skillList(person).map(esc).join(' | '))}
       ${languages ? section(w.languages) + row('', languages) : ''}</table>`,
    )
  },
}
