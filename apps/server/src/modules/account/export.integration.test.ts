import { randomBytes } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { type ByteStore, createLocalByteStore } from '../storage/index.ts'
import { insertRowsOfUser } from '../../../test/account-fixture.ts'
import { readZipEntries } from '../../../../../test/zip.ts'
import { signIn, signOut, turnOnTotp } from '../../../test/session-support.ts'

type Account = { id: string; email: string; supabase: SupabaseClient; refreshToken: string }

type ExportData = {
  exportedAt: string
  user: { id: string; email: string; identities: unknown[]; factors?: Record<string, unknown>[] }
  sessions: { id: string }[]
  tables: Record<string, Record<string, unknown>[]>
  files: { bucket: string; name: string; path: string; size: number | null; included: boolean }[]
}

const PASSWORD = 'correct-horse-battery'
const EMAIL_LINK = 'https://example.com/upload#access_token=secret-link-token'

describe('GET /api/account/export', () => {
  let testApp: TestApp
  let pool: TestApp['database']['pool']
  let byteStore: ByteStore
  let jobId: string
  let exporter: Account
  let other: Account
  let referrer: Account
  let totpSecret: string
  const files = new Map<string, Buffer>()

  async function signUp(label: string): Promise<Account> {
    const supabase = testApp.client()
    const email = `${label}-${randomBytes(4).toString('hex')}@example.com`
    const { data, error } = await supabase.auth.signUp({ email, password: PASSWORD })
    expect(error).toBeNull()
    return {
      id: data.user?.id ?? '',
      email,
      supabase,
      refreshToken: data.session?.refresh_token ?? '',
    }
  }

  async function accessTokenOf(account: Account) {
    const { data } = await account.supabase.auth.getSession()
    return data.session?.access_token ?? ''
  }

  function requestExport(accessToken?: string) {
    return fetch(`${testApp.baseUrl}/api/account/export`, {
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    })
  }

  async function exportOf(account: Account) {
    const response = await requestExport(await accessTokenOf(account))
    expect(response.status).toBe(200)
    const entries = await readZipEntries(Buffer.from(await response.arrayBuffer()))
    const json = entries.get('data.json')?.toString('utf8') ?? ''
    return { response, entries, json, data: JSON.parse(json) as ExportData }
  }

  /** The alphabet of inbound-address tokens. */
  const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'

  /** Rows in most tables, and files through the Storage API and beside it, as a user has them. */
  async function giveThingsTo(account: Account) {
    const { id } = account
    await insertRowsOfUser(pool, account, jobId, EMAIL_LINK)
    await pool.query(
      `insert into public.inbound_email_addresses (user_id, token) values ($1, $2)`,
      [id, Array.from(randomBytes(24), (byte) => BASE32[byte % 32]).join('')],
    )
    await pool.query(
      `insert into public.subscriptions (user_id, stripe_customer_id, stripe_subscription_id,
         status, plan)
       values ($1, $2, $3, 'active', 'pro')`,
      [id, `cus_${id}`, `sub_${id}`],
    )

    const resume = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2048)])
    const upload = await account.supabase.storage
      .from('resumes')
      .upload(`${id}/cv.pdf`, new Blob([resume], { type: 'application/pdf' }))
    expect(upload.error).toBeNull()
    files.set(`files/resumes/${id}/cv.pdf`, resume)
    // An MP3 frame header first: the bucket checks the bytes against the declared type.
    const audio = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), randomBytes(4092)])
    const audioUpload = await account.supabase.storage
      .from('interviews')
      .upload(`${id}/interview.mp3`, audio, { contentType: 'audio/mpeg' })
    expect(audioUpload.error).toBeNull()
    files.set(`files/interviews/${id}/interview.mp3`, audio)
    // Theirs by ownership, outside their folder (a report the server wrote).
    const report = Buffer.from(`report of ${id}`)
    await pool.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id) values ($1, $2, $3, $4)`,
      ['resume-analysis', `reports/${id}.pdf`, id, id],
    )
    await byteStore.put('resume-analysis', `reports/${id}.pdf`, report)
    files.set(`files/resume-analysis/reports/${id}.pdf`, report)
    // A row whose bytes are gone.
    await pool.query(`insert into storage.objects (bucket_id, name, owner) values ($1, $2, $3)`, [
      'cover-letters',
      `${id}/lost.pdf`,
      id,
    ])
  }

  /** Every public table naming a user (user_id or a foreign key to auth.users), read here. */
  async function userTables() {
    const result = await pool.query<{ table_name: string; column_name: string }>(
      `select c.table_name, c.column_name from information_schema.columns c
       join information_schema.tables t using (table_schema, table_name)
       where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.column_name = 'user_id'
       union
       select cls.relname, att.attname
       from pg_constraint con
       join pg_class cls on cls.oid = con.conrelid
       join pg_namespace ns on ns.oid = cls.relnamespace
       join pg_attribute att on att.attrelid = con.conrelid and att.attnum = any (con.conkey)
       where con.contype = 'f' and con.confrelid = 'auth.users'::regclass and ns.nspname = 'public'`,
    )
    return Map.groupBy(result.rows, (row) => row.table_name)
  }

  /** The user's rows of a table as JSON would carry them, in a stable order. */
  async function rowsInDatabase(table: string, columns: string[], userId: string) {
    const where = columns.map((column) => `${column} = $1`).join(' or ')
    const result = await pool.query(`select * from public.${table} where ${where}`, [userId])
    return sortedJson(result.rows)
  }

  function sortedJson(rows: unknown[]) {
    return (JSON.parse(JSON.stringify(rows)) as unknown[])
      .map((row) => JSON.stringify(row))
      .sort()
      .map((row) => JSON.parse(row) as Record<string, unknown>)
  }

  beforeAll(async () => {
    testApp = await startTestApp()
    pool = testApp.database.pool
    byteStore = createLocalByteStore(testApp.dataDir)
    const job = await pool.query<{ id: string }>(
      `insert into public.jobs (title) values ('Engineer') returning id`,
    )
    jobId = job.rows[0]?.id ?? ''
    ;[exporter, other, referrer] = [
      await signUp('exporter'),
      await signUp('other'),
      await signUp('referrer'),
    ]
    await giveThingsTo(exporter)
    await giveThingsTo(other)
    await pool.query(
      `insert into public.referrals (referrer_user_id, referred_user_id, code)
       select $1, $2, referral_code from public.profiles where user_id = $1`,
      [referrer.id, exporter.id],
    )
    const enrolled = await exporter.supabase.auth.mfa.enroll({ factorType: 'totp' })
    expect(enrolled.error).toBeNull()
    totpSecret = enrolled.data?.totp.secret ?? ''
  })

  afterAll(async () => {
    await testApp.close()
  })

  it('answers a ZIP download named after the day', async () => {
    const { response, entries } = await exportOf(exporter)
    expect(response.headers.get('content-type')).toBe('application/zip')
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="jobsearch-export-${new Date().toISOString().slice(0, 10)}.zip"`,
    )
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect([...entries.keys()].sort()).toEqual(
      ['data.json', ...[...files.keys()].filter((path) => path.includes(exporter.id))].sort(),
    )
  })

  it('holds every user table’s rows of the user, as the database has them', async () => {
    const { data } = await exportOf(exporter)
    const tables = await userTables()
    expect(Object.keys(data.tables).sort()).toEqual([...tables.keys()].sort())
    for (const [table, columns] of tables) {
      const expected = await rowsInDatabase(
        table,
        columns.map((column) => column.column_name),
        exporter.id,
      )
      // The outbox's bodies and template data carry sign-in links, the inbound address's token
      // lets anyone write into the tracker: never exported.
      const secret =
        { emails: ['template_data', 'text_body', 'html_body'], inbound_email_addresses: ['token'] }[
          table
        ] ?? []
      const withoutSecrets = expected.map((row) =>
        Object.fromEntries(Object.entries(row).filter(([column]) => !secret.includes(column))),
      )
      expect(sortedJson(data.tables[table] ?? []), table).toEqual(withoutSecrets)
    }
    for (const table of [
      'profiles',
      'wizard',
      'credit_balances',
      'credit_ledger',
      'job_applications',
      'job_application_events',
      'interviews',
      'professional_profiles',
      'swipes',
      'job_reports',
      'resume_analyses',
      'subscriptions',
      'emails',
      'referrals',
      'inbound_email_addresses',
    ]) {
      expect(data.tables[table]?.length ?? 0, table).toBeGreaterThan(0)
    }
    expect(data.tables.jobs).toBeUndefined()
    expect(data.tables.billing_webhook_events).toBeUndefined()
  })

  it('holds the auth account with its identities, factors and sessions', async () => {
    const { data } = await exportOf(exporter)
    expect(data.user).toMatchObject({ id: exporter.id, email: exporter.email })
    expect(data.user.identities).toHaveLength(1)
    expect(data.user.factors).toEqual([
      expect.objectContaining({ factor_type: 'totp', status: 'unverified' }),
    ])
    const sessions = await pool.query<{ id: string }>(
      'select id from auth.sessions where user_id = $1 order by created_at, id',
      [exporter.id],
    )
    expect(data.sessions.map((session) => session.id)).toEqual(sessions.rows.map((row) => row.id))
  })

  it('leaves out secrets: password hash, MFA secret, refresh tokens, links in emails', async () => {
    const { json } = await exportOf(exporter)
    const secrets = await pool.query<{ encrypted_password: string; token: string }>(
      `select u.encrypted_password, r.token from auth.users u
       join auth.refresh_tokens r on r.user_id = u.id where u.id = $1`,
      [exporter.id],
    )
    expect(secrets.rows.length).toBeGreaterThan(0)
    for (const row of secrets.rows) {
      expect(json).not.toContain(row.encrypted_password)
      expect(json).not.toContain(row.token)
    }
    expect(totpSecret).toMatch(/^[A-Z2-7]{32}$/)
    expect(json).not.toContain(totpSecret)
    expect(json).not.toContain('secret-link-token')
    expect(json).not.toContain(exporter.refreshToken)
  })

  it('holds the user’s files with their exact bytes, and lists a file whose bytes are gone', async () => {
    const { data, entries } = await exportOf(exporter)
    const own = [...files].filter(([path]) => path.includes(exporter.id))
    expect(own).toHaveLength(3)
    for (const [path, bytes] of own) {
      expect(entries.get(path)?.equals(bytes), path).toBe(true)
    }
    expect(
      data.files
        .map(({ path, included, size }) => ({ path, included, size }))
        .sort((a, b) => a.path.localeCompare(b.path)),
    ).toEqual([
      { path: `files/cover-letters/${exporter.id}/lost.pdf`, included: false, size: null },
      {
        path: `files/interviews/${exporter.id}/interview.mp3`,
        included: true,
        size: 4096,
      },
      { path: `files/resume-analysis/reports/${exporter.id}.pdf`, included: true, size: null },
      {
        path: `files/resumes/${exporter.id}/cv.pdf`,
        included: true,
        size: files.get(`files/resumes/${exporter.id}/cv.pdf`)?.length,
      },
    ])
  })

  it('holds nothing of another user', async () => {
    const { json, entries } = await exportOf(exporter)
    expect(json).not.toContain(other.id)
    expect(json).not.toContain(other.email)
    expect([...entries.keys()].filter((name) => name.includes(other.id))).toEqual([])
    // The referral names the referrer: both parties may read that row.
    expect(json).toContain(referrer.id)

    const theirs = await exportOf(other)
    expect(theirs.data.user.id).toBe(other.id)
    expect(theirs.json).not.toContain(exporter.id)
  })

  it('exports a guest too', async () => {
    const guest = testApp.client()
    const { data } = await guest.auth.signInAnonymously()
    const response = await requestExport(data.session?.access_token)
    expect(response.status).toBe(200)
    const entries = await readZipEntries(Buffer.from(await response.arrayBuffer()))
    const exported = JSON.parse(entries.get('data.json')?.toString('utf8') ?? '') as ExportData
    expect(exported.tables.profiles).toEqual([expect.objectContaining({ user_id: data.user?.id })])
    expect(exported.files).toEqual([])
  })

  it('answers 401 not_authenticated without a user token', async () => {
    const anonymous = await requestExport()
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toMatchObject({ code: 'not_authenticated' })

    const withServiceKey = await requestExport(testApp.serviceRoleKey)
    expect(withServiceKey.status).toBe(401)
    expect(await withServiceKey.json()).toMatchObject({ code: 'not_authenticated' })
  })

  it('exports nothing to a signed-out token, nor to the aal1 session of a user with TOTP on', async () => {
    const account = await signUp('guarded')
    const ended = await signIn(testApp, account.email, PASSWORD)
    await signOut(testApp, ended.accessToken)
    const signedOut = await requestExport(ended.accessToken)
    expect([signedOut.status, ((await signedOut.json()) as { code: string }).code]).toEqual([
      401,
      'session_not_found',
    ])

    const aal2 = await turnOnTotp(account.supabase)
    const passwordOnly = await signIn(testApp, account.email, PASSWORD)
    const refused = await requestExport(passwordOnly.accessToken)
    expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([
      403,
      'insufficient_aal',
    ])
    expect((await requestExport(aal2.accessToken)).status).toBe(200)
  })

  it('answers 401 session_not_found for a deleted account’s token (issue 12, F7)', async () => {
    const leaving = await signUp('leaving')
    const token = await accessTokenOf(leaving)
    await pool.query('delete from auth.users where id = $1', [leaving.id])
    const response = await requestExport(token)
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'session_not_found' })
  })
})
