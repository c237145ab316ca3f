/**
 * `cv-nordic` (A4): a Scandinavian CV: a narrow left column of labels or years beside the body,
 * "Personal details" as Phone / Email / Address / Web rows, jobs as `2019–2021` | **Company**,
 * City / Title / duties as prose (no bullets), a current job an open range `2020–`; years only, so
 * the expected dates are years (fifth blind set, moved in once measured).
 */
import { degreeText, esc, page, skillList } from '../kit.ts'
import type { DateStyle, Lang, Layout } from '../kit.ts'
import { contactItems } from './parts.ts'

const year = (date: string) => date.slice(0, 4)

/** "2019–2021"; a current job is an open range "2020–". */
export const openYearsDates: DateStyle = {
  yearsOnly: true,
  range: (start, end) => (start ? `${year(start)}–${end ? year(end) : ''}` : end ? year(end) : ''),
}

const WORDS: Record<Lang, string[]> = {
  en: [
    'Work experience',
    'Education',
    'Skills',
    'Languages',
    'Personal details',
    'Phone',
    'Email',
    'Address',
    'Web',
  ],
  de: [
    'Berufserfahrung',
    'Ausbildung',
    'Kenntnisse',
    'Sprachen',
    'Persönliche Angaben',
    'Telefon',
    'E-Mail',
    'Wohnort',
    'Web',
  ],
  fr: [
    'Expérience',
    'Formation',
    'Compétences',
    'Langues',
    'Coordonnées',
    'Téléphone',
    'Courriel',
    'Ville',
    'Web',
  ],
  es: [
    'Experiencia laboral',
    'Formación',
    'Conocimientos',
    'Idiomas',
    'Datos personales',
    'Teléfono',
    'Correo',
    'Ciudad',
    'Web',
  ],
}

const row = (left: string, right: string) =>
  `<div class="r"><div class="l">${left}</div><div class="b">${right}</div></div>`

export const cvNordic: Layout = {
  name: 'cv-nordic',
  paper: 'A4',
  dates: openYearsDates,
  render(person) {
    const b = person.basics
    const [work, education, skills, languages, details, ...labels] = WORDS[person.lang]
    const [phone, email, address, web] = labels as [string, string, string, string]
    const range = (start?: string, end?: string) =>
      esc(openYearsDates.range(start, end, person.lang))
    const jobs = person.work
      .map((job) =>
        row(
          range(job.startDate, job.endDate),
          `<div><b>${esc(job.name ?? '')}</b>${job.location ? `, ${esc(job.location)}` : ''}</div><div>${esc(job.position ?? '')}</div>${job.highlights?.length ? `<p>${job.highlights.map((x) => esc(x.replace(/\.$/, ''))).join('. ')}.</p>` : ''}`,
        ),
      )
      .join('')
    const schools = person.education
      .map((school) =>
        row(
          range(school.startDate, school.endDate),
          `<div><b>${esc(school.institution ?? '')}</b></div><div>${esc(degreeText(school.studyType, school.area, person.lang))}</div>`,
        ),
      )
      .join('')
    // Phone first, then email, address and every link, each behind its label.
    const label = { phone, email, location: address, link: web }
    const order = ['phone', 'email', 'location', 'link'] as const
    const items = contactItems(person)
    const personal = order
      .flatMap((kind) => items.filter((i) => i.kind === kind))
      .map((i) => row(label[i.kind], esc(i.text)))
      .join('')
    const spoken = person.languages?.length
      ? `<h2>${languages}</h2>${person.languages.map((l) => row(esc(l.language), esc(l.fluency ?? ''))).join('')}`
      : ''
    return page(
      person.lang,
      `@page { margin: 20mm 22mm; } body { font-family: 'Liberation Sans'; font-size: 9.6pt; color: #222; line-height: 1.35; }
       h1 { font-weight: normal; font-size: 22pt; margin: 0; } .lab { color: #666; margin-bottom: 10pt; }
       h2 { font-size: 9pt; font-weight: bold; text-transform: uppercase; letter-spacing: 2px; color: #444; margin: 14pt 0 6pt; }
       .r { display: flex; margin-bottom: 6pt; } .l { width: 28mm; flex: none; color: #555; } .b { flex: 1; } p { margin: 2pt 0 0; }`,
      `<h1>${esc(b.name ?? '')}</h1><div class="lab">${esc(b.label ?? '')}</div>
       <h2>${details}</h2>${personal}
       <p style="margin: 8pt 0 0 28mm">${esc(b.summary ?? '')}</p>
       <h2>${work}</h2>${jobs}<h2>${education}</h2>${schools}
       <h2>${skills}</h2>${row('', skillList(person).map(esc).join(', '))}
       ${spoken}`,
    )
  },
}
