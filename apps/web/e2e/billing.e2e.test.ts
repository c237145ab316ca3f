import { randomUUID } from 'node:crypto'
import type { BillingOverview } from '@app/contracts'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStripeClient, syncStripeCatalogue } from '../../server/src/modules/billing/index.ts'
import { startLocalStripe } from '../../server/src/modules/local-stripe/index.ts'
import { authClient, createAccount, uniqueEmail } from './accounts.ts'
import { setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * Issue 18's first "Done when", in Chromium against the real server and the local Stripe
 * stand-in (its Checkout and portal pages, webhooks signed as Stripe signs them): a seeker at
 * zero credits saves a job, the deck offers more credits, the paywall shows the plans side by
 * side, Pro monthly is bought through Checkout, the return confirms the payment once the signed
 * `invoice.paid` has been processed (plan and balance change), the portal opens and comes back,
 * and a refund takes the unspent credits back (the history says so).
 */
const stripe = await startLocalStripe({ autoDeliver: true })

const app = setUpAppInBrowser({
  env: {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
    LOCAL_STRIPE: 'false',
  },
})

const db = setUpStackDatabase(app)

beforeAll(async () => {
  stripe.setWebhookUrl(`${app.stack.appUrl}/api/webhooks/stripe`)
  // The catalogue's prices in the stand-in, as `npm run billing:stripe-sync` puts them in Stripe.
  const pool = new pg.Pool({ connectionString: app.stack.databaseUrl })
  try {
    await syncStripeCatalogue(
      pool,
      createStripeClient({
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        apiUrl: stripe.url,
      }),
    )
  } finally {
    await pool.end()
  }
})

afterAll(async () => {
  await stripe.close()
})

const PASSWORD = 'correct-horse-battery'

/** One job of a company no other test uses, so the deck can be filtered to it. */
async function insertJob(): Promise<{ title: string; company: string }> {
  const company = `Billingworks ${randomUUID().slice(0, 8)}`
  const title = 'Platform Engineer'
  await db.query(
    `insert into public.jobs (source, source_id, title, company_name, company_size, industry,
       location, locations, country_codes, location_names, work_location, job_type,
       experience_level, education_level, salary_min, salary_max, salary_currency,
       salary_period, salary_min_yearly, salary_max_yearly, benefits, skills, description,
       apply_url, posted_at)
     values ('manual', $1, $2, $3, '51-200', 'Software', 'Berlin, Germany',
       '[{"name": "Berlin", "region": "Berlin", "countryCode": "DE"}]', '{DE}', '{berlin}',
       'HYBRID', 'FULL_TIME', 'SENIOR_LEVEL', 'BACHELOR', 55000, 65000, 'EUR', 'YEAR', 55000,
       65000, '{EQUITY}', '{TypeScript,PostgreSQL}', 'We build billing.',
       'https://careers.example.com/apply', now() - interval '1 hour')`,
    [randomUUID(), title, company],
  )
  return { title, company }
}

/** `GET /api/billing` as the seeker, through the product API like the app calls it. */
async function billingOf(email: string): Promise<BillingOverview> {
  const client = await authClient(app.stack.appUrl)
  const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD })
  if (error) throw error
  const response = await fetch(`${app.stack.appUrl}/api/billing`, {
    headers: { authorization: `Bearer ${data.session.access_token}` },
  })
  expect(response.status).toBe(200)
  return (await response.json()) as BillingOverview
}

const balance = () => app.page.getByTestId('credits-balance')

