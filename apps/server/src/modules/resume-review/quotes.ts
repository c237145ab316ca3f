/**
 * Finding the resume's own lines to quote in a finding: the lines a text was read from, the line
 * naming a position, the skills lines and the text repeated at the top or bottom of every page.
 */
import type { JsonResumeWork, ParsedResume } from '../resume-parser/index.ts'
import { bulletText } from './bullets.ts'

/**
 * The lines of the resume a text was read from: the run of consecutive lines that, joined, make
 * the text (a bullet wrapped over two lines quotes both); the text itself when none matches.
 */
export function quoteLine(parsed: ParsedResume, text: string): string[] {
  const target = normalise(text)
  if (!target) return [text]
  const lines = parsed.lines
  for (let i = 0; i < lines.length; i++) {
    const first = normalise(bulletText(lines[i]!.text))
    if (!first || !target.startsWith(first.slice(0, Math.min(first.length, 40)))) continue
    const run = [lines[i]!.text]
    let joined = first
    for (let j = i + 1; j < lines.length && joined.length < target.length; j++) {
      const next = normalise(bulletText(lines[j]!.text))
      const candidate = `${joined} ${next}`
      if (!target.startsWith(candidate.slice(0, Math.min(candidate.length, target.length)))) break
      run.push(lines[j]!.text)
      joined = candidate
    }
    // The run must make (nearly) the whole text: a short line that merely starts it is not it.
    if (joined.length >= target.length * 0.9) return run
  }
  return [text]
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim()

/** The resume's line naming a position's employer, or a line built from the position. */
export function quoteOfWork(parsed: ParsedResume, entry: JsonResumeWork): string[] {
  const name = entry.name?.trim().toLowerCase()
  const line = name
    ? parsed.lines.find((candidate) => candidate.text.toLowerCase().includes(name))
    : entry.position
      ? parsed.lines.find((candidate) =>
          candidate.text.toLowerCase().includes(entry.position!.toLowerCase()),
        )
      : undefined
  return [line?.text ?? describe(entry)]
}

/** A position in words: "[position] at [employer]". */
export function describe(entry: JsonResumeWork): string {
  if (entry.position && entry.name) return `${entry.position} at ${entry.name}`
  return entry.name ?? entry.position ?? 'a position'
}

/** The first three lines of the skills section. */
export function skillLines(parsed: ParsedResume): string[] {
  return parsed.lines
    .filter((line) => line.section === 'skills' && !line.heading && line.text.trim())
    .slice(0, 3)
    .map((line) => line.text)
}

/** Up to two lines that stand on every page (numbers aside): a page header or footer. */
export function repeatedMarginLines(parsed: ParsedResume): string[] {
  const counts = new Map<string, Set<number>>()
  for (const line of parsed.lines) {
    const key = line.text.trim().replace(/\d+/g, '#')
    if (!key) continue
    counts.set(key, (counts.get(key) ?? new Set()).add(line.page))
  }
  const pages = parsed.layout.pages
  return parsed.lines
    .filter(
      (line) =>
        pages > 1 && (counts.get(line.text.trim().replace(/\d+/g, '#'))?.size ?? 0) >= pages,
    )
    .map((line) => line.text)
    .filter(
      (text, index, all) =>
        all.findIndex((other) => other.replace(/\d+/g, '#') === text.replace(/\d+/g, '#')) ===
        index,
    )
    .slice(0, 2)
}
