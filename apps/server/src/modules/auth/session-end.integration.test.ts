import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import {
  SESSION_TEST_PASSWORD,
  claimsOf,
  signIn,
  signOut,
  totpCode,
  turnOnTotp,
} from '../../../test/session-support.ts'
import { SESSION_CHECK_CACHE_MS } from './index.ts'

/**
 * Sessions that really end (issue 12, S4 and F7) and MFA that guards the data (S2), through the
 * real server: a user's access token is tried on the three surfaces that serve their data,
 * `/rest/v1`, `/storage/v1` and the product API `/api`, before and after each way a session
 * ends: sign-out (every scope), refresh-token reuse, a password change, an admin ban or
 * deletion, deleting the account, the inactivity timeout and the absolute lifetime. In this
 * process an ended session's token is refused at once; in another process of the same install
 * within `SESSION_CHECK_CACHE_MS`. A user with a verified factor reaches nothing from an aal1
 * session but the Auth endpoints that finish signing in.
 */

type Surfaces = { rest: string; storage: string; api: string }

/** What each data surface answers `token`: `200`, or the status and the error's code. */
async function surfaces(testApp: TestApp, token: string, baseUrl = testApp.baseUrl) {
  const headers = { apikey: testApp.anonKey, authorization: `Bearer ${token}` }
  const outcome = async (response: Response) => {
    const body = (await response.json()) as { code?: string }
    return response.ok ? String(response.status) : `${response.status} ${body.code ?? '?'}`
  }
  return {
    rest: await outcome(await fetch(`${baseUrl}/rest/v1/profiles?select=user_id`, { headers })),
    storage: await outcome(
      await fetch(`${baseUrl}/storage/v1/object/list/resumes`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ prefix: '' }),
      }),
    ),
    api: await outcome(await fetch(`${baseUrl}/api/credits`, { headers })),
  } satisfies Surfaces
}

/**
 * Moves the clock past the second the tokens were issued in: from then on the session check
 * remembers what it reads (a token from the second of a read is read again every time), so
 * "at once" below means the check forgot the session, not that it never remembered it.
 */
function settle(testApp: TestApp) {
  testApp.advanceClock(1500)
}

const SERVED: Surfaces = { rest: '200', storage: '200', api: '200' }
const everywhere = (answer: string): Surfaces => ({ rest: answer, storage: answer, api: answer })
const ENDED = everywhere('401 session_not_found')

let counter = 0
const uniqueEmail = (label: string) => `${label}-${++counter}-${Date.now()}@example.com`

async function signUp(testApp: TestApp, label: string) {
  const email = uniqueEmail(label)
  const { data, error } = await testApp
    .client()
    .auth.signUp({ email, password: SESSION_TEST_PASSWORD })
  expect(error).toBeNull()
  return { email, id: data.user?.id ?? '', accessToken: data.session?.access_token ?? '' }
}

