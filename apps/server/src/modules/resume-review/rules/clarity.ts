/**
 * Clarity: whether the resume reads easily. Starts at 100; long bullets, passive voice, buzzwords,
 * first-person pronouns, a missing or long summary, and gaps or overlaps in the dates cost points.
 */
import type { JsonResume } from '../../resume-parser/index.ts'
import {
  buzzwordsIn,
  firstPersonIn,
  passiveIn,
  rewritePassive,
  splitLongBullet,
  withoutBuzzwords,
  withoutFirstPerson,
  wordCount,
} from '../bullets.ts'
import {
  formatMonth,
  gapsIn,
  overlapsIn,
  type Period,
  periodsOf,
  studyPeriodsOf,
} from '../dates.ts'
import { type Draft, MAX_FINDINGS_PER_CODE, type RuleResult } from '../finding.ts'
import { describe, quoteLine } from '../quotes.ts'
import type { Bullet, ReviewInput } from '../reading.ts'

/** Words over which a bullet is too long. */
export const BULLET_MAX_WORDS = 30
/** Words over which a summary is too long. */
export const SUMMARY_MAX_WORDS = 60

export type ClarityResult = RuleResult & {
  /** How many bullets are too long, passive, or carry buzzwords. */
  long: number
  passive: number
  buzzy: number
  /** The summary is short and free of buzzwords. */
  focusedSummary: boolean
  /** The dated positions, and how many unexplained gaps lie between them. */
  periods: Period[]
  gaps: number
}

export function clarityRule(input: ReviewInput): ClarityResult {
  const { parsed, resume, bullets, summary, skills, work, quoteWork } = input
  const findings: Draft[] = []
  const add = (finding: Draft) => findings.push(finding)
  let clarity = 100

  const long = bullets.filter((bullet) => wordCount(bullet.text) > BULLET_MAX_WORDS)
  clarity -= Math.min(32, long.length * 8)
  for (const bullet of long.slice(0, MAX_FINDINGS_PER_CODE)) {
    const parts = splitLongBullet(bullet.text)
    add({
      code: 'bullet_too_long',
      category: 'clarity',
      severity: wordCount(bullet.text) > 45 ? 'medium' : 'low',
      lines: bullet.quote,
      explanation: `This bullet has ${wordCount(bullet.text)} words; over ${BULLET_MAX_WORDS}, recruiters stop reading before the result. Keep one idea per bullet, one or two lines.`,
      suggestion:
        parts.length === 2
          ? `Split it in two: “${parts[0]}.” and “${parts[1]}.”`
          : `Keep the action and the result, cut the rest: “${parts[0]}”`,
    })
  }

  const label = resume.basics?.label
  const prose: Bullet[] = [
    ...(summary ? [summary] : []),
    ...(label ? [{ text: label, quote: quoteLine(parsed, label) }] : []),
    ...bullets,
  ]
  const passive = prose.filter((line) => passiveIn(line.text))
  clarity -= Math.min(24, passive.length * 6)
  for (const line of passive.slice(0, MAX_FINDINGS_PER_CODE)) {
    const found = passiveIn(line.text)!
    add({
      code: 'passive_voice',
      category: 'clarity',
      severity: 'low',
      lines: line.quote,
      explanation: `“${found.auxiliary} ${found.participle}” hides who did the work. Put yourself first: start with what you did.`,
      suggestion: rewritePassive(line.text),
    })
  }
  const buzzy = prose
    .map((line) => ({ line, words: buzzwordsIn(line.text) }))
    .filter(({ words }) => words.length > 0)
  clarity -= Math.min(20, buzzy.length * 5)
  for (const { line, words } of buzzy.slice(0, MAX_FINDINGS_PER_CODE)) {
    const named = words.map((word) => `“${word}”`).join(', ')
    add({
      code: 'buzzword',
      category: 'clarity',
      severity: 'low',
      lines: line.quote,
      explanation: `${named} ${words.length > 1 ? 'are claims' : 'is a claim'} every recruiter has read a thousand times; ${words.length > 1 ? 'they prove' : 'it proves'} nothing. Show the quality with a fact instead.`,
      suggestion: `“${withoutBuzzwords(line.text, words)}” — and show it with a result, e.g. “[what you did], [result with a number]”.`,
    })
  }
  const firstPerson = prose.filter((line) => firstPersonIn(line.text).length > 0)
  clarity -= Math.min(15, firstPerson.length * 5)
  if (firstPerson.length > 0) {
    add({
      code: 'first_person',
      category: 'clarity',
      severity: 'low',
      lines: firstPerson.slice(0, 3).flatMap((line) => line.quote),
      explanation:
        'Resumes leave out "I" and "my": every line is about you already, and the pronoun costs a word at the start where the verb should be.',
      suggestion: firstPerson
        .slice(0, 3)
        .map((line) => `“${withoutFirstPerson(line.text)}”`)
        .join('; '),
    })
  }

  let focusedSummary = false
  if (!summary) {
    clarity -= 10
    add({
      code: 'summary_missing',
      category: 'clarity',
      severity: 'medium',
      lines: [],
      explanation:
        'There is no summary at the top. Two or three lines that say who you are and what you are best at set how the rest is read, and give a tracking system your key words early.',
      suggestion: summaryTemplate(resume, skills),
    })
  } else if (wordCount(summary.text) > SUMMARY_MAX_WORDS) {
    clarity -= 10
    add({
      code: 'summary_too_long',
      category: 'clarity',
      severity: 'low',
      lines: summary.quote,
      explanation: `The summary has ${wordCount(summary.text)} words; over ${SUMMARY_MAX_WORDS}, it stops being read. Keep two or three lines: who you are, your strongest skills, one result.`,
      suggestion: `“${firstWords(summary.text, 50)}”`,
    })
  } else {
    focusedSummary = buzzwordsIn(summary.text).length === 0
  }

  const periods = periodsOf(work)
  const gaps = gapsIn(periods, studyPeriodsOf(resume))
  const overlaps = overlapsIn(periods)
  clarity -= Math.min(10, gaps.length * 5) + Math.min(10, overlaps.length * 5)
  for (const gap of gaps.slice(0, MAX_FINDINGS_PER_CODE)) {
    const from = formatMonth(gap.before.end + 1)
    const to = formatMonth(gap.after.start - 1)
    add({
      code: 'date_gap',
      category: 'clarity',
      severity: gap.months >= 12 ? 'medium' : 'low',
      lines: [...quoteWork(gap.before.work), ...quoteWork(gap.after.work)],
      explanation: `About ${gap.months} months pass between ${describe(gap.before.work)} (ended ${formatMonth(gap.before.end)}) and ${describe(gap.after.work)} (started ${formatMonth(gap.after.start)}). An unexplained gap draws questions; an explained one rarely does.`,
      suggestion: `If you studied, freelanced, cared for family or travelled then, add one line for it: “[Career break / Freelance / Course], ${from} – ${to}: [what you did]”.`,
    })
  }
  for (const overlap of overlaps.slice(0, MAX_FINDINGS_PER_CODE)) {
    const both = !Number.isFinite(overlap.months)
    add({
      code: 'date_overlap',
      category: 'clarity',
      severity: 'low',
      lines: [...quoteWork(overlap.first.work), ...quoteWork(overlap.second.work)],
      explanation: both
        ? `${capitalise(describe(overlap.first.work))} and ${describe(overlap.second.work)} are both shown as current. A reader wonders which one is your real job.`
        : `${capitalise(describe(overlap.first.work))} and ${describe(overlap.second.work)} overlap by ${overlap.months} months. A reader wonders whether a date is wrong.`,
      suggestion: `If one of them was part-time, freelance or a side project, say so in its title (“${overlap.second.work.position ?? '[Title]'} (part-time)”); if a date is wrong, correct it${both ? ' or add the end date of the one you left' : ''}.`,
    })
  }

  return {
    score: clarity,
    findings,
    long: long.length,
    passive: passive.length,
    buzzy: buzzy.length,
    focusedSummary,
    periods,
    gaps: gaps.length,
  }
}

