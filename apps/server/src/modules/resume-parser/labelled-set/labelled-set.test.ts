import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { evaluate, labelledResumes, type Parse } from '../evaluate.ts'
import { rates, sumCounts } from '../score.ts'
import { expectedResume } from './expected.ts'
import { abbreviatedStyle, numericStyle, wordyStyle, yearsStyle } from './kit.ts'
import type { Person } from './kit.ts'
import { LAYOUTS } from './layouts/index.ts'
import { linkedinDates } from './layouts/linkedin.ts'
import {
  academicStyle,
  currentStyle,
  dottedStyle,
  frenchYearsStyle,
  tableNumericStyle,
  tightYearsStyle,
  upperStyle,
} from './layouts/parts.ts'
import { creativeDates } from './layouts/creative.ts'
import { europassDates } from './layouts/europass.ts'
import { indeedDates } from './layouts/indeed.ts'
import { moderncvDates } from './layouts/moderncv-casual.ts'
import { novoresumeDates } from './layouts/novoresume.ts'
import { layoutCohort, loadPeople, PEOPLE_PER_LAYOUT, peopleFor } from './render.ts'
import { altaDates } from './layouts/altacv.ts'
import { federalDates } from './layouts/us-federal.ts'
import { zetyDates } from './layouts/zety-modern.ts'
import { coralDates } from './layouts/gdocs-coral.ts'
import { rirekishoDates } from './layouts/rirekisho.ts'
import { wordBanded } from './layouts/word-banded.ts'
import { agencyDates } from './layouts/agency-profile.ts'
import { dutchDates } from './layouts/cv-nl.ts'
import { pillDates } from './layouts/designer-cards.ts'
import { spanishDates } from './layouts/cv-es.ts'
import { plaintextDates } from './layouts/plaintext-ats.ts'
import { notionDates } from './layouts/notion-page.ts'
import { polishDates } from './layouts/cv-pl.ts'
import { brazilianDates } from './layouts/curriculo-br.ts'
import { markdownDates } from './layouts/markdown-readme.ts'
import { czechDates } from './layouts/zivotopis-cz.ts'
import { bioDates } from './layouts/narrative-bio.ts'
import { newspaperDates } from './layouts/newspaper.ts'
import { timelineDates } from './layouts/resumeio-timeline.ts'
import { canvaDates } from './layouts/cv-canva-fr.ts'

const here = import.meta.dirname
const people = loadPeople(join(here, 'people'))
const fixtures = join(here, '../fixtures')

