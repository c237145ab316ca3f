/**
 * The content analysis against questions the generator really writes (not the bank alone): a
 * seeker telling their own resume story covers its points; a vague answer to it does not.
 */
import { describe, expect, it } from 'vitest'
import { generateQuestions } from '../questions/generate-questions.ts'
import { loadTasks, normalizeTitle } from '../../jobs/index.ts'
import { BEHAVIOURAL_BANK } from '../questions/behavioural-bank.ts'
import {
  NURSE,
  SOFTWARE_ENGINEER,
  TEACHER,
  TRUCK_DRIVER,
} from '../questions/sample-facts.test-support.ts'
import { analyzeAnswerContent } from './answer-content.ts'
import { coachAnswer } from './coach-answer.ts'
import { pointKeys } from './talking-point-coverage.ts'

const questions = generateQuestions({
  facts: SOFTWARE_ENGINEER,
  tasks: [],
  focus: 'role',
  count: 6,
  seed: 's',
})
const opening = questions[0]!
const latency = questions.find((q) => q.text.includes('p95'))!

const OPENING_ANSWER = `I'm a backend engineer with six years of experience, most recently as a senior backend engineer at Lindqvist Freight, where I work in Go and PostgreSQL on the pricing and booking services. Before that I built billing exports in Python. I'm applying to Haldane Logistics because you run booking for 400 carriers, and now that our migration is done I want to work at that scale.`

const LATENCY_ANSWER = `At my last job the pricing API was too slow: p95 was around 900 milliseconds and customers were timing out. My goal was to get it under 200. I profiled the slowest endpoints and found that one query did a sequential scan over the rates table. I added a composite index and rewrote two queries. The hardest part was testing it without a copy of production, so I built a load test from real traffic. As a result p95 went from 900 ms to 180 ms.`

const VAGUE_ANSWER = `Performance is something I really care about. I think it's important for any service to be fast, and I always try to keep that in mind. It was a team effort, and everyone was really happy with how it went.`

describe('content analysis of generated questions', () => {
  it('can match every talking point the generator writes: each has words to look for', () => {
    const points = new Set(BEHAVIOURAL_BANK.flatMap((q) => q.talkingPoints))
    for (const facts of [SOFTWARE_ENGINEER, NURSE, TRUCK_DRIVER, TEACHER]) {
      for (const seed of ['a', 'b', 'c', 'd']) {
        const tasks = loadTasks().get(normalizeTitle(facts.job.title)!.code) ?? []
        generateQuestions({ facts, tasks, focus: 'role', count: 10, seed })
          .flatMap((q) => q.talkingPoints)
          .forEach((point) => points.add(point))
      }
    }
    for (const point of points) expect(pointKeys(point), point).not.toEqual([])
  })

  it('finds every point of a tailored opening in an answer that tells who, what and why here', () => {
    const content = analyzeAnswerContent({
      question: opening,
      transcript: OPENING_ANSWER,
      spokenSeconds: 70,
    })
    expect(content.talkingPoints.map((p) => p.covered)).toEqual([true, true, true])
    expect(content.jobTermsUsed).toEqual(expect.arrayContaining(['Go', 'Python']))
  })

  it('finds every point of a resume-highlight question in the story behind it', () => {
    const content = analyzeAnswerContent({
      question: latency,
      transcript: LATENCY_ANSWER,
      spokenSeconds: 80,
    })
    expect(content.talkingPoints.every((p) => p.covered)).toBe(true)
    expect(content.star).toEqual({ situation: true, task: true, action: true, result: true })
    expect(content.resultsWithNumbers).toEqual(['As a result p95 went from 900 ms to 180 ms.'])
  })

  it('finds none in a vague answer, and the coaching asks for the result', () => {
    const content = analyzeAnswerContent({
      question: latency,
      transcript: VAGUE_ANSWER,
      spokenSeconds: 25,
    })
    expect(content.talkingPoints.filter((p) => p.covered)).toEqual([])
    expect(content.resultsWithNumbers).toEqual([])
    const { coaching, score } = coachAnswer({
      question: latency,
      delivery: null,
      content,
      mode: 'voice',
    })
    expect(coaching).toContain('finish with what came of it')
    expect(score).toBeLessThan(30)
  })

  it('reads a nurse’s answer with number words as a result', () => {
    const nurseQuestion = generateQuestions({
      facts: NURSE,
      tasks: [],
      focus: 'role',
      count: 10,
      seed: 'n',
    }).find((q) => q.text.includes('twelve new nurses'))!
    const content = analyzeAnswerContent({
      question: nurseQuestion,
      transcript: `When I was on the cardiac ward we kept missing early warning signs on the monitors, because new starters had never been shown the protocol. I offered to teach it myself. I wrote a one-page guide and ran short sessions at the start of night shifts. In the end I trained twelve new nurses, and missed alerts dropped from nine a month to two.`,
      spokenSeconds: 65,
    })
    expect(content.resultsWithNumbers).toEqual([
      'In the end I trained twelve new nurses, and missed alerts dropped from nine a month to two.',
    ])
    expect(content.talkingPoints.filter((p) => p.covered).length).toBeGreaterThanOrEqual(3)
  })
})
