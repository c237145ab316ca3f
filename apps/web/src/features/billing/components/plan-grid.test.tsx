// @vitest-environment jsdom
/**
 * The plans side by side through the real grid, checkout hook and QueryClient; only the network
 * is fake (a successful checkout leaves for Stripe: the browser test covers it). The plan in force
 * is marked and not for sale; purchases off on the server disable buying and say why up front;
 * the server's refusals read as what to do next; a guest is sent to sign up without a request.
 */
import type { BillingOverview } from '@app/contracts'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  type FakeNetwork,
  installFakeNetwork,
  json,
  TEST_API_BASE_URL,
} from '../../../../test/fake-fetch'
import { renderInRouter } from '../../../../test/render'
import { overview, PRO_MONTHLY } from '../test/fixtures'
import { PlanGrid } from './plan-grid'

const api = (path: string) => `${TEST_API_BASE_URL}/${path}`

let network: FakeNetwork

beforeEach(() => {
  network = installFakeNetwork()
})

afterEach(() => {
  expect(network.unanswered).toEqual([])
})

function renderGrid(data: BillingOverview, isGuest = false) {
  return renderInRouter(() => <PlanGrid overview={data} isGuest={isGuest} />)
}

const card = (name: string) => screen.getByRole('listitem', { name })

describe('the plan grid', () => {
  it('shows plans with prices and features, packs apart, the current plan marked', async () => {
    await renderGrid(overview())

    const plans = screen.getByRole('region', { name: 'Plans' })
    expect(
      within(plans)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Free', 'Pro monthly', 'Pro quarterly'])
    const topUp = screen.getByRole('region', { name: 'Top up' })
    expect(within(topUp).getByRole('heading', { name: '50 credits' })).toBeTruthy()

    expect(card('Pro monthly').textContent).toContain('$39.99 / month')
    expect(card('Pro monthly').textContent).toContain('600 credits a month')
    expect(card('Pro monthly').textContent).toContain('Analysis videos of your resume review')
    expect(card('Pro quarterly').textContent).toContain('Unlimited saves')

    expect(within(card('Free')).getByText('Current plan')).toBeTruthy()
    expect(within(card('Free')).queryByRole('button')).toBeNull()
    expect(
      within(card('Pro monthly')).getByRole('button', { name: 'Choose Pro monthly' }),
    ).toHaveProperty('disabled', false)
    expect(within(card('50 credits')).getByRole('button', { name: 'Buy 50 credits' })).toBeTruthy()
  })

  it('does not sell the plan in force again', async () => {
    await renderGrid(overview({ currentPlan: PRO_MONTHLY }))
    expect(within(card('Pro monthly')).getByText('Current plan')).toBeTruthy()
    expect(within(card('Pro monthly')).queryByRole('button')).toBeNull()
  })

  it('says up front when purchases are off, and disables buying', async () => {
    await renderGrid(overview({ purchasesEnabled: false }))
    expect(screen.getByText(/Purchases are not set up on this server/)).toBeTruthy()
    for (const button of screen.getAllByRole('button', { name: /^(Choose|Buy) / })) {
      expect(button).toHaveProperty('disabled', true)
    }
  })

  it('keeps the plans in view when the server has no payments set up (503)', async () => {
    network.on('POST', api('stripe/checkout'), () =>
      json({ code: 'billing_not_configured', message: 'Stripe is not set up on this server' }, 404),
    )
    const app = await renderGrid(overview())

    await app.user.click(screen.getByRole('button', { name: 'Choose Pro monthly' }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Purchases are not set up on this server')
    expect(network.requests('POST', api('stripe/checkout'))[0]?.body).toEqual({
      plan: 'pro_monthly',
    })
    expect(screen.getByRole('region', { name: 'Plans' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Choose Pro monthly' })).toHaveProperty(
      'disabled',
      false,
    )
  })

  it('points to Manage plan when a plan is already held (409)', async () => {
    network.on('POST', api('stripe/checkout'), () =>
      json(
        {
          code: 'already_subscribed',
          message: 'You already have a plan: change or cancel it in the billing portal',
        },
        409,
      ),
    )
    const app = await renderGrid(overview())

    await app.user.click(screen.getByRole('button', { name: 'Choose Pro quarterly' }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('You already have a plan')
    expect(within(alert).getByRole('button', { name: 'Manage plan' })).toBeTruthy()
  })

  it('tells a guest to create an account first, without asking the server', async () => {
    const app = await renderGrid(overview(), true)

    await app.user.click(screen.getByRole('button', { name: 'Buy 50 credits' }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Create an account first')
    expect(
      within(alert).getByRole('link', { name: 'Create an account' }).getAttribute('href'),
    ).toBe('/sign-up')
    expect(network.requests()).toEqual([])
  })
})
