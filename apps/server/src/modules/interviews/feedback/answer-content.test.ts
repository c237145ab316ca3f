import type { InterviewQuestion } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { BEHAVIOURAL_BANK } from '../questions/behavioural-bank.ts'
import { analyzeAnswerContent } from './answer-content.ts'
import { resultsWithNumbers } from './numeric-results.ts'
import { starParts } from './star-parts.ts'
import { coversPoint, answerStems } from './talking-point-coverage.ts'

function bankQuestion(competency: string, jobTerms: string[] = []): InterviewQuestion {
  const entry = BEHAVIOURAL_BANK.find((q) => q.competency === competency)!
  return {
    index: 1,
    kind: 'behavioural',
    text: entry.text,
    talkingPoints: entry.talkingPoints,
    reason: '',
    jobTerms,
  }
}

const CONFLICT = bankQuestion('conflict with a colleague')

const STRONG_CONFLICT = `At my last job, a colleague and I disagreed about how to roll out the new rota. It mattered because the night shift would lose two nurses. My goal was to find a rota both wards could live with. I listened to her concerns first and asked what she was worried about. Then I drafted two options and we talked them through with the charge nurse. In the end we agreed on a split rota, which cut overtime by 30% in the first month.`

const RAMBLING_CONFLICT = `Well, I think I get along with pretty much everybody, honestly. I'm a people person, I like people, and I think communication is really key in any workplace. You know, everybody has their own style and that's fine. I always try to stay positive and keep a good attitude, because attitude is everything.`

describe('analyzeAnswerContent', () => {
  it('finds every talking point, all four STAR parts and the number in a strong STAR answer', () => {
    const content = analyzeAnswerContent({
      question: CONFLICT,
      transcript: STRONG_CONFLICT,
      spokenSeconds: 75,
    })
    expect(content.talkingPoints.every((p) => p.covered)).toBe(true)
    expect(content.star).toEqual({ situation: true, task: true, action: true, result: true })
    expect(content.resultsWithNumbers).toEqual([
      'In the end we agreed on a split rota, which cut overtime by 30% in the first month.',
    ])
    expect(content.length).toBe('good')
    expect(content.wordCount).toBe(84)
  })

  it('finds no talking point, no STAR story and no number in a rambling answer', () => {
    const content = analyzeAnswerContent({
      question: CONFLICT,
      transcript: RAMBLING_CONFLICT,
      spokenSeconds: 30,
    })
    expect(content.talkingPoints.filter((p) => p.covered)).toEqual([])
    expect(content.star).toEqual({ situation: false, task: false, action: false, result: false })
    expect(content.resultsWithNumbers).toEqual([])
    expect(content.length).toBe('short')
  })

  it('matches talking points whatever the inflection: led, lead, leading', () => {
    const answer = { hasNumber: false, hasFirstPersonAction: false, hasSituation: false }
    for (const said of [
      'I led the rollout',
      'I had to lead the rollout',
      'I was leading the rollout',
    ]) {
      expect(
        coversPoint('why it needed someone to lead', { ...answer, stems: answerStems(said) }),
      ).toBe(true)
    }
    expect(
      coversPoint('why it needed someone to lead', {
        ...answer,
        stems: answerStems('the rollout happened'),
      }),
    ).toBe(false)
  })

  it('matches words outside every synonym group by their stem: negotiate, writing, wrote', () => {
    const evidence = (said: string) => ({
      stems: answerStems(said),
      hasNumber: false,
      hasFirstPersonAction: false,
      hasSituation: false,
    })
    for (const said of ['I negotiated', 'while negotiating', 'she negotiates']) {
      expect(coversPoint('the terms you negotiated', evidence(said)), said).toBe(true)
    }
    for (const said of ['I wrote it down', 'I was writing', 'I write a log']) {
      expect(coversPoint('what you were writing', evidence(said)), said).toBe(true)
    }
    expect(coversPoint('the terms you negotiated', evidence('I signed'))).toBe(false)
  })

  it('does not count stop words as covering a point', () => {
    const stems = answerStems('what you did and how and why it was, in the, with a')
    expect(
      coversPoint('what you agreed in the end', {
        stems,
        hasNumber: false,
        hasFirstPersonAction: false,
        hasSituation: false,
      }),
    ).toBe(false)
  })

  it('meets "with a number" only with a figure, and "yourself" only with first-person actions', () => {
    const point = 'the result, with a number if there is one'
    const stems = answerStems('the result was good')
    expect(
      coversPoint('what you did yourself, not the team', {
        stems: answerStems('the team did it'),
        hasNumber: false,
        hasFirstPersonAction: false,
        hasSituation: false,
      }),
    ).toBe(false)
    expect(
      coversPoint('what you did yourself, not the team', {
        stems: answerStems('I called the supplier'),
        hasNumber: false,
        hasFirstPersonAction: true,
        hasSituation: false,
      }),
    ).toBe(true)
    expect(
      coversPoint(point, {
        stems,
        hasNumber: true,
        hasFirstPersonAction: false,
        hasSituation: false,
      }),
    ).toBe(true)
  })

  it('finds job terms case- and punctuation-insensitively, multi-word and short forms', () => {
    const question = {
      ...CONFLICT,
      jobTerms: ['Node.js', 'PostgreSQL', 'Electronic health records', 'CI/CD', 'Go', 'Wound care'],
    }
    const content = analyzeAnswerContent({
      question,
      transcript:
        'I moved our node services onto postgres, wrote the electronic health record exports and set up ci cd.',
      spokenSeconds: null,
    })
    expect(content.jobTermsUsed).toEqual([
      'Node.js',
      'PostgreSQL',
      'Electronic health records',
      'CI/CD',
    ])
    expect(content.jobTermsMissed).toEqual(['Go', 'Wound care'])
    expect(content.length).toBeNull()
  })

  it('does not find "Go" in "going" nor "C" in "CSS"', () => {
    const question = { ...CONFLICT, jobTerms: ['Go', 'C'] }
    const content = analyzeAnswerContent({
      question,
      transcript: 'I was going to restyle the CSS.',
      spokenSeconds: null,
    })
    expect(content.jobTermsUsed).toEqual([])
  })

  it('judges length against one to two minutes', () => {
    const at = (seconds: number) =>
      analyzeAnswerContent({ question: CONFLICT, transcript: 'x', spokenSeconds: seconds }).length
    expect([at(59), at(60), at(120), at(121)]).toEqual(['short', 'good', 'good', 'long'])
  })
})

