// @vitest-environment jsdom
/**
 * The deck's optimistic credits (spec sections 4 and 9), through the real deck, credits pill,
 * swipe mutation and QueryClient: a right swipe lowers the credits shown at once (never below
 * 0), a refusal puts them and the card back, and the server's figures win once it answers.
 * Only the network is fake: the product API's answers, with a POST /swipes the test can hold.
 */
import type { CoverLetterState, CreditsResponse, JobCard, SwipeResponse } from '@app/contracts'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  deferred,
  type FakeNetwork,
  installFakeNetwork,
  json,
  TEST_API_BASE_URL,
} from '../../../../test/fake-fetch'
import { ANALYST, DATA_ENGINEER } from '../../../../test/job-fixtures'
import { type RenderedApp, renderInRouter } from '../../../../test/render'
import { CreditsPill } from './credits-pill'
import { JobDeck } from './job-deck'

const api = (path: string) => `${TEST_API_BASE_URL}/${path}`

function credits(remainingCredits: number | null, usedCredits: number): CreditsResponse {
  return {
    remainingCredits,
    usedCredits,
    currentPeriodStart: '2026-11-21T00:00:00.000Z',
    nextRefreshDate: '2026-11-22T00:00:00.000Z',
  }
}

function swipeAnswer(job: JobCard, after: CreditsResponse): SwipeResponse {
  return {
    swipe: {
      id: '00000000-0000-4000-8000-0000000000aa',
      jobId: job.id,
      direction: 'RIGHT',
      creditCost: 1,
      createdAt: '2026-11-21T10:00:00.000Z',
    },
    credits: after,
    applicationId: APPLICATION_ID,
  }
}

const APPLICATION_ID = '00000000-0000-4000-8000-0000000000bb'

function coverLetter(status: CoverLetterState['status']): CoverLetterState {
  return {
    applicationId: APPLICATION_ID,
    status,
    statusAt: '2026-11-21T10:00:00.000Z',
    error: null,
    source: status === 'ready' ? 'offline' : null,
    text: status === 'ready' ? 'Dear Northwind hiring team, …' : null,
    pdfPath: null,
    matchReport: null,
    regenerationsLeft: 3,
    applyUrl: null,
  }
}

let network: FakeNetwork
/** What GET /credits answers: the server's figures. */
let serverCredits: CreditsResponse
/** What GET /job-applications/:id/cover-letter answers: the letter's progress. */
let letterStatus: CoverLetterState['status']

beforeEach(() => {
  network = installFakeNetwork()
  serverCredits = credits(3, 4)
  network.on('GET', api('jobs'), () =>
    json({ jobs: [DATA_ENGINEER, ANALYST], nextCursor: null, filters: {} }),
  )
  network.on('GET', api('jobs/count'), () => json({ count: 2, capped: false }))
  network.on('GET', api('credits'), () => json(serverCredits))
  letterStatus = 'queued'
  network.on('GET', api(`job-applications/${APPLICATION_ID}/cover-letter`), () =>
    json(coverLetter(letterStatus)),
  )
})

// Every request the page made had an answer in the test: nothing unexpected was asked.
afterEach(() => {
  expect(network.unanswered).toEqual([])
})

/** The credits pill above the deck, as the jobs page shows them, once both have loaded. */
async function renderDeck({ creditsLeft = '3 credits left' } = {}): Promise<RenderedApp> {
  const app = await renderInRouter(() => (
    <>
      <CreditsPill />
      <JobDeck query={{}} filters={{}} onOpenFilters={() => {}} />
    </>
  ))
  await screen.findByText(creditsLeft)
  await waitFor(() => expect(topCardTitle(app)).toBe('Data Engineer'))
  return app
}

const creditsShown = () => screen.getByTestId('credits-remaining').textContent
const usedShown = () => screen.getByRole('group', { name: 'Your credits' }).textContent

/** The title on the card on top of the deck (an exiting card is no longer the top one). */
function topCardTitle(app: RenderedApp): string | null {
  return app.container.querySelector('[data-top-card] h2, [data-top-card] h3')?.textContent ?? null
}

