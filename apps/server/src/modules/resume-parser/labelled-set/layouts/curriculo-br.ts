/**
 * `curriculo-br` (A4): a Brazilian "Currículo", Portuguese capital headings with a green left bar:
 * the name centred in capitals, contact as centred `Endereço:` / `Telefone:` / `E-mail:` /
 * `<network>:` / `Site:` lines, "OBJETIVO", "RESUMO PROFISSIONAL", "FORMAÇÃO ACADÊMICA" first as
 * one-line bullets `Degree in Area – Institution – concluído em 2017`, then "EXPERIÊNCIA
 * PROFISSIONAL" with each job as `Company – City` bold over `Cargo:` / `Período:` / `Principais
 * atividades:` rows, "CONHECIMENTOS" and "IDIOMAS" as bullets (eighth blind set, moved in once
 * measured).
 */
import { degreeText, displayUrl, esc, locationText, page, profiles, skillList } from '../kit.ts'
import type { Layout } from '../kit.ts'
import { bullets, monthRanges } from './parts.ts'

const year = (date: string) => date.slice(0, 4)

const PT_MONTHS = [
  'jan',
  'fev',
  'mar',
  'abr',
  'mai',
  'jun',
  'jul',
  'ago',
  'set',
  'out',
  'nov',
  'dez',
]
const portugueseDate = (date: string) =>
  date.length >= 7 ? `${PT_MONTHS[Number(date.slice(5, 7)) - 1]}/${year(date)}` : year(date)

/** "mar/2019 – atual", "jan/2016 – fev/2020": Brazilian month/year in every language. */
export const brazilianDates = monthRanges(portugueseDate, () => 'atual')

export const curriculoBr: Layout = {
  name: 'curriculo-br',
  paper: 'A4',
  dates: brazilianDates,
  render(person) {
    const b = person.basics
    const contact = [
      ['Endereço', locationText(person)],
      ['Telefone', b.phone],
      ['E-mail', b.email],
      ...(b.url ? [['Site', displayUrl(b.url)]] : []),
      ...profiles(person).map((p) => [p.network ?? 'Perfil', displayUrl(p.url)]),
    ]
      .filter(([, value]) => value)
      .map(([k, v]) => `<div><b>${esc(k ?? '')}:</b> ${esc(v ?? '')}</div>`)
      .join('')
    const schools = person.education
      .map(
        (school) =>
          `<li>${esc(degreeText(school.studyType, school.area, person.lang))} – ${esc(school.institution ?? '')}${school.endDate ? ` – concluído em ${year(school.endDate)}` : ''}</li>`,
      )
      .join('')
    const jobs = person.work
      .map(
        (
          job,
        ) => `<div class="job"><div class="co">${esc(job.name ?? '')}${job.location ? ` – ${esc(job.location)}` : ''}</div>
          <div><b>Cargo:</b> ${esc(job.position ?? '')}</div>
          <div><b>Período:</b> ${esc(brazilianDates.range(job.startDate, job.endDate, person.lang))}</div>
          ${job.highlights?.length ? `<div><b>Principais atividades:</b></div>${bullets(job.highlights)}` : ''}</div>`,
      )
      .join('')
    const spoken = person.languages?.length
      ? `<h2>IDIOMAS</h2>${bullets(person.languages.map((l) => `${l.language}: ${l.fluency ?? ''}`))}`
      : ''
    return page(
      person.lang,
      `@page { margin: 18mm 20mm; } body { font-family: 'Liberation Sans'; font-size: 10pt; color: #222; line-height: 1.4; }
       h1 { text-align: center; font-size: 19pt; margin: 0 0 4pt; letter-spacing: 1px; } .contact { text-align: center; font-size: 9.5pt; margin-bottom: 6pt; }
       h2 { font-size: 10.5pt; margin: 13pt 0 5pt; padding-left: 6pt; border-left: 5px solid #009c3b; color: #0b3d91; }
       .job { margin-bottom: 8pt; } .co { font-weight: bold; font-size: 10.5pt; } ul { margin: 1pt 0 0; padding-left: 16pt; } p { margin: 0; }`,
      `<h1>${esc((b.name ?? '').toUpperCase())}</h1><div class="contact">${contact}</div>
       <h2>OBJETIVO</h2><p>${esc(b.label ?? '')}</p>
       <h2>RESUMO PROFISSIONAL</h2><p>${esc(b.summary ?? '')}</p>
       <h2>FORMAÇÃO ACADÊMICA</h2><ul>${schools}</ul>
       <h2>EXPERIÊNCIA PROFISSIONAL</h2>${jobs}
       <h2>CONHECIMENTOS</h2>${bullets(skillList(person))}
       ${spoken}`,
    )
  },
}
