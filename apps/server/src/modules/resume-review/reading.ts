/**
 * Reading what the rules judge out of a parsed resume, once: its bullets, its summary, its skills
 * and its positions, each text with the resume's lines it was read from.
 */
import type { JsonResume, JsonResumeWork, ParsedResume } from '../resume-parser/index.ts'
import { bulletText, wordCount } from './bullets.ts'
import { quoteLine, quoteOfWork } from './quotes.ts'

/** Words a highlight needs to count as a bullet (shorter ones are fragments: a name, a place). */
export const MIN_BULLET_WORDS = 4

/** A text of the resume and the resume's lines it was read from. */
export type Bullet = { text: string; quote: string[] }

/** What every rule reads from the parsed resume. */
export type ReviewInput = {
  parsed: ParsedResume
  resume: JsonResume
  bullets: Bullet[]
  summary: Bullet | null
  skills: string[]
  work: JsonResumeWork[]
  quoteWork: (entry: JsonResumeWork) => string[]
}

export function readResume(parsed: ParsedResume): ReviewInput {
  return {
    parsed,
    resume: parsed.resume,
    bullets: bulletsOf(parsed),
    summary: summaryOf(parsed),
    skills: skillsOf(parsed.resume),
    work: parsed.resume.work ?? [],
    quoteWork: (entry) => quoteOfWork(parsed, entry),
  }
}

const MARKER = /^\s*(?:[-*•·–—▪◦●○■□➢►✓✔])\s*/u
const DATE_LIKE = /\b(?:19|20)\d{2}\b|\bpresent\b|\bheute\b|\bactuel|\bactualidad\b/i

/**
 * The resume's bullets: the highlights of its positions and projects, each with the lines of the
 * resume it was read from; when the parser found none, the marked or sentence-like lines of the
 * experience section.
 */
function bulletsOf(parsed: ParsedResume): Bullet[] {
  const { resume } = parsed
  const highlights = [
    ...(resume.work ?? []).flatMap((entry) => entry.highlights ?? []),
    ...(resume.projects ?? []).flatMap((entry) => entry.highlights ?? []),
  ]
    .map((text) => bulletText(text))
    .filter((text) => wordCount(text) >= MIN_BULLET_WORDS)
  if (highlights.length > 0) {
    return highlights.map((text) => ({ text, quote: quoteLine(parsed, text) }))
  }
  const out: Bullet[] = []
  const headers = (resume.work ?? [])
    .flatMap((entry) => [entry.name, entry.position])
    .filter((text): text is string => Boolean(text && text.length > 2))
    .map((text) => text.toLowerCase())
  for (const line of parsed.lines) {
    if (line.heading || (line.section !== 'experience' && line.section !== 'projects')) continue
    const text = bulletText(line.text)
    // A position's own line ("Financial Analyst @ JPMorgan Chase & Co.") is not a bullet.
    if (headers.some((header) => text.toLowerCase().includes(header))) continue
    const marked = MARKER.test(line.text)
    if (
      (marked && wordCount(text) >= MIN_BULLET_WORDS) ||
      (wordCount(text) >= 6 && !DATE_LIKE.test(text))
    ) {
      if (!marked && out.length > 0 && /^[a-z]/.test(text)) {
        // A wrapped continuation of the previous bullet.
        const last = out[out.length - 1]!
        last.text = `${last.text} ${text}`
        last.quote.push(line.text)
        continue
      }
      out.push({ text, quote: [line.text] })
    }
  }
  return out
}

function summaryOf(parsed: ParsedResume): Bullet | null {
  const fromBasics = parsed.resume.basics?.summary?.replace(/\s+/g, ' ').trim()
  if (fromBasics) return { text: fromBasics, quote: quoteLine(parsed, fromBasics) }
  const lines = parsed.lines.filter(
    (line) => line.section === 'summary' && !line.heading && line.text.trim(),
  )
  if (lines.length === 0) return null
  return {
    text: lines.map((line) => line.text.trim()).join(' '),
    quote: lines.map((line) => line.text),
  }
}

/** Each skill once: the keywords of a group (its name is a label), or the entry's name alone. */
function skillsOf(resume: JsonResume): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const entry of resume.skills ?? []) {
    const names = (entry.keywords ?? []).length > 0 ? entry.keywords! : [entry.name]
    for (const name of names) {
      const clean = name?.trim()
      if (!clean || seen.has(clean.toLowerCase())) continue
      seen.add(clean.toLowerCase())
      out.push(clean)
    }
  }
  return out
}
