// @vitest-environment jsdom
/**
 * An answer's feedback as the seeker reads it: the transcript with its fillers, repeated words
 * and hedges highlighted at the server's offsets, the pace against the bands, and where each
 * figure came from.
 */
import type { AnswerDelivery } from '@app/contracts'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { answerFixture, interviewFixture } from '../test/fixtures'
import { AnswerFeedback } from './answer-feedback'
import { HighlightedTranscript } from './highlighted-transcript'
import { PaceMeter } from './pace-meter'

const TRANSCRIPT = 'Um, I think I led the the migration.'

const DELIVERY: AnswerDelivery = {
  speakingSeconds: 65,
  timeToFirstWordSeconds: 1.2,
  wordsPerMinute: 152,
  paceSource: 'transcript',
  pauses: { count: 3, longestSeconds: 2.4 },
  fillerCount: 1,
  fillersPerMinute: 0.9,
  fillers: { um: 1 },
  fillerSource: 'transcript',
  fillerMarks: [{ start: 0, end: 2, text: 'Um' }],
  repeatedWords: [{ start: 18, end: 25, text: 'the the' }],
  hedges: [{ start: 4, end: 11, text: 'I think' }],
}

describe('the highlighted transcript', () => {
  it('marks each filler, repeat and hedge, and keeps the text whole', () => {
    const { container } = render(
      <HighlightedTranscript transcript={TRANSCRIPT} delivery={DELIVERY} />,
    )
    const marks = [...container.querySelectorAll('[data-transcript] mark')].map((mark) => [
      mark.textContent,
      mark.getAttribute('data-kinds'),
      mark.getAttribute('title'),
    ])
    expect(marks).toEqual([
      ['Um', 'filler', 'filler'],
      ['I think', 'hedge', 'hedge'],
      ['the the', 'repeat', 'repeated word'],
    ])
    expect(container.querySelector('[data-transcript]')?.textContent).toBe(TRANSCRIPT)
    expect(screen.getByRole('list', { name: 'Highlights' }).textContent).toContain('Hedge')
  })

  it('shows plain text when there is nothing to mark', () => {
    const { container } = render(
      <HighlightedTranscript transcript="Clean answer." delivery={null} />,
    )
    expect(container.querySelectorAll('mark')).toHaveLength(0)
    expect(screen.queryByRole('list', { name: 'Highlights' })).toBeNull()
  })
})

describe('the pace display', () => {
  it.each([
    [152, 'ideal', 'In the 140–160 conversational band', '57.5%'],
    [120, 'steady', 'A little slow, within 100–165', '37.5%'],
    [190, 'fast', 'Fast: above 165 wpm', '81.3%'],
  ])('%i wpm reads %s', (wpm, verdict, text, left) => {
    const { container } = render(<PaceMeter wordsPerMinute={wpm} />)
    expect(container.querySelector('[data-pace-verdict]')?.getAttribute('data-pace-verdict')).toBe(
      verdict,
    )
    expect(container.textContent).toContain(text)
    expect((container.querySelector('[data-pace-marker]') as HTMLElement).style.left).toBe(left)
  })
})

describe('an answer’s feedback', () => {
  const question = interviewFixture().questions[0]!

  it('says where the pace and fillers came from', () => {
    const { container, rerender } = render(
      <AnswerFeedback
        question={question}
        answer={answerFixture({
          status: 'ANALYSED',
          transcript: TRANSCRIPT,
          transcriptSource: 'browser',
          delivery: DELIVERY,
          score: 72,
        })}
        onPlay={null}
      />,
    )
    expect(container.querySelector('[data-source="pace"]')?.textContent).toBe(
      'Pace from the transcript',
    )
    expect(container.textContent).toContain('“um” × 1')
    expect(container.textContent).toContain('72/100')
    expect(container.textContent).toContain('Transcript from your browser’s speech recognition')

    rerender(
      <AnswerFeedback
        question={question}
        answer={answerFixture({
          status: 'ANALYSED',
          delivery: { ...DELIVERY, paceSource: 'acoustic', fillerSource: 'audio' },
        })}
        onPlay={null}
      />,
    )
    expect(container.querySelector('[data-source="pace"]')?.textContent).toBe(
      'Pace estimated from the audio (no transcript)',
    )
    expect(container.querySelector('[data-source="fillers"]')?.textContent).toBe(
      'Fillers heard in the audio',
    )
  })

  it('shows an answer still being analysed as a progress state', () => {
    render(<AnswerFeedback question={question} answer={answerFixture()} onPlay={null} />)
    expect(screen.getByRole('status').textContent).toContain('Listening back to your answer')
  })
})
