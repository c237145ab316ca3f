import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeLlm, startFakeLlm } from '../../../test/fake-llm.ts'
import { openAiCompatibleGenerator } from '../cover-letters/index.ts'
import { type RewriteRequest, withRewrites } from '../resume-review/index.ts'
import { checkedRewrite, llmBulletRewriter } from './bullet-rewriter.ts'

/**
 * The review's bullets rewritten by an OpenAI-compatible API (the real adapter, against a local
 * fake of the API): kept when they add no fact, dropped when they invent a figure, and the
 * offline review untouched when the API fails.
 */
let llm: FakeLlm
beforeAll(async () => {
  llm = await startFakeLlm()
})
afterAll(() => llm?.close())

const rewriter = () =>
  llmBulletRewriter(
    openAiCompatibleGenerator({
      baseUrl: llm.baseUrl,
      apiKey: 'sk-test',
      model: 'm',
      timeoutMs: 5000,
    }),
  )

const request = (line: string): RewriteRequest => ({
  code: 'bullet_no_result',
  line,
  suggestion: `${line}, resulting in [result]`,
})

describe('llmBulletRewriter', () => {
  it('keeps rewrites that add no fact, placeholders in brackets included', async () => {
    llm.mode = {
      kind: 'letter',
      text: 'Here you go:\n{"rewrites": ["Rebuilt the 3 billing jobs in Go, cutting run time by [number]%", "Mentored two juniors to their first on-call rotation"]}',
    }
    const answers = await rewriter()([
      request('Worked on the 3 billing jobs in Go'),
      request('Was responsible for mentoring two juniors'),
    ])
    expect(answers).toEqual([
      'Rebuilt the 3 billing jobs in Go, cutting run time by [number]%',
      'Mentored two juniors to their first on-call rotation',
    ])
    const sent = llm.requests.at(-1)!.body.messages as { role: string; content: string }[]
    expect(sent[0]!.content).toContain('Never add a fact')
    expect(JSON.parse(sent[1]!.content)).toEqual([
      expect.objectContaining({ bullet: 'Worked on the 3 billing jobs in Go' }),
      expect.objectContaining({ bullet: 'Was responsible for mentoring two juniors' }),
    ])
  })

  it('drops a rewrite with a number the bullet does not have, an empty one and a missing one', async () => {
    llm.mode = { kind: 'letter', text: '{"rewrites": ["Cut costs by 40% with a new cache", ""]}' }
    expect(
      await rewriter()([request('Added a cache'), request('Wrote docs'), request('Ran demos')]),
    ).toEqual([null, null, null])
  })

  it('leaves the offline review as it was when the API fails', async () => {
    llm.mode = { kind: 'status', status: 503 }
    const review = {
      findings: [
        { code: 'bullet_no_result', lines: ['Wrote docs'], suggestion: 's', rewrite: null },
      ],
    } as unknown as Parameters<typeof withRewrites>[0]
    expect(await withRewrites(review, rewriter())).toBe(review)
  })
})

describe('checkedRewrite', () => {
  it('refuses what is not one bullet of text', () => {
    expect(checkedRewrite(request('Wrote docs'), 42)).toBeNull()
    expect(checkedRewrite(request('Wrote docs'), 'word '.repeat(31))).toBeNull()
    expect(checkedRewrite(request('Shipped v2 in 2021'), 'Shipped v2 in 2021 on time')).toBe(
      'Shipped v2 in 2021 on time',
    )
  })
})
