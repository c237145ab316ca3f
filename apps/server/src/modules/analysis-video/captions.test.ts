import { describe, expect, it } from 'vitest'
import { captionsVtt } from './captions.ts'

describe('captionsVtt', () => {
  it('times each sentence of a line by its share of the spoken time', () => {
    const vtt = captionsVtt([
      { text: 'Hello there. This is your review.', start: 0.3, seconds: 3.2 },
      { text: 'Grade B.', start: 5, seconds: 1 },
    ])
    expect(vtt).toBe(
      [
        'WEBVTT',
        '',
        '00:00:00.300 --> 00:00:01.500',
        'Hello there.',
        '',
        '00:00:01.500 --> 00:00:03.500',
        'This is your review.',
        '',
        '00:00:05.000 --> 00:00:06.000',
        'Grade B.',
        '',
      ].join('\n'),
    )
  })

  it('cuts a long sentence at its commas and keeps markup out of the cues', () => {
    const long =
      'Here is what to fix first, add numbers to your impact, group your skills into a few lines, and write a short summary at the top <now>'
    const vtt = captionsVtt([{ text: long, start: 0, seconds: 10 }])
    const cues = vtt.split('\n\n').slice(1)
    expect(cues.length).toBeGreaterThan(1)
    for (const cue of cues) expect(cue.split('\n')[1]!.length).toBeLessThanOrEqual(90)
    expect(vtt).toContain('&lt;now>')
    expect(vtt).not.toContain('<now>')
  })
})
