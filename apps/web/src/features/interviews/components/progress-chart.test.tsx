// @vitest-environment jsdom
/** The progress chart: a point per attempt, the pace band shaded, and the figures as a table. */
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ProgressPoint } from '../lib/progress-series'
import { ProgressChart } from './progress-chart'

const point = (over: Partial<ProgressPoint>): ProgressPoint => ({
  id: 'a',
  label: '20 Nov',
  createdAt: '2026-11-20T10:00:00.000Z',
  title: 'Backend engineer',
  score: 50,
  wordsPerMinute: 120,
  fillersPerMinute: 4,
  ...over,
})

describe('the progress chart', () => {
  it('draws each attempt, shades the pace band and describes the trend', () => {
    const { container } = render(
      <ProgressChart
        points={[
          point({}),
          point({ id: 'b', label: '22 Nov', score: 65, wordsPerMinute: null, fillersPerMinute: 3 }),
          point({
            id: 'c',
            label: '25 Nov',
            score: 80,
            wordsPerMinute: 150,
            fillersPerMinute: 1.5,
          }),
        ]}
      />,
    )
    const score = container.querySelector('[data-metric="score"]')!
    expect(score.querySelectorAll('[data-point]')).toHaveLength(3)
    const pace = container.querySelector('[data-metric="wordsPerMinute"]')!
    expect(pace.querySelectorAll('[data-point]')).toHaveLength(2)
    expect(pace.querySelector('[data-band]')).toBeTruthy()
    expect(screen.getByRole('img', { name: /^Score over 3 attempts, from 50 to 80/ })).toBeTruthy()
    expect(screen.getByRole('img', { name: /^Fillers a minute .* from 4 to 1.5/ })).toBeTruthy()

    const rows = within(screen.getByRole('table')).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual([
      'DateScorePace (wpm)Fillers/min',
      '20 Nov501204',
      '22 Nov65—3',
      '25 Nov801501.5',
    ])
  })

  it('draws nothing before the first finished attempt', () => {
    const { container } = render(<ProgressChart points={[]} />)
    expect(container.innerHTML).toBe('')
  })
})
