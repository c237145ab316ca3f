import {
  RESUME_REVIEW_CATEGORIES,
  RESUME_REVIEW_CATEGORY_LABELS,
  RESUME_REVIEW_WEIGHTS,
  type ResumeReview,
} from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeLlm, startFakeLlm } from '../../../test/fake-llm.ts'
import { openAiCompatibleGenerator } from '../cover-letters/index.ts'
import { composeRoast } from './compose-roast.ts'
import { REDACTED } from './redact.ts'
import { writeRoast } from './roast-writer.ts'

/** The optional LLM pass against a local stand-in of an OpenAI-compatible API. */
const REVIEW: ResumeReview = {
  version: 1,
  grade: 'C',
  score: 72,
  summary: 'Fine.',
  subScores: RESUME_REVIEW_CATEGORIES.map((category) => ({
    category,
    label: RESUME_REVIEW_CATEGORY_LABELS[category],
    score: 72,
    weight: RESUME_REVIEW_WEIGHTS[category],
    summary: 'So so.',
  })),
  findings: [
    {
      code: 'missing_numbers',
      category: 'impact',
      severity: 'medium',
      lines: ['Improved the search service, mail me at a@example.com'],
      explanation: 'No number.',
      suggestion: 'Add one.',
      rewrite: null,
    },
  ],
  strengths: [],
  stats: {
    pages: 1,
    bullets: 4,
    bulletsWithNumbers: 0,
    bulletsWithActionVerb: 4,
    skills: 8,
    positions: 2,
  },
}

const GOOD = [
  'A 72, folks. Right in the middle of the pack.',
  '“Improved the search service”. By how much? I love numbers. Write me at x@example.com',
  'Tremendous search service. Zero digits. Zero!',
  'Verdict pending, give me one number.',
]

let llm: FakeLlm
beforeAll(async () => {
  llm = await startFakeLlm()
})
afterAll(() => llm?.close())

const generator = () =>
  openAiCompatibleGenerator({ baseUrl: llm.baseUrl, apiKey: null, model: 'fake', timeoutMs: 2000 })

describe('the roast writer', () => {
  it('uses the offline composer without an LLM', async () => {
    const written = await writeRoast(null, { review: REVIEW }, 'id-1')
    expect(written).toEqual({
      content: composeRoast({ review: REVIEW }, 'id-1'),
      source: 'offline',
      fallbackReason: null,
    })
  })

  it('takes the LLM’s lines, redacted, and sends it the findings without contact details', async () => {
    llm.mode = { kind: 'letter', text: JSON.stringify(GOOD) }
    const written = await writeRoast(generator(), { review: REVIEW }, 'id-1')
    expect(written.source).toBe('llm')
    expect(written.content.lines[1]).toBe(
      `“Improved the search service”. By how much? I love numbers. Write me at ${REDACTED}`,
    )
    expect(written.content.fixes).toEqual(composeRoast({ review: REVIEW }, 'id-1').fixes)
    const sent = JSON.stringify(llm.requests.at(-1)!.body)
    expect(sent).toContain('missing_numbers')
    expect(sent).not.toContain('a@example.com')
  })

  it('keeps the offline lines when the LLM fails or answers something unusable', async () => {
    const offline = composeRoast({ review: REVIEW }, 'id-2')
    for (const [mode, reason] of [
      [{ kind: 'status', status: 500 }, /HTTP 500/],
      [{ kind: 'letter', text: 'Sure! Here is a roast.' }, /JSON array/],
      [{ kind: 'letter', text: JSON.stringify(GOOD.slice(0, 2)) }, /2 lines/],
      [{ kind: 'letter', text: JSON.stringify([...GOOD, 'x'.repeat(400)]) }, /too long/],
      [{ kind: 'letter', text: JSON.stringify([...GOOD, 'At your age, folks?']) }, /forbidden/],
      [{ kind: 'letter', text: JSON.stringify([...GOOD, 'Believe me, it is bad.']) }, /forbidden/],
    ] as const) {
      llm.mode = mode
      const written = await writeRoast(generator(), { review: REVIEW }, 'id-2')
      expect(written.source).toBe('offline')
      expect(written.content).toEqual(offline)
      expect(written.fallbackReason).toMatch(reason)
    }
  })
})
