/**
 * `notion-page` (A4): a Notion page exported to PDF: a coloured page icon, a big title, page
 * properties as glyph + name + value rows (Role, Location, Email, Phone, Links), a grey callout with
 * the summary, Experience as a database table Company | Role | Dates | Location (a current job is
 * an open range `Mar 2019 →`), toggles of highlights per company, Education as a gallery of cards,
 * skills as coloured tags, languages as checked to-dos; localised headings (seventh blind set,
 * moved in once measured).
 */
import {
  degreeText,
  displayUrl,
  esc,
  HEADINGS,
  locationText,
  MONTH_ABBREVIATIONS,
  namedDate,
  page,
  skillList,
} from '../kit.ts'
import type { DateStyle, Lang, Layout } from '../kit.ts'
import { bullets, linkUrls } from './parts.ts'

/** "Mar 2019 → Jun 2021", and an open range "Mar 2019 →" for a current job. */
export const notionDates: DateStyle = {
  yearsOnly: false,
  range: (start, end, lang) => {
    const write = (d: string) => namedDate(d, lang, MONTH_ABBREVIATIONS)
    if (!start) return end ? write(end) : ''
    return end ? `${write(start)} → ${write(end)}` : `${write(start)} →`
  },
}

/** Property and column names: role, location, email, phone, links, company, dates, skills. */
const NOTION: Record<Lang, string[]> = {
  en: ['Role', 'Location', 'Email', 'Phone', 'Links', 'Company', 'Dates', 'Skills'],
  de: ['Rolle', 'Ort', 'E-Mail', 'Telefon', 'Links', 'Firma', 'Zeitraum', 'Skills'],
  fr: ['Rôle', 'Lieu', 'E-mail', 'Téléphone', 'Liens', 'Entreprise', 'Dates', 'Compétences'],
  es: ['Rol', 'Ubicación', 'Email', 'Teléfono', 'Enlaces', 'Empresa', 'Fechas', 'Habilidades'],
}
const TAGS = ['#fdecc8', '#dbeddb', '#d3e5ef', '#e8deee', '#f5e0e9', '#fadec9']

export const notionPage: Layout = {
  name: 'notion-page',
  paper: 'A4',
  dates: notionDates,
  render(person) {
    const b = person.basics
    const h = HEADINGS[person.lang]
    const [role, where, email, phone, links, company, dates, skills] = NOTION[person.lang]
    const props = [
      ['≡', role, b.label],
      ['◎', where, locationText(person)],
      ['@', email, b.email],
      ['✆', phone, b.phone],
      [
        '↗',
        links,
        linkUrls(person)
          .map((url) => displayUrl(url))
          .join(', '),
      ],
    ]
      .filter(([, , value]) => value)
      .map(
        ([glyph, k, v]) =>
          `<tr><td class="pk"><span class="g">${glyph}</span>${esc(k ?? '')}</td><td>${esc(v ?? '')}</td></tr>`,
      )
      .join('')
    const rows = person.work
      .map(
        (job) =>
          `<tr><td><b>${esc(job.name ?? '')}</b></td><td>${esc(job.position ?? '')}</td><td>${esc(notionDates.range(job.startDate, job.endDate, person.lang))}</td><td>${esc(job.location ?? '')}</td></tr>`,
      )
      .join('')
    const toggles = person.work
      .filter((job) => job.highlights?.length)
      .map((job) => `<div class="tg">▾ ${esc(job.name ?? '')}</div>${bullets(job.highlights)}`)
      .join('')
    const gallery = person.education
      .map(
        (school) =>
          `<div class="gc"><div class="cover"></div><div class="gb"><b>${esc(school.institution ?? '')}</b><div>${esc(degreeText(school.studyType, school.area, person.lang))}</div><div class="mut">${esc(school.endDate?.slice(0, 4) ?? '')}</div></div></div>`,
      )
      .join('')
    const tags = skillList(person)
      .map(
        (skill, i) =>
          `<span class="tag" style="background:${TAGS[i % TAGS.length]}">${esc(skill)}</span>`,
      )
      .join('')
    const spoken = person.languages?.length
      ? `<h2>${esc(h.languages)}</h2>${person.languages.map((l) => `<div>☑ ${esc(l.language)} — ${esc(l.fluency ?? '')}</div>`).join('')}`
      : ''
    return page(
      person.lang,
      `@page { margin: 18mm 20mm; } body { font-family: 'DejaVu Sans'; font-size: 9.2pt; color: #37352f; line-height: 1.45; }
       .icon { width: 38pt; height: 38pt; border-radius: 6pt; background: #eb5757; margin-bottom: 6pt; } h1 { font-size: 26pt; margin: 0 0 8pt; }
       table.props td { padding: 2pt 8pt 2pt 0; vertical-align: top; } .pk { color: #787774; width: 34mm; } .g { display: inline-block; width: 14pt; }
       .callout { background: #f1f1ef; border-radius: 4pt; padding: 8pt 10pt; margin: 10pt 0; }
       h2 { font-size: 14pt; margin: 16pt 0 6pt; font-weight: bold; }
       table.db { width: 100%; border-collapse: collapse; font-size: 9pt; } table.db th { text-align: left; color: #787774; font-weight: normal; border-bottom: 1px solid #e9e9e7; padding: 3pt 6pt; }
       table.db td { border-bottom: 1px solid #e9e9e7; border-right: 1px solid #e9e9e7; padding: 4pt 6pt; } table.db td:last-child { border-right: none; }
       .tg { margin-top: 6pt; font-weight: bold; } ul { margin: 2pt 0 0; padding-left: 22pt; }
       .gal { display: flex; flex-wrap: wrap; gap: 8pt; } .gc { width: 48%; border: 1px solid #e9e9e7; border-radius: 4pt; overflow: hidden; } .cover { height: 18pt; background: #d3e5ef; } .gb { padding: 6pt 8pt; } .mut { color: #787774; }
       .tag { display: inline-block; border-radius: 3pt; padding: 0 5pt; margin: 0 4pt 4pt 0; }`,
      `<div class="icon"></div><h1>${esc(b.name ?? '')}</h1>
       <table class="props">${props}</table>
       <div class="callout"> ${esc(b.summary ?? '')}</div>
       <h2>${esc(h.experience)}</h2>
       <table class="db"><tr><th>Aa ${esc(company ?? '')}</th><th>≡ ${esc(role ?? '')}</th><th>▦ ${esc(dates ?? '')}</th><th>◎ ${esc(where ?? '')}</th></tr>${rows}</table>
       ${toggles}
       <h2>${esc(h.education)}</h2><div class="gal">${gallery}</div>
       <h2>${esc(skills ?? h.skills)}</h2><div>${tags}</div>
       ${spoken}`,
    )
  },
}
