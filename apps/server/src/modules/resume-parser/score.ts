/**
 * Field-level scoring of a parsed resume against the expected one (issue 15's measure): for each
 * scored field, how many values the parser got right (true positives), how many it gave
 * (predicted) and how many the resume holds (expected). Precision = tp / predicted, recall =
 * tp / expected; summing the counts over many resumes gives micro precision, recall and F1.
 *
 * The fields: basics.name, email, phone, location, links; each job's company, position,
 * startDate, endDate; each school's institution, degree and end year; the skills.
 *
 * The rules:
 * - Text (name, company, position, institution, degree, location) is compared after
 *   normalising: case, accents (ü = u, ß = ss), punctuation and whitespace do not count, "&" is
 *   "and", and trailing legal forms (Inc, LLC, LLP, Ltd, GmbH, KG, AG, SA, plc, Co, Corp, Corporation,
 *   Company) are dropped.
 *   Two texts that still differ match tolerantly when their word overlap is ≥ 0.8 of the longer
 *   one, a word matching an equal word or a word it abbreviates (≥ 3 letters: "Corp" –
 *   "Corporation", "Univ" – "University"): "Acme Corp." = "Acme Corporation", but "Software
 *   Engineer" ≠ "Senior Software Engineer" (2 of 3).
 * - The degree matches on studyType alone, or on studyType + area together (so a parser that puts
 *   "Bachelor of Science in Computer Science" in studyType is not punished twice).
 * - Location: the expected city (or the location text) against the parsed city or text; a parsed
 *   "San Francisco, CA" matches the city "San Francisco".
 * - Email: case-insensitive. Phone: digits only; a leading country code or trunk 0 may differ
 *   ("+44 7700 900123" = "07700 900123" = "+44 (0) 7700 900123"), at least 7 digits must agree.
 * - Links (each profile URL and basics.url, as a set): compared without scheme, "www.", trailing
 *   slash and case.
 * - Dates are exact strings: "2020-01" vs "2020" is wrong (the page showed the month, or did not).
 *   The end date of a current job is its absence: absent on both sides is a match; absent
 *   expected but present parsed is a false positive. A parsed job with no start date makes no
 *   end-date claim.
 * - Schools: the end year (YYYY) only.
 * - Skills: a set; a skill group's keywords are its skills (the group name counts only when it has
 *   none); case, accents and spaces do not count ("Power BI" = "powerbi"), punctuation does
 *   ("C" ≠ "C#").
 * - Jobs and schools are paired one-to-one with the expected ones by best similarity (company and
 *   position; institution, then degree), best pairs first; an unpaired parsed job counts only as
 *   predicted, an unpaired expected job only as expected.
 */
import type { JsonResume, JsonResumeEducation, JsonResumeWork } from './types.ts'

export const FIELDS = [
  'name',
  'email',
  'phone',
  'location',
  'links',
  'company',
  'position',
  'startDate',
  'endDate',
  'institution',
  'degree',
  'educationEndYear',
  'skills',
] as const

export type Field = (typeof FIELDS)[number]

/** The fields grouped as the evaluator reports them. */
export const FIELD_FAMILIES: Record<string, Field[]> = {
  contact: ['name', 'email', 'phone', 'location', 'links'],
  work: ['company', 'position', 'startDate', 'endDate'],
  education: ['institution', 'degree', 'educationEndYear'],
  skills: ['skills'],
}

export interface Count {
  truePositives: number
  predicted: number
  expected: number
}

export type FieldCounts = Record<Field, Count>

/** A value the parser missed or got wrong (`actual` absent: missed; `expected` absent: invented). */
export interface Miss {
  field: Field
  expected?: string
  actual?: string
}

export interface ResumeScore {
  counts: FieldCounts
  misses: Miss[]
}

export const emptyCounts = (): FieldCounts =>
  Object.fromEntries(
    FIELDS.map((field) => [field, { truePositives: 0, predicted: 0, expected: 0 }]),
  ) as FieldCounts

export function addCounts(into: FieldCounts, from: FieldCounts): FieldCounts {
  for (const field of FIELDS) {
    into[field].truePositives += from[field].truePositives
    into[field].predicted += from[field].predicted
    into[field].expected += from[field].expected
  }
  return into
}

export function sumCounts(counts: FieldCounts, fields: readonly Field[] = FIELDS): Count {
  return fields.reduce(
    (sum, field) => ({
      truePositives: sum.truePositives + counts[field].truePositives,
      predicted: sum.predicted + counts[field].predicted,
      expected: sum.expected + counts[field].expected,
    }),
    { truePositives: 0, predicted: 0, expected: 0 },
  )
}