describe('the deck’s credits on a right swipe', () => {
  it('drop at once, before the server answers, and take the server’s figures after', async () => {
    const swipe = deferred<Response>()
    network.on('POST', api('swipes'), () => swipe.promise)
    const app = await renderDeck()

    await app.user.click(screen.getByRole('button', { name: 'Save' }))

    // The POST is still on its way: what the pill shows is the optimistic spend.
    await waitFor(() => expect(creditsShown()).toBe('2 credits left'))
    expect(usedShown()).toContain('5 used')
    expect(network.requests('POST', api('swipes'))).toHaveLength(1)
    expect(topCardTitle(app)).toBe('Analyst')

    // The server charged it and, in the meantime, granted credits: its figures win.
    serverCredits = credits(7, 5)
    swipe.resolve(json(swipeAnswer(DATA_ENGINEER, serverCredits), 201))
    await waitFor(() => expect(creditsShown()).toBe('7 credits left'))
    expect(screen.getByText(/Saved Data Engineer at Northwind — 7 credits left/)).toBeTruthy()
  })

  it('never show fewer than 0 credits left', async () => {
    serverCredits = credits(0, 10)
    const swipe = deferred<Response>()
    network.on('POST', api('swipes'), () => swipe.promise)
    const app = await renderDeck({ creditsLeft: '0 credits left' })

    await app.user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(usedShown()).toContain('11 used'))
    expect(creditsShown()).toBe('0 credits left')
    swipe.resolve(
      json(
        {
          code: 'insufficient_credits',
          message: 'You have no credits left.',
          details: { creditCost: 1, credits: serverCredits },
        },
        402,
      ),
    )
    await screen.findByRole('heading', { name: 'Out of credits' })
    expect(usedShown()).toContain('10 used')
    expect(creditsShown()).toBe('0 credits left')
  })

  it('come back, with the card, when the server refuses the swipe', async () => {
    network.on('POST', api('swipes'), () =>
      json({ code: 'conflict', message: 'That job is no longer open.' }, 409),
    )
    const app = await renderDeck()
    // Hold the credits refresh that follows the refusal: what the pill shows after the refusal
    // must come from the rollback itself, not from a new read.
    const refresh = deferred<Response>()
    network.on('GET', api('credits'), () => refresh.promise)

    await app.user.click(screen.getByRole('button', { name: 'Save' }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('That job is no longer open.')
    expect(creditsShown()).toBe('3 credits left')
    expect(usedShown()).toContain('4 used')
    expect(topCardTitle(app)).toBe('Data Engineer')
    refresh.resolve(json(serverCredits))
  })

  it('are not spent by a pass (left swipe)', async () => {
    const swipe = deferred<Response>()
    network.on('POST', api('swipes'), () => swipe.promise)
    const app = await renderDeck()

    await app.user.click(screen.getByRole('button', { name: 'Pass' }))

    await waitFor(() => expect(topCardTitle(app)).toBe('Analyst'))
    expect(creditsShown()).toBe('3 credits left')
    expect(network.requests('POST', api('swipes'))[0]?.body).toMatchObject({
      jobId: DATA_ENGINEER.id,
      swipeDirection: 'LEFT',
      creditCost: 0,
    })
  })

  it('stay unlimited on a plan without a cap, while the used count still rises', async () => {
    serverCredits = credits(null, 4)
    const swipe = deferred<Response>()
    network.on('POST', api('swipes'), () => swipe.promise)
    const app = await renderDeck({ creditsLeft: 'Unlimited credits' })

    await app.user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(usedShown()).toContain('5 used'))
    expect(creditsShown()).toBe('Unlimited credits')
  })
})

// The server's price of a swipe is not the one the app showed (409 `price_changed`, issue 12):
// the optimistic credits and the card come back, the new price is said, and the next swipe sends it.
describe('a swipe whose price changed on the server', () => {
  it('is rolled back, says the new price, and the next swipe pays it', async () => {
    serverCredits = credits(5, 0)
    const refused = deferred<Response>()
    network.on('POST', api('swipes'), () => refused.promise)
    const app = await renderDeck({ creditsLeft: '5 credits left' })

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
    const answer = swipeAnswer(DATA_ENGINEER, serverCredits)
    accepted.resolve(json({ ...answer, swipe: { ...answer.swipe, creditCost: 2 } }, 201))
    await screen.findByText(/Saved Data Engineer at Northwind — 3 credits left/)
    expect(topCardTitle(app)).toBe('Analyst')
  })
})

describe('the cover letter a save prepares', () => {
  it('shows it being prepared, then ready with a link to the application', async () => {
    network.on('POST', api('swipes'), () => json(swipeAnswer(DATA_ENGINEER, credits(2, 5)), 201))
    const app = await renderDeck()

    await app.user.click(screen.getByRole('button', { name: 'Save' }))

    const progress = await screen.findByTestId('cover-letter-progress')
    await waitFor(() => expect(progress.dataset.status).toBe('queued'))
    expect(progress.textContent).toContain(
      'Saved — preparing your cover letter for Data Engineer at Northwind…',
    )
    letterStatus = 'ready'
    await waitFor(() => expect(progress.dataset.status).toBe('ready'), { timeout: 4000 })
    expect(progress.textContent).toContain('Your cover letter and match report')
    const link = screen.getByRole('link', { name: 'Open the application' })
    expect(link.getAttribute('href')).toBe(`/applications/${APPLICATION_ID}`)
  })
})