describe('resultsWithNumbers', () => {
  it('finds percentages, from-to figures and number words', () => {
    expect(
      resultsWithNumbers(
        'We cut costs by 30%. Latency went from 900 ms to 180 ms. I trained twelve new nurses. Everyone was happy.',
      ),
    ).toEqual([
      'We cut costs by 30%.',
      'Latency went from 900 ms to 180 ms.',
      'I trained twelve new nurses.',
    ])
  })

  it('does not count dates or scene-setting as results', () => {
    expect(
      resultsWithNumbers(
        'Two years ago I joined the ward. In 2019 we moved site. We had 28 beds and a long waiting list. I worked there for three years.',
      ),
    ).toEqual([])
  })
})

describe('starParts', () => {
  it('reads each part from its cue phrases', () => {
    expect(starParts('The problem was the backlog.', false)).toMatchObject({
      situation: true,
      task: false,
    })
    expect(starParts('My responsibility was the handover.', false)).toMatchObject({ task: true })
    expect(starParts('I needed to fix it.', false)).toMatchObject({ task: true, action: false })
    expect(starParts('So I called the depot and rerouted two vans.', false)).toMatchObject({
      action: true,
    })
    expect(starParts('As a result, nobody missed a delivery.', false)).toMatchObject({
      result: true,
    })
    expect(starParts('Nothing much.', true)).toMatchObject({ result: true })
  })

  it('takes a named workplace or "our team had" as the scene, and a proposal as the task', () => {
    expect(
      starParts('At Brightline our codebase produced forty type errors a month.', false),
    ).toMatchObject({ situation: true })
    expect(starParts('At Acme, I rebuilt the pipeline.', false)).toMatchObject({
      situation: true,
    })
    expect(starParts('Our depot kept missing the cut-off.', false)).toMatchObject({
      situation: true,
    })
    expect(starParts('I proposed moving to TypeScript.', false)).toMatchObject({ task: true })
    expect(starParts('We needed to ship by May.', false)).toMatchObject({ task: true })
    // A sentence that only mentions a place later on is not a scene.
    expect(starParts('I like working at Acme.', false)).toMatchObject({ situation: false })
  })
})
