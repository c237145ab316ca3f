// @vitest-environment jsdom
/**
 * A deck card's words: a widened card says which filters it lies outside of (ADR 0015), and a
 * salary that does not reach the seeker's minimum is said apart from the reasons it fits.
 */
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { jobCard } from '../../../../test/job-fixtures'
import { JobCardContent } from './job-card-content'
import { MatchBreakdown } from './match-breakdown'

afterEach(cleanup)

const JOB = jobCard('00000000-0000-4000-8000-000000000001', 'Backend Engineer')

describe('the deck card', () => {
  it('says nothing of filters for a job that matches them all', () => {
    render(<JobCardContent job={{ ...JOB, outsideFilters: [] }} titleId="title" />)
    expect(screen.queryByText(/outside your filters/i)).toBeNull()
  })

  it('labels a widened card with the filters it is outside of, in words', () => {
    render(<JobCardContent job={{ ...JOB, outsideFilters: ['title', 'remote'] }} titleId="title" />)
    expect(screen.getByText('Outside your filters: related role, remote')).toBeTruthy()
  })

  it('lists what does not fit apart from why it fits', () => {
    const match = {
      ...JOB.match,
      reasons: ['Remote, as you prefer'],
      concerns: ['Pays up to ₹2.4M, about €23k: below your €60k'],
    }
    render(<JobCardContent job={{ ...JOB, match }} titleId="title" />)
    const fits = screen.getByRole('list', { name: 'Why it fits' })
    expect(within(fits).getByText('Remote, as you prefer')).toBeTruthy()
    expect(within(fits).queryByText(/below your/)).toBeNull()
    const misses = screen.getByRole('list', { name: 'What does not fit' })
    expect(within(misses).getByText(/about €23k: below your €60k/)).toBeTruthy()
  })

  it('repeats what does not fit under the match breakdown', () => {
    render(
      <MatchBreakdown match={{ ...JOB.match, concerns: ['Pays up to €40k: below your €60k'] }} />,
    )
    const misses = screen.getByRole('list', { name: 'What does not fit' })
    expect(within(misses).getByText('Pays up to €40k: below your €60k')).toBeTruthy()
  })
})
