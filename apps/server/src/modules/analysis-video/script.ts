/**
 * The video's script: which scenes, what each one shows and the one line the voice says over
 * it, written from the review. Each scene lasts as long as its narration plus a beat; the whole
 * stays within 30–60 s (a shorter wording is chosen when the full one would run long, and beats
 * are padded when it would be short). `planTimeline` is the one rule that turns speech lengths
 * into scene lengths, used both on estimates (to choose the wording) and on the real audio.
 */
import type { ResumeFindingCode, ResumeReview } from '@app/contracts'

export type ReviewVideoInput = {
  /** The seeker's name as on the resume (null: "Your resume"). */
  name: string | null
  /** E.g. "Senior Frontend Engineer". */
  headline: string | null
  grade: 'A' | 'B' | 'C' | 'D' | 'F'
  /** 0–100. */
  score: number
  /** The review's five, e.g. "ATS parseability" 80. */
  subScores: { label: string; score: number }[]
  /** Up to 3 short sentences from the review. */
  strengths: string[]
  /** Up to 3: what to fix first. */
  fixes: { title: string; detail: string }[]
}

export type Scene =
  | { kind: 'title'; narration: string; name: string; headline: string | null }
  | { kind: 'grade'; narration: string; grade: ReviewVideoInput['grade']; score: number }
  | { kind: 'subscores'; narration: string; rows: { label: string; score: number }[] }
  | { kind: 'strengths'; narration: string; items: string[] }
  | { kind: 'fixes'; narration: string; items: { title: string; detail: string }[] }
  | { kind: 'closing'; narration: string; productName: string; grade: ReviewVideoInput['grade'] }

export type SceneKind = Scene['kind']

export const PRODUCT_NAME = 'Job Search Assistant'
export const MIN_SECONDS = 30
export const MAX_SECONDS = 60
/** The estimate aims below the limit: a real voice may be a little slower than estimated. */
const TARGET_MAX_SECONDS = 54

/** Silence before each scene's line and the beat after it. */
export const LEAD_IN_SECONDS = 0.3
export const BEAT_SECONDS = 0.7
/** The time the animated part of each scene needs on screen at least. */
const MIN_SCENE_SECONDS: Record<SceneKind, number> = {
  title: 3.5,
  grade: 4.5,
  subscores: 5.5,
  strengths: 4.5,
  fixes: 5,
  closing: 4,
}

/** The offline voice speaks 150 words a minute; sentence ends add a short pause each. */
export function estimateSpeechSeconds(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length
  const stops = (text.match(/[.!?:;](\s|$)/g) ?? []).length
  return words / 2.5 + stops * 0.3
}

export type PlannedScene = { kind: SceneKind; start: number; duration: number; speechStart: number }

/**
 * Scene lengths from speech lengths: lead-in + speech + beat, at least the scene's minimum; when
 * the total is under 30 s the missing time is spread over the scenes. The caller checks the
 * upper limit (a shorter wording, or a clear error).
 */
export function planTimeline(kinds: SceneKind[], speechSeconds: number[]): PlannedScene[] {
  const durations = kinds.map((kind, i) =>
    Math.max(MIN_SCENE_SECONDS[kind], LEAD_IN_SECONDS + speechSeconds[i]! + BEAT_SECONDS),
  )
  const total = durations.reduce((sum, d) => sum + d, 0)
  if (total < MIN_SECONDS && durations.length) {
    const pad = (MIN_SECONDS + 0.5 - total) / durations.length
    durations.forEach((_, i) => (durations[i]! += pad))
  }
  let start = 0
  return kinds.map((kind, i) => {
    const scene = { kind, start, duration: durations[i]!, speechStart: start + LEAD_IN_SECONDS }
    start += durations[i]!
    return scene
  })
}

export function totalSeconds(plan: PlannedScene[]): number {
  const last = plan.at(-1)
  return last ? last.start + last.duration : 0
}

/** How much the narration says, most first. */
export const WORDINGS = ['full', 'standard', 'compact', 'brief'] as const
export type Wording = (typeof WORDINGS)[number]

const ORDINALS = ['One', 'Two', 'Three']

function sentence(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, ' ')
  if (!trimmed) {
    return ''
  }
  const capital = trimmed[0]!.toUpperCase() + trimmed.slice(1)
  return /[.!?]$/.test(capital) ? capital : `${capital}.`
}

/** Words a short spoken item may end on without sounding cut off. */
const DANGLING = new Set(
  'a an and are as at be been by for from has have in into is of on or so than that the their to was were with without which who your'.split(
    ' ',
  ),
)