/** Precision, recall and F1 of a count; nothing predicted is precision 1, nothing expected recall 1. */
export function rates(count: Count): { precision: number; recall: number; f1: number } {
  const precision = count.predicted ? count.truePositives / count.predicted : 1
  const recall = count.expected ? count.truePositives / count.expected : 1
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0
  return { precision, recall, f1 }
}

const LEGAL_FORMS = new Set([
  'inc',
  'incorporated',
  'llc',
  'llp',
  'ltd',
  'limited',
  'gmbh',
  'kg',
  'ag',
  'sa',
  'plc',
  'co',
  'company',
  'corp',
  'corporation',
])

/** Lower case, no accents, "&" as "and", punctuation as space, single spaces. */
export function normalizeText(text: string | undefined): string {
  return (text ?? '')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

function words(text: string | undefined): string[] {
  const list = normalizeText(text).split(' ').filter(Boolean)
  while (list.length > 1 && LEGAL_FORMS.has(list[list.length - 1]!)) list.pop()
  return list
}

const sameWord = (a: string, b: string) =>
  a === b || (Math.min(a.length, b.length) >= 3 && (a.startsWith(b) || b.startsWith(a)))

/** Share of the longer text's words matched one-to-one by a word of the other (0..1). */
export function wordOverlap(a: string | undefined, b: string | undefined): number {
  const left = words(a)
  const right = words(b)
  if (!left.length || !right.length) return 0
  const free = [...right]
  let matched = 0
  for (const word of left) {
    const exact = free.indexOf(word)
    const index = exact >= 0 ? exact : free.findIndex((other) => sameWord(word, other))
    if (index >= 0) {
      matched++
      free.splice(index, 1)
    }
  }
  return matched / Math.max(left.length, right.length)
}

/** Text equality under the rules above (normalised, or a word overlap of at least 0.8). */
export function sameText(a: string | undefined, b: string | undefined): boolean {
  const left = words(a).join(' ')
  const right = words(b).join(' ')
  if (!left || !right) return false
  if (left === right || left.replace(/ /g, '') === right.replace(/ /g, '')) return true
  return wordOverlap(a, b) >= 0.8
}

export function samePhone(a: string | undefined, b: string | undefined): boolean {
  const digits = (phone: string | undefined) =>
    (phone ?? '').replace(/\(0\)/g, '').replace(/\D/g, '').replace(/^0+/, '')
  const left = digits(a)
  const right = digits(b)
  if (left.length < 7 || right.length < 7) return false
  const [short, long] = left.length <= right.length ? [left, right] : [right, left]
  return long.endsWith(short) && long.length - short.length <= 3
}

export function normalizeLink(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '')
}

const skillKey = (skill: string) =>
  skill.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, '')

function locationText(location: JsonResume['basics']['location']): string | undefined {
  if (!location) return undefined
  return location.city || location.address || undefined
}

export function sameLocation(expected: string | undefined, actual: string | undefined): boolean {
  const e = normalizeText(expected)
  const a = normalizeText(actual)
  if (!e || !a) return false
  return a === e || a.startsWith(`${e} `) || sameText(expected, actual)
}

function links(resume: JsonResume): string[] {
  const all = [...(resume.basics?.profiles ?? []).map((p) => p.url), resume.basics?.url]
  return [...new Set(all.filter((url): url is string => Boolean(url?.trim())).map(normalizeLink))]
}

function skills(resume: JsonResume): Map<string, string> {
  const all = (resume.skills ?? []).flatMap((group) =>
    group.keywords?.length ? group.keywords : group.name ? [group.name] : [],
  )
  return new Map(all.filter((s) => s.trim()).map((skill) => [skillKey(skill), skill]))
}

/** Pairs expected and parsed items one-to-one, best similarity first, above a floor. */
function align<T>(expected: T[], actual: T[], similarity: (e: T, a: T) => number, floor = 0.25) {
  const candidates: { e: number; a: number; score: number }[] = []
  expected.forEach((e, i) =>
    actual.forEach((a, j) => candidates.push({ e: i, a: j, score: similarity(e, a) })),
  )
  candidates.sort((x, y) => y.score - x.score || x.e - y.e || x.a - y.a)
  const pairs = new Map<number, number>()
  const usedActual = new Set<number>()
  for (const { e, a, score } of candidates) {
    if (score < floor) break
    if (pairs.has(e) || usedActual.has(a)) continue
    pairs.set(e, a)
    usedActual.add(a)
  }
  return { pairs, unpairedActual: actual.map((_, j) => j).filter((j) => !usedActual.has(j)) }
}

