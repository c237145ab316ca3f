import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../../../test/database.ts'
import { createSessionCheck, SESSION_CHECK_CACHE_MS } from './index.ts'

/**
 * The session check against a real database, with a clock the test moves: what it remembers,
 * for how long, and what makes it read again.
 */
let db: TestDatabase
let clock = Date.parse('2026-11-25T12:00:00Z')
const now = () => new Date(clock)
const lifetime = { inactivityTimeoutMs: 0, timeboxMs: 0 }

beforeAll(async () => {
  db = await createTestDatabase()
})

afterAll(async () => {
  await db.drop()
})

async function newSession(): Promise<{ userId: string; sessionId: string }> {
  const user = await db.pool.query<{ id: string }>(
    `insert into auth.users (email) values (gen_random_uuid() || '@example.com') returning id`,
  )
  const userId = user.rows[0]?.id ?? ''
  const session = await db.pool.query<{ id: string }>(
    'insert into auth.sessions (user_id, created_at) values ($1, $2) returning id',
    [userId, now()],
  )
  return { userId, sessionId: session.rows[0]?.id ?? '' }
}

/** A user token's claims, issued `secondsAgo` before the clock. */
const claims = (userId: string, sessionId: string, secondsAgo = 60, aal = 'aal1') => ({
  sub: userId,
  role: 'authenticated',
  session_id: sessionId,
  aal,
  iat: Math.floor(clock / 1000) - secondsAgo,
})

const endSession = (sessionId: string) =>
  db.pool.query('delete from auth.sessions where id = $1', [sessionId])

describe('createSessionCheck', () => {
  it('lets a live session through and leaves keys and service tokens alone', async () => {
    const check = createSessionCheck({ db: db.pool, now, lifetime })
    const { userId, sessionId } = await newSession()
    expect(await check.check(claims(userId, sessionId))).toBeNull()
    expect(await check.check({ role: 'anon' })).toBeNull()
    expect(await check.check({ role: 'service_role' })).toBeNull()
    expect(await check.check({ role: 'authenticated', sub: userId })).toBeNull()
  })

  it('remembers a read for SESSION_CHECK_CACHE_MS, then reads again', async () => {
    const check = createSessionCheck({ db: db.pool, now, lifetime })
    const { userId, sessionId } = await newSession()
    expect(await check.check(claims(userId, sessionId))).toBeNull()
    await endSession(sessionId)
    expect(await check.check(claims(userId, sessionId))).toBeNull()
    clock += SESSION_CHECK_CACHE_MS - 1
    expect(await check.check(claims(userId, sessionId))).toBeNull()
    clock += 1
    expect(await check.check(claims(userId, sessionId))).toMatchObject({
      status: 401,
      code: 'session_not_found',
    })
  })

  it('forgets a user’s sessions when told, and reads again for a token newer than its read', async () => {
    const check = createSessionCheck({ db: db.pool, now, lifetime })
    const first = await newSession()
    expect(await check.check(claims(first.userId, first.sessionId))).toBeNull()
    await endSession(first.sessionId)
    check.forgetUser(first.userId)
    expect(await check.check(claims(first.userId, first.sessionId))).toMatchObject({
      code: 'session_not_found',
    })

    const second = await newSession()
    expect(await check.check(claims(second.userId, second.sessionId))).toBeNull()
    await db.pool.query(
      `insert into auth.mfa_factors (user_id, factor_type, status, secret)
       values ($1, 'totp', 'verified', 'JBSWY3DPEHPK3PXP')`,
      [second.userId],
    )
    // Remembered: the old token is still judged on the old read.
    expect(await check.check(claims(second.userId, second.sessionId))).toBeNull()
    // A token issued in the second of the read or later is judged on a fresh one.
    expect(await check.check(claims(second.userId, second.sessionId, 0))).toMatchObject({
      status: 403,
      code: 'insufficient_aal',
    })
    expect(await check.check(claims(second.userId, second.sessionId, 0, 'aal2'))).toBeNull()
  })

  it('refuses a banned user until the ban ends, on the clock', async () => {
    const check = createSessionCheck({ db: db.pool, now, lifetime, cacheMs: 0 })
    const { userId, sessionId } = await newSession()
    await db.pool.query('update auth.users set banned_until = $2 where id = $1', [
      userId,
      new Date(clock + 60_000),
    ])
    expect(await check.check(claims(userId, sessionId))).toMatchObject({
      status: 403,
      code: 'user_banned',
    })
    clock += 60_001
    expect(await check.check(claims(userId, sessionId))).toBeNull()
  })

  it('ends a session at its timebox and after its inactivity timeout', async () => {
    const check = createSessionCheck({
      db: db.pool,
      now,
      lifetime: { timeboxMs: 10 * 3_600_000, inactivityTimeoutMs: 3_600_000 },
    })
    const { userId, sessionId } = await newSession()
    clock += 3_600_000
    expect(await check.check(claims(userId, sessionId))).toBeNull()
    clock += 1
    expect(await check.check(claims(userId, sessionId))).toMatchObject({
      code: 'session_expired',
      message: expect.stringContaining('inactivity') as string,
    })
    // Nine hours after sign-in, refreshed an hour ago: within both limits.
    await db.pool.query('update auth.sessions set refreshed_at = $2 where id = $1', [
      sessionId,
      new Date(clock + 7 * 3_600_000),
    ])
    clock += 8 * 3_600_000
    expect(await check.check(claims(userId, sessionId, 0))).toBeNull()
    clock += 3_600_000
    expect(await check.check(claims(userId, sessionId, 0))).toMatchObject({
      code: 'session_expired',
      message: 'Session expired: sign in again',
    })
  })

  it('refuses a session of another user, a soft-deleted user, and a malformed session id', async () => {
    const check = createSessionCheck({ db: db.pool, now, lifetime, cacheMs: 0 })
    const mine = await newSession()
    const theirs = await newSession()
    expect(await check.check(claims(mine.userId, theirs.sessionId))).toMatchObject({
      code: 'session_not_found',
    })
    expect(await check.check(claims(mine.userId, 'not-a-uuid'))).toMatchObject({
      code: 'session_not_found',
    })
    await db.pool.query('update auth.users set deleted_at = now() where id = $1', [mine.userId])
    expect(await check.check(claims(mine.userId, mine.sessionId))).toMatchObject({
      code: 'session_not_found',
    })
  })
})