/** At most `max` words of a sentence, ending on a word that can end a phrase. */
function capWords(text: string, max: number): string {
  const words = text
    .replace(/[.!?]+$/, '')
    .split(/\s+/)
    .filter(Boolean)
  if (words.length <= max) {
    return sentence(text)
  }
  const kept = words.slice(0, max)
  while (
    kept.length > 1 &&
    DANGLING.has(
      kept
        .at(-1)!
        .toLowerCase()
        .replace(/[^\p{L}]/gu, ''),
    )
  ) {
    kept.pop()
  }
  return sentence(kept.join(' ').replace(/[,;:]+$/, ''))
}

/** How many words each spoken strength or fix may have, by wording. */
const ITEM_WORDS: Record<Wording, number> = { full: 40, standard: 14, compact: 12, brief: 7 }

/** A text's first clause (up to a colon, semicolon or sentence end), as a sentence. */
function firstClause(text: string): string {
  const match = /^(.+?)[:;.!?](\s|$)/.exec(text.trim())
  return sentence(match ? match[1]! : text)
}

/** The first sentence of a longer text (the narration keeps details short). */
function firstSentence(text: string): string {
  const match = /^(.+?[.!?])(\s|$)/.exec(text.trim())
  return sentence(match ? match[1]! : text)
}

function gradeComment(grade: ReviewVideoInput['grade']): string {
  switch (grade) {
    case 'A':
      return 'That is an excellent result.'
    case 'B':
      return 'That is a strong result, with a few things to polish.'
    case 'C':
      return 'A solid base, with clear room to improve.'
    case 'D':
      return 'There is work to do, and the fixes are concrete.'
    case 'F':
      return 'It needs real work, so let us start with what matters most.'
  }
}

function clampScore(score: number): number {
  return Math.max(0, Math.min(100, Math.round(Number.isFinite(score) ? score : 0)))
}

/** The scenes for `input` in one wording. */
export function writeScenes(
  input: ReviewVideoInput,
  wording: Wording,
  productName = PRODUCT_NAME,
): Scene[] {
  const name = input.name?.trim() || null
  const headline = input.headline?.trim() || null
  const score = clampScore(input.score)
  const rows = input.subScores
    .slice(0, 5)
    .map((row) => ({ label: row.label, score: clampScore(row.score) }))
  const strengths = input.strengths
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 3)
  const fixes = input.fixes.filter((fix) => fix.title.trim()).slice(0, 3)
  const firstName = name?.split(/\s+/)[0] ?? null
  /** The shorter wordings say less around the facts. */
  const short = wording === 'compact' || wording === 'brief'

  const scenes: Scene[] = []
  scenes.push({
    kind: 'title',
    name: name ?? 'Your resume',
    headline,
    narration: firstName
      ? `Hi ${firstName}. Here is your resume review${short ? '.' : ', in under a minute.'}`
      : `Here is your resume review${short ? '.' : ', in under a minute.'}`,
  })
  scenes.push({
    kind: 'grade',
    grade: input.grade,
    score,
    narration:
      `Overall, your resume earns ${input.grade === 'A' || input.grade === 'F' ? 'an' : 'a'} ${input.grade}, ` +
      `with a score of ${score} out of 100.` +
      (short ? '' : ` ${gradeComment(input.grade)}`),
  })
  if (rows.length) {
    const sorted = [...rows].sort((a, b) => b.score - a.score)
    const best = sorted[0]!
    const worst = sorted.at(-1)!
    scenes.push({
      kind: 'subscores',
      rows,
      narration:
        wording === 'full'
          ? `Here is the breakdown. ${rows.map((row) => `${row.label}, ${row.score}`).join('. ')}.`
          : best === worst || best.score === worst.score
            ? `Here is the breakdown: every area scores ${best.score}.`
            : `Here is the breakdown. ${best.label} is your strongest area, at ${best.score}. ` +
              `${worst.label} needs the most work, at ${worst.score}.`,
    })
  }
  if (strengths.length) {
    const said = (
      wording === 'brief'
        ? strengths.slice(0, 1)
        : wording === 'compact'
          ? strengths.slice(0, 2)
          : strengths
    ).map((s) =>
      capWords(wording === 'full' ? firstSentence(s) : firstClause(s), ITEM_WORDS[wording]),
    )
    scenes.push({
      kind: 'strengths',
      items: strengths,
      narration:
        said.length === 1
          ? `What already works: ${said[0]!}`
          : `What already works. ${said.map((s, i) => `${ORDINALS[i]}: ${s}`).join(' ')}`,
    })
  }
  if (fixes.length) {
    scenes.push({
      kind: 'fixes',
      items: fixes.map((fix) => ({ title: fix.title.trim(), detail: fix.detail.trim() })),
      narration: `Here is what to fix first. ${fixes
        .map((fix, i) => {
          const title = capWords(fix.title, ITEM_WORDS[wording])
          const detail =
            short || (wording === 'standard' && i > 0) || !fix.detail.trim()
              ? ''
              : ` ${capWords(firstSentence(fix.detail), ITEM_WORDS[wording])}`
          return `${fixes.length > 1 ? `${ORDINALS[i]}: ` : ''}${title}${detail}`
        })
        .join(' ')}`,
    })
  }
  scenes.push({
    kind: 'closing',
    productName,
    grade: input.grade,
    narration: short
      ? `Your full review is waiting in ${productName}.`
      : `Your full review, with every finding and a suggested rewrite, is waiting in ${productName}. Good luck!`,
  })
  return scenes
}