describe('sessions that end (default lifetimes)', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await startTestApp({ env: { AUTH_EMAIL_AUTOCONFIRM: 'true' } })
  })

  afterAll(async () => {
    await testApp.close()
  })

  it('signing out (local) stops that token at once on every surface, and only that one', async () => {
    const { email } = await signUp(testApp, 'local')
    const first = await signIn(testApp, email)
    const second = await signIn(testApp, email)
    settle(testApp)
    expect(await surfaces(testApp, first.accessToken)).toEqual(SERVED)
    expect(await surfaces(testApp, second.accessToken)).toEqual(SERVED)

    await signOut(testApp, first.accessToken, 'local')
    expect(await surfaces(testApp, first.accessToken)).toEqual(ENDED)
    expect(await surfaces(testApp, second.accessToken)).toEqual(SERVED)
  })

  it('signing out others keeps the current session; global ends them all', async () => {
    const { email } = await signUp(testApp, 'scopes')
    const [a, b, c] = [
      await signIn(testApp, email),
      await signIn(testApp, email),
      await signIn(testApp, email),
    ]
    settle(testApp)
    expect(await surfaces(testApp, b.accessToken)).toEqual(SERVED)
    await signOut(testApp, a.accessToken, 'others')
    expect(await surfaces(testApp, a.accessToken)).toEqual(SERVED)
    expect(await surfaces(testApp, b.accessToken)).toEqual(ENDED)
    expect(await surfaces(testApp, c.accessToken)).toEqual(ENDED)

    const d = await signIn(testApp, email)
    await signOut(testApp, d.accessToken, 'global')
    expect(await surfaces(testApp, a.accessToken)).toEqual(ENDED)
    expect(await surfaces(testApp, d.accessToken)).toEqual(ENDED)
  })

  it('stops a token in another server process within the session check’s cache time', async () => {
    const { email } = await signUp(testApp, 'second-process')
    const session = await signIn(testApp, email)
    const second = await testApp.startSecondProcess()
    try {
      // A token from the very second of a read is read again each time: one second later,
      // the second process reads the session once and then remembers it alive.
      testApp.advanceClock(1500)
      expect(await surfaces(testApp, session.accessToken, second.url)).toEqual(SERVED)
      await signOut(testApp, session.accessToken)
      // Until it reads again, row-level security still sees the session gone: no rows.
      const rows = await fetch(`${second.url}/rest/v1/profiles?select=user_id`, {
        headers: { apikey: testApp.anonKey, authorization: `Bearer ${session.accessToken}` },
      })
      expect([rows.status, await rows.json()]).toEqual([200, []])

      expect(SESSION_CHECK_CACHE_MS).toBeLessThanOrEqual(5000)
      testApp.advanceClock(SESSION_CHECK_CACHE_MS)
      expect(await surfaces(testApp, session.accessToken, second.url)).toEqual(ENDED)
    } finally {
      await second.close()
    }
  })

  it('ends the session whose refresh token was reused, and its access token with it', async () => {
    const { email } = await signUp(testApp, 'reuse')
    const session = await signIn(testApp, email)
    // Refreshed twice: the first token is no longer the parent of the current one.
    expect((await session.supabase.auth.refreshSession()).error).toBeNull()
    const refreshed = await session.supabase.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    const current = refreshed.data.session?.access_token ?? ''
    settle(testApp)
    expect(await surfaces(testApp, current)).toEqual(SERVED)

    testApp.advanceClock(testApp.settings.reuseIntervalMs + 1000)
    const stolen = await testApp.client().auth.refreshSession({
      refresh_token: session.refreshToken,
    })
    expect(stolen.error).toMatchObject({ code: 'refresh_token_already_used' })
    expect(await surfaces(testApp, current)).toEqual(ENDED)
    expect(await surfaces(testApp, session.accessToken)).toEqual(ENDED)
  })

  it('a password change ends the other sessions’ tokens and keeps the changing one', async () => {
    const { email } = await signUp(testApp, 'password')
    const changing = await signIn(testApp, email)
    const other = await signIn(testApp, email)
    settle(testApp)
    expect(await surfaces(testApp, other.accessToken)).toEqual(SERVED)
    const { error } = await changing.supabase.auth.updateUser({
      password: 'another correct horse battery',
    })
    expect(error).toBeNull()
    expect(await surfaces(testApp, other.accessToken)).toEqual(ENDED)
    expect(await surfaces(testApp, changing.accessToken)).toEqual(SERVED)
  })

  it('a ban stops every token of the user until it is lifted; refresh says user_banned', async () => {
    const user = await signUp(testApp, 'banned')
    const session = await signIn(testApp, user.email)
    settle(testApp)
    expect(await surfaces(testApp, session.accessToken)).toEqual(SERVED)
    const admin = testApp.adminClient().auth.admin
    expect((await admin.updateUserById(user.id, { ban_duration: '24h' })).error).toBeNull()
    expect(await surfaces(testApp, session.accessToken)).toEqual(everywhere('403 user_banned'))
    expect(await surfaces(testApp, user.accessToken)).toEqual(everywhere('403 user_banned'))
    const refresh = await testApp.client().auth.refreshSession({
      refresh_token: session.refreshToken,
    })
    expect(refresh.error).toMatchObject({ code: 'user_banned' })

    expect((await admin.updateUserById(user.id, { ban_duration: 'none' })).error).toBeNull()
    expect(await surfaces(testApp, session.accessToken)).toEqual(SERVED)
  })

  it.each([
    ['deleted by an admin', 'hard'],
    ['soft-deleted by an admin', 'soft'],
    ['deleted by its owner (DELETE /api/auth/delete-account)', 'own'],
  ] as const)(
    'an account %s: its token gets 401 session_not_found for every read and write, never a 500',
    async (_label, how) => {
      const user = await signUp(testApp, `deleted-${how}`)
      const other = await signIn(testApp, user.email)
      const [job] = (
        await testApp.database.pool.query<{ id: string }>(
          `insert into public.jobs (title) values ('Engineer') returning id`,
        )
      ).rows
      settle(testApp)
      expect(await surfaces(testApp, other.accessToken)).toEqual(SERVED)
      if (how === 'own') {
        const deleted = await fetch(`${testApp.baseUrl}/api/auth/delete-account`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${user.accessToken}` },
        })
        expect(deleted.status).toBe(204)
      } else {
        const admin = testApp.adminClient().auth.admin
        expect((await admin.deleteUser(user.id, how === 'soft')).error).toBeNull()
      }

      for (const token of [user.accessToken, other.accessToken]) {
        expect(await surfaces(testApp, token)).toEqual(ENDED)
        const headers = {
          apikey: testApp.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        }
        const writes = [
          fetch(`${testApp.baseUrl}/rest/v1/job_alerts`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ user_id: user.id, name: 'mine', filters: {} }),
          }),
          fetch(`${testApp.baseUrl}/storage/v1/object/resumes/${user.id}/cv.pdf`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/pdf' },
            body: '%PDF-1.4\n%%EOF\n',
          }),
          fetch(`${testApp.baseUrl}/api/job-alerts`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ name: 'mine', filters: {} }),
          }),
          fetch(`${testApp.baseUrl}/api/swipes`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ jobId: job?.id, swipeDirection: 'LEFT' }),
          }),
          fetch(`${testApp.baseUrl}/api/jobs/${job?.id}/reports`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ reason: 'SPAM' }),
          }),
          fetch(`${testApp.baseUrl}/api/professional-profiles`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ fileName: `${user.id}/cv.pdf` }),
          }),
          fetch(`${testApp.baseUrl}/api/account/export`, { headers }),
        ]
        for (const response of await Promise.all(writes)) {
          const body = (await response.json()) as { code?: string }
          expect(`${response.status} ${body.code}`, response.url).toBe('401 session_not_found')
        }
      }
      const rows = await testApp.database.pool.query(
        'select 1 from public.job_alerts where user_id = $1',
        [user.id],
      )
      expect(rows.rows).toEqual([])
    },
  )

  it('answers a token whose session id is not one it issued as a session that does not exist', async () => {
    const { accessToken } = await signUp(testApp, 'forged-session')
    const claims = claimsOf(accessToken)
    const { SignJWT } = await import('jose')
    const reSigned = (sessionId: unknown) =>
      new SignJWT({ ...claims, session_id: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(testApp.jwtSecret))
    for (const sessionId of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', 42]) {
      expect(await surfaces(testApp, await reSigned(sessionId))).toEqual(ENDED)
    }
  })
})

describe('session lifetimes (AUTH_SESSIONS_TIMEBOX, AUTH_SESSIONS_INACTIVITY_TIMEOUT)', () => {
  const HOUR = 3_600_000
  const MINUTE = 60_000

  it('ends every session at the timebox: its live token is refused, its refresh session_expired', async () => {
    const testApp = await startTestApp({
      env: {
        AUTH_EMAIL_AUTOCONFIRM: 'true',
        AUTH_SESSIONS_TIMEBOX: '2h',
        AUTH_SESSIONS_INACTIVITY_TIMEOUT: '0',
      },
    })
    try {
      const { email } = await signUp(testApp, 'timebox')
      const session = await signIn(testApp, email)
      testApp.advanceClock(HOUR + 50 * MINUTE)
      const refreshed = await session.supabase.auth.refreshSession()
      expect(refreshed.error).toBeNull()
      const token = refreshed.data.session?.access_token ?? ''
      expect(await surfaces(testApp, token)).toEqual(SERVED)

      // Ten minutes later the token is 10 minutes old, but its session is past 2 hours.
      testApp.advanceClock(11 * MINUTE)
      expect(await surfaces(testApp, token)).toEqual(everywhere('401 session_expired'))
      const refused = await testApp.client().auth.refreshSession({
        refresh_token: refreshed.data.session?.refresh_token ?? '',
      })
      expect(refused.error).toMatchObject({
        code: 'session_expired',
        message: 'Invalid Refresh Token: Session Expired',
      })
    } finally {
      await testApp.close()
    }
  })

  it('ends a session not refreshed within the inactivity timeout, and not one kept in use', async () => {
    const testApp = await startTestApp({
      env: {
        AUTH_EMAIL_AUTOCONFIRM: 'true',
        AUTH_SESSIONS_TIMEBOX: '0',
        AUTH_SESSIONS_INACTIVITY_TIMEOUT: '1h',
      },
    })
    try {
      const { email } = await signUp(testApp, 'idle')
      const used = await signIn(testApp, email)
      const idle = await signIn(testApp, email)
      // An app left open refreshes every hour or so: three hours of use.
      for (let hour = 0; hour < 3; hour++) {
        testApp.advanceClock(55 * MINUTE)
        expect((await used.supabase.auth.refreshSession()).error).toBeNull()
      }
      const { data } = await used.supabase.auth.getSession()
      expect(await surfaces(testApp, data.session?.access_token ?? '')).toEqual(SERVED)

      const refused = await testApp.client().auth.refreshSession({
        refresh_token: idle.refreshToken,
      })
      expect(refused.error).toMatchObject({
        code: 'session_expired',
        message: 'Invalid Refresh Token: Session Expired (Inactivity)',
      })
    } finally {
      await testApp.close()
    }
  })

  it('keeps sessions for 7 days idle and 30 days in all by default', async () => {
    const testApp = await startTestApp()
    try {
      expect(testApp.settings.sessionLifetime).toEqual({
        inactivityTimeoutMs: 7 * 24 * HOUR,
        timeboxMs: 30 * 24 * HOUR,
      })
    } finally {
      await testApp.close()
    }
  })
})

describe('MFA guards the data: an aal1 session of a user with a verified factor', () => {
  let testApp: TestApp
  let email: string
  let userId: string
  let secret: string
  let aal1: Awaited<ReturnType<typeof signIn>>

  beforeAll(async () => {
    testApp = await startTestApp({ env: { AUTH_EMAIL_AUTOCONFIRM: 'true' } })
    ;({ email, id: userId } = await signUp(testApp, 'mfa'))
    const enrolling = await signIn(testApp, email)
    ;({ secret } = await turnOnTotp(enrolling.supabase))
    aal1 = await signIn(testApp, email)
    expect(claimsOf(aal1.accessToken).aal).toBe('aal1')
  })

  afterAll(async () => {
    await testApp.close()
  })

  it('reaches no data: 403 insufficient_aal on /rest/v1, /storage/v1 and /api', async () => {
    expect(await surfaces(testApp, aal1.accessToken)).toEqual(everywhere('403 insufficient_aal'))
  })

  it('cannot export, delete the account, swipe, or change its user data', async () => {
    const headers = { authorization: `Bearer ${aal1.accessToken}` }
    const exported = await fetch(`${testApp.baseUrl}/api/account/export`, { headers })
    expect([exported.status, ((await exported.json()) as { code: string }).code]).toEqual([
      403,
      'insufficient_aal',
    ])
    const deleted = await fetch(`${testApp.baseUrl}/api/auth/delete-account`, {
      method: 'DELETE',
      headers,
    })
    expect(deleted.status).toBe(403)
    const still = await testApp.database.pool.query('select 1 from auth.users where id = $1', [
      userId,
    ])
    expect(still.rowCount).toBe(1)
    const metadata = await aal1.supabase.auth.updateUser({ data: { first_name: 'Mallory' } })
    expect(metadata.error).toMatchObject({ code: 'insufficient_aal', status: 401 })
  })

  it('cannot link or unlink a sign-in method', async () => {
    const headers = {
      apikey: testApp.anonKey,
      authorization: `Bearer ${aal1.accessToken}`,
      'x-supabase-api-version': '2024-01-01',
    }
    const { data } = await aal1.supabase.auth.getUserIdentities()
    const identity = data?.identities[0]?.identity_id ?? ''
    const unlink = await fetch(`${testApp.baseUrl}/auth/v1/user/identities/${identity}`, {
      method: 'DELETE',
      headers,
    })
    const link = await fetch(
      `${testApp.baseUrl}/auth/v1/user/identities/authorize?provider=google&skip_http_redirect=true`,
      { headers },
    )
    for (const response of [unlink, link]) {
      const body = (await response.json()) as { code?: string }
      expect(`${response.status} ${body.code}`).toBe('403 insufficient_aal')
    }
  })

  it('can read its user, list factors, challenge and verify, then reaches the data at aal2', async () => {
    const user = await aal1.supabase.auth.getUser()
    expect(user.error).toBeNull()
    const factors = await aal1.supabase.auth.mfa.listFactors()
    const factor = factors.data?.totp[0]
    expect(factor?.status).toBe('verified')
    const level = await aal1.supabase.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })

    const challenge = await aal1.supabase.auth.mfa.challenge({ factorId: factor?.id ?? '' })
    expect(challenge.error).toBeNull()
    // The step after the one used at enrolment: a code works once.
    const verified = await aal1.supabase.auth.mfa.verify({
      factorId: factor?.id ?? '',
      challengeId: challenge.data?.id ?? '',
      code: totpCode(secret, Date.now() + 30_000),
    })
    expect(verified.error).toBeNull()
    // The same session, now aal2: served at once, in this process and the check's cache alike.
    expect(claimsOf(verified.data?.access_token ?? '').session_id).toBe(
      claimsOf(aal1.accessToken).session_id,
    )
    expect(await surfaces(testApp, verified.data?.access_token ?? '')).toEqual(SERVED)
    // The aal1 token of that same session stays refused.
    expect(await surfaces(testApp, aal1.accessToken)).toEqual(everywhere('403 insufficient_aal'))
  })

  it('can sign out', async () => {
    const other = await signIn(testApp, email)
    await signOut(testApp, other.accessToken)
    expect(await surfaces(testApp, other.accessToken)).toEqual(ENDED)
  })
})
