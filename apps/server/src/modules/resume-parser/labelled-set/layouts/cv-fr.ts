/**
 * `cv-fr`: a French CV (A4, sans): French headings whatever the person's language ("Expériences
 * professionnelles", "Formation", "Compétences", "Langues", "Centres d'intérêt"), each job a
 * one-liner "2018 – 2021 : Poste, Entreprise (Ville)" or "Depuis 2020 : …" with "–" bullets
 * below; contact under the name separated by "·". Years only.
 */
import { degreeText, esc, page } from '../kit.ts'
import type { Layout } from '../kit.ts'
import { contactItems, frenchYearsStyle } from './parts.ts'

export const cvFr: Layout = {
  name: 'cv-fr',
  paper: 'A4',
  dates: frenchYearsStyle,
  render(person) {
    const b = person.basics
    const range = (start?: string, end?: string) =>
      esc(frenchYearsStyle.range(start, end, person.lang))
    const work = person.work
      .map(
        (job) =>
          `<p class="l"><b>${range(job.startDate, job.endDate)} :</b> ${esc(job.position ?? '')}, ${esc(job.name ?? '')}${
            job.location ? ` (${esc(job.location)})` : ''
          }</p>${(job.highlights ?? []).map((l) => `<p class="t">– ${esc(l)}</p>`).join('')}`,
      )
      .join('')
    const education = person.education
      .map(
        (s) =>
          `<p class="l"><b>${esc(s.endDate?.slice(0, 4) ?? '')} :</b> ${esc(degreeText(s.studyType, s.area, person.lang))} – ${esc(s.institution ?? '')}</p>`,
      )
      .join('')
    const skills = person.skills
      .map((g) => `<p class="t">– ${(g.keywords ?? [g.name]).map(esc).join(', ')}</p>`)
      .join('')
    return page(
      person.lang,
      `@page { margin: 15mm 18mm; } body { font-family: 'DejaVu Sans'; font-size: 9.5pt; line-height: 1.4; color: #222; }
       h1 { font-size: 19pt; margin: 0; color: #2a4d69; } .label { font-size: 11pt; margin: 2pt 0; }
       .contact { font-size: 8.5pt; color: #444; } a { color: inherit; text-decoration: none; }
       h2 { font-size: 10.5pt; text-transform: uppercase; color: #fff; background: #2a4d69; padding: 2pt 6pt; margin: 12pt 0 5pt; }
       p { margin: 0; } .l { margin-top: 4pt; } .t { padding-left: 14pt; }`,
      `<h1>${esc(b.name ?? '')}</h1><div class="label">${esc(b.label ?? '')}</div>
       <div class="contact">${contactItems(person)
         .map((c) =>
           c.url && c.kind === 'link' ? `<a href="${esc(c.url)}">${esc(c.text)}</a>` : esc(c.text),
         )
         .join(' · ')}</div>
       <h2>Profil</h2><p>${esc(b.summary ?? '')}</p>
       <h2>Expériences professionnelles</h2>${work}
       <h2>Formation</h2>${education}
       <h2>Compétences</h2>${skills}
       ${person.languages?.length ? `<h2>Langues</h2><p>${person.languages.map((l) => `${esc(l.language)} : ${esc(l.fluency ?? '')}`).join(' ; ')}</p>` : ''}
       <h2>Centres d'intérêt</h2><p>Randonnée, lecture, bénévolat</p>`,
    )
  },
}
