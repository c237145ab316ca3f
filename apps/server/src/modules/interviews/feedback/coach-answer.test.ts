import { describe, expect, it } from 'vitest'
import { answerScore } from './answer-score.ts'
import { QUESTION, content, delivery } from './coach-answer.test-support.ts'
import { coachAnswer } from './coach-answer.ts'

const sentenceCount = (text: string) => text.split(/(?<=[.!?”])\s+(?=[A-Z“])/).length

describe('coachAnswer', () => {
  it('asks for the result first when the story has no ending, quoting the talking point', () => {
    const note = coachAnswer({
      question: QUESTION,
      delivery: delivery({ wordsPerMinute: 185, fillersPerMinute: 7, fillers: { like: 9 } }),
      content: content({
        star: { situation: true, task: true, action: true, result: false },
        resultsWithNumbers: [],
        talkingPoints: QUESTION.talkingPoints.map((point, i) => ({ point, covered: i < 2 })),
      }),
      mode: 'voice',
    })
    expect(note.coaching).toContain('finish with what came of it')
    expect(note.coaching).toContain('“whether you met the deadline, and the result”')
    expect(note.coaching).not.toMatch(/slow down|fillers/i)
  })

  it('does not praise what the change then asks for', () => {
    const note = coachAnswer({
      question: QUESTION,
      delivery: null,
      content: content({
        star: { situation: true, task: true, action: true, result: false },
        resultsWithNumbers: [],
      }),
      mode: 'typed',
    })
    expect(note.coaching).toContain('finish with what came of it')
    expect(note.coaching).not.toMatch(/every talking point|full story|covered “whether you met/)
    expect(note.coaching).toMatch(/^You covered “the deadline and what was at stake”/)
  })

  it('names the missing talking point when the result is there', () => {
    const note = coachAnswer({
      question: QUESTION,
      delivery: delivery({ wordsPerMinute: 185 }),
      content: content({
        talkingPoints: QUESTION.talkingPoints.map((point, i) => ({ point, covered: i !== 1 })),
      }),
      mode: 'voice',
    })
    expect(note.coaching).toContain('cover “how you planned the time and what you cut”')
    expect(note.coaching).toContain('You backed it with a figure: “We shipped two days early')
  })

  it('says slow down, with the figure, when content is complete and pace is off', () => {
    const note = coachAnswer({
      question: QUESTION,
      delivery: delivery({ wordsPerMinute: 182, fillersPerMinute: 6, fillers: { like: 9 } }),
      content: content(),
      mode: 'voice',
    })
    expect(note.coaching).toContain('slow down. You spoke at 182 words per minute against 140–160')
  })

  it('then fillers, naming the commonest one', () => {
    const note = coachAnswer({
      question: QUESTION,
      delivery: delivery({ fillersPerMinute: 6, fillerCount: 9, fillers: { um: 2, like: 7 } }),
      content: content(),
      mode: 'voice',
    })
    expect(note.coaching).toContain('fewer fillers. You used 6.0 a minute, mostly “like”')
  })

  it('then length, then hedging', () => {
    const short = coachAnswer({
      question: QUESTION,
      delivery: delivery({
        speakingSeconds: 40,
        hedges: [
          { start: 0, end: 7, text: 'I think' },
          { start: 9, end: 16, text: 'kind of' },
        ],
      }),
      content: content({ length: 'short' }),
      mode: 'voice',
    })
    expect(short.coaching).toContain('give it more. At 40 seconds')
    const hedged = coachAnswer({
      question: QUESTION,
      delivery: delivery({
        hedges: [
          { start: 0, end: 7, text: 'I think' },
          { start: 9, end: 16, text: 'kind of' },
        ],
      }),
      content: content(),
      mode: 'voice',
    })
    expect(hedged.coaching).toContain('drop the hedges such as “I think”')
  })

  it('ignores delivery for a typed answer and scores it on content alone', () => {
    const typed = coachAnswer({
      question: QUESTION,
      delivery: delivery({ wordsPerMinute: 230 }),
      content: content({ length: null }),
      mode: 'typed',
    })
    expect(typed.coaching).not.toMatch(/slow down/i)
    expect(typed.score).toBe(100)
  })

  it('works with delivery only (no transcript) and says so', () => {
    const note = coachAnswer({
      question: QUESTION,
      delivery: delivery({ wordsPerMinute: 120 }),
      content: null,
      mode: 'voice',
    })
    expect(note.coaching).toContain('pick up the pace a little. You spoke at 120 words per minute')
    expect(note.coaching).toContain('no transcript')
    expect(note.score).toBeGreaterThan(0)
  })

  it('never praises in general, and stays within two to four sentences', () => {
    const cases = [
      coachAnswer({ question: QUESTION, delivery: delivery(), content: content(), mode: 'voice' }),
      coachAnswer({
        question: QUESTION,
        delivery: null,
        content: content({
          resultsWithNumbers: [],
          star: { situation: false, task: false, action: false, result: false },
          talkingPoints: QUESTION.talkingPoints.map((point) => ({ point, covered: false })),
          length: null,
          wordCount: 30,
        }),
        mode: 'typed',
      }),
    ]
    for (const { coaching } of cases) {
      expect(coaching).not.toMatch(/great answer|well done|good job|nice/i)
      expect(coaching.match(/The one change/g)?.length ?? 0).toBeLessThanOrEqual(1)
      expect(sentenceCount(coaching)).toBeGreaterThanOrEqual(1)
      expect(sentenceCount(coaching)).toBeLessThanOrEqual(4)
    }
    expect(sentenceCount(cases[0]!.coaching)).toBeGreaterThanOrEqual(2)
  })
})

describe('answerScore', () => {
  it('rewards a strong, well-delivered answer and drops for each weakness', () => {
    const best = answerScore({ delivery: delivery(), content: content(), mode: 'voice' })
    const noResult = answerScore({
      delivery: delivery(),
      content: content({
        resultsWithNumbers: [],
        star: { situation: true, task: true, action: true, result: false },
      }),
      mode: 'voice',
    })
    const rushed = answerScore({
      delivery: delivery({ wordsPerMinute: 200, fillersPerMinute: 9 }),
      content: content(),
      mode: 'voice',
    })
    expect(best).toBe(100)
    expect(noResult).toBeLessThan(best - 10)
    expect(rushed).toBeLessThan(best - 10)
    expect(answerScore({ delivery: null, content: null, mode: 'voice' })).toBe(0)
  })
})
