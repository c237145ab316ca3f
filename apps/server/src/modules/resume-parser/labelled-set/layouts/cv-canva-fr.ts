/**
 * `cv-canva-fr` (A4): a Canva-style French "CV", French headings whatever the language: a
 * full-height dark teal left column (`position: fixed`, so on every page) with a round photo
 * placeholder (a silhouette), "CONTACT" rows behind small SVG icons, "COMPÉTENCES" as a bar chart
 * (every skill over a bar filled 60–95 %), "LANGUES"; the main column with the first name light
 * and the last name(s) bold in capitals, the label in spaced capitals, "PROFIL", "EXPÉRIENCES
 * PROFESSIONNELLES" with the dates in small coloured capitals above the position, French month
 * names for everyone (`OCTOBRE 2020 – AUJOURD'HUI`), `Company | City`, "FORMATION" with
 * `2012 – 2016`, the degree bold and the institution under it (tenth blind set, moved in once
 * measured).
 */
import { degreeText, esc, MONTHS, namedDate, page, skillList } from '../kit.ts'
import type { Layout } from '../kit.ts'
import { bullets, contactItems, icon, monthRanges, yearSpan } from './parts.ts'
import type { ContactKind } from './parts.ts'

/** "OCTOBRE 2020 – AUJOURD'HUI", "JANVIER 2016 – DÉCEMBRE 2016": French in every language. */
export const canvaDates = monthRanges(
  (d) => namedDate(d, 'fr', MONTHS).toUpperCase(),
  () => "AUJOURD'HUI",
)

/** The contact rows in the order Canva's template shows them: phone, email, city, links. */
const ORDER: ContactKind[] = ['phone', 'email', 'location', 'link']

const entry = (dates: string, head: string, sub: string, body = '') =>
  `<div class="e"><div class="d">${esc(dates)}</div><div class="pos">${esc(head)}</div><div class="co">${esc(sub)}</div>${body}</div>`

export const cvCanvaFr: Layout = {
  name: 'cv-canva-fr',
  paper: 'A4',
  dates: canvaDates,
  render(person) {
    const b = person.basics
    const [first, ...rest] = (b.name ?? '').split(' ')
    const contact = contactItems(person)
      .sort((x, y) => ORDER.indexOf(x.kind) - ORDER.indexOf(y.kind))
      .map(
        (item) =>
          `<div class="r">${icon(item.kind, '#f2b84b', 10)}<span>${esc(item.text)}</span></div>`,
      )
      .join('')
    const bars = skillList(person)
      .map(
        (skill, i) =>
          `<div class="sk"><div>${esc(skill)}</div><div class="bar"><div style="width:${95 - ((i * 7) % 36)}%"></div></div></div>`,
      )
      .join('')
    const jobs = person.work
      .map((job) =>
        entry(
          canvaDates.range(job.startDate, job.endDate, person.lang),
          job.position ?? '',
          [job.name, job.location].filter(Boolean).join(' | '),
          bullets(job.highlights),
        ),
      )
      .join('')
    const schools = person.education
      .map((school) =>
        entry(
          yearSpan(school.startDate, school.endDate),
          degreeText(school.studyType, school.area, 'fr'),
          school.institution ?? '',
        ),
      )
      .join('')
    const spoken = person.languages?.length
      ? `<h3>LANGUES</h3>${person.languages.map((l) => `<div class="r"><span>${esc(l.language ?? '')} : ${esc(l.fluency ?? '')}</span></div>`).join('')}`
      : ''
    return page(
      person.lang,
      `@page { size: A4; margin: 0; } body { margin: 0; font-family: 'DejaVu Sans'; font-size: 8.8pt; color: #2b2b2b; line-height: 1.4; }
       .bg { position: fixed; left: 0; top: 0; bottom: 0; width: 68mm; background: #23414d; }
       .wrap { display: flex; position: relative; } aside { width: 68mm; box-sizing: border-box; padding: 12mm 7mm; color: #eef3f4; flex: none; }
       main { flex: 1; padding: 14mm 12mm 10mm 10mm; }
       .ph { width: 34mm; height: 34mm; border-radius: 50%; background: #cfd8dc; margin: 0 auto 8mm; overflow: hidden; border: 2.5pt solid #f2b84b; }
       aside h3 { font-size: 10pt; letter-spacing: 2px; border-bottom: 1px solid #f2b84b; padding-bottom: 2pt; margin: 10pt 0 5pt; }
       .r { display: flex; gap: 5pt; align-items: flex-start; margin-bottom: 3pt; overflow-wrap: anywhere; } .r svg { flex: none; margin-top: 2pt; }
       .sk { margin-bottom: 4pt; } .bar { height: 4pt; background: #3f6373; border-radius: 2pt; margin-top: 1pt; } .bar div { height: 100%; background: #f2b84b; border-radius: 2pt; }
       h1 { margin: 0; font-size: 25pt; line-height: 1.1; color: #23414d; } h1 .f { font-weight: normal; } h1 .n { text-transform: uppercase; }
       .lab { color: #b07a12; letter-spacing: 2px; text-transform: uppercase; margin: 3pt 0 6pt; }
       h2 { font-size: 11pt; color: #23414d; letter-spacing: 1.5px; margin: 12pt 0 5pt; } h2::after { content: ''; display: block; width: 16mm; height: 2pt; background: #f2b84b; margin-top: 2pt; }
       .e { margin-bottom: 7pt; } .d { font-size: 7.6pt; color: #b07a12; font-weight: bold; letter-spacing: 0.5px; } .pos { font-weight: bold; font-size: 9.6pt; }
       .co { color: #5b6b73; } ul { margin: 2pt 0 0; padding-left: 12pt; } p { margin: 0; }`,
      `<div class="bg"></div><div class="wrap"><aside>
         <div class="ph"><svg width="100%" height="100%" viewBox="0 0 100 100"><circle cx="50" cy="38" r="18" fill="#90a4ae"/><path d="M14 100c0-24 16-36 36-36s36 12 36 36z" fill="#90a4ae"/></svg></div>
         <h3>CONTACT</h3>${contact}
         <h3>COMPÉTENCES</h3>${bars}
         ${spoken}
       </aside><main>
         <h1><span class="f">${esc(first ?? '')}</span> <span class="n">${esc(rest.join(' '))}</span></h1><div class="lab">${esc(b.label ?? '')}</div>
         <h2>PROFIL</h2><p>${esc(b.summary ?? '')}</p>
         <h2>EXPÉRIENCES PROFESSIONNELLES</h2>${jobs}
         <h2>FORMATION</h2>${schools}
       </main></div>`,
    )
  },
}
