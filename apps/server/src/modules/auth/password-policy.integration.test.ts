import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { startFakeHibp } from '../../../test/fake-hibp.ts'

/**
 * The password policy through the real Auth service and supabase-js: the offline rules on every
 * path that sets a password, and the optional Have I Been Pwned check against a local fake of
 * its range API (fail open when the service cannot answer).
 */
const PWNED = {
  status: 422,
  code: 'weak_password',
  reasons: ['pwned'],
  message: 'Password is known to be weak and easy to guess, please choose a different one.',
}

async function usersNamed(testApp: TestApp, email: string) {
  const { rows } = await testApp.database.pool.query('select id from auth.users where email = $1', [
    email,
  ])
  return rows.length
}

describe('the offline policy (every install)', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await startTestApp()
  })

  afterAll(async () => {
    await testApp.close()
  })

  it('refuses a common password at sign-up, whatever its case, and creates nobody', async () => {
    for (const password of ['password', 'PassWord1', 'iloveyou', 'Qwertyuiop']) {
      const email = `common-${password.toLowerCase()}@example.com`
      const { data, error } = await testApp.client().auth.signUp({ email, password })
      expect([password, error]).toMatchObject([password, PWNED])
      expect(data.user).toBeNull()
      expect(await usersNamed(testApp, email)).toBe(0)
    }
  })

  it('refuses fewer than 8 and more than 256 characters, accepts 256', async () => {
    const short = await testApp.client().auth.signUp({ email: 's@example.com', password: 'x7!kQ' })
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] })
    const long = await testApp
      .client()
      .auth.signUp({ email: 'l@example.com', password: 'k9'.repeat(128) + 'x' })
    expect(long.error).toMatchObject({
      status: 422,
      code: 'weak_password',
      reasons: ['length'],
      message: 'Password should be at most 256 characters.',
    })
    const longest = await testApp
      .client()
      .auth.signUp({ email: 'ok@example.com', password: 'k9'.repeat(128) })
    expect(longest.error).toBeNull()
  })

  it('refuses a common password on a password change and through the admin API', async () => {
    const supabase = testApp.client()
    const { error } = await supabase.auth.signUp({
      email: 'changer@example.com',
      password: 'correct-horse-battery',
    })
    expect(error).toBeNull()
    const change = await supabase.auth.updateUser({ password: 'sunshine1' })
    expect(change.error).toMatchObject(PWNED)
    const signIn = await testApp.client().auth.signInWithPassword({
      email: 'changer@example.com',
      password: 'correct-horse-battery',
    })
    expect(signIn.error).toBeNull()

    const admin = await testApp.adminClient().auth.admin.createUser({
      email: 'admin-made@example.com',
      password: 'football',
    })
    expect(admin.error).toMatchObject({ status: 422, code: 'weak_password' })
  })
})

describe('the Have I Been Pwned check (AUTH_PASSWORD_HIBP on)', () => {
  let testApp: TestApp
  let hibp: Awaited<ReturnType<typeof startFakeHibp>>
  const BREACHED = 'blue-tangerine-accordion-7'
  const PADDED = 'quiet-lantern-meadow-42'

  beforeAll(async () => {
    hibp = await startFakeHibp()
    hibp.breach(BREACHED)
    hibp.pad(PADDED)
    testApp = await startTestApp({
      env: { AUTH_PASSWORD_HIBP: 'true', AUTH_PASSWORD_HIBP_URL: hibp.rangeUrl },
    })
  })

  afterAll(async () => {
    await testApp?.close()
    await hibp?.close()
  })

  it('refuses a breached password at sign-up, sending only 5 characters of its SHA-1', async () => {
    const before = hibp.requests.length
    const { error } = await testApp
      .client()
      .auth.signUp({ email: 'breached@example.com', password: BREACHED })
    expect(error).toMatchObject(PWNED)
    expect(await usersNamed(testApp, 'breached@example.com')).toBe(0)

    const asked = hibp.requests.slice(before)
    expect(asked).toHaveLength(1)
    expect(asked[0]?.path).toBe(`/range/${hibp.sha1(BREACHED).slice(0, 5)}`)
    expect(asked[0]?.headers['add-padding']).toBe('true')
  })

  it('accepts a password absent from the corpus, or present only as padding (seen 0 times)', async () => {
    for (const [email, password] of [
      ['fresh@example.com', 'violet-harbour-compass-19'],
      ['padded@example.com', PADDED],
    ] as const) {
      const { error } = await testApp.client().auth.signUp({ email, password })
      expect([email, error]).toEqual([email, null])
    }
  })

  it('refuses a breached password on a password change', async () => {
    const supabase = testApp.client()
    await supabase.auth.signUp({
      email: 'mover@example.com',
      password: 'violet-harbour-compass-20',
    })
    expect((await supabase.auth.updateUser({ password: BREACHED })).error).toMatchObject(PWNED)
    expect(
      (await supabase.auth.updateUser({ password: 'amber-kettle-orchard-5' })).error,
    ).toBeNull()
  })

  it('leaves the offline rules to the routes: a short password is not sent to the service', async () => {
    const before = hibp.requests.length
    const { error } = await testApp.client().auth.signUp({ email: 'x@example.com', password: 'a1' })
    expect(error).toMatchObject({ code: 'weak_password', reasons: ['length'] })
    expect(hibp.requests.length).toBe(before)
  })

  it('fails open: an error status or a dropped connection lets the password through', async () => {
    try {
      for (const [failure, email] of [
        [503, 'while-down@example.com'],
        ['reset', 'while-unreachable@example.com'],
      ] as const) {
        hibp.failWith(failure)
        const { error } = await testApp.client().auth.signUp({ email, password: BREACHED })
        expect([failure, error]).toEqual([failure, null])
      }
    } finally {
      hibp.failWith(null)
    }
  })
})