const textSimilarity = (a: string | undefined, b: string | undefined) =>
  sameText(a, b) ? 1 : wordOverlap(a, b)

export function scoreResume(expected: JsonResume, actual: JsonResume): ResumeScore {
  const counts = emptyCounts()
  const misses: Miss[] = []

  /** One value: counted when present on each side, right when `same` says so. */
  const single = (
    field: Field,
    e: string | undefined,
    a: string | undefined,
    same: (e: string, a: string) => boolean,
  ) => {
    const hasE = Boolean(e?.trim())
    const hasA = Boolean(a?.trim())
    if (hasE) counts[field].expected++
    if (hasA) counts[field].predicted++
    if (hasE && hasA && same(e!, a!)) counts[field].truePositives++
    else if (hasE || hasA)
      misses.push({ field, expected: hasE ? e : undefined, actual: hasA ? a : undefined })
  }

  const eb = expected.basics ?? {}
  const ab = actual.basics ?? {}
  single('name', eb.name, ab.name, (e, a) => sameText(e, a))
  single('email', eb.email, ab.email, (e, a) => e.trim().toLowerCase() === a.trim().toLowerCase())
  single('phone', eb.phone, ab.phone, samePhone)
  single('location', locationText(eb.location), locationText(ab.location), sameLocation)

  const expectedLinks = links(expected)
  const actualLinks = links(actual)
  counts.links.expected += expectedLinks.length
  counts.links.predicted += actualLinks.length
  for (const link of expectedLinks) {
    if (actualLinks.includes(link)) counts.links.truePositives++
    else misses.push({ field: 'links', expected: link })
  }
  for (const link of actualLinks.filter((l) => !expectedLinks.includes(l)))
    misses.push({ field: 'links', actual: link })

  // Jobs.
  const ew = expected.work ?? []
  const aw = actual.work ?? []
  const jobs = align(ew, aw, (e, a) => {
    const base = (textSimilarity(e.name, a.name) + textSimilarity(e.position, a.position)) / 2
    return base + (base > 0 && e.startDate && e.startDate === a.startDate ? 0.1 : 0)
  })
  const jobFields = (e: JsonResumeWork | undefined, a: JsonResumeWork | undefined) => {
    single('company', e?.name, a?.name, (x, y) => sameText(x, y))
    single('position', e?.position, a?.position, (x, y) => sameText(x, y))
    single('startDate', e?.startDate, a?.startDate, (x, y) => x.trim() === y.trim())
    // The end date: absent means "current"; a parsed job says so only when it has a start date.
    const current = 'present (no endDate)'
    const eEnd = e ? (e.endDate ?? current) : undefined
    const aEnd = a && (a.endDate || a.startDate) ? (a.endDate ?? current) : undefined
    single('endDate', eEnd, aEnd, (x, y) => x.trim() === y.trim())
  }
  ew.forEach((e, i) => {
    const j = jobs.pairs.get(i)
    jobFields(e, j === undefined ? undefined : aw[j])
  })
  for (const j of jobs.unpairedActual) jobFields(undefined, aw[j])

  // Schools.
  const ee = expected.education ?? []
  const ae = actual.education ?? []
  const schools = align(
    ee,
    ae,
    (e, a) =>
      textSimilarity(e.institution, a.institution) + 0.1 * textSimilarity(e.studyType, a.studyType),
  )
  const degree = (school: JsonResumeEducation | undefined) => school?.studyType
  const schoolFields = (e: JsonResumeEducation | undefined, a: JsonResumeEducation | undefined) => {
    single('institution', e?.institution, a?.institution, (x, y) => sameText(x, y))
    single(
      'degree',
      degree(e),
      degree(a),
      (x, y) =>
        sameText(x, y) ||
        (Boolean(e?.area) && sameText(`${x} ${e?.area ?? ''}`, `${y} ${a?.area ?? ''}`)),
    )
    single('educationEndYear', e?.endDate?.slice(0, 4), a?.endDate?.slice(0, 4), (x, y) => x === y)
  }
  ee.forEach((e, i) => {
    const j = schools.pairs.get(i)
    schoolFields(e, j === undefined ? undefined : ae[j])
  })
  for (const j of schools.unpairedActual) schoolFields(undefined, ae[j])

  // Skills.
  const es = skills(expected)
  const as = skills(actual)
  counts.skills.expected += es.size
  counts.skills.predicted += as.size
  for (const [key, skill] of es) {
    if (as.has(key)) counts.skills.truePositives++
    else misses.push({ field: 'skills', expected: skill })
  }
  for (const [key, skill] of as) if (!es.has(key)) misses.push({ field: 'skills', actual: skill })

  return { counts, misses }
}