describe('date styles', () => {
  it('writes the formats the set promises', () => {
    expect(abbreviatedStyle.range('2020-01', undefined, 'en')).toBe('Jan 2020 – Present')
    expect(numericStyle.range('2020-01', '2022-03', 'en')).toBe('01/2020 - 03/2022')
    expect(numericStyle.range('2021-04', undefined, 'de')).toBe('seit 04/2021')
    expect(wordyStyle.range('2018-03', '2020-06', 'en')).toBe('March 2018 to June 2020')
    expect(wordyStyle.range('2018-03', '2020-06', 'de')).toBe('März 2018 bis Juni 2020')
    expect(yearsStyle.range('2019-05', '2021-02', 'en')).toBe('2019 – 2021')
    expect(linkedinDates.range('2024-11', '2025-06', 'en')).toBe(
      'November 2024 - June 2025 (8 months)',
    )
    expect(abbreviatedStyle.range('2017', undefined, 'en')).toBe('2017 – Present')
  })

  it('writes the formats of the issue-15 layouts', () => {
    expect(tableNumericStyle.range('2019-03', undefined, 'en')).toBe('03/2019 – heute')
    expect(upperStyle.range('2019-05', undefined, 'en')).toBe('MAY 2019 – NOW')
    expect(dottedStyle.range('2018-01', '2020-05', 'en')).toBe('Jan. 2018 - May 2020')
    expect(currentStyle.range('2019-05', undefined, 'en')).toBe('May 2019 – Current')
    expect(tightYearsStyle.range('2019-05', '2022-01', 'en')).toBe('2019–2022')
    expect(tightYearsStyle.range('2019-05', undefined, 'en')).toBe('2019–now')
    expect(frenchYearsStyle.range('2020-02', undefined, 'fr')).toBe('Depuis 2020')
    expect(frenchYearsStyle.range('2018-02', '2021-03', 'en')).toBe('2018 – 2021')
    expect(academicStyle.range('2017-09', undefined, 'en')).toBe('2017–present')
    for (const style of [tightYearsStyle, frenchYearsStyle, academicStyle])
      expect(style.yearsOnly).toBe(true)
  })

  it('writes the formats of the layouts moved in from the blind sets', () => {
    expect(europassDates.range('2019-03', undefined, 'en')).toBe('03/2019 – CURRENT')
    expect(europassDates.range('2014-05', '2017-02', 'de')).toBe('05/2014 – 02/2017')
    expect(creativeDates.range('2019-03', undefined, 'en')).toBe('2019.03 → now')
    expect(creativeDates.range('2015-09', '2018-09', 'fr')).toBe('2015.09 → 2018.09')
    expect(moderncvDates.range('2017-09', '2021-02', 'en')).toBe('09.2017–02.2021')
    expect(moderncvDates.range('2021-09', undefined, 'en')).toBe('09.2021–today')
    expect(novoresumeDates.range('2019-05', undefined, 'en')).toBe('05/2019 - Present')
    expect(indeedDates.range('2019-05', undefined, 'en')).toBe('May 2019 to Present')
    expect(indeedDates.range('2019-04', undefined, 'es')).toBe('abril 2019 a la actualidad')
    expect(indeedDates.range('2018-03', '2020-06', 'de')).toBe('März 2018 bis Juni 2020')
    expect(zetyDates.range('2019-03', '2021-08', 'en')).toBe('2019-03 - 2021-08')
    expect(zetyDates.range('2019-03', undefined, 'de')).toBe('2019-03 - Aktuell')
    expect(altaDates.range('2019-03', undefined, 'en')).toBe('March 2019 – Ongoing')
    expect(altaDates.range('2018-03', '2020-06', 'fr')).toBe('mars 2018 – juin 2020')
    expect(federalDates.range('2019-03', undefined, 'es')).toBe('03/2019 to Present')
    expect(federalDates.range('2014-05', '2017-02', 'en')).toBe('05/2014 to 02/2017')
    expect(coralDates.range('2019-09', undefined, 'en')).toBe('SEPTEMBER 2019 - PRESENT')
    expect(coralDates.range('2021-04', undefined, 'de')).toBe('APRIL 2021 - HEUTE')
    expect(rirekishoDates.range('2017-09', '2018-12', 'en')).toBe('2017/9 – 2018/12')
    expect(rirekishoDates.range('2015', undefined, 'fr')).toBe('2015 – currently employed')
    expect(wordBanded.dates.range('2019-05', undefined, 'en')).toBe('May 2019 – Present')
    expect(wordBanded.dates.range('2021-04', undefined, 'de')).toBe('Apr. 2021 – heute')
    expect(agencyDates.range('2019-03', undefined, 'en')).toBe('03/2019 – to date')
    expect(agencyDates.range('2014', '2018', 'fr')).toBe('2014 – 2018')
    expect(dutchDates.range('2019-09', undefined, 'en')).toBe('sep. 2019 – heden')
    expect(dutchDates.range('2016-03', '2019-08', 'de')).toBe('mrt. 2016 – aug. 2019')
    expect(pillDates.range('2019-09', undefined, 'en')).toBe('09/19 – now')
    expect(pillDates.range('2014', '2018-01', 'es')).toBe('2014 – 01/18')
    expect(spanishDates.range('2019-03', undefined, 'en')).toBe('marzo 2019 – actualidad')
    expect(spanishDates.range('2016-01', '2020-02', 'de')).toBe('enero 2016 – febrero 2020')
    expect(plaintextDates.range('2019-03', undefined, 'en')).toBe('Mar 2019 -- Present')
    expect(plaintextDates.range('2018-05', '2021-12', 'de')).toBe('Mai 2018 -- Dez. 2021')
    expect(notionDates.range('2019-03', undefined, 'en')).toBe('Mar 2019 →')
    expect(notionDates.range('2016-01', '2020-02', 'fr')).toBe('janv. 2016 → févr. 2020')
    expect(polishDates.range('2019-03', undefined, 'en')).toBe('03.2019 – obecnie')
    expect(polishDates.range('2016-01', '2020-02', 'de')).toBe('01.2016 – 02.2020')
    expect(brazilianDates.range('2019-03', undefined, 'en')).toBe('mar/2019 – atual')
    expect(brazilianDates.range('2016-01', '2020-02', 'fr')).toBe('jan/2016 – fev/2020')
    expect(markdownDates.range('2019-03', undefined, 'en')).toBe('Mar 2019 – present')
    expect(markdownDates.range('2018-05', '2021-12', 'de')).toBe('Mai 2018 – Dez. 2021')
    expect(markdownDates.range('2020-09', undefined, 'fr')).toBe("sept. 2020 – aujourd'hui")
    expect(czechDates.range('2019-03', undefined, 'en')).toBe('březen 2019 – dosud')
    expect(czechDates.range('2016-01', '2020-02', 'de')).toBe('leden 2016 – únor 2020')
    expect(bioDates.range('2019-03', undefined, 'en')).toBe('Present: March 2019')
    expect(bioDates.range('2016-10', '2019-09', 'de')).toBe('Oktober 2016 – September 2019')
    expect(newspaperDates.range('2019-03', undefined, 'en')).toBe('Mar 2019 — present')
    expect(newspaperDates.range('2016-10', '2019-09', 'de')).toBe('Okt. 2016 — Sept. 2019')
    expect(timelineDates.range('2019-09', undefined, 'fr')).toBe('sept. 2019 – présent')
    expect(timelineDates.range('2019-08', undefined, 'de')).toBe('Aug. 2019 – heute')
    expect(canvaDates.range('2020-10', undefined, 'en')).toBe("OCTOBRE 2020 – AUJOURD'HUI")
    expect(canvaDates.range('2016-01', '2016-12', 'de')).toBe('JANVIER 2016 – DÉCEMBRE 2016')
  })
})

