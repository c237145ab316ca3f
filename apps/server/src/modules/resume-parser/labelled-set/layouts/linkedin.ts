/**
 * `linkedin`: an imitation of LinkedIn's "Save to PDF" export: one font, a left sidebar with
 * Contact / Top Skills / Languages / Certifications, the main column with name, headline,
 * location, Summary, Experience (company, then title, then "November 2024 - Present (8 months)",
 * then location) and Education, and a "Page 1 of 2" footer. Like the real export it shows only
 * the top three skills, so only those are expected.
 */
import { displayUrl, esc, MONTHS, page, profiles, TODAY } from '../kit.ts'
import type { DateStyle, Lang, Layout, Person } from '../kit.ts'

const WORDS: Record<
  Lang,
  {
    contact: string
    topSkills: string
    languages: string
    certifications: string
    summary: string
    experience: string
    education: string
    present: string
    year: [string, string]
    month: [string, string]
    page: (n: string, m: string) => string
    mobile: string
    personal: string
    countries: Record<string, string>
  }
> = {
  en: {
    contact: 'Contact',
    topSkills: 'Top Skills',
    languages: 'Languages',
    certifications: 'Certifications',
    summary: 'Summary',
    experience: 'Experience',
    education: 'Education',
    present: 'Present',
    year: ['year', 'years'],
    month: ['month', 'months'],
    page: (n, m) => `Page ${n} of ${m}`,
    mobile: 'Mobile',
    personal: 'Personal',
    countries: {},
  },
  de: {
    contact: 'Kontakt',
    topSkills: 'Top-Kenntnisse',
    languages: 'Sprachen',
    certifications: 'Zertifikate',
    summary: 'Zusammenfassung',
    experience: 'Berufserfahrung',
    education: 'Ausbildung',
    present: 'Heute',
    year: ['Jahr', 'Jahre'],
    month: ['Monat', 'Monate'],
    page: (n, m) => `Seite ${n} von ${m}`,
    mobile: 'Mobil',
    personal: 'Persönlich',
    countries: { DE: 'Deutschland', CH: 'Schweiz' },
  },
  fr: {
    contact: 'Coordonnées',
    topSkills: 'Principales compétences',
    languages: 'Langues',
    certifications: 'Certifications',
    summary: 'Résumé',
    experience: 'Expérience',
    education: 'Formation',
    present: 'aujourd’hui',
    year: ['an', 'ans'],
    month: ['mois', 'mois'],
    page: (n, m) => `Page ${n} sur ${m}`,
    mobile: 'Mobile',
    personal: 'Personnel',
    countries: { FR: 'France', CA: 'Canada' },
  },
  es: {
    contact: 'Contactar',
    topSkills: 'Aptitudes principales',
    languages: 'Idiomas',
    certifications: 'Certificaciones',
    summary: 'Extracto',
    experience: 'Experiencia',
    education: 'Educación',
    present: 'actualidad',
    year: ['año', 'años'],
    month: ['mes', 'meses'],
    page: (n, m) => `Página ${n} de ${m}`,
    mobile: 'Móvil',
    personal: 'Personal',
    countries: { ES: 'España', MX: 'México' },
  },
}

const COUNTRY: Record<string, string> = {
  US: 'United States',
  GB: 'United Kingdom',
  IE: 'Ireland',
  CA: 'Canada',
  IT: 'Italy',
  AU: 'Australia',
  DE: 'Germany',
  FR: 'France',
  ES: 'Spain',
  MX: 'Mexico',
  CH: 'Switzerland',
  NO: 'Norway',
  BR: 'Brazil',
}

const monthIndex = (date: string) =>
  Number(date.slice(0, 4)) * 12 + (date.length >= 7 ? Number(date.slice(5, 7)) - 1 : 0)

function duration(start: string, end: string | undefined, lang: Lang): string {
  const months = monthIndex(end ?? TODAY) - monthIndex(start) + 1
  const w = WORDS[lang]
  const years = Math.floor(months / 12)
  const rest = months % 12
  const parts = [
    years ? `${years} ${w.year[years === 1 ? 0 : 1]}` : '',
    rest ? `${rest} ${w.month[rest === 1 ? 0 : 1]}` : '',
  ].filter(Boolean)
  return parts.join(' ')
}

const named = (date: string, lang: Lang) => {
  const month = date.length >= 7 ? MONTHS[lang][Number(date.slice(5, 7)) - 1] : undefined
  return month ? `${month}${lang === 'es' ? ' de' : ''} ${date.slice(0, 4)}` : date.slice(0, 4)
}

export const linkedinDates: DateStyle = {
  yearsOnly: false,
  range: (start, end, lang) =>
    start
      ? `${named(start, lang)} - ${end ? named(end, lang) : WORDS[lang].present} (${duration(start, end, lang)})`
      : end
        ? named(end, lang)
        : '',
}

