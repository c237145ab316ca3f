/**
 * `agency-profile` (A4): a recruitment agency's "Candidate Profile": a brand bar, a tinted cover
 * block (candidate, current role, contact rows, consultant), then an employment table
 * From | To | Employer | Position | Location with the duties in a row under each job, a
 * qualifications table and key skills joined by `•`; localised headings (sixth blind set, moved in
 * once measured).
 */
import { degreeText, esc, numericDate, page, skillList } from '../kit.ts'
import type { Lang, Layout } from '../kit.ts'
import { contactItems, monthRanges } from './parts.ts'

const TO_DATE: Record<Lang, string> = {
  en: 'to date',
  de: 'bis heute',
  fr: 'à ce jour',
  es: 'actualidad',
}

/** "03/2019 – to date", "05/2014 – 02/2017" (the table shows each end in its own column). */
export const agencyDates = monthRanges(
  (d) => numericDate(d),
  (lang) => TO_DATE[lang],
)

const WORDS: Record<Lang, string[]> = {
  en: [
    'Candidate Profile',
    'Candidate',
    'Current role',
    'Contact details',
    'Consultant',
    'Employment history',
    'From',
    'To',
    'Employer',
    'Position',
    'Location',
    'Qualifications',
    'Institution',
    'Qualification',
    'Completed',
    'Key skills',
    'Profile summary',
  ],
  de: [
    'Kandidatenprofil',
    'Kandidat/in',
    'Aktuelle Position',
    'Kontaktdaten',
    'Berater',
    'Beruflicher Werdegang',
    'Von',
    'Bis',
    'Arbeitgeber',
    'Position',
    'Ort',
    'Qualifikationen',
    'Einrichtung',
    'Abschluss',
    'Abgeschlossen',
    'Kernkompetenzen',
    'Kurzprofil',
  ],
  fr: [
    'Profil candidat',
    'Candidat(e)',
    'Poste actuel',
    'Coordonnées',
    'Consultant',
    'Parcours professionnel',
    'Du',
    'Au',
    'Employeur',
    'Poste',
    'Lieu',
    'Diplômes',
    'Établissement',
    'Diplôme',
    'Obtenu',
    'Compétences clés',
    'Résumé',
  ],
  es: [
    'Perfil del candidato',
    'Candidato/a',
    'Puesto actual',
    'Datos de contacto',
    'Consultor',
    'Trayectoria profesional',
    'Desde',
    'Hasta',
    'Empresa',
    'Puesto',
    'Lugar',
    'Titulaciones',
    'Centro',
    'Titulación',
    'Finalizado',
    'Competencias clave',
    'Resumen',
  ],
}

const CONTACT_LABEL = { email: 'E-mail', phone: 'Tel.', location: '', link: 'Web' }

export const agencyProfile: Layout = {
  name: 'agency-profile',
  paper: 'A4',
  dates: agencyDates,
  render(person) {
    const b = person.basics
    // title, candidate, current, contact, consultant, history, from, to, employer, position,
    // where, quals, inst, qual, done, key, summary
    const w = (index: number) => esc(WORDS[person.lang][index] ?? '')
    const now = person.work.find((job) => !job.endDate)
    const jobRows = person.work
      .map(
        (job) =>
          `<tr><td>${esc(job.startDate ? numericDate(job.startDate) : '')}</td><td>${esc(job.endDate ? numericDate(job.endDate) : TO_DATE[person.lang])}</td><td><b>${esc(job.name ?? '')}</b></td><td>${esc(job.position ?? '')}</td><td>${esc(job.location ?? '')}</td></tr>
          ${job.highlights?.length ? `<tr class="hl"><td colspan="2"></td><td colspan="3">${job.highlights.map(esc).join('; ')}</td></tr>` : ''}`,
      )
      .join('')
    const schoolRows = person.education
      .map(
        (school) =>
          `<tr><td>${esc(school.institution ?? '')}</td><td>${esc(degreeText(school.studyType, school.area, person.lang))}</td><td>${esc(school.endDate?.slice(0, 4) ?? '')}</td></tr>`,
      )
      .join('')
    const contactRows = contactItems(person)
      .map((i) => `<div><span class="k">${CONTACT_LABEL[i.kind]}</span> ${esc(i.text)}</div>`)
      .join('')
    return page(
      person.lang,
      `@page { margin: 16mm 18mm 18mm; } body { font-family: 'Liberation Sans'; font-size: 9.4pt; color: #1d1d1d; }
       .brand { display: flex; justify-content: space-between; align-items: center; border-bottom: 3px solid #6b2d8c; padding-bottom: 4pt; }
       .brand b { color: #6b2d8c; font-size: 13pt; letter-spacing: 3px; } .brand span { font-size: 8pt; color: #888; }
       .cover { background: #f3eef7; padding: 10pt 12pt; margin: 10pt 0 12pt; display: grid; grid-template-columns: 1.3fr 1fr; gap: 4pt 18pt; }
       .cover h1 { grid-column: 1 / 3; margin: 0 0 4pt; font-size: 15pt; color: #6b2d8c; font-weight: normal; }
       .lbl { font-size: 7.5pt; text-transform: uppercase; color: #6b2d8c; letter-spacing: 1px; } .big { font-size: 14pt; font-weight: bold; } .k { color: #777; display: inline-block; width: 34pt; }
       h2 { font-size: 10pt; color: #fff; background: #6b2d8c; padding: 2pt 6pt; margin: 12pt 0 4pt; }
       table { width: 100%; border-collapse: collapse; } th { text-align: left; font-size: 8pt; color: #6b2d8c; border-bottom: 1px solid #6b2d8c; padding: 2pt 4pt; }
       td { border-bottom: 1px solid #ddd; padding: 3pt 4pt; vertical-align: top; } tr.hl td { font-size: 8.4pt; color: #555; border-bottom: 1px solid #ddd; }
       p { margin: 0; } .foot { margin-top: 14pt; font-size: 7.5pt; color: #999; text-align: center; }`,
      `<div class="brand"><b>BRIDGEWELL TALENT</b><span>${w(0)} · Ref. ${esc(person.id.toUpperCase().slice(0, 6))}-26</span></div>
       <div class="cover"><h1>${w(0)}</h1>
         <div><div class="lbl">${w(1)}</div><div class="big">${esc(b.name ?? '')}</div><div>${esc(b.label ?? '')}</div>
           ${now ? `<div class="lbl" style="margin-top:6pt">${w(2)}</div><div>${esc(now.position ?? '')}, ${esc(now.name ?? '')}</div>` : ''}</div>
         <div><div class="lbl">${w(3)}</div>${contactRows}<div class="lbl" style="margin-top:6pt">${w(4)}</div><div>R. Okoye</div></div></div>
       <h2>${w(16)}</h2><p>${esc(b.summary ?? '')}</p>
       <h2>${w(5)}</h2><table><tr><th style="width:14%">${w(6)}</th><th style="width:14%">${w(7)}</th><th>${w(8)}</th><th>${w(9)}</th><th style="width:16%">${w(10)}</th></tr>${jobRows}</table>
       <h2>${w(11)}</h2><table><tr><th>${w(12)}</th><th>${w(13)}</th><th style="width:14%">${w(14)}</th></tr>${schoolRows}</table>
       <h2>${w(15)}</h2><p>${skillList(person).map(esc).join(' • ')}</p>
       <div class="foot">Presented in confidence by Bridgewell Talent. Please contact your consultant before approaching the candidate.</div>`,
    )
  },
}
