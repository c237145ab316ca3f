// @vitest-environment jsdom
/**
 * The credits screen through the real page, queries and QueryClient; only the network is fake:
 * the summary (an unlimited plan, a subscription that ends), the history in plain words page by
 * page, its empty and error states, and the return from Checkout (cancelled; paid, confirmed
 * once the overview shows the plan).
 */
import type { CreditHistoryEntry } from '@app/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  type FakeNetwork,
  installFakeNetwork,
  json,
  TEST_API_BASE_URL,
} from '../../../../test/fake-fetch'
import { renderInRouter } from '../../../../test/render'
import { rememberCheckout } from '../lib/checkout-return'
import { overview, PRO_MONTHLY, PRO_QUARTERLY } from '../test/fixtures'
import { CreditsPage } from './credits-page'

const api = (path: string) => `${TEST_API_BASE_URL}/${path}`

let network: FakeNetwork

beforeEach(() => {
  network = installFakeNetwork()
  sessionStorage.clear()
})

afterEach(() => {
  expect(network.unanswered).toEqual([])
})

function entry(id: number, fields: Partial<CreditHistoryEntry>): CreditHistoryEntry {
  return {
    id: String(id),
    kind: 'grant',
    delta: 10,
    reason: 'period_refresh',
    balanceAfter: 10,
    createdAt: '2026-11-26T00:00:00.000Z',
    ...fields,
  }
}

const historyList = () => screen.getByRole('list', { name: 'Credit history' })
const historyLines = () =>
  within(historyList())
    .getAllByRole('listitem')
    .map((item) => item.textContent)

describe('the credits screen', () => {
  it('shows an unlimited plan, its end date and the history page by page', async () => {
    network.on('GET', api('billing'), () =>
      json(
        overview({
          currentPlan: PRO_QUARTERLY,
          subscription: {
            plan: 'pro_quarterly',
            provider: 'stripe',
            store: null,
            status: 'active',
            currentPeriodEnd: '2027-02-26T00:00:00.000Z',
            cancelAtPeriodEnd: true,
            paymentFailed: false,
          },
          credits: {
            remainingCredits: null,
            usedCredits: 42,
            currentPeriodStart: '2026-11-26T00:00:00.000Z',
            nextRefreshDate: '2027-02-26T00:00:00.000Z',
          },
        }),
      ),
    )
    network.on('GET', api('credits/history'), (request) =>
      request.url.searchParams.get('before') === '3'
        ? json({
            entries: [entry(2, { kind: 'spend', delta: -1, reason: 'swipe', balanceAfter: 9 })],
            nextBefore: null,
          })
        : json({
            entries: [
              entry(4, {
                kind: 'expiry',
                delta: -600,
                reason: 'payment_refunded',
                balanceAfter: 0,
              }),
              entry(3, { delta: 600, reason: 'subscription', balanceAfter: 600 }),
            ],
            nextBefore: '3',
          }),
    )
    const app = await renderInRouter(() => <CreditsPage isGuest={false} />)

    expect((await screen.findByTestId('credits-balance')).textContent).toBe('Unlimited')
    expect(screen.getByTestId('current-plan').textContent).toBe('Pro quarterly')
    expect(screen.getByText(/^Ends on /)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Manage plan' })).toBeTruthy()

    await waitFor(() => expect(historyLines()).toHaveLength(2))
    expect(historyLines()[0]).toMatch(/^Payment refunded.*−600Balance 0$/)
    expect(historyLines()[1]).toMatch(/^Plan credits.*\+600Balance 600$/)

    await app.user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(historyLines()).toHaveLength(3))
    expect(historyLines()[2]).toMatch(/^Saved a job.*−1Balance 9$/)
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('says when there is no history yet', async () => {
    network.on('GET', api('billing'), () => json(overview()))
    network.on('GET', api('credits/history'), () => json({ entries: [], nextBefore: null }))
    await renderInRouter(() => <CreditsPage isGuest={false} />)
    expect(await screen.findByText(/Nothing yet/)).toBeTruthy()
    // Nothing bought on the web: no portal to open.
    expect(screen.queryByRole('button', { name: 'Manage plan' })).toBeNull()
  })

  it('offers to try the history again when it fails', async () => {
    network.on('GET', api('billing'), () => json(overview()))
    network.on('GET', api('credits/history'), () =>
      json({ code: 'internal_error', message: 'Something broke' }, 500),
    )
    await renderInRouter(() => <CreditsPage isGuest={false} />)
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^We couldn’t read your history: /,
    )
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('says a cancelled checkout charged nothing', async () => {
    network.on('GET', api('billing'), () => json(overview()))
    network.on('GET', api('credits/history'), () => json({ entries: [], nextBefore: null }))
    await renderInRouter(() => <CreditsPage isGuest={false} checkoutOutcome="cancelled" />)
    const status = screen.getByText('Checkout cancelled — nothing was charged.')
    expect(status.getAttribute('role')).toBe('status')
    // Nothing to confirm: the overview is read once, for the page.
    await screen.findByTestId('credits-balance')
    expect(network.requests('GET', api('billing'))).toHaveLength(1)
  })

  it('confirms a paid checkout once the overview shows the plan', async () => {
    rememberCheckout({
      plan: 'pro_monthly',
      kind: 'subscription',
      name: 'Pro monthly',
      balanceBefore: 0,
    })
    let webhookProcessed = false
    network.on('GET', api('billing'), () =>
      json(
        webhookProcessed
          ? overview({
              currentPlan: PRO_MONTHLY,
              credits: { ...overview().credits, remainingCredits: 600, usedCredits: 0 },
            })
          : overview(),
      ),
    )
    network.on('GET', api('credits/history'), () => json({ entries: [], nextBefore: null }))
    let confirmations = 0
    await renderInRouter(() => (
      <CreditsPage
        isGuest={false}
        checkoutOutcome="success"
        onCreditsChanged={() => (confirmations += 1)}
      />
    ))

    expect(await screen.findByText('Confirming your payment…')).toBeTruthy()
    expect((await screen.findByTestId('current-plan')).textContent).toBe('Free')
    webhookProcessed = true

    expect(await screen.findByText('You’re on Pro monthly.', {}, { timeout: 3000 })).toBeTruthy()
    expect(screen.getByTestId('credits-balance').textContent).toBe('600')
    expect(confirmations).toBe(1)
    // The note is used up: a reload does not confirm again.
    expect(sessionStorage.length).toBe(0)
  })
})