function locationLine(person: Person): string {
  const location = person.basics.location
  if (!location?.city) return ''
  const cc = location.countryCode ?? ''
  const country = WORDS[person.lang].countries[cc] ?? COUNTRY[cc] ?? cc
  return [location.city, location.region, country].filter(Boolean).join(', ')
}

/** LinkedIn's PDF shows the three top skills. */
export const topSkills = (person: Person) =>
  person.skills
    .flatMap((group) => (group.keywords?.length ? group.keywords : [group.name]))
    .slice(0, 3)

export const linkedin: Layout = {
  name: 'linkedin',
  paper: 'Letter',
  dates: linkedinDates,
  shownSkills: topSkills,
  render(person) {
    const w = WORDS[person.lang]
    const b = person.basics
    const contact = [
      b.phone && `<p>${esc(b.phone)} (${w.mobile})</p>`,
      b.email && `<p>${esc(b.email)}</p>`,
      ...profiles(person).map(
        (p) =>
          `<p><a href="${esc(p.url)}">${esc(displayUrl(p.url, p.network === 'LinkedIn'))}</a> (${esc(p.network)})</p>`,
      ),
      b.url && `<p><a href="${esc(b.url)}">${esc(displayUrl(b.url))}</a> (${w.personal})</p>`,
    ]
      .filter(Boolean)
      .join('')
    const side = `<aside><h3>${w.contact}</h3>${contact}
      <h3>${w.topSkills}</h3>${topSkills(person)
        .map((skill) => `<p>${esc(skill)}</p>`)
        .join('')}
      ${person.languages?.length ? `<h3>${w.languages}</h3>${person.languages.map((l) => `<p>${esc(l.language)} (${esc(l.fluency ?? '')})</p>`).join('')}` : ''}
      ${person.certificates?.length ? `<h3>${w.certifications}</h3>${person.certificates.map((c) => `<p>${esc(c.name)}</p>`).join('')}` : ''}</aside>`
    const work = person.work
      .map(
        (
          job,
        ) => `<div class="job"><div class="company">${esc(job.name ?? '')}</div><div class="title">${esc(job.position ?? '')}</div>
        <div class="muted">${esc(linkedinDates.range(job.startDate, job.endDate, person.lang))}</div>
        ${job.location ? `<div class="muted">${esc(job.location)}</div>` : ''}
        ${(job.highlights ?? []).map((line) => `<p>${esc(line)}</p>`).join('')}</div>`,
      )
      .join('')
    const education = person.education
      .map((school) => {
        const years = [school.startDate?.slice(0, 4), school.endDate?.slice(0, 4)]
          .filter(Boolean)
          .join(' - ')
        const degree = [school.studyType, school.area].filter(Boolean).join(', ')
        return `<div class="job"><div class="company">${esc(school.institution ?? '')}</div>
        <div>${esc(degree)}${degree && years ? ' · ' : ''}${years ? `(${years})` : ''}</div></div>`
      })
      .join('')
    const main = `<main><h1>${esc(b.name ?? '')}</h1><div class="headline">${esc(b.label ?? '')}</div>
      <div class="muted">${esc(locationLine(person))}</div>
      <h2>${w.summary}</h2><p>${esc(b.summary ?? '')}</p>
      <h2>${w.experience}</h2>${work}<h2>${w.education}</h2>${education}</main>`
    return page(
      person.lang,
      `@page { margin: 12mm 0 16mm 0; } body { margin: 0; font-family: 'Liberation Sans'; font-size: 10.5pt; color: #000; }
       .wrap { display: flex; } aside { width: 62mm; background: #e9eef2; padding: 6mm 6mm 20mm 10mm; box-sizing: border-box; }
       aside h3 { font-size: 13pt; font-weight: normal; margin: 10pt 0 6pt; } aside p { margin: 0 0 6pt; font-size: 10pt; }
       a { color: #000; text-decoration: none; }
       main { flex: 1; padding: 6mm 14mm 0 10mm; } h1 { font-size: 26pt; font-weight: normal; margin: 0 0 4pt; }
       .headline { font-size: 12pt; margin-bottom: 4pt; } .muted { color: #b0b0b0; }
       h2 { font-size: 15pt; font-weight: normal; margin: 16pt 0 8pt; } .job { margin-bottom: 12pt; }
       .company { font-size: 12pt; } .title { font-size: 11pt; } p { margin: 4pt 0; }`,
      `<div class="wrap">${side}${main}</div>`,
    )
  },
  footer(person) {
    const w = WORDS[person.lang]
    return `<div style="width:100%; text-align:center; font-family:'Liberation Sans'; font-size:9px; color:#b0b0b0;">${w.page(
      '<span class="pageNumber"></span>',
      '<span class="totalPages"></span>',
    )}</div>`
  },
}