describe('buying a plan where the credits run out', () => {
  it('paywall → Checkout → confirmed plan and balance → portal → refund taken back', async () => {
    const email = uniqueEmail('billing')
    const user = await createAccount(app.stack.appUrl, email, PASSWORD)
    if (!user) throw new Error('no user')
    await db.query(
      'update public.credit_balances set balance = 0, used_in_period = 0 where user_id = $1',
      [user.id],
    )
    const job = await insertJob()
    const page = app.page
    // Whether "Confirming your payment…" was ever on screen, however briefly.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Confirming your payment…')) {
          ;(window as unknown as { sawConfirming: boolean }).sawConfirming = true
        }
      }).observe(document, { childList: true, subtree: true, characterData: true })
    })

    // Signed in, at the deck with no credits: the save is refused (the browser logs the 402).
    app.expectConsoleError(/status of 402 .*\/api\/swipes/)
    const deck = `/jobs?companies=${encodeURIComponent(JSON.stringify([job.company]))}`
    await page.goto(`/sign-in?redirect=${encodeURIComponent(deck)}`)
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/jobs')
    await page.locator('[data-top-card]').getByRole('heading', { name: job.title }).waitFor()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const panel = page.getByRole('alert').filter({ hasText: 'Out of credits' })
    await panel.getByRole('button', { name: 'Get more credits' }).click()

    // The paywall: why, and the plans side by side.
    const paywall = page.getByRole('dialog', { name: 'Get more credits' })
    await paywall.getByText(/^You’re out of credits until /).waitFor()
    for (const name of ['Pro weekly', 'Pro monthly', 'Pro quarterly', '50 credits']) {
      await paywall.getByRole('heading', { name, exact: true }).waitFor()
    }
    await paywall.getByRole('button', { name: 'Choose Pro monthly' }).click()

    // Stripe Checkout (the stand-in's page): pay.
    await page.waitForURL((url) => url.href.startsWith(stripe.publicUrl))
    await page.getByText('$39.99 / month').waitFor()
    await page.getByRole('button', { name: 'Pay' }).click()

    // Back on /credits: confirming, then the plan and its credits once the webhook is processed.
    await page.waitForURL((url) => url.pathname === '/credits')
    const confirmed = page.getByRole('status').filter({ hasText: 'You’re on Pro monthly.' })
    await confirmed.waitFor({ timeout: 20_000 })
    expect(
      await page.evaluate(() => (window as unknown as { sawConfirming?: boolean }).sawConfirming),
    ).toBe(true)
    expect(new URL(page.url()).search).toBe('')
    const overview = await billingOf(email)
    expect(overview.currentPlan.id).toBe('pro_monthly')
    const granted = overview.plans.find((plan) => plan.id === 'pro_monthly')?.credits
    expect(granted).toBeGreaterThan(0)
    await expect.poll(() => balance().textContent()).toBe(String(granted))
    expect(await page.getByTestId('current-plan').textContent()).toBe('Pro monthly')
    await page.getByText(/^Renews on /).waitFor()
    // The top bar's credits follow.
    await expect
      .poll(() => page.getByTestId('credits-remaining').textContent())
      .toContain(String(granted))
    const history = page.getByRole('list', { name: 'Credit history' })
    await history.getByRole('listitem').filter({ hasText: 'Plan credits' }).first().waitFor()

    // The portal (the stand-in's) shows the plan; back to the app.
    await page.getByRole('button', { name: 'Manage plan' }).click()
    await page.waitForURL((url) => url.href.startsWith(stripe.publicUrl))
    await page.getByText('Pro monthly').first().waitFor()
    await page.getByRole('link', { name: 'Return to the app' }).click()
    await page.waitForURL((url) => url.pathname === '/credits')
    await balance().waitFor()

    // A refund of the first payment takes back the credits not spent yet.
    const invoicePaid = stripe.events.find((event) => event.type === 'invoice.paid')
    const chargeId = (invoicePaid?.data.object as { charge?: string } | undefined)?.charge
    if (!chargeId) throw new Error('no charge for the first invoice')
    const before = Number(await balance().textContent())
    await stripe.refundCharge(chargeId)
    const expected = before - Math.min(before, granted ?? 0)
    await expect
      .poll(
        async () => {
          await page.reload()
          return balance().textContent()
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(String(expected))
    const refund = history.getByRole('listitem').filter({ hasText: 'Payment refunded' })
    await refund.waitFor()
    expect(await refund.textContent()).toContain(`\u2212${before - expected}`)
  })
})

describe('a failed renewal payment', () => {
  it('shows the banner on every signed-in page, without a request per page, and opens the portal', async () => {
    const email = uniqueEmail('billing-failed')
    const user = await createAccount(app.stack.appUrl, email, PASSWORD)
    if (!user) throw new Error('no user')
    const page = app.page

    // Bought from the credits screen this time.
    await page.goto('/sign-in?redirect=/credits')
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/credits')
    await page.getByRole('button', { name: 'Choose Pro monthly' }).click()
    await page.waitForURL((url) => url.href.startsWith(stripe.publicUrl))
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL((url) => url.pathname === '/credits')
    await page.getByRole('status').filter({ hasText: 'You’re on Pro monthly.' }).waitFor()

    // The next renewal's payment fails (invoice.payment_failed, the subscription past due).
    const created = stripe.events.find(
      (event) =>
        event.type === 'customer.subscription.created' &&
        (event.data.object as { metadata?: Record<string, string> }).metadata?.userId === user.id,
    )
    const subscriptionId = (created?.data.object as { id?: string } | undefined)?.id
    if (!subscriptionId) throw new Error('no subscription for the user')
    await stripe.failNextPayment(subscriptionId)
    await expect
      .poll(async () => (await billingOf(email)).subscription?.paymentFailed, { timeout: 15_000 })
      .toBe(true)

    // Every page of the shell says so; moving between them asks nothing more of /api/billing.
    await page.goto('/jobs')
    const banner = page.getByRole('region', { name: 'Payment problem' })
    await banner
      .getByText('Your last payment failed — update your card to keep Pro monthly.')
      .waitFor()
    const billingReads: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/billing') billingReads.push(request.url())
    })
    const nav = page.getByRole('navigation', { name: 'App' })
    for (const [area, heading] of [
      ['Saved', 'Saved jobs'],
      ['Practice', 'Practice'],
      ['Account', 'Your account'],
    ] as const) {
      await nav.getByRole('link', { name: area }).click()
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      await banner.waitFor()
    }
    expect(billingReads).toEqual([])

    // Its button opens the portal.
    await banner.getByRole('button', { name: 'Update card' }).click()
    await page.waitForURL((url) => url.href.startsWith(stripe.publicUrl))
    await page.getByText('Pro monthly').first().waitFor()
  })
})
