import type { InterviewListItem } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { progressSeries, scaleFor, scaleX, scaleY } from './progress-series'

function item(over: Partial<InterviewListItem>): InterviewListItem {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Backend engineer',
    company: 'Acme',
    status: 'COMPLETED',
    createdAt: '2026-11-20T10:00:00.000Z',
    questionCount: 5,
    answeredCount: 5,
    score: 70,
    wordsPerMinute: 150,
    fillersPerMinute: 2,
    ...over,
  }
}

describe('the progress chart’s data', () => {
  it('keeps the finished attempts, oldest first (the list comes newest first)', () => {
    const points = progressSeries([
      item({ id: 'c', createdAt: '2026-11-25T10:00:00.000Z', score: 80 }),
      item({ id: 'x', createdAt: '2026-11-24T10:00:00.000Z', status: 'IN_PROGRESS' }),
      item({ id: 'p', createdAt: '2026-11-23T10:00:00.000Z', status: 'PROCESSING' }),
      item({ id: 'b', createdAt: '2026-11-22T10:00:00.000Z', score: 60, wordsPerMinute: null }),
      item({ id: 'a', createdAt: '2026-11-20T10:00:00.000Z', score: 50 }),
      item({
        id: 'empty',
        createdAt: '2026-11-19T10:00:00.000Z',
        score: null,
        wordsPerMinute: null,
        fillersPerMinute: null,
      }),
    ])
    expect(
      points.map((point) => [point.id, point.label, point.score, point.wordsPerMinute]),
    ).toEqual([
      ['a', '20 Nov', 50, 150],
      ['b', '22 Nov', 60, null],
      ['c', '25 Nov', 80, 150],
    ])
  })

  it('maps values onto the chart: higher values higher up, spread across the width', () => {
    expect(scaleY(100, { min: 0, max: 100 }, 50)).toBe(0)
    expect(scaleY(0, { min: 0, max: 100 }, 50)).toBe(50)
    expect(scaleY(150, { min: 100, max: 200 }, 50)).toBe(25)
    expect(scaleX(0, 3, 300)).toBe(0)
    expect(scaleX(2, 3, 300)).toBe(300)
    expect(scaleX(0, 1, 300)).toBe(150)
  })

  it('widens the scale to hold every value as well as the band', () => {
    expect(scaleFor([120, 190, null], 100, 180)).toEqual({ min: 100, max: 190 })
    expect(scaleFor([], 0, 5)).toEqual({ min: 0, max: 5 })
  })
})
