/**
 * `newspaper` (Letter): a broadsheet front page: the name as the masthead over a double rule, a
 * dateline strip of contact items in capitals (city, phone, email, URLs), the label as the lead
 * headline with the summary under it and a drop cap, then three CSS columns (`column-count: 3`,
 * text flowing from one column into the next, column rules): each job an "article" with the
 * position as the headline, an italic `Company — City` dek and an upper-case dateline
 * `MAR 2019 — PRESENT`, the highlights as one paragraph; education, skills (joined by `■`) and
 * languages as boxed notices; localised section labels (ninth blind set, moved in once measured).
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
import type { Lang, Layout } from '../kit.ts'
import { linkUrls, monthRanges } from './parts.ts'

const year = (date: string) => date.slice(0, 4)

/** "Mar 2019 — present", "Okt. 2016 — Sept. 2019" (the dateline shows them in capitals). */
export const newspaperDates = monthRanges(
  (d, lang) => namedDate(d, lang, MONTH_ABBREVIATIONS),
  (lang) => HEADINGS[lang].present.toLowerCase(),
  ' — ',
)

const SECTIONS: Record<Lang, { edition: string; notices: string; classifieds: string }> = {
  en: {
    edition: 'Career Edition',
    notices: 'Education notices',
    classifieds: 'Classifieds: skills',
  },
  de: { edition: 'Karriere-Ausgabe', notices: 'Bildung', classifieds: 'Anzeigen: Kenntnisse' },
  fr: {
    edition: 'Édition carrière',
    notices: 'Formation',
    classifieds: 'Petites annonces : compétences',
  },
  es: {
    edition: 'Edición profesional',
    notices: 'Formación',
    classifieds: 'Clasificados: habilidades',
  },
}

export const newspaper: Layout = {
  name: 'newspaper',
  paper: 'Letter',
  dates: newspaperDates,
  render(person) {
    const b = person.basics
    const h = HEADINGS[person.lang]
    const s = SECTIONS[person.lang]
    const strip = [
      locationText(person),
      b.phone,
      b.email,
      ...linkUrls(person).map((u) => displayUrl(u)),
    ]
      .filter(Boolean)
      .map((x) => esc(x ?? ''))
    const jobs = person.work
      .map(
        (job) => `<div class="art"><h3>${esc(job.position ?? '')}</h3>
          <div class="dek">${esc(job.name ?? '')}${job.location ? ` — ${esc(job.location)}` : ''}</div>
          <div class="dl">${esc(newspaperDates.range(job.startDate, job.endDate, person.lang))}</div>
          ${job.highlights?.length ? `<p>${job.highlights.map(esc).join('. ')}.</p>` : ''}</div>`,
      )
      .join('')
    const schools = person.education
      .map(
        (school) =>
          `<p><b>${esc(school.institution ?? '')}</b><br>${esc(degreeText(school.studyType, school.area, person.lang))}${school.endDate ? ` (${year(school.endDate)})` : ''}</p>`,
      )
      .join('')
    const spoken = person.languages?.length
      ? `<div class="box"><div class="sec">${esc(h.languages)}</div><p>${person.languages.map((l) => `${esc(l.language)} — ${esc(l.fluency ?? '')}`).join('<br>')}</p></div>`
      : ''
    return page(
      person.lang,
      `@page { margin: 0.5in 0.55in; } body { font-family: 'DejaVu Serif'; font-size: 9pt; color: #111; line-height: 1.38; }
       .mast { text-align: center; border-bottom: 3px double #111; padding-bottom: 3pt; } .mast h1 { font-size: 34pt; margin: 0; letter-spacing: 1px; }
       .strip { display: flex; flex-wrap: wrap; justify-content: center; gap: 1pt 14pt; font-size: 7.8pt; border-bottom: 1px solid #111; padding: 2pt 0; margin-bottom: 8pt; text-transform: uppercase; }
       .lead h2 { font-size: 15pt; margin: 0 0 3pt; } .lead p { font-size: 10.5pt; margin: 0 0 8pt; }
       .lead p::first-letter { float: left; font-size: 30pt; line-height: 0.9; padding: 2pt 3pt 0 0; font-weight: bold; }
       .cols { column-count: 3; column-gap: 14pt; column-rule: 1px solid #999; border-top: 1px solid #111; padding-top: 6pt; }
       .sec { font-size: 8pt; letter-spacing: 2px; text-transform: uppercase; border-bottom: 1px solid #111; margin: 0 0 4pt; }
       .art { margin-bottom: 8pt; } h3 { font-size: 11.5pt; margin: 0; line-height: 1.15; } .dek { font-style: italic; } .dl { font-size: 7.8pt; text-transform: uppercase; color: #444; margin-bottom: 2pt; }
       p { margin: 0 0 5pt; text-align: justify; } .box { border: 1px solid #111; padding: 4pt 6pt; margin: 6pt 0; break-inside: avoid; }`,
      `<div class="mast"><h1>${esc(b.name ?? '')}</h1></div>
       <div class="strip">${strip.map((x) => `<span>${x}</span>`).join('')}</div>
       <div class="lead"><h2>${esc(b.label ?? '')}</h2><p>${esc(b.summary ?? '')}</p></div>
       <div class="cols">
         <div class="sec">${esc(h.experience)} · ${esc(s.edition)}</div>${jobs}
         <div class="box"><div class="sec">${esc(s.notices)}</div>${schools}</div>
         <div class="box"><div class="sec">${esc(s.classifieds)}</div><p>${skillList(person).map(esc).join(' ■ ')}</p></div>
         ${spoken}
       </div>`,
    )
  },
}
