/**
 * `canva-cards`: a Canva-style design (A4): a coloured header with the initials in a circle, the
 * name and label; two columns of rounded cards with a small icon before each heading (contact with
 * icons, skills as tags, languages with rating dots on the left; experience and education on the
 * right); upper-case dates ("MAY 2019 – NOW").
 */
import { degreeText, esc, HEADINGS, page, skillList } from '../kit.ts'
import type { Layout } from '../kit.ts'
import { contactItems, dots, icon, upperStyle } from './parts.ts'

const INK = '#7c3aed'

export const canvaCards: Layout = {
  name: 'canva-cards',
  paper: 'A4',
  dates: upperStyle,
  render(person) {
    const h = HEADINGS[person.lang]
    const b = person.basics
    const range = (start?: string, end?: string) => esc(upperStyle.range(start, end, person.lang))
    const initials = (b.name ?? '')
      .split(' ')
      .map((w) => w[0])
      .join('')
      .slice(0, 2)
    const card = (title: string, body: string) =>
      `<div class="card"><h2><span class="dot">${icon('link', '#fff', 7)}</span>${esc(title)}</h2>${body}</div>`
    const contact = contactItems(person)
      .map(
        (c) =>
          `<p>${icon(c.kind, INK, 9)} ${c.url ? `<a href="${esc(c.url)}">${esc(c.text)}</a>` : esc(c.text)}</p>`,
      )
      .join('')
    const tags = skillList(person)
      .map((s) => `<span class="tag">${esc(s)}</span>`)
      .join('')
    const languages = (person.languages ?? [])
      .map(
        (l, i) =>
          `<p class="lang"><span>${esc(l.language)}</span><span class="dots">${dots(i, '●', '○')}</span></p>`,
      )
      .join('')
    const work = person.work
      .map(
        (job) =>
          `<div class="e"><div class="when">${range(job.startDate, job.endDate)}</div><div class="pos">${esc(job.position ?? '')}</div>
           <div class="co">${esc(job.name ?? '')}${job.location ? ` · ${esc(job.location)}` : ''}</div>${
             job.highlights?.length
               ? `<ul>${job.highlights.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`
               : ''
           }</div>`,
      )
      .join('')
    const education = person.education
      .map(
        (s) =>
          `<div class="e"><div class="when">${range(s.startDate, s.endDate)}</div><div class="pos">${esc(degreeText(s.studyType, s.area, person.lang))}</div><div class="co">${esc(s.institution ?? '')}</div></div>`,
      )
      .join('')
    return page(
      person.lang,
      `@page { margin: 0; } body { margin: 0; font-family: 'DejaVu Sans'; font-size: 8.5pt; color: #27272a; background: #f4f0fb; }
       header { background: ${INK}; color: #fff; display: flex; align-items: center; padding: 9mm 12mm; }
       .circle { width: 22mm; height: 22mm; border-radius: 50%; background: #fff; color: ${INK}; font-size: 20pt; font-weight: bold;
         display: flex; align-items: center; justify-content: center; margin-right: 8mm; }
       h1 { margin: 0; font-size: 22pt; } .label { font-size: 10pt; opacity: .85; }
       .cols { display: flex; gap: 6mm; padding: 7mm 10mm; } .left { width: 64mm; } .right { flex: 1; }
       .card { background: #fff; border-radius: 4mm; padding: 4mm 5mm; margin-bottom: 5mm; }
       h2 { font-size: 10pt; margin: 0 0 4pt; color: ${INK}; display: flex; align-items: center; }
       .dot { display: inline-flex; width: 13pt; height: 13pt; border-radius: 50%; background: ${INK}; align-items: center; justify-content: center; margin-right: 5pt; }
       p { margin: 0 0 3pt; } a { color: inherit; text-decoration: none; }
       .tag { display: inline-block; background: #ede9fe; color: #4c1d95; border-radius: 8pt; padding: 1pt 6pt; margin: 0 3pt 3pt 0; }
       .lang { display: flex; justify-content: space-between; } .dots { color: ${INK}; letter-spacing: 1px; }
       .e { margin-bottom: 6pt; } .when { font-size: 7.5pt; color: ${INK}; font-weight: bold; letter-spacing: .5px; }
       .pos { font-weight: bold; font-size: 9.5pt; } .co { color: #52525b; } ul { margin: 2pt 0 0; padding-left: 12pt; }`,
      `<header><div class="circle">${esc(initials)}</div><div><h1>${esc(b.name ?? '')}</h1><div class="label">${esc(b.label ?? '')}</div></div></header>
       <div class="cols"><div class="left">${card(h.contact, contact)}${card(h.skills, `<div>${tags}</div>`)}${
         languages ? card(h.languages, languages) : ''
       }</div><div class="right">${card(h.summary, `<p>${esc(b.summary ?? '')}</p>`)}${card(h.experience, work)}${card(
         h.education,
         education,
       )}</div></div>`,
    )
  },
}
