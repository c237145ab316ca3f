// @vitest-environment jsdom
/**
 * The deck at zero credits, through the real deck, swipe mutation and QueryClient; only the
 * network is fake. A save refused with 402 `insufficient_credits` puts the card back, says
 * when credits refresh and offers "Get more credits" (here, with no paywall host around the deck,
 * a link to /credits), and passing still works.
 */
import type { CreditsResponse } from '@app/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  type FakeNetwork,
  installFakeNetwork,
  json,
  TEST_API_BASE_URL,
} from '../../../../test/fake-fetch'
import { ANALYST, DATA_ENGINEER } from '../../../../test/job-fixtures'
import { type RenderedApp, renderInRouter } from '../../../../test/render'
import { JobDeck } from './job-deck'

const api = (path: string) => `${TEST_API_BASE_URL}/${path}`

const HOUR = 60 * 60 * 1000

/** Today's ten spent; the next credits at the coming midnight (UTC, the tests' zone). */
function spentToday(): CreditsResponse {
  const midnight = new Date()
  midnight.setUTCHours(24, 0, 0, 0)
  return {
    remainingCredits: 0,
    usedCredits: 10,
    currentPeriodStart: new Date(midnight.getTime() - 24 * HOUR).toISOString(),
    nextRefreshDate: midnight.toISOString(),
  }
}

let network: FakeNetwork

beforeEach(() => {
  network = installFakeNetwork()
  network.on('GET', api('jobs'), () =>
    json({ jobs: [DATA_ENGINEER, ANALYST], nextCursor: null, filters: {} }),
  )
  network.on('GET', api('jobs/count'), () => json({ count: 2, capped: false }))
  network.on('GET', api('credits'), () => json(spentToday()))
})

afterEach(() => {
  expect(network.unanswered).toEqual([])
})

function topCardTitle(app: RenderedApp): string | null {
  return app.container.querySelector('[data-top-card] h2, [data-top-card] h3')?.textContent ?? null
}

async function renderDeck(): Promise<RenderedApp> {
  const app = await renderInRouter(() => (
    <JobDeck query={{}} filters={{}} onOpenFilters={() => {}} />
  ))
  await waitFor(() => expect(topCardTitle(app)).toBe('Data Engineer'))
  return app
}

describe('a save refused for want of credits', () => {
  it('puts the card back, says when credits refresh and offers more credits', async () => {
    network.on('POST', api('swipes'), () =>
      json(
        {
          code: 'insufficient_credits',
          message: 'Not enough credits: this swipe costs 1 and 0 are left',
          details: { creditCost: 1, credits: spentToday() },
        },
        402,
      ),
    )
    const app = await renderDeck()

    await app.user.click(screen.getByRole('button', { name: 'Save' }))

    const panel = await screen.findByRole('alert')
    expect(within(panel).getByRole('heading', { name: 'Out of credits' })).toBeTruthy()
    expect(panel.textContent).toContain("You've used today's 10 credits.")
    expect(panel.textContent).toMatch(
      /New credits arrive at 00:00 \(in (\d+ h( \d+ min)?|\d+ min|less than a minute)\)\./,
    )
    expect(panel.textContent).toContain('you can still pass on jobs')
    expect(within(panel).getByRole('link', { name: 'Get more credits' }).getAttribute('href')).toBe(
      '/credits',
    )
    expect(topCardTitle(app)).toBe('Data Engineer')

    // A pass still goes through, and the panel stays.
    network.on('POST', api('swipes'), () =>
      json(
        {
          swipe: {
            id: '00000000-0000-4000-8000-0000000000aa',
            jobId: DATA_ENGINEER.id,
            direction: 'LEFT',
            creditCost: 0,
            createdAt: '2026-11-21T10:00:00.000Z',
          },
          credits: spentToday(),
          applicationId: null,
        },
        201,
      ),
    )
    await app.user.click(screen.getByRole('button', { name: 'Pass' }))
    await screen.findByText(/Passed on Data Engineer at Northwind/)
    expect(topCardTitle(app)).toBe('Analyst')
    expect(screen.getByRole('heading', { name: 'Out of credits' })).toBeTruthy()

    await app.user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('heading', { name: 'Out of credits' })).toBeNull()
  })
})