describe('people per layout', () => {
  it('keeps the first 26 people for the first 16 layouts and shows the later people in the later ones', () => {
    expect(people).toHaveLength(66)
    const firstCohort = people.filter((p) => p.cohort === undefined)
    expect(firstCohort).toHaveLength(26)
    expect(people.slice(0, 26)).toEqual(firstCohort)
    expect(people.filter((p) => p.cohort === 2)).toHaveLength(8)
    expect(people.slice(34, 38).every((p) => p.cohort === 3)).toBe(true)
    expect(people.slice(38, 42).every((p) => p.cohort === 4)).toBe(true)
    expect(people.slice(42, 46).map((p) => p.cohort)).toEqual([5, 5, 5, 5])
    expect(people.slice(46, 50).map((p) => p.cohort)).toEqual([6, 6, 6, 6])
    expect(people.slice(50, 54).map((p) => p.cohort)).toEqual([7, 7, 7, 7])
    expect(people.slice(54, 58).map((p) => p.cohort)).toEqual([8, 8, 8, 8])
    expect(people.slice(58, 62).map((p) => p.cohort)).toEqual([9, 9, 9, 9])
    expect(people.slice(62).map((p) => p.cohort)).toEqual([10, 10, 10, 10])
    const ofCohort = (cohort: number) =>
      new Set(people.filter((p) => p.cohort === cohort).map((p) => p.id))
    const [second, third, fourth, fifth, sixth, seventh, eighth, ninth, tenth] = [
      ofCohort(2),
      ofCohort(3),
      ofCohort(4),
      ofCohort(5),
      ofCohort(6),
      ofCohort(7),
      ofCohort(8),
      ofCohort(9),
      ofCohort(10),
    ]
    LAYOUTS.forEach((layout, index) => {
      const shown = peopleFor(people, index)
      expect(shown, layout.name).toHaveLength(PEOPLE_PER_LAYOUT)
      const count = (cohort: Set<string>) => shown.filter((p) => cohort.has(p.id)).length
      // From the seventh blind set's layouts on, five later cohorts leave room for three of cohort 2;
      // from the eighth's on, six leave room for one; from the ninth's on, none.
      expect(count(second), layout.name).toBe(
        index < 16 ? 0 : index < 34 ? 4 : index < 37 ? 3 : index < 40 ? 1 : 0,
      )
      // Cohort 3 came with the third blind set's layouts: the older ones keep their people. The
      // ninth's have room for one of them, the tenth's for none.
      expect(count(third), layout.name).toBe(index < 22 ? 0 : index < 40 ? 2 : index < 43 ? 1 : 0)
      // Cohort 4 came with the fourth blind set's layouts; the tenth's have room for one.
      expect(count(fourth), layout.name).toBe(index < 25 ? 0 : index < 43 ? 2 : 1)
      // Cohort 5 came with the fifth blind set's layouts.
      expect(count(fifth), layout.name).toBe(index < 28 ? 0 : 2)
      // Cohort 6 came with the sixth blind set's layouts.
      expect(count(sixth), layout.name).toBe(index < 31 ? 0 : 2)
      // Cohort 7 came with the seventh blind set's layouts.
      expect(count(seventh), layout.name).toBe(index < 34 ? 0 : 2)
      // Cohort 8 came with the eighth blind set's layouts.
      expect(count(eighth), layout.name).toBe(index < 37 ? 0 : 2)
      // Cohort 9 came with the ninth blind set's layouts.
      expect(count(ninth), layout.name).toBe(index < 40 ? 0 : 2)
      // Cohort 10 came with the tenth blind set's layouts.
      expect(count(tenth), layout.name).toBe(index < 43 ? 0 : 2)
    })
    expect(LAYOUTS.slice(22).map((l) => l.name)).toEqual([
      'zety-modern',
      'altacv',
      'us-federal',
      'gdocs-coral',
      'rirekisho',
      'word-banded',
      'enhancv-strengths',
      'student-onepage',
      'cv-nordic',
      'agency-profile',
      'cv-nl',
      'designer-cards',
      'cv-es',
      'plaintext-ats',
      'notion-page',
      'cv-pl',
      'curriculo-br',
      'markdown-readme',
      'zivotopis-cz',
      'narrative-bio',
      'newspaper',
      'word-chrono',
      'resumeio-timeline',
      'cv-canva-fr',
    ])
    expect(layoutCohort(21)).toBe(2)
    expect(layoutCohort(22)).toBe(3)
    expect(layoutCohort(24)).toBe(3)
    expect(layoutCohort(25)).toBe(4)
    expect(layoutCohort(27)).toBe(4)
    expect(layoutCohort(28)).toBe(5)
    expect(layoutCohort(30)).toBe(5)
    expect(layoutCohort(31)).toBe(6)
    expect(layoutCohort(33)).toBe(6)
    expect(layoutCohort(34)).toBe(7)
    expect(layoutCohort(36)).toBe(7)
    expect(layoutCohort(37)).toBe(8)
    expect(layoutCohort(39)).toBe(8)
    expect(layoutCohort(40)).toBe(9)
    expect(layoutCohort(42)).toBe(9)
    expect(layoutCohort(43)).toBe(10)
    expect(layoutCohort(45)).toBe(10)
  })
})

