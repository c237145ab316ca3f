import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeLlm, startFakeLlm } from '../../../../test/fake-llm.ts'
import { openAiCompatibleGenerator } from '../../cover-letters/index.ts'
import { generateQuestions } from './generate-questions.ts'
import { withLlmQuestions } from './llm-questions.ts'
import { SOFTWARE_ENGINEER } from './sample-facts.test-support.ts'

/**
 * Questions improved by an OpenAI-compatible API (the real adapter, against a local fake of the
 * API): used when every one passes the offline questions' bar, else the offline ones stand.
 */
let llm: FakeLlm
beforeAll(async () => {
  llm = await startFakeLlm()
})
afterAll(() => llm?.close())

const input = { facts: SOFTWARE_ENGINEER, tasks: [], focus: 'mixed' as const, count: 2 }
const offline = generateQuestions({ ...input, seed: 'seed' })
const generator = () =>
  openAiCompatibleGenerator({ baseUrl: llm.baseUrl, apiKey: null, model: 'm', timeoutMs: 5000 })

const question = (
  text: string,
  points = ['What you did yourself', 'The outcome, with a number'],
) => ({
  text,
  kind: 'role',
  talkingPoints: points,
  reason: 'The posting asks for it',
})

describe('withLlmQuestions', () => {
  it('uses the API’s questions when each passes the bar, with the job’s terms they name', async () => {
    llm.mode = {
      kind: 'letter',
      text: JSON.stringify({
        questions: [
          question('Walk me through a Kubernetes deployment you owned in production.'),
          question('How did you find the bottleneck when you tuned PostgreSQL queries?'),
        ],
      }),
    }
    const result = await withLlmQuestions(generator(), input, offline)
    expect(result.source).toBe('llm')
    expect(result.questions.map((q) => [q.index, q.jobTerms])).toEqual([
      [0, ['Kubernetes']],
      [1, ['PostgreSQL']],
    ])
    const sent = llm.requests.at(-1)!.body.messages as { content: string }[]
    expect(sent[0]!.content).toContain('never invent')
    expect(JSON.parse(sent[1]!.content)).toMatchObject({ questionCount: 2, focus: 'mixed' })
  })

  it.each([
    ['the wrong count', [question('Walk me through a deployment you owned in production.')]],
    [
      'a placeholder',
      [
        question('Tell me about your time at [Company] and what you built.'),
        question('How did you find the bottleneck in the pricing API?'),
      ],
    ],
    [
      'one talking point',
      [
        question('Walk me through a deployment you owned in production.', ['Only one']),
        question('How did you find the bottleneck in the pricing API?'),
      ],
    ],
  ])('keeps the offline questions for %s', async (_, questions) => {
    llm.mode = { kind: 'letter', text: JSON.stringify({ questions }) }
    expect(await withLlmQuestions(generator(), input, offline)).toEqual({
      questions: offline,
      source: 'offline',
    })
  })

  it('keeps the offline questions when the API fails', async () => {
    llm.mode = { kind: 'status', status: 503 }
    expect((await withLlmQuestions(generator(), input, offline)).source).toBe('offline')
  })
})