/** A summary to start from, built from the resume's title, top skills and latest position. */
function summaryTemplate(resume: JsonResume, skills: string[]): string {
  const latest = (resume.work ?? [])[0]
  const title = sentenceTitle(resume.basics?.label, latest?.position) ?? '[Your title]'
  const top = skills.length > 0 ? skills.slice(0, 3).join(', ') : '[skill], [skill] and [skill]'
  const recent = latest?.name
    ? ` Most recently ${latest.position ? `${latest.position} at ` : 'at '}${latest.name}, where [one result with a number].`
    : ' [One result you are proud of, with a number].'
  return `Add two or three lines at the top: “${title} with [N] years in [field], strongest in ${top}.${recent}”`
}

/**
 * The title to write into a sentence. A label set in capitals on the page ("OPERATIONS
 * MANAGER") is written as the latest position spells it when they are the same words, else
 * with each word capitalised.
 */
function sentenceTitle(label: string | undefined, position: string | undefined) {
  const title = label ?? position
  if (!title || title !== title.toUpperCase() || title === title.toLowerCase()) {
    return title
  }
  if (position && position.toLowerCase() === title.toLowerCase()) {
    return position
  }
  return title
    .toLowerCase()
    .replace(
      /(^|[\s/-])(\p{L})/gu,
      (_, before: string, letter: string) => `${before}${letter.toUpperCase()}`,
    )
}

/** The whole sentences of a text that fit in `max` words; the first forty words when none does. */
function firstWords(text: string, max: number): string {
  const sentences = text.match(/[^.!?]+[.!?]*/g) ?? [text]
  let out = ''
  for (const sentence of sentences) {
    const next = `${out} ${sentence.trim()}`.trim()
    if (wordCount(next) > max) break
    out = next
  }
  if (out) return out
  return `${text.split(/\s+/).slice(0, 40).join(' ')} …`
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
