import { type ResumeReview, ResumeReviewSchema } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import {
  MAXIMAL_INPUT,
  MINIMAL_INPUT,
  TYPICAL_INPUT,
} from '../../../../../test/review-video-inputs.ts'
import {
  BEAT_SECONDS,
  buildScript,
  LEAD_IN_SECONDS,
  estimateSpeechSeconds,
  MAX_SECONDS,
  MIN_SECONDS,
  planTimeline,
  reviewVideoInput,
  totalSeconds,
  writeScenes,
} from './script.ts'

const estimatedPlan = (scenes: ReturnType<typeof writeScenes>) =>
  planTimeline(
    scenes.map((scene) => scene.kind),
    scenes.map((scene) => estimateSpeechSeconds(scene.narration)),
  )

describe('the script', () => {
  it('has the six scenes, each with a line written from the review', () => {
    const script = buildScript(TYPICAL_INPUT)
    expect(script.scenes.map((scene) => scene.kind)).toEqual([
      'title',
      'grade',
      'subscores',
      'strengths',
      'fixes',
      'closing',
    ])
    const said = Object.fromEntries(script.scenes.map((scene) => [scene.kind, scene.narration]))
    expect(said.title).toContain('Maria')
    expect(said.grade).toContain('earns a B, with a score of 84 out of 100.')
    expect(said.subscores).toContain('Contact and sections')
    expect(said.fixes).toMatch(/^Here is what to fix first\. One: Add numbers to your impact\./)
    expect(said.fixes).toContain('Three: Tighten your summary.')
    expect(said.closing).toContain('Job Search Assistant')
  })

  it('keeps a typical review, the smallest and the largest within 30–60 s', () => {
    for (const input of [TYPICAL_INPUT, MINIMAL_INPUT, MAXIMAL_INPUT]) {
      const script = buildScript(input)
      expect(script.estimatedSeconds).toBeGreaterThanOrEqual(MIN_SECONDS)
      expect(script.estimatedSeconds).toBeLessThanOrEqual(MAX_SECONDS)
    }
  })

  it('chooses a shorter wording when the full one would run past the limit', () => {
    const full = totalSeconds(estimatedPlan(writeScenes(MAXIMAL_INPUT, 'full')))
    expect(full).toBeGreaterThan(MAX_SECONDS)
    const script = buildScript(MAXIMAL_INPUT)
    expect(script.wording).not.toBe('full')
    expect(script.estimatedSeconds).toBeLessThan(full)
  })

  it('pads a short review up to 30 s and drops the scenes it has nothing for', () => {
    const script = buildScript(MINIMAL_INPUT)
    expect(script.scenes.map((scene) => scene.kind)).toEqual(['title', 'grade', 'closing'])
    expect(script.scenes[0]!.narration).toMatch(/^Here is your resume review/)
    expect(script.estimatedSeconds).toBeGreaterThanOrEqual(MIN_SECONDS)
  })

  it('lasts each scene as long as its line plus a beat', () => {
    const plan = planTimeline(['title', 'grade', 'closing'], [20, 10, 8])
    const extra = LEAD_IN_SECONDS + BEAT_SECONDS
    expect(plan.map((scene) => scene.duration)).toEqual([20 + extra, 10 + extra, 8 + extra])
    expect(plan[1]!.start).toBeCloseTo(20 + extra)
    expect(plan[1]!.speechStart).toBeCloseTo(20 + extra + LEAD_IN_SECONDS)
    expect(plan[1]!.speechStart).toBeGreaterThan(plan[1]!.start)
  })
})

describe('reviewVideoInput', () => {
  const finding = (code: string, explanation: string) => ({
    code,
    category: 'impact',
    severity: 'high',
    lines: [],
    explanation,
    suggestion: 'Use [number].',
    rewrite: null,
  })
  const review: ResumeReview = ResumeReviewSchema.parse({
    version: 1,
    grade: 'C',
    score: 72,
    summary: 'A solid base.',
    subScores: ['ats', 'contact', 'impact', 'clarity', 'skills'].map((category, i) => ({
      category,
      label: `Label ${i}`,
      score: 60 + i * 5,
      weight: 20,
      summary: 'Why.',
    })),
    findings: [
      finding('missing_numbers', 'Only 2 of 11 bullets show a number. Recruiters look for size.'),
      finding('missing_numbers', 'Another bullet without a number.'),
      finding('passive_voice', '“Was led by me” hides who did the work. Put yourself first.'),
      finding('buzzword', '“Synergy” says nothing. Show evidence.'),
      finding('first_person', 'Drop “I”.'),
    ],
    strengths: ['a', 'b', 'c', 'd'].map((text) => ({
      code: 'rich_skills',
      category: 'skills',
      text: `Strength ${text}.`,
      lines: [],
    })),
    stats: {
      pages: 1,
      bullets: 11,
      bulletsWithNumbers: 2,
      bulletsWithActionVerb: 9,
      skills: 12,
      positions: 3,
    },
  })

  it('maps the grade, scores, three strengths and the three most severe kinds of finding', () => {
    expect(reviewVideoInput(review, { name: ' Maria Kowalska ', label: 'Engineer' })).toEqual({
      name: 'Maria Kowalska',
      headline: 'Engineer',
      grade: 'C',
      score: 72,
      subScores: [60, 65, 70, 75, 80].map((score, i) => ({ label: `Label ${i}`, score })),
      strengths: ['Strength a.', 'Strength b.', 'Strength c.'],
      fixes: [
        { title: 'Add numbers to your impact', detail: 'Only 2 of 11 bullets show a number.' },
        { title: 'Write in the active voice', detail: '“Was led by me” hides who did the work.' },
        { title: 'Replace buzzwords with evidence', detail: '“Synergy” says nothing.' },
      ],
    })
  })

  it('leaves the name and headline null when the resume has none', () => {
    const input = reviewVideoInput(review, { name: '  ', label: null })
    expect(input.name).toBeNull()
    expect(input.headline).toBeNull()
    expect(buildScript(input).scenes[0]).toMatchObject({ kind: 'title', name: 'Your resume' })
  })
})
