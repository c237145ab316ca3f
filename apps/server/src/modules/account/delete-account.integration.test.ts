import { stat } from 'node:fs/promises'
import path from 'node:path'
import { REAUTHENTICATION_MAX_AGE_SECONDS } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { type ByteStore, createLocalByteStore } from '../storage/index.ts'
import { insertRowsOfUser } from '../../../test/account-fixture.ts'

type Owner = { id: string; email: string; accessToken: string }

describe('DELETE /api/auth/delete-account', () => {
  let testApp: TestApp
  let pool: TestApp['database']['pool']
  let byteStore: ByteStore
  let jobId: string

  beforeAll(async () => {
    testApp = await startTestApp()
    pool = testApp.database.pool
    byteStore = createLocalByteStore(testApp.dataDir)
    const job = await pool.query<{ id: string }>(
      `insert into public.jobs (title) values ('Engineer') returning id`,
    )
    jobId = job.rows[0]?.id ?? ''
  })

  afterAll(async () => {
    await testApp.close()
  })

  const PASSWORD = 'correct-horse-battery'

  async function signUp(email: string): Promise<Owner> {
    const { data, error } = await testApp.client().auth.signUp({ email, password: PASSWORD })
    expect(error).toBeNull()
    return { id: data.user?.id ?? '', email, accessToken: data.session?.access_token ?? '' }
  }

  function deleteAccount(accessToken?: string) {
    return fetch(`${testApp.baseUrl}/api/auth/delete-account`, {
      method: 'DELETE',
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    })
  }

  /** Rows in several tables and files in two buckets, as a user of the product has them. */
  async function giveThingsTo(owner: Owner) {
    const { id } = owner
    await insertRowsOfUser(pool, owner, jobId)
    await pool.query(
      `update public.wizard set job_preferences = '{"jobTitles":["Engineer"]}'
      where user_id = $1`,
      [id],
    )

    const files = [
      { bucket: 'resumes', name: `${id}/cv.pdf` },
      { bucket: 'interviews', name: `${id}/interview.mp3` },
      // Theirs by ownership, outside their folder.
      { bucket: 'resume-analysis', name: `reports/${id}.pdf` },
    ]
    for (const file of files) {
      await pool.query(
        `insert into storage.objects (bucket_id, name, owner, owner_id)
        values ($1, $2, $3, $4)`,
        [file.bucket, file.name, id, id],
      )
      await byteStore.put(file.bucket, file.name, new TextEncoder().encode(`${file.name} bytes`))
    }
    // Bytes whose row was never written (an upload cut short).
    await byteStore.put('interviews', `${id}/partial-upload.mp3`, new Uint8Array([1, 2, 3]))
    return files
  }

  /** Every column of the public schema that names a user: user_id columns and foreign keys. */
  async function userColumns() {
    const result = await pool.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
       where table_schema = 'public' and column_name = 'user_id'
         and table_name in (select table_name from information_schema.tables
                            where table_schema = 'public' and table_type = 'BASE TABLE')
       union
       select cls.relname, att.attname
       from pg_constraint con
       join pg_class cls on cls.oid = con.conrelid
       join pg_namespace ns on ns.oid = cls.relnamespace
       join pg_attribute att on att.attrelid = con.conrelid and att.attnum = any (con.conkey)
       where con.contype = 'f' and con.confrelid = 'auth.users'::regclass and ns.nspname = 'public'
       order by 1, 2`,
    )
    return result.rows
  }

  /** How many rows of each public table name the user. */
  async function rowsOf(userId: string) {
    const counts: Record<string, number> = {}
    for (const { table_name, column_name } of await userColumns()) {
      const result = await pool.query<{ count: number }>(
        `select count(*)::int as count from public.${table_name} where ${column_name} = $1`,
        [userId],
      )
      counts[`${table_name}.${column_name}`] = result.rows[0]?.count ?? 0
    }
    return counts
  }

  it('deletes the user, every row of theirs and every file of theirs, and nobody else’s', async () => {
    const leaving = await signUp('leaving@example.com')
    const staying = await signUp('staying@example.com')
    const leavingFiles = await giveThingsTo(leaving)
    const stayingFiles = await giveThingsTo(staying)

    const before = await rowsOf(leaving.id)
    for (const table of [
      'profiles.user_id',
      'wizard.user_id',
      'job_applications.user_id',
      'job_application_events.user_id',
      'interviews.user_id',
      'professional_profiles.user_id',
      'swipes.user_id',
      'job_reports.reported_by',
      'resume_analyses.user_id',
      'emails.user_id',
    ]) {
      expect(before[table], table).toBeGreaterThan(0)
    }
    const othersBefore = await rowsOf(staying.id)

    const response = await deleteAccount(leaving.accessToken)
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')

    const after = await rowsOf(leaving.id)
    expect(
      Object.values(after).every((count) => count === 0),
      JSON.stringify(after),
    ).toBe(true)
    expect(await rowsOf(staying.id)).toEqual(othersBefore)
    const authRows = await pool.query(
      `select (select count(*)::int from auth.users where id = $1) as users,
              (select count(*)::int from auth.identities where user_id = $1) as identities,
              (select count(*)::int from auth.sessions where user_id = $1) as sessions`,
      [leaving.id],
    )
    expect(authRows.rows[0]).toEqual({ users: 0, identities: 0, sessions: 0 })

    const objects = await pool.query<{ name: string }>(
      'select name from storage.objects order by name',
    )
    expect(objects.rows.map((row) => row.name)).toEqual(
      stayingFiles.map((file) => file.name).sort(),
    )
    for (const file of leavingFiles) {
      expect(await byteStore.get(file.bucket, file.name), file.name).toBeNull()
    }
    expect(await byteStore.get('interviews', `${leaving.id}/partial-upload.mp3`)).toBeNull()
    await expect(
      stat(path.join(testApp.dataDir, 'storage', 'interviews', leaving.id)),
    ).rejects.toThrow(/ENOENT/)
    for (const file of stayingFiles) {
      expect((await byteStore.get(file.bucket, file.name))?.toString()).toBe(`${file.name} bytes`)
    }
    expect(await byteStore.get('interviews', `${staying.id}/partial-upload.mp3`)).not.toBeNull()
  })

  it('leaves a token that no longer works and credentials that no longer sign in', async () => {
    const leaving = await signUp('gone@example.com')
    expect((await deleteAccount(leaving.accessToken)).status).toBe(204)

    const me = await fetch(`${testApp.baseUrl}/auth/v1/user`, {
      headers: {
        authorization: `Bearer ${leaving.accessToken}`,
        'x-supabase-api-version': '2024-01-01',
      },
    })
    expect(me.status).toBe(403)
    expect(await me.json()).toMatchObject({ code: 'user_not_found' })

    const signIn = await testApp.client().auth.signInWithPassword({
      email: 'gone@example.com',
      password: PASSWORD,
    })
    expect(signIn.error).toMatchObject({ status: 400, code: 'invalid_credentials' })

    // Its session went with it: the token is refused before anything else (issue 12, F7).
    const again = await deleteAccount(leaving.accessToken)
    expect(again.status).toBe(401)
    expect(await again.json()).toMatchObject({ code: 'session_not_found' })
  })

  it('deletes a guest account too', async () => {
    const { data } = await testApp.client().auth.signInAnonymously()
    expect((await deleteAccount(data.session?.access_token)).status).toBe(204)
    const left = await pool.query('select 1 from auth.users where id = $1', [data.user?.id])
    expect(left.rowCount).toBe(0)
  })

  it('asks for a recent sign-in: an old session (even refreshed) is refused, a fresh one deletes', async () => {
    const leaving = await signUp('stale@example.com')
    const refreshToken = (
      await testApp.client().auth.signInWithPassword({ email: leaving.email, password: PASSWORD })
    ).data.session?.refresh_token
    testApp.advanceClock((REAUTHENTICATION_MAX_AGE_SECONDS + 60) * 1000)
    try {
      const stale = await deleteAccount(leaving.accessToken)
      expect(stale.status).toBe(403)
      const refusal = (await stale.json()) as { code: string; message: string; details: unknown }
      expect(refusal).toMatchObject({
        code: 'reauthentication_needed',
        details: { maxAgeSeconds: REAUTHENTICATION_MAX_AGE_SECONDS },
      })
      expect(refusal.message).toContain('sign in again')

      // A refreshed token keeps its session's sign-in time: refreshing is not signing in.
      const refreshed = await fetch(`${testApp.baseUrl}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: testApp.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      })
      expect(refreshed.status).toBe(200)
      const { access_token: refreshedToken } = (await refreshed.json()) as { access_token: string }
      const stillStale = await deleteAccount(refreshedToken)
      expect(stillStale.status).toBe(403)
      expect(await stillStale.json()).toMatchObject({ code: 'reauthentication_needed' })
      const kept = await pool.query('select 1 from auth.users where id = $1', [leaving.id])
      expect(kept.rowCount).toBe(1)

      // Signing in again (now, on the moved clock) gives a session that may delete.
      const fresh = await testApp
        .client()
        .auth.signInWithPassword({ email: leaving.email, password: PASSWORD })
      expect((await deleteAccount(fresh.data.session?.access_token)).status).toBe(204)
      const left = await pool.query('select 1 from auth.users where id = $1', [leaving.id])
      expect(left.rowCount).toBe(0)
    } finally {
      testApp.advanceClock(-(REAUTHENTICATION_MAX_AGE_SECONDS + 60) * 1000)
    }
  })

  it('answers 401 not_authenticated without a valid user token', async () => {
    const anonymous = await deleteAccount()
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toMatchObject({ code: 'not_authenticated' })

    const withServiceKey = await deleteAccount(testApp.serviceRoleKey)
    expect(withServiceKey.status).toBe(401)
    expect(await withServiceKey.json()).toMatchObject({ code: 'not_authenticated' })
  })
})
