import { readFile } from 'node:fs/promises'
import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { readZipEntries } from '../../../test/zip.ts'
import { createAccount, storedSessionUserId, uniqueEmail, waitForEmail } from './accounts.ts'
import { setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * The account screens in Chromium against the real server: the general and professional
 * profile, two-step verification from setup to the sign-in that asks for the code, sign-in
 * methods, the data export and deleting the account. (The social sign-in rules are tested
 * against the server with a locally signed Google token: `social-sign-in.integration.test.ts`.)
 */
const app = setUpAppInBrowser()

const PASSWORD = 'correct horse battery'

const db = setUpStackDatabase(app)

async function expectHeading(text: string) {
  await app.page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor()
}

async function signInInBrowser(email: string, password = PASSWORD) {
  await app.page.goto('/sign-in')
  await app.page.getByLabel('Email', { exact: true }).fill(email)
  await app.page.getByLabel('Password', { exact: true }).fill(password)
  await app.page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** A new confirmed account, signed in in the browser, on the account overview. */
async function signedInAccount(label: string) {
  const email = uniqueEmail(label)
  const user = await createAccount(app.stack.appUrl, email, PASSWORD)
  await signInInBrowser(email)
  await app.page.waitForURL((url) => url.pathname === '/account')
  await expectHeading('Your account')
  return { email, id: user?.id ?? '' }
}

async function openSection(name: 'Profile' | 'Security' | 'Your data') {
  await app.page
    .getByRole('navigation', { name: 'Account settings' })
    .getByRole('link', { name })
    .click()
  await expectHeading(name)
}

function statusText(text: string) {
  return app.page.getByRole('status').filter({ hasText: text })
}

function alertText(text: string) {
  return app.page.getByRole('alert').filter({ hasText: text })
}

/** A code of the authenticator app, one time step ahead: the step of setup is used up. */
function totpCode(secret: string, offsetMs = 30_000): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replaceAll(' ', '')) })
  return totp.generate({ timestamp: Date.now() + offsetMs })
}

describe('profile', () => {
  it('edits the name, which is still there after a reload', async () => {
    const { id } = await signedInAccount('names')
    await openSection('Profile')
    await app.page.getByLabel('First name', { exact: true }).fill('Ada')
    await app.page.getByLabel('Last name', { exact: true }).fill('Lovelace')
    await app.page.getByRole('button', { name: 'Save name' }).click()
    await statusText('Your name is saved.').waitFor()

    await app.page.reload()
    await expectHeading('Profile')
    await expect
      .poll(() => app.page.getByLabel('First name', { exact: true }).inputValue())
      .toBe('Ada')
    expect(await app.page.getByLabel('Last name', { exact: true }).inputValue()).toBe('Lovelace')
    const row = await db.query(
      'select first_name, last_name from public.profiles where user_id = $1',
      [id],
    )
    expect(row.rows).toEqual([{ first_name: 'Ada', last_name: 'Lovelace' }])

    await app.page.getByLabel('First name', { exact: true }).fill(' ')
    await app.page.getByRole('button', { name: 'Save name' }).click()
    await app.page.getByText('Enter your first name', { exact: true }).waitFor()
    expect(app.consoleErrors).toEqual([])
  })

  it('changes the email only through a confirmation link to the new address', async () => {
    const { email } = await signedInAccount('old-address')
    await openSection('Profile')
    const email2 = uniqueEmail('new-address')
    expect(await app.page.getByLabel('Email', { exact: true }).inputValue()).toBe(email)
    await app.page.getByLabel('Email', { exact: true }).fill(email2)
    await app.page.getByRole('button', { name: 'Change email' }).click()
    await statusText(
      `We sent a confirmation link to ${email2}. Your email changes once you open it.`,
    ).waitFor()
    const message = await waitForEmail(app.stack.appUrl, { to: email2, template: 'email_change' })
    expect(message.links.some((link) => link.includes('/auth/v1/verify'))).toBe(true)
  })

  it('shows the professional profile’s empty state, emails an upload link, then the latest profile', async () => {
    const { email, id } = await signedInAccount('resume')
    await openSection('Profile')
    await app.page.getByText('No resume yet', { exact: true }).waitFor()
    await app.page.getByRole('button', { name: 'Email me an upload link' }).click()
    await statusText(`We sent an upload link to ${email}.`).waitFor()
    const message = await waitForEmail(app.stack.appUrl, {
      to: email,
      template: 'resume_upload_link',
    })
    expect(
      message.links.some(
        (link) => link.includes(`/upload/${id}`) || link.includes('/auth/v1/verify'),
      ),
    ).toBe(true)

    // Asked again within the minute: the server's refusal is shown (a 429, logged by the browser).
    app.expectConsoleError(/status of 429 .*\/api\/emails\/resume-upload/)
    await app.page.getByRole('button', { name: 'Email me an upload link' }).click()
    await alertText('You can ask for another upload link in').waitFor()

    await db.query(
      `insert into public.professional_profiles (user_id, file_name, resume_path, updated_at)
       values ($1, 'old.pdf', $2, now() - interval '1 day'), ($1, 'latest.pdf', $3, now())`,
      [id, `${id}/old.pdf`, `${id}/latest.pdf`],
    )
    await app.page.reload()
    await app.page.getByText('latest.pdf', { exact: true }).waitFor()
    expect(await app.page.getByText('old.pdf', { exact: true }).count()).toBe(0)
  })
})

