// @vitest-environment jsdom
/**
 * The deck when the server's price of a swipe is not the one the app showed (409
 * `price_changed`, issue 12): the optimistic credits and the card come back, the new price is
 * said, and the next swipe sends it; the credits then drop by the new price. The real deck,
 * credits pill, swipe mutation and QueryClient; only the product API's answers are fake.
 */
import type { CreditsResponse, JobCard, SwipeResponse } from '@app/contracts'
import { createRoute } from '@tanstack/react-router'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  deferred,
  type FakeNetwork,
  installFakeNetwork,
  json,
  TEST_API_BASE_URL,
} from '../../../../test/fake-fetch'
import { type RenderedApp, renderRoutes } from '../../../../test/render'
import { CreditsPill } from './credits-pill'
import { JobDeck } from './job-deck'

const api = (path: string) => `${TEST_API_BASE_URL}/${path}`

function jobCard(id: string, title: string): JobCard {
  return {
    id,
    title,
    company: 'Northwind',
    companySize: null,
    industry: null,
    location: 'Berlin, Germany',
    locations: [{ name: 'Berlin', countryCode: 'DE' }],
    workLocation: 'HYBRID',
    jobType: 'FULL_TIME',
    experienceLevel: null,
    educationLevel: null,
    salary: null,
    benefits: [],
    skills: [],
    postedAt: null,
    applyUrl: null,
    summary: 'A job worth swiping on.',
    match: {
      score: 80,
      band: 'GOOD',
      subScores: { skills: null, titleAndLevel: null, locationAndWorkMode: null, salary: null },
      reasons: [],
    },
  }
}

const DATA_ENGINEER = jobCard('00000000-0000-4000-8000-000000000001', 'Data Engineer')
const ANALYST = jobCard('00000000-0000-4000-8000-000000000002', 'Analyst')

function credits(remainingCredits: number, usedCredits: number): CreditsResponse {
  return {
    remainingCredits,
    usedCredits,
    currentPeriodStart: '2026-11-21T00:00:00.000Z',
    nextRefreshDate: '2026-11-22T00:00:00.000Z',
  }
}

let network: FakeNetwork
let serverCredits: CreditsResponse

beforeEach(() => {
  network = installFakeNetwork()
  serverCredits = credits(5, 0)
  network.on('GET', api('jobs'), () =>
    json({ jobs: [DATA_ENGINEER, ANALYST], nextCursor: null, filters: {} }),
  )
  network.on('GET', api('jobs/count'), () => json({ count: 2, capped: false }))
  network.on('GET', api('credits'), () => json(serverCredits))
})

afterEach(() => {
  expect(network.unanswered).toEqual([])
})

async function renderDeck(): Promise<RenderedApp> {
  const app = await renderRoutes({
    path: '/',
    routes: (root) => [
      createRoute({
        getParentRoute: () => root,
        path: '/',
        component: () => (
          <>
            <CreditsPill />
            <JobDeck query={{}} filters={{}} onOpenFilters={() => {}} />
          </>
        ),
      }),
    ],
  })
  await screen.findByText('5 credits left')
  await waitFor(() => expect(topCardTitle(app)).toBe('Data Engineer'))
  return app
}

const creditsShown = () => screen.getByTestId('credits-remaining').textContent

function topCardTitle(app: RenderedApp): string | null {
  return app.container.querySelector('[data-top-card] h2, [data-top-card] h3')?.textContent ?? null
}

describe('a swipe whose price changed on the server', () => {
  it('is rolled back, says the new price, and the next swipe pays it', async () => {
    const refused = deferred<Response>()
    network.on('POST', api('swipes'), () => refused.promise)
    const app = await renderDeck()

    await app.user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(creditsShown()).toBe('4 credits left'))
    expect(network.requests('POST', api('swipes'))[0]?.body).toMatchObject({ creditCost: 1 })

    refused.resolve(
      json(
        {
          code: 'price_changed',
          message: 'The price has changed: this costs 2 credits, not 1 credit',
          details: { action: 'right_swipe', creditCost: 2, shownCreditCost: 1 },
        },
        409,
      ),
    )
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(
      'Saving a job now costs 2 credits. Swipe right again to save it for 2 credits.',
    )
    expect(creditsShown()).toBe('5 credits left')
    expect(topCardTitle(app)).toBe('Data Engineer')

    // The second attempt shows and sends the new price.
    const accepted = deferred<Response>()
    network.on('POST', api('swipes'), () => accepted.promise)
    await app.user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(creditsShown()).toBe('3 credits left'))
    expect(network.requests('POST', api('swipes'))[1]?.body).toMatchObject({
      jobId: DATA_ENGINEER.id,
      swipeDirection: 'RIGHT',
      creditCost: 2,
    })
    serverCredits = credits(3, 2)
    const answer: SwipeResponse = {
      swipe: {
        id: '00000000-0000-4000-8000-0000000000aa',
        jobId: DATA_ENGINEER.id,
        direction: 'RIGHT',
        creditCost: 2,
        createdAt: '2026-11-21T10:00:00.000Z',
      },
      credits: serverCredits,
      applicationId: '00000000-0000-4000-8000-0000000000bb',
    }
    accepted.resolve(json(answer, 201))
    await screen.findByText(/Saved Data Engineer at Northwind — 3 credits left/)
    expect(topCardTitle(app)).toBe('Analyst')
  })
})
