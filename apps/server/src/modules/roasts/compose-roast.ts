/**
 * The roast composer: pure, offline and deterministic per seed (the roast's id). From a finished
 * review it writes a headline, 4–8 lines (an opener by grade, then one line per finding, most
 * severe first, each quoting a few words of the resume's own line where the finding quotes
 * one), a verdict by grade, and the review's top three findings as plain fixes. Every string is
 * passed through `redactContacts`: published content holds no email, phone number or URL.
 */
import {
  RESUME_REVIEW_CATEGORY_LABELS,
  type ResumeFinding,
  type ResumeFindingCode,
  type ResumeReview,
  type RoastContent,
} from '@app/contracts'
import { redactContacts } from './redact.ts'
import {
  FINDING_LINES,
  FIX_TITLES,
  HEADLINES,
  LABELLED_HEADLINES,
  OPENERS,
  STRENGTH_LINES,
  VERDICTS,
} from './roast-lines.ts'

export type RoastInput = {
  review: ResumeReview
  /** The resume's own title (`basics.label`), when there is one: the headline may use it. */
  label?: string | null
}

/** One line of the roast and the finding it is built from (null: the opener or a strength). */
export type RoastLine = { text: string; code: ResumeFindingCode | null }

export const MIN_LINES = 4
export const MAX_LINES = 8
/** The longest line the roast keeps (a generated line beyond it is refused). */
export const MAX_LINE_CHARS = 280
const QUOTE_WORDS = 6

/** A small seeded generator (mulberry32 over an FNV-1a hash of the seed). */
function seededRandom(seed: string): () => number {
  let hash = 0x811c9dc5
  for (let index = 0; index < seed.length; index += 1) {
    hash ^= seed.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  let state = hash
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!
}

/** A few words of the resume's line, without contact details or quote marks of its own. */
export function quoteOf(line: string | undefined): string | null {
  if (!line) {
    return null
  }
  const words = redactContacts(line)
    .replace(/[“”"«»]/g, '')
    .replace(/^[\s•*·–-]+/, '')
    .split(/\s+/)
    .filter(Boolean)
  if (words.length === 0) {
    return null
  }
  const quoted = words
    .slice(0, QUOTE_WORDS)
    .join(' ')
    .replace(/[.,;:!?]+$/, '')
  return words.length > QUOTE_WORDS ? `${quoted}…` : quoted
}

function findingLine(random: () => number, finding: ResumeFinding): string {
  const quote = quoteOf(finding.lines[0])
  const templates = FINDING_LINES[finding.code].filter(
    (template) => quote !== null || !template.includes('{q}'),
  )
  const template = pick(random, templates)
  // A template ending its quote with "…" gets the quote without its own ellipsis.
  const text = quote
    ? template.replace('{q}…', quote.replace(/…$/, '') + '…').replace('{q}', quote)
    : template
  return text.replace(/^“(.)/, (_all, first: string) => `“${first.toUpperCase()}`)
}

const SEVERITY_ORDER = { high: 0, medium: 1, low: 2 } as const

/** One finding per code, most severe first (the review's order among equals). */
export function distinctFindings(review: ResumeReview): ResumeFinding[] {
  const seen = new Set<ResumeFindingCode>()
  return review.findings
    .map((finding, index) => ({ finding, index }))
    .sort(
      (a, b) =>
        SEVERITY_ORDER[a.finding.severity] - SEVERITY_ORDER[b.finding.severity] ||
        a.index - b.index,
    )
    .map(({ finding }) => finding)
    .filter((finding) => {
      if (seen.has(finding.code)) {
        return false
      }
      seen.add(finding.code)
      return true
    })
}

/** The roast's lines, each with the finding it comes from. */
export function composeRoastLines(input: RoastInput, seed: string): RoastLine[] {
  const random = seededRandom(`${seed}:lines`)
  const { review } = input
  const opener = pick(random, OPENERS[review.grade]).replaceAll('{score}', String(review.score))
  const lines: RoastLine[] = [{ text: opener, code: null }]
  for (const finding of distinctFindings(review).slice(0, MAX_LINES - 1)) {
    lines.push({ text: findingLine(random, finding), code: finding.code })
  }
  // Too few findings to roast: praise, reluctantly, the best sub-scores.
  const best = [...review.subScores].sort((a, b) => b.score - a.score)
  const strengthTemplates = [...STRENGTH_LINES]
  for (const subScore of best) {
    if (lines.length >= MIN_LINES) {
      break
    }
    const index = Math.floor(random() * strengthTemplates.length)
    const [template] = strengthTemplates.splice(index, 1)
    const category = RESUME_REVIEW_CATEGORY_LABELS[subScore.category]
      .toLowerCase()
      .replace('ats', 'ATS')
    lines.push({ text: template!.replace('{category}', category), code: null })
  }
  return lines.map((line) => ({ ...line, text: redactContacts(line.text) }))
}

/** The review's top three findings as plain fixes (title + what to do). */
export function composeFixes(review: ResumeReview): RoastContent['fixes'] {
  const fixes = distinctFindings(review)
    .slice(0, 3)
    .map((finding) => ({
      title: FIX_TITLES[finding.code],
      detail: redactContacts(`${finding.explanation} ${finding.suggestion}`.trim()),
    }))
  if (fixes.length < 3) {
    // A review with few findings: its weakest sub-scores' own sentences.
    const weakest = [...review.subScores]
      .filter((subScore) => subScore.score < 100)
      .sort((a, b) => a.score - b.score)
    for (const subScore of weakest.slice(0, 3 - fixes.length)) {
      fixes.push({ title: `Improve ${subScore.label}`, detail: redactContacts(subScore.summary) })
    }
  }
  return fixes
}

/** The whole roast, offline. */
export function composeRoast(input: RoastInput, seed: string): RoastContent {
  const random = seededRandom(`${seed}:frame`)
  const { review } = input
  const label = input.label ? redactContacts(input.label).trim().slice(0, 60) : ''
  const headline =
    label && !label.includes('[') && random() < 0.5
      ? pick(random, LABELLED_HEADLINES).replace('{label}', label)
      : pick(random, HEADLINES[review.grade])
  return {
    headline: redactContacts(headline),
    lines: composeRoastLines(input, seed).map((line) => line.text),
    verdict: redactContacts(pick(random, VERDICTS[review.grade])),
    fixes: composeFixes(review),
    grade: review.grade,
    score: review.score,
  }
}