/**
 * The recovery codes shown once at the end of setting up the app (or on request): read from
 * the list, downloaded as a text file, and put away once "stored" is ticked.
 */
async function putAwayRecoveryCodes(): Promise<string[]> {
  await app.page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor()
  const codes = await app.page
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents()
  expect(codes).toHaveLength(10)
  for (const code of codes) {
    expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/)
  }

  const [download] = await Promise.all([
    app.page.waitForEvent('download'),
    app.page.getByRole('button', { name: 'Download', exact: true }).click(),
  ])
  expect(download.suggestedFilename()).toBe('recovery-codes.txt')
  const text = await readFile((await download.path()) ?? '', 'utf8')
  expect(text).toContain(`Recovery codes for ${new URL(app.stack.appUrl).host}`)
  for (const code of codes) {
    expect(text).toContain(`\n${code}\n`)
  }

  const done = app.page.getByRole('button', { name: 'Done', exact: true })
  expect(await done.isDisabled()).toBe(true)
  await app.page.getByLabel('I have stored these codes somewhere safe').check()
  await done.click()
  return codes
}

describe('two-step verification', () => {
  it('is set up with the QR code or key, asked for at sign-in, and removed', async () => {
    const { email, id } = await signedInAccount('mfa')
    await openSection('Security')
    await app.page.getByRole('button', { name: 'Set up an authenticator app' }).click()

    const qrCode = app.page.getByRole('img', {
      name: 'QR code to add this account to your authenticator app',
    })
    await qrCode.waitFor()
    expect(await qrCode.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3C/)
    // The image decodes: a broken data URL would leave it without size.
    await expect
      .poll(() => qrCode.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0)
    const secret = await app.page
      .getByLabel("Can't scan it? Enter this setup key instead")
      .inputValue()
    expect(secret.replaceAll(' ', '')).toMatch(/^[A-Z2-7]{32}$/)

    await app.page.getByLabel('Authentication code', { exact: true }).fill(totpCode(secret, 0))
    await app.page.getByRole('button', { name: 'Turn on two-step verification' }).click()
    await putAwayRecoveryCodes()
    await statusText('Two-step verification is on.').waitFor()
    await app.page.getByText('Authenticator app', { exact: true }).waitFor()
    const factors = await db.query('select status from auth.mfa_factors where user_id = $1', [id])
    expect(factors.rows).toEqual([{ status: 'verified' }])

    await app.page.getByRole('button', { name: 'Sign out' }).click()
    await app.page.waitForURL((url) => url.pathname === '/sign-in')
    await signInInBrowser(email)
    await app.page.waitForURL((url) => url.pathname === '/sign-in/verify')
    await expectHeading('Two-step verification')
    // The account pages stay closed until the code is given.
    await app.page.goto('/account/security')
    await app.page.waitForURL((url) => url.pathname === '/sign-in/verify')

    // A code from ten minutes ago: the server refuses it (a 422, logged by the browser).
    app.expectConsoleError(/status of 422 .*\/auth\/v1\/factors\/[^/]+\/verify/)
    await app.page
      .getByLabel('Authentication code', { exact: true })
      .fill(totpCode(secret, -600_000))
    await app.page.getByRole('button', { name: 'Verify', exact: true }).click()
    await alertText(
      "That code isn't right. Enter the code your authenticator app shows now.",
    ).waitFor()
    expect(new URL(app.page.url()).pathname).toBe('/sign-in/verify')

    await app.page.getByLabel('Authentication code', { exact: true }).fill(totpCode(secret))
    await app.page.getByRole('button', { name: 'Verify', exact: true }).click()
    // The code screen goes on to the page it was sent from (issue 13).
    await app.page.waitForURL((url) => url.pathname === '/account/security')
    await expectHeading('Security')
    await app.page.getByRole('button', { name: 'Remove Authenticator app' }).click()
    const dialog = app.page.getByRole('dialog', { name: 'Turn off two-step verification?' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Turn off' }).click()
    await statusText('Two-step verification is off.').waitFor()
    await expect
      .poll(
        async () =>
          (await db.query('select 1 from auth.mfa_factors where user_id = $1', [id])).rowCount,
      )
      .toBe(0)

    // Signing in again needs the password only.
    await app.page.getByRole('button', { name: 'Sign out' }).click()
    await app.page.waitForURL((url) => url.pathname === '/sign-in')
    await signInInBrowser(email)
    await app.page.waitForURL((url) => url.pathname === '/account')
  })
})

describe('recovery codes', () => {
  it('stand in for the app at sign-in, each once, and are counted and replaced', async () => {
    const { email, id } = await signedInAccount('recovery')
    await openSection('Security')
    await app.page.getByRole('button', { name: 'Set up an authenticator app' }).click()
    const secret = await app.page
      .getByLabel("Can't scan it? Enter this setup key instead")
      .inputValue()
    await app.page.getByLabel('Authentication code', { exact: true }).fill(totpCode(secret, 0))
    await app.page.getByRole('button', { name: 'Turn on two-step verification' }).click()
    const codes = await putAwayRecoveryCodes()
    await statusText('Two-step verification is on.').waitFor()
    await app.page.getByText('10 of 10 recovery codes left.', { exact: true }).waitFor()
    // The server keeps hashes only.
    const stored = await db.query<{ code_hash: string }>(
      'select code_hash from auth.mfa_recovery_codes where user_id = $1',
      [id],
    )
    expect(stored.rows).toHaveLength(10)
    expect(stored.rows.some((row) => codes.includes(row.code_hash))).toBe(false)

    async function signInWithRecoveryCode(code: string) {
      await app.page.getByRole('button', { name: 'Sign out' }).click()
      await app.page.waitForURL((url) => url.pathname === '/sign-in')
      await signInInBrowser(email)
      await app.page.waitForURL((url) => url.pathname === '/sign-in/verify')
      await expectHeading('Two-step verification')
      await app.page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click()
      await app.page.getByText('Enter one of your recovery codes to finish signing in.').waitFor()
      await app.page.getByLabel('Recovery code', { exact: true }).fill(code)
      await app.page.getByRole('button', { name: 'Verify', exact: true }).click()
    }

    // Signed out, then in with the password and a recovery code (typed in capitals).
    await signInWithRecoveryCode(codes[0]!.toUpperCase())
    await app.page.waitForURL((url) => url.pathname === '/account')
    await expectHeading('Your account')
    await openSection('Security')
    await app.page.getByText('9 of 10 recovery codes left.', { exact: true }).waitFor()

    // The same code a second time: refused (a 422, logged by the browser); another one works.
    app.expectConsoleError(/status of 422 .*\/auth\/v1\/mfa\/recovery-codes\/verify/)
    await signInWithRecoveryCode(codes[0]!)
    await alertText("That recovery code isn't right, or it was used already.").waitFor()
    expect(new URL(app.page.url()).pathname).toBe('/sign-in/verify')
    await app.page.getByLabel('Recovery code', { exact: true }).fill(codes[1]!)
    await app.page.getByRole('button', { name: 'Verify', exact: true }).click()
    await app.page.waitForURL((url) => url.pathname === '/account')

    // A new set replaces the old one, after a confirmation.
    await openSection('Security')
    await app.page.getByText('8 of 10 recovery codes left.', { exact: true }).waitFor()
    await app.page.getByRole('button', { name: 'Get new recovery codes' }).click()
    const dialog = app.page.getByRole('dialog', { name: 'Get new recovery codes?' })
    await dialog.getByRole('button', { name: 'Get new codes' }).click()
    const fresh = await putAwayRecoveryCodes()
    expect(fresh.some((code) => codes.includes(code))).toBe(false)
    await statusText('Your new recovery codes are ready.').waitFor()
    await app.page.getByText('10 of 10 recovery codes left.', { exact: true }).waitFor()

    await signInWithRecoveryCode(codes[2]!)
    await alertText("That recovery code isn't right, or it was used already.").waitFor()
    await app.page.getByLabel('Recovery code', { exact: true }).fill(fresh[0]!)
    await app.page.getByRole('button', { name: 'Verify', exact: true }).click()
    await app.page.waitForURL((url) => url.pathname === '/account')
  })
})

describe('sign-in methods', () => {
  it('lists the email identity and offers no way to unlink the only one', async () => {
    await signedInAccount('identities')
    await openSection('Security')
    await app.page.getByText('Email and password', { exact: true }).waitFor()
    await app.page
      .getByText('Your only way to sign in: link another before removing it.', { exact: true })
      .waitFor()
    expect(await app.page.getByRole('button', { name: /^Unlink/ }).count()).toBe(0)
  })

  it('says "Failed to link social account" when the link comes back refused', async () => {
    await signedInAccount('link-refused')
    await app.page.goto(
      '/account/linked#error=invalid_request&error_code=identity_already_exists&error_description=Identity+is+already+linked+to+another+user',
    )
    await alertText(
      'Failed to link social account. This account is already linked to another user.',
    ).waitFor()
    await app.page.getByRole('link', { name: 'Back to security' }).click()
    await expectHeading('Security')
  })
})

describe('your data', () => {
  it('downloads everything as one ZIP holding data.json', async () => {
    const { id, email } = await signedInAccount('export')
    await openSection('Your data')
    const download = app.page.waitForEvent('download')
    await app.page.getByRole('button', { name: 'Download my data' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^jobsearch-export-\d{4}-\d{2}-\d{2}\.zip$/)
    const entries = await readZipEntries(await readFile((await file.path()) ?? ''))
    const data = JSON.parse(entries.get('data.json')?.toString('utf8') ?? '{}') as {
      user: { id: string; email: string }
      tables: Record<string, { user_id?: string }[]>
    }
    expect(data.user).toMatchObject({ id, email })
    expect(data.tables.profiles).toEqual([expect.objectContaining({ user_id: id, email })])
    await statusText('Your download has started.').waitFor()
  })

  it('deletes the account after DELETE is typed, leaving no row of the user', async () => {
    // Once the account is gone the server refuses to end its session (403, logged by the
    // browser); auth-js takes that as signed out (spec §8), which is what the page relies on.
    app.expectConsoleError(/status of 403 .*\/auth\/v1\/logout\?scope=local/)
    const { id } = await signedInAccount('delete')
    await openSection('Your data')
    await app.page.getByRole('button', { name: 'Delete my account' }).click()
    const dialog = app.page.getByRole('dialog', { name: 'Delete your account?' })
    await dialog.waitFor()
    const confirm = dialog.getByRole('button', { name: 'Delete my account' })
    expect(await confirm.isDisabled()).toBe(true)
    await dialog.getByLabel('Type DELETE to confirm').fill('delete')
    expect(await confirm.isDisabled()).toBe(true)

    // Cancelled first: nothing happens.
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect((await db.query('select 1 from auth.users where id = $1', [id])).rowCount).toBe(1)

    await app.page.getByRole('button', { name: 'Delete my account' }).click()
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE')
    await confirm.click()
    await app.page.waitForURL((url) => url.pathname === '/account-deleted')
    await expectHeading('Your account is deleted')
    await expect.poll(() => storedSessionUserId(app.page)).toBeNull()

    const userColumns = await db.query<{ table_name: string; column_name: string }>(
      `select c.table_name, c.column_name from information_schema.columns c
       join information_schema.tables t using (table_schema, table_name)
       where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.column_name = 'user_id'
       union
       select cls.relname, att.attname from pg_constraint con
       join pg_class cls on cls.oid = con.conrelid
       join pg_namespace ns on ns.oid = cls.relnamespace
       join pg_attribute att on att.attrelid = con.conrelid and att.attnum = any (con.conkey)
       where con.contype = 'f' and con.confrelid = 'auth.users'::regclass and ns.nspname = 'public'`,
    )
    expect(userColumns.rows.length).toBeGreaterThan(5)
    for (const { table_name, column_name } of userColumns.rows) {
      const left = await db.query(`select 1 from public.${table_name} where ${column_name} = $1`, [
        id,
      ])
      expect(left.rowCount, `${table_name}.${column_name}`).toBe(0)
    }
    expect((await db.query('select 1 from auth.users where id = $1', [id])).rowCount).toBe(0)

    await app.page.goto('/account')
    await app.page.waitForURL((url) => url.pathname === '/sign-in')
  })
})
