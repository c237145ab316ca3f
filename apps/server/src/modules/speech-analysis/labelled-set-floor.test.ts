// A 12-answer slice of the labelled set (six training, six held-out answers, 3–20 s, clean,
// noisy and with music; wav, mp3 and webm) through the real analyser, scored as evaluate.ts
// does. The floors sit under the figures in ADR 0025 so a regression in timing, the syllable
// counter, the filler rules or the filled-pause detector fails here. Missing answers are
// generated into the cache first (espeak-ng, about a second each).
import { describe, expect, it } from 'vitest'
import { scoreAnswer, summarise, type AnswerScore } from './evaluate.ts'
import { type Container, loadLabelledSet } from './labelled-set/generate.ts'

const SLICE = ['t01', 't04', 't05', 't08', 't13', 't24', 'h01', 'h03', 'h04', 'h11', 'h13', 'h14']
const CONTAINERS: Container[] = ['wav', 'mp3', 'webm']

describe('the labelled set (12-answer slice)', () => {
  it('keeps pace, fillers and filled pauses above their floors', async () => {
    const truths = await loadLabelledSet((spec) => SLICE.includes(spec.id))
    expect(truths).toHaveLength(SLICE.length)
    const scores: AnswerScore[] = []
    for (const [i, truth] of truths.entries()) {
      scores.push(await scoreAnswer(truth, CONTAINERS[i % CONTAINERS.length]!))
    }
    const summary = summarise(scores)
    // Bars of the issue: pace within ±5% with a transcript on ≥ 90%, filler recall ≥ 0.9.
    expect(summary.transcriptWithin5).toBeGreaterThanOrEqual(0.9)
    expect(summary.fillerRecall).toBeGreaterThanOrEqual(0.9)
    expect(summary.fillerPrecision).toBeGreaterThanOrEqual(0.9)
    // From audio alone the set reaches 66–73% within ±10% (ADR 0025: written numbers and
    // long words make syllables per word vary from answer to answer); the floor catches a
    // broken syllable counter, not that spread.
    expect(summary.acousticWithin10).toBeGreaterThanOrEqual(0.5)
    expect(summary.acousticMedianError).toBeLessThan(0.12)
    expect(summary.heldRecall).toBeGreaterThanOrEqual(0.9)
    expect(summary.heldFalsePositives).toBe(0)
    expect(summary.pauseCountExact).toBeGreaterThanOrEqual(0.9)
    for (const s of scores) expect(Math.abs(s.firstWordError), s.id).toBeLessThan(0.1)
  }, 60_000)
})

// The ordinary-prose cohort (labelled-set/prose.ts): its twelve shortest-kind answers (18–26 s,
// every voice, -s 110–220, both halves), the hardest for acoustic pace since short answers do not
// average out their words' length. Before the rate-aware ratio of ADR 0025 (1.45 nuclei per
// word, fitted on the number-heavy sentences) 5 of 12 were within ±10%, median error 11%.
const PROSE_SLICE = [
  'p01',
  'p02',
  'p04',
  'p10',
  'p12',
  'p24',
  'q01',
  'q02',
  'q04',
  'q10',
  'q12',
  'q23',
]

describe('the labelled set (ordinary-prose slice)', () => {
  it('estimates pace from the audio alone within ±10% on most answers', async () => {
    const truths = await loadLabelledSet((spec) => PROSE_SLICE.includes(spec.id))
    expect(truths).toHaveLength(PROSE_SLICE.length)
    const scores: AnswerScore[] = []
    for (const [i, truth] of truths.entries()) {
      scores.push(await scoreAnswer(truth, CONTAINERS[i % CONTAINERS.length]!))
    }
    const summary = summarise(scores)
    expect(summary.transcriptWithin5).toBeGreaterThanOrEqual(0.9)
    expect(summary.fillerRecall).toBeGreaterThanOrEqual(0.9)
    expect(summary.acousticWithin10).toBeGreaterThanOrEqual(0.6)
    expect(summary.acousticMedianError).toBeLessThan(0.08)
    for (const s of scores) expect(Math.abs(s.firstWordError), s.id).toBeLessThan(0.1)
  }, 120_000)
})
