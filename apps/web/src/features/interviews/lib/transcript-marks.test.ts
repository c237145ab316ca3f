import { describe, expect, it } from 'vitest'
import { type MarkKind, segmentTranscript } from './transcript-marks'

const mark = (kind: MarkKind, transcript: string, text: string, from = 0) => {
  const start = transcript.indexOf(text, from)
  if (start === -1) throw new Error(`"${text}" is not in the transcript`)
  return { kind, mark: { start, end: start + text.length, text } }
}

describe('segmentTranscript: marks → highlighted spans', () => {
  const text = 'Um, I think I led the the migration, basically.'

  it('gives the whole text as one plain segment without marks', () => {
    expect(segmentTranscript(text, [])).toEqual([{ text, start: 0, kinds: [] }])
  })

  it('cuts the text at each mark and keeps every character, in order', () => {
    const segments = segmentTranscript(text, [
      mark('filler', text, 'Um'),
      mark('hedge', text, 'I think'),
      mark('filler', text, 'basically'),
    ])
    expect(segments.map((segment) => segment.text).join('')).toBe(text)
    expect(segments.filter((s) => s.kinds.length > 0).map((s) => [s.text, s.kinds])).toEqual([
      ['Um', ['filler']],
      ['I think', ['hedge']],
      ['basically', ['filler']],
    ])
  })

  it('splits overlapping marks into the part each covers and the part both cover', () => {
    const t = 'you know, sort of like that'
    const segments = segmentTranscript(t, [
      { kind: 'hedge', mark: { start: 10, end: 22, text: 'sort of like' } },
      { kind: 'filler', mark: { start: 18, end: 22, text: 'like' } },
    ])
    expect(segments.map((s) => [s.text, s.kinds])).toEqual([
      ['you know, ', []],
      ['sort of ', ['hedge']],
      ['like', ['filler', 'hedge']],
      [' that', []],
    ])
  })

  it('keeps adjacent marks as two spans', () => {
    const t = 'the the end'
    const segments = segmentTranscript(t, [
      { kind: 'repeat', mark: { start: 0, end: 3, text: 'the' } },
      { kind: 'repeat', mark: { start: 3, end: 7, text: ' the' } },
    ])
    expect(segments.map((s) => [s.text, s.kinds, s.start])).toEqual([
      ['the', ['repeat'], 0],
      [' the', ['repeat'], 3],
      [' end', [], 7],
    ])
  })

  it('clamps marks past the end and drops empty or reversed ones', () => {
    const t = 'short answer'
    const segments = segmentTranscript(t, [
      { kind: 'filler', mark: { start: 6, end: 99, text: 'answer' } },
      { kind: 'hedge', mark: { start: 3, end: 3, text: '' } },
      { kind: 'hedge', mark: { start: 5, end: 2, text: '' } },
    ])
    expect(segments.map((s) => [s.text, s.kinds])).toEqual([
      ['short ', []],
      ['answer', ['filler']],
    ])
  })
})
