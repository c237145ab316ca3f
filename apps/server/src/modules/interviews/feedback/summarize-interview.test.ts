import type { InterviewQuestion } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { QUESTION, content, delivery } from './coach-answer.test-support.ts'
import { type SummarizedAnswer, summarizeInterview } from './summarize-interview.ts'

const questions: InterviewQuestion[] = [0, 1, 2, 3, 4].map((index) => ({ ...QUESTION, index }))

const noResult = content({
  resultsWithNumbers: [],
  star: { situation: true, task: true, action: true, result: false },
})

function voice(overrides: Partial<SummarizedAnswer> = {}): SummarizedAnswer {
  return {
    question: QUESTION,
    delivery: delivery(),
    content: content(),
    score: 80,
    mode: 'voice',
    ...overrides,
  }
}

describe('summarizeInterview', () => {
  it('ranks the most frequent, most serious issues first, with the figures behind them', () => {
    const fast = (wpm: number) =>
      delivery({
        wordsPerMinute: wpm,
        fillersPerMinute: 6,
        fillerCount: 9,
        fillers: { like: 7, um: 2 },
      })
    const feedback = summarizeInterview({
      questions: questions.slice(0, 4),
      answers: [
        voice({ content: noResult, delivery: fast(182) }),
        voice({ content: noResult, delivery: fast(182) }),
        voice({ content: noResult, delivery: fast(182) }),
        voice({ delivery: fast(182) }),
      ],
    })
    expect(feedback.focusAreas.map((area) => area.title)).toEqual([
      'Finish with the result',
      'Slow down',
      'Fewer fillers',
    ])
    expect(feedback.focusAreas[0]!.detail).toContain('Seen in 3 of 4 answers')
    expect(feedback.focusAreas[1]!.detail).toContain('182 words per minute against 140–160')
    expect(feedback.focusAreas[2]!.detail).toContain('6 per minute, mostly “like”')
    expect(feedback.summary.split(/(?<=\.)\s+/)).toHaveLength(2)
  })

  it('gives each focus area the figures of the answers it was seen in, not the mean of all', () => {
    const feedback = summarizeInterview({
      questions: questions.slice(0, 3),
      answers: [
        voice({ delivery: delivery({ speakingSeconds: 60, wordsPerMinute: 190 }) }),
        voice({ delivery: delivery({ speakingSeconds: 60, wordsPerMinute: 174 }) }),
        voice({ delivery: delivery({ speakingSeconds: 120, wordsPerMinute: 145 }) }),
      ],
    })
    expect(feedback.averages.wordsPerMinute).toBe(164)
    expect(feedback.focusAreas[0]).toEqual({
      title: 'Slow down',
      detail:
        '182 words per minute against 140–160 (too fast in 2 of 3 answers); pause after each key point.',
    })
  })

  it('a frequent small issue outranks a rare one of the same weight', () => {
    const feedback = summarizeInterview({
      questions: questions.slice(0, 3),
      answers: [
        voice({
          content: content({ length: 'short' }),
          delivery: delivery({ speakingSeconds: 40 }),
        }),
        voice({
          content: content({ length: 'short' }),
          delivery: delivery({ speakingSeconds: 45 }),
        }),
        voice({
          content: content({ length: 'long' }),
          delivery: delivery({ speakingSeconds: 150 }),
        }),
      ],
    })
    expect(feedback.focusAreas.map((area) => area.title)).toEqual([
      'Give fuller answers',
      'Keep answers under two minutes',
    ])
  })

  it('averages pace by speaking time, fillers and pauses over all speech, and points covered', () => {
    const feedback = summarizeInterview({
      questions: questions.slice(0, 3),
      answers: [
        voice({
          delivery: delivery({
            speakingSeconds: 120,
            wordsPerMinute: 160,
            fillerCount: 4,
            pauses: { count: 2, longestSeconds: 1 },
          }),
        }),
        voice({
          delivery: delivery({
            speakingSeconds: 60,
            wordsPerMinute: 130,
            fillerCount: 2,
            pauses: { count: 4, longestSeconds: 1 },
          }),
        }),
        voice({
          mode: 'typed',
          delivery: null,
          content: content({
            talkingPoints: QUESTION.talkingPoints.map((point, i) => ({ point, covered: i === 0 })),
          }),
        }),
      ],
    })
    expect(feedback.averages).toEqual({
      wordsPerMinute: 150, // (160×120 + 130×60) / 180
      fillersPerMinute: 2, // 6 fillers in 3 minutes
      pausesPerMinute: 2,
      talkingPointsCovered: 0.78, // 7 of 9
    })
  })

  it('lowers the score a little for each skipped question', () => {
    const all = summarizeInterview({
      questions: questions.slice(0, 2),
      answers: [voice(), voice()],
    })
    const oneSkipped = summarizeInterview({
      questions: questions.slice(0, 2),
      answers: [
        voice(),
        { ...voice(), mode: 'skipped', score: null, content: null, delivery: null },
      ],
    })
    expect(all.score).toBe(80)
    expect(oneSkipped.score).toBe(76)
    expect(oneSkipped.summary).toContain('You answered 1 of 2 questions')
  })

  it('names two or three specific strengths', () => {
    const feedback = summarizeInterview({
      questions: questions.slice(0, 2),
      answers: [voice(), voice()],
    })
    expect(feedback.strengths).toHaveLength(3)
    expect(feedback.strengths[0]).toBe('Results backed by figures in 2 of 2 answers')
    expect(feedback.focusAreas).toEqual([])
  })

  it('handles an interview with every question skipped', () => {
    const feedback = summarizeInterview({ questions: questions.slice(0, 2), answers: [] })
    expect(feedback.score).toBe(0)
    expect(feedback.focusAreas[0]!.title).toBe('Answer every question')
    expect(feedback.averages.wordsPerMinute).toBeNull()
  })
})
