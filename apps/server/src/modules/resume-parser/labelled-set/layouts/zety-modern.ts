/**
 * `zety-modern` (Letter): a resume-builder (Zety / ResumeGenius) "modern" template: a dark navy
 * left column full height with the initials in a circle, "Contact" as label / value pairs
 * (Address, Phone, E-mail, Links), skills with a level word (Excellent / Very Good / Good),
 * languages; the main column has name, label, summary, then each job as the title bold, the dates
 * "2019-03 - Current" under it, "Company, City" in blue and bullets. Headings in the person's
 * language (third blind set, moved in once measured).
 */
import { degreeText, displayUrl, esc, locationText, page, skillList } from '../kit.ts'
import type { Lang, Layout } from '../kit.ts'
import { bullets, linkUrls, monthRanges } from './parts.ts'

const CURRENT: Record<Lang, string> = { en: 'Current', de: 'Aktuell', fr: 'Actuel', es: 'Actual' }

/** "2019-03", or the year alone for a year-only date. */
const iso = (date: string) => date.slice(0, 7)

/** "2019-03 - 2021-08", "2019-03 - Current". */
export const zetyDates = monthRanges(iso, (lang) => CURRENT[lang], ' - ')

const WORDS: Record<Lang, string[]> = {
  en: ['Professional Summary', 'Work History', 'Education', 'Skills', 'Contact', 'Languages'],
  de: ['Profil', 'Berufserfahrung', 'Ausbildung', 'Kenntnisse', 'Kontakt', 'Sprachen'],
  fr: [
    'Profil professionnel',
    'Parcours professionnel',
    'Formation',
    'Compétences',
    'Contact',
    'Langues',
  ],
  es: ['Resumen profesional', 'Historial laboral', 'Formación', 'Aptitudes', 'Contacto', 'Idiomas'],
}

const LABELS: Record<Lang, string[]> = {
  en: ['Address', 'Phone', 'E-mail', 'Links'],
  de: ['Adresse', 'Telefon', 'E-Mail', 'Links'],
  fr: ['Adresse', 'Téléphone', 'E-mail', 'Liens'],
  es: ['Dirección', 'Teléfono', 'Correo', 'Enlaces'],
}

const LEVELS = ['Excellent', 'Very Good', 'Good']

export const zetyModern: Layout = {
  name: 'zety-modern',
  paper: 'Letter',
  dates: zetyDates,
  render(person) {
    const b = person.basics
    const [summary, work, education, skills, contact, languages] = WORDS[person.lang]
    const [address, phone, email, links] = LABELS[person.lang]
    const range = (start?: string, end?: string) => esc(zetyDates.range(start, end, person.lang))
    const initials = (b.name ?? '')
      .split(' ')
      .map((word) => word[0])
      .join('')
    const urls = linkUrls(person)
    const side = [
      locationText(person) && `<h4>${address}</h4><p>${esc(locationText(person))}</p>`,
      b.phone && `<h4>${phone}</h4><p>${esc(b.phone)}</p>`,
      b.email && `<h4>${email}</h4><p>${esc(b.email)}</p>`,
      urls.length && `<h4>${links}</h4>${urls.map((u) => `<p>${esc(displayUrl(u))}</p>`).join('')}`,
    ]
      .filter(Boolean)
      .join('')
    const entry = (title: string, dates: string, where: string, extra = '') =>
      `<div class="e"><div class="t">${title}</div><div class="d">${dates}</div><div class="co">${where}</div>${extra}</div>`
    const jobs = person.work
      .map((job) =>
        entry(
          esc(job.position ?? ''),
          range(job.startDate, job.endDate),
          `${esc(job.name ?? '')}${job.location ? `, ${esc(job.location)}` : ''}`,
          bullets(job.highlights),
        ),
      )
      .join('')
    const schools = person.education
      .map((s) =>
        entry(
          esc(degreeText(s.studyType, s.area, person.lang)),
          range(s.startDate, s.endDate),
          esc(s.institution ?? ''),
        ),
      )
      .join('')
    const skillRows = skillList(person)
      .map(
        (s, i) =>
          `<div class="sk"><span>${esc(s)}</span><span class="lv">${LEVELS[i % 3]}</span></div>`,
      )
      .join('')
    const spoken = person.languages?.length
      ? `<h3>${languages}</h3>${person.languages.map((l) => `<p>${esc(l.language)} – ${esc(l.fluency ?? '')}</p>`).join('')}`
      : ''
    return page(
      person.lang,
      `@page { margin: 0; size: letter; } body { margin: 0; font-family: 'Liberation Sans'; font-size: 9.5pt; color: #333; }
       .wrap { display: flex; min-height: 11in; } aside { width: 2.55in; background: #1f2a3a; color: #e8ecf2; padding: 0.45in 0.25in; box-sizing: border-box; }
       .ini { width: 0.9in; height: 0.9in; border: 2px solid #e8ecf2; border-radius: 50%; display: flex; align-items: center; justify-content: center; font-size: 24pt; margin: 0 auto 12pt; }
       aside h3 { font-size: 10.5pt; text-transform: uppercase; letter-spacing: 1px; border-bottom: 1px solid #5b6b80; padding-bottom: 3pt; margin: 14pt 0 6pt; }
       aside h4 { font-size: 8.5pt; margin: 6pt 0 1pt; color: #9fb3c8; } aside p { margin: 0 0 2pt; font-size: 8pt; overflow-wrap: anywhere; }
       main { flex: 1; padding: 0.45in 0.4in; } h1 { font-size: 26pt; margin: 0; color: #1f2a3a; } .lab { font-size: 12pt; color: #4a90c2; margin-bottom: 10pt; }
       h2 { font-size: 12pt; text-transform: uppercase; letter-spacing: 1px; color: #1f2a3a; border-bottom: 2px solid #4a90c2; padding-bottom: 2pt; margin: 14pt 0 6pt; }
       .e { margin-bottom: 9pt; } .t { font-weight: bold; font-size: 10.5pt; } .d { font-size: 8.5pt; color: #777; } .co { color: #4a90c2; }
       ul { margin: 2pt 0 0; padding-left: 13pt; } .sk { display: flex; justify-content: space-between; font-size: 8.5pt; margin: 2pt 0; } .lv { color: #9fb3c8; }`,
      `<div class="wrap"><aside><div class="ini">${esc(initials)}</div><h3>${contact}</h3>${side}<h3>${skills}</h3>${skillRows}${spoken}</aside>
       <main><h1>${esc(b.name ?? '')}</h1><div class="lab">${esc(b.label ?? '')}</div>
       <h2>${summary}</h2><p>${esc(b.summary ?? '')}</p><h2>${work}</h2>${jobs}<h2>${education}</h2>${schools}</main></div>`,
    )
  },
}