describe('expected output', () => {
  const maya = people.find((person) => person.id === 'maya-chen')!

  it('keeps months where the layout shows them and years where it does not; a current job has no end', () => {
    const plain = expectedResume(
      maya,
      LAYOUTS.find((l) => l.name === 'plain')!,
    )
    expect(plain.work[0]).toEqual({
      name: 'Stripe',
      position: 'Senior Software Engineer',
      startDate: '2021-03',
    })
    const sidebar = expectedResume(
      maya,
      LAYOUTS.find((l) => l.name === 'sidebar')!,
    )
    expect(sidebar.work[1]).toMatchObject({ startDate: '2017', endDate: '2021' })
    expect(sidebar.education[0]!.endDate).toBe('2017')
  })

  it("expects only the three skills LinkedIn's export shows", () => {
    const linkedin = expectedResume(
      maya,
      LAYOUTS.find((l) => l.name === 'linkedin')!,
    )
    expect(linkedin.skills.flatMap((group) => group.keywords)).toEqual(['Go', 'Python', 'Java'])
  })

  it('matches the committed fixtures (rerun render.ts after changing a person or a layout)', () => {
    expect(people.length).toBeGreaterThanOrEqual(24)
    LAYOUTS.forEach((layout, index) => {
      const shown: Person[] = peopleFor(people, index)
      const files = readdirSync(join(fixtures, layout.name)).sort()
      expect(files, layout.name).toEqual(
        shown.flatMap((p) => [`${p.id}.json`, `${p.id}.pdf`]).sort(),
      )
      for (const person of shown) {
        const json: unknown = JSON.parse(
          readFileSync(join(fixtures, layout.name, `${person.id}.json`), 'utf8'),
        )
        expect(json, `${layout.name}/${person.id}`).toEqual(
          JSON.parse(JSON.stringify(expectedResume(person, layout))),
        )
        expect(existsSync(join(fixtures, layout.name, `${person.id}.pdf`))).toBe(true)
      }
    })
  })
})

describe('the evaluator', () => {
  const resumes = labelledResumes(fixtures)
  const bytesOf = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')
  const expectedByBytes = new Map(resumes.map((r) => [bytesOf(r.pdf), r.expected]))
  /** A stand-in parser that knows every answer: the set and the scorer must agree on a perfect parse. */
  const oracle: Parse = async (bytes) => ({
    resume: expectedByBytes.get(createHash('sha256').update(bytes).digest('hex'))!,
    lines: [],
    layout: { pages: 1, columns: 1, tables: false, images: 0, repeatedHeaderOrFooter: false },
  })

  it('finds every PDF with its JSON, layout by layout', () => {
    expect(resumes.length).toBe(LAYOUTS.length * 13 + 9)
    expect(new Set(resumes.map((r) => r.layout))).toContain('rendercv-sb2nov')
    expect(labelledResumes(fixtures, 'linkedin')).toHaveLength(13)
  })

  it('scores a perfect parser 1 on every layout and a failing one 0 recall', async () => {
    const perfect = await evaluate(resumes, oracle)
    for (const [layout, counts] of perfect.byLayout)
      expect(rates(sumCounts(counts)).f1, layout).toBe(1)
    expect(perfect.times).toHaveLength(resumes.length)
    const plain = labelledResumes(fixtures, 'plain')
    const failing = await evaluate(plain, () => Promise.reject(new Error('boom')))
    expect(rates(sumCounts(failing.total)).recall).toBe(0)
    expect(failing.files[0]!.failure).toBe('boom')
  })
})