export type Script = { wording: Wording; scenes: Scene[]; estimatedSeconds: number }

/** The fullest wording whose estimated length stays within the limit. */
export function buildScript(input: ReviewVideoInput, productName = PRODUCT_NAME): Script {
  let script: Script | null = null
  for (const wording of WORDINGS) {
    const scenes = writeScenes(input, wording, productName)
    const plan = planTimeline(
      scenes.map((scene) => scene.kind),
      scenes.map((scene) => estimateSpeechSeconds(scene.narration)),
    )
    script = { wording, scenes, estimatedSeconds: totalSeconds(plan) }
    if (script.estimatedSeconds <= TARGET_MAX_SECONDS) {
      return script
    }
  }
  return script!
}

/** The next shorter wording, or null when the script is already the shortest. */
export function shorterWording(wording: Wording): Wording | null {
  return WORDINGS[WORDINGS.indexOf(wording) + 1] ?? null
}

/** A short imperative title for each finding code: what the seeker should do. */
const FIX_TITLES: Record<ResumeFindingCode, string> = {
  layout_columns: 'Use a single column',
  layout_tables: 'Replace tables with plain lines',
  layout_images: 'Remove images and icons',
  layout_header_footer: 'Move text out of page headers',
  missing_dates: 'Add dates to every position',
  resume_too_long: 'Shorten the resume',
  missing_name: 'Put your name at the top',
  missing_email: 'Add your email address',
  missing_phone: 'Add a phone number',
  missing_location: 'Add your location',
  missing_links: 'Add a profile or portfolio link',
  missing_experience_section: 'Add an experience section',
  missing_education_section: 'Add an education section',
  missing_skills_section: 'Add a skills section',
  no_bullets: 'Describe each role in bullets',
  weak_bullet_no_action_verb: 'Start bullets with an action verb',
  bullet_no_result: 'Show the result of your work',
  missing_numbers: 'Add numbers to your impact',
  bullet_too_long: 'Shorten long bullets',
  passive_voice: 'Write in the active voice',
  buzzword: 'Replace buzzwords with evidence',
  first_person: 'Drop the first person',
  summary_missing: 'Add a short summary',
  summary_too_long: 'Tighten your summary',
  date_gap: 'Explain the gap in your dates',
  date_overlap: 'Check overlapping dates',
  few_skills: 'List more of your skills',
  skills_ungrouped: 'Group your skills',
}

/**
 * The video's input from a stored review and the resume's basics (`name`, `label` of the parsed
 * resume): the grade and scores as they are, the first three strengths, and the three most
 * severe findings of different kinds (the review lists them most severe first), each as a short
 * imperative title and its explanation's first sentence.
 */
export function reviewVideoInput(
  review: ResumeReview,
  basics: { name?: string | null; label?: string | null },
): ReviewVideoInput {
  const seen = new Set<ResumeFindingCode>()
  const findings = review.findings.filter((finding) => {
    if (seen.has(finding.code)) {
      return false
    }
    seen.add(finding.code)
    return true
  })
  return {
    name: basics.name?.trim() || null,
    headline: basics.label?.trim() || null,
    grade: review.grade,
    score: review.score,
    subScores: review.subScores.map((sub) => ({ label: sub.label, score: sub.score })),
    strengths: review.strengths.slice(0, 3).map((strength) => strength.text),
    fixes: findings.slice(0, 3).map((finding) => ({
      title: FIX_TITLES[finding.code],
      detail: firstSentence(finding.explanation),
    })),
  }
}
