import { describe, expect, it } from 'vitest'
import { REAUTHENTICATION_MAX_AGE_SECONDS } from '@app/contracts'
import { createAccount, storedSessionUserId, uniqueEmail } from './accounts.ts'
import { setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * Deleting the account asks for a recent sign-in (issue 13): a session that signed in long ago
 * is asked for the password; a wrong one deletes nothing, the right one deletes.
 */
const app = setUpAppInBrowser()

const PASSWORD = 'correct horse battery'

const db = setUpStackDatabase(app)

/**
 * Makes the browser's session one that signed in long ago: its sign-in time moves back past the
 * window on the server, and the stored access token is expired so the page refreshes it and gets
 * a token that carries the old time (a refresh is not a sign-in).
 */
async function ageTheSession(userId: string) {
  const longAgo = Math.floor(Date.now() / 1000) - REAUTHENTICATION_MAX_AGE_SECONDS - 600
  await db.query(
    `update auth.sessions set amr = jsonb_build_array(jsonb_build_object('method', 'password', 'timestamp', $2::bigint))
     where user_id = $1`,
    [userId, longAgo],
  )
  await app.page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index)
      if (key?.startsWith('sb-') && key.endsWith('-auth-token')) {
        const session = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>
        session.expires_at = Math.floor(Date.now() / 1000) - 60
        localStorage.setItem(key, JSON.stringify(session))
      }
    }
  })
}

describe('deleting the account', () => {
  it('asks an old session for the password: a wrong one deletes nothing, the right one deletes', async () => {
    // The wrong password is a 400 of the auth server, which the browser logs.
    app.expectConsoleError(/status of 400 .*\/auth\/v1\/token\?grant_type=password/)
    // Once the account is gone the server refuses to end its session (as in account.e2e.test.ts).
    app.expectConsoleError(/status of 403 .*\/auth\/v1\/logout\?scope=local/)
    const email = uniqueEmail('reauth')
    const user = await createAccount(app.stack.appUrl, email, PASSWORD)
    const id = user?.id ?? ''
    await app.page.goto('/sign-in')
    await app.page.getByLabel('Email', { exact: true }).fill(email)
    await app.page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await app.page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await app.page.waitForURL((url) => url.pathname === '/account')

    await ageTheSession(id)
    await app.page.goto('/account/data')
    await app.page.getByRole('heading', { level: 1, name: 'Your data' }).waitFor()

    await app.page.getByRole('button', { name: 'Delete my account' }).click()
    const dialog = app.page.getByRole('dialog', { name: 'Delete your account?' })
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE')
    const password = dialog.getByLabel('Your password')
    await password.waitFor()
    const confirm = dialog.getByRole('button', { name: 'Delete my account' })
    expect(await confirm.isDisabled()).toBe(true)

    await password.fill('not my password')
    await confirm.click()
    await dialog
      .getByRole('alert')
      .filter({ hasText: "That password isn't right. Nothing was deleted." })
      .waitFor()
    expect((await db.query('select 1 from auth.users where id = $1', [id])).rowCount).toBe(1)
    expect(await storedSessionUserId(app.page)).toBe(id)

    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE')
    await password.fill(PASSWORD)
    await confirm.click()
    await app.page.waitForURL((url) => url.pathname === '/account-deleted')
    await expect.poll(() => storedSessionUserId(app.page)).toBeNull()
    expect((await db.query('select 1 from auth.users where id = $1', [id])).rowCount).toBe(0)
  })

  it('returns from a fresh sign-in to the delete step, which then asks only for DELETE', async () => {
    const email = uniqueEmail('reauth-return')
    await createAccount(app.stack.appUrl, email, PASSWORD)
    await app.page.goto(`/sign-in?redirect=${encodeURIComponent('/account/data?delete=confirm')}`)
    await app.page.getByLabel('Email', { exact: true }).fill(email)
    await app.page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await app.page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await app.page.waitForURL((url) => url.pathname === '/account/data')
    const dialog = app.page.getByRole('dialog', { name: 'Delete your account?' })
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE')
    const confirm = dialog.getByRole('button', { name: 'Delete my account' })
    await expect.poll(() => confirm.isEnabled()).toBe(true)
    expect(await dialog.getByLabel('Your password').count()).toBe(0)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await app.page.waitForURL((url) => url.pathname === '/account/data' && url.search === '')
  })
})
