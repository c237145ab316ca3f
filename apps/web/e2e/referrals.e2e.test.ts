import { describe, expect, it } from 'vitest'
import { expectAccessible } from '../../../test/accessibility.ts'
import { authClient, continueAsGuest, createAccount, uniqueEmail } from './accounts.ts'
import { newAppContext, setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * Issue 18's referral in Chromium against the real server (background jobs on): user A opens
 * /referrals and sees their code, link and QR code, and copies the link; user B opens the link
 * in another browser, sees who invited them, signs up, and the app redeems the remembered code.
 * B completes onboarding through /rest/v1 (the qualifying event, delivered twice); within
 * seconds both ledgers hold the reward exactly once, both credit meters show it, and A's list
 * shows B as rewarded. An invalid link says so.
 */
const app = setUpAppInBrowser()
const db = setUpStackDatabase(app)
const PASSWORD = 'referral-e2e-password-1'

async function referralLedger(userId: string) {
  const { rows } = await db.query<{ idempotency_key: string; delta: number }>(
    `select idempotency_key, delta from public.credit_ledger
     where user_id = $1 and reason = 'referral' order by created_at`,
    [userId],
  )
  return rows
}

describe('referrals', () => {
  it('A shares /r/{code}; B signs up through it and qualifies; both are rewarded once', async () => {
    // A: an account with a first name, signed in on /referrals.
    const adaEmail = uniqueEmail('ada')
    const ada = await createAccount(app.stack.appUrl, adaEmail, PASSWORD)
    await db.query(`update public.profiles set first_name = 'Ada' where user_id = $1`, [ada!.id])
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const page = app.page
    await page.goto('/sign-in?redirect=/account')
    await page.getByLabel('Email', { exact: true }).fill(adaEmail)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/account')
    // The Account page leads to referrals.
    await page.getByRole('link', { name: 'Invite friends, earn credits' }).click()
    await page.waitForURL((url) => url.pathname === '/referrals')
    await page.getByRole('heading', { level: 1, name: 'Invite friends' }).waitFor()

    const code = (await page.getByTestId('referral-code').textContent())?.trim() ?? ''
    const { rows } = await db.query<{ referral_code: string }>(
      `select referral_code from public.profiles where user_id = $1`,
      [ada!.id],
    )
    expect(code).toBe(rows[0]!.referral_code)
    const link = `${app.stack.appUrl.replace(/\/$/, '')}/r/${code}`
    expect((await page.getByTestId('referral-link').textContent())?.trim()).toBe(link)
    const qr = page.getByRole('img', { name: `QR code of your invitation link ${link}` })
    await qr.waitFor()
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    )
    await page.getByText('No one has joined with your code yet.').waitFor()
    await page.getByRole('button', { name: 'Copy your invitation link' }).click()
    await page.getByRole('button', { name: 'Copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
    await expectAccessible(page, '/referrals')

    // The invitation form checks the address before sending.
    await page.getByRole('button', { name: 'Send invitation' }).click()
    await page.getByText('Enter an email address').waitFor()
    await page.getByLabel('Email', { exact: true }).fill('not-an-address')
    await page.getByRole('button', { name: 'Send invitation' }).click()
    await page.getByText('Enter a valid email address, like name@example.com').waitFor()

    // B: another browser opens the link, sees who invited them, and signs up.
    const bobContext = await newAppContext(app.browser, app.stack.appUrl)
    const bobPage = await bobContext.newPage()
    await bobPage.goto(new URL(link).pathname)
    await bobPage.getByRole('heading', { level: 1, name: 'Ada invited you' }).waitFor()
    await expectAccessible(bobPage, '/r/{code}')
    await bobPage.getByRole('link', { name: 'Create your account' }).click()
    await bobPage.waitForURL((url) => url.pathname === '/sign-up')
    const bobEmail = uniqueEmail('bob')
    await bobPage.getByLabel('Email', { exact: true }).fill(bobEmail)
    await bobPage.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await bobPage.getByLabel('Confirm password', { exact: true }).fill(PASSWORD)
    await bobPage.getByRole('button', { name: 'Create account' }).click()
    await bobPage.getByText(/Your invitation is accepted/).waitFor()
    expect(await bobPage.evaluate(() => localStorage.getItem('referrals.pending-code'))).toBeNull()

    const bob = await db.query<{ id: string }>(`select id from auth.users where email = $1`, [
      bobEmail,
    ])
    const bobId = bob.rows[0]!.id
    const referral = await db.query<{ id: string; status: string; referrer_user_id: string }>(
      `select id, status, referrer_user_id from public.referrals where referred_user_id = $1`,
      [bobId],
    )
    expect(referral.rows.map(({ status, referrer_user_id }) => [status, referrer_user_id])).toEqual(
      [['pending', ada!.id]],
    )
    expect(await referralLedger(bobId)).toEqual([])

    // B completes onboarding through /rest/v1, the qualifying event delivered twice at once.
    const bobClient = await authClient(app.stack.appUrl)
    await bobClient.auth.signInWithPassword({ email: bobEmail, password: PASSWORD })
    const completedAt = new Date().toISOString()
    const writes = await Promise.all(
      [1, 2].map(() =>
        bobClient.from('wizard').update({ completed_at: completedAt }).eq('user_id', bobId),
      ),
    )
    expect(writes.map((write) => write.error)).toEqual([null, null])

    const referralId = referral.rows[0]!.id
    await expect
      .poll(() => referralLedger(ada!.id), { timeout: 15_000 })
      .toEqual([{ idempotency_key: `referral:${referralId}:referrer`, delta: 20 }])
    // Some sweeps later, still once each.
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect(await referralLedger(ada!.id)).toHaveLength(1)
    expect(await referralLedger(bobId)).toEqual([
      { idempotency_key: `referral:${referralId}:referred`, delta: 20 },
    ])

    // Both see it: A's list and meter, B's meter (10 free + 20).
    await page.reload()
    const invitees = page.getByRole('list', { name: 'Invitees' })
    await invitees.getByText('Rewarded').waitFor()
    await invitees.getByText('+20 credits').waitFor()
    await page.getByText('You have earned 20 credits so far.').waitFor()
    await expect
      .poll(() => page.getByTestId('credits-remaining').textContent())
      .toBe('30 credits left')
    await bobPage.reload()
    await expect
      .poll(() => bobPage.getByTestId('credits-remaining').textContent())
      .toBe('30 credits left')
    await bobContext.close()
  })

  it('an invalid link says so, and a guest on /referrals is asked to create an account', async () => {
    // The public lookup answers 404 for an unknown code, which the browser logs.
    app.expectConsoleError(/status of 404/)
    await app.page.goto('/r/ZZZZ2222')
    await app.page
      .getByRole('heading', { level: 1, name: 'This invitation link isn’t valid' })
      .waitFor()
    expect(await app.page.evaluate(() => localStorage.getItem('referrals.pending-code'))).toBeNull()

    await app.page.getByRole('link', { name: 'Try it first as a guest' }).waitFor()
    await continueAsGuest(app.page)
    await app.page.goto('/referrals')
    await app.page
      .getByRole('heading', { level: 2, name: 'Create an account to get your code' })
      .waitFor()
  })
})
