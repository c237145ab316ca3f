/**
 * Row-level security of the public schema, proved table by table against a real, fully
 * migrated PostgreSQL database.
 *
 * Two users, A and B, each own one row in every user-owned table (created as superuser). Every
 * check then runs in a transaction under role `authenticated` (or `anon`) with
 * `request.jwt.claims` set, exactly as a PostgREST-style request does, and is rolled back, so the
 * fixtures never change between tests. The list of tables and views is read from the catalogue
 * at run time: a new table without a case below, or without RLS, fails the suite.
 */
import { createHash, randomUUID } from 'node:crypto'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/database.ts'

let db: TestDatabase

// ---------------------------------------------------------------------------------------------
// Sessions

type Outcome = { rowCount: number; rows: Record<string, unknown>[] } | { code: string }

/** Runs `work` as the signed-in user, in one transaction that is always rolled back. */
async function asUser<T>(userId: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const claims = { sub: userId, role: 'authenticated', aud: 'authenticated', is_anonymous: false }
  return inSession('authenticated', claims, work)
}

/** Runs `work` as an anonymous visitor (no session), in one transaction, always rolled back. */
async function asAnon<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return inSession('anon', { role: 'anon' }, work)
}

async function inSession<T>(
  role: 'authenticated' | 'anon',
  claims: Record<string, unknown>,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await db.pool.connect()
  try {
    await client.query('begin')
    await client.query(`set local role ${role}`)
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify(claims),
    ])
    return await work(client)
  } finally {
    await client.query('rollback')
    client.release()
  }
}

/**
 * Runs one statement inside a savepoint and always rolls back to it: the outcome is either the
 * affected rows or the SQLSTATE of the refusal, and the session stays usable.
 */
async function attempt(
  client: pg.PoolClient,
  sql: string,
  params: unknown[] = [],
): Promise<Outcome> {
  await client.query('savepoint attempt')
  try {
    const result = await client.query<Record<string, unknown>>(sql, params)
    return { rowCount: result.rowCount ?? 0, rows: result.rows }
  } catch (error) {
    return { code: (error as { code?: string }).code ?? String(error) }
  } finally {
    await client.query('rollback to savepoint attempt')
  }
}

const INSUFFICIENT_PRIVILEGE = '42501' // permission denied, or a row-level security violation

/** Refused with 42501, or allowed but touching/seeing nothing. */
function expectNothingOrRefused(outcome: Outcome) {
  if ('code' in outcome) {
    expect(outcome.code).toBe(INSUFFICIENT_PRIVILEGE)
  } else {
    expect(outcome.rowCount).toBe(0)
  }
}

function expectRefused(outcome: Outcome) {
  expect(outcome).toEqual({ code: INSUFFICIENT_PRIVILEGE })
}

function expectRows(outcome: Outcome): Record<string, unknown>[] {
  if ('code' in outcome) {
    throw new Error(`expected rows, got SQLSTATE ${outcome.code}`)
  }
  return outcome.rows
}

// ---------------------------------------------------------------------------------------------
// Fixtures

type User = { id: string; email: string }

/** One user's fixture rows: ids of what was inserted for them, filled in table order. */
type Fixture = { user: User; spareUser: User; ids: Record<string, string> }

async function createUser(
  options: { email?: string | null; appMeta?: object; userMeta?: object; anonymous?: boolean } = {},
): Promise<User> {
  const email = options.email === undefined ? `${randomUUID()}@example.test` : options.email
  const { rows } = await db.pool.query<{ id: string }>(
    `insert into auth.users (email, raw_app_meta_data, raw_user_meta_data, is_anonymous)
     values ($1, $2, $3, $4) returning id`,
    [
      email,
      JSON.stringify(options.appMeta ?? { provider: 'email', providers: ['email'] }),
      JSON.stringify(options.userMeta ?? {}),
      options.anonymous ?? false,
    ],
  )
  return { id: rows[0]!.id, email: email ?? '' }
}

/** What a user may do with their own rows of a table (`authenticated` role). */
type TableCase = {
  /** Column holding the owning user's id; null for tables that are not user rows. */
  owner: string | null
  /** Own rows, every row (a shared catalogue), or nothing at all. */
  read: 'own' | 'all' | 'none'
  insert: boolean
  /** A column the owner may update, or null when users cannot update the table. */
  update: string | null
  delete: boolean
  /** Rows the new-user hook creates; the fixture does not insert them. */
  createdByHook?: boolean
  /** A column to try updating where updates must fail (default updated_at). */
  probeColumn?: string
  /** A valid new row for the fixture's user. */
  row: (fixture: Fixture) => Record<string, unknown>
}

const unique = () => randomUUID().slice(0, 8)
/** An inbound address token: 24 base32 characters. */
const inboundToken = () =>
  Array.from(
    { length: 24 },
    () => 'abcdefghijklmnopqrstuvwxyz234567'[Math.floor(Math.random() * 32)],
  ).join('')

// Insertion order matters: later rows refer to ids of earlier ones.
const tables: Record<string, TableCase> = {
  jobs: {
    owner: null,
    read: 'all',
    insert: false,
    update: null,
    delete: false,
    row: () => ({ title: 'Engineer', company_name: 'Acme', source: 'test', source_id: unique() }),
  },
  profiles: {
    owner: 'user_id',
    read: 'own',
    insert: false,
    update: 'first_name',
    delete: false,
    createdByHook: true,
    row: (f) => ({ user_id: f.user.id }),
  },
  wizard: {
    owner: 'user_id',
    read: 'own',
    insert: false,
    update: 'current_step',
    delete: false,
    createdByHook: true,
    row: (f) => ({ user_id: f.user.id }),
  },
  credit_balances: {
    owner: 'user_id',
    read: 'own',
    insert: false,
    update: null,
    delete: false,
    createdByHook: true,
    probeColumn: 'balance',
    row: (f) => ({ user_id: f.user.id, balance: 1000 }),
  },
  credit_ledger: {
    owner: 'user_id',
    read: 'own',
    insert: false,
    update: null,
    delete: false,
    createdByHook: true,
    probeColumn: 'delta',
    row: (f) => ({ user_id: f.user.id, delta: 1000, kind: 'grant', idempotency_key: unique() }),
  },
  // The plan catalogue: the server's settings, no user reads or writes it.
  credit_plans: {
    owner: null,
    read: 'none',
    insert: false,
    update: null,
    delete: false,
    probeColumn: 'allowance',
    row: () => ({ plan: `plan-${unique()}`, allowance: 1000 }),
  },
  // What each paid action costs: every signed-in user reads it, only the server sets it.
  credit_prices: {
    owner: null,
    read: 'all',
    insert: false,
    update: null,
    delete: false,
    probeColumn: 'credits',
    row: () => ({ action: `test_${unique()}`, credits: 5 }),
  },
  professional_profiles: {
    owner: 'user_id',
    read: 'own',
    insert: true,
    update: 'linkedin_url',
    delete: true,
    row: (f) => ({
      user_id: f.user.id,
      file_name: 'resume.pdf',
      resume_path: `${f.user.id}/${unique()}.pdf`,
    }),
  },
  // Created by a right swipe, which pays (POST /api/swipes): never inserted by users. They edit
  // only what they write by hand (see 'paid rows' below).
  job_applications: {
    owner: 'user_id',
    read: 'own',
    insert: false,
    update: 'notes',
    delete: true,
    row: (f) => ({ user_id: f.user.id, job_id: f.ids.jobs, additional_context: 'Referred by Ann' }),
  },
  job_application_events: {
    owner: 'user_id',
    read: 'own',
    insert: true,
    update: 'payload',
    delete: true,
    row: (f) => ({
      user_id: f.user.id,
      job_application_id: f.ids.job_applications,
      type: 'note',
      payload: JSON.stringify({ text: 'called the recruiter' }),
    }),
  },
  // Feedback on what was prepared (POST /api/job-applications/feedback): the owner's own,
  // written once and never edited.
  job_application_feedback: {
    owner: 'user_id',
    read: 'own',
    insert: true,
    update: null,
    delete: false,
    probeColumn: 'rating',
    row: (f) => ({
      user_id: f.user.id,
      job_application_id: f.ids.job_applications,
      subject: 'cover_letter',
      rating: 4,
    }),
  },
  // "Remind me to follow up after N days" (issue 14): the owner reads theirs; only the server
  // writes it (PUT /api/job-applications/reminder-settings).
  job_application_reminder_settings: {
    owner: 'user_id',
    read: 'own',
    insert: false,
    update: null,
    delete: false,
    probeColumn: 'follow_up_after_days',
    row: (f) => ({ user_id: f.user.id, follow_up_after_days: 14 }),
  },
  // Forwarded recruiting mail (issue 14): the owner reads their address and messages; only the
  // server writes them (the /api review endpoints).
  // The private interview feed (issue 14): the owner reads the digest of their token; only the
  // server writes it (POST/DELETE /api/calendar/feed).
  calendar_feeds: {
    owner: 'user_id',
    read: 'own',
    insert: false,
    update: null,
    delete: false,
    probeColumn: 'token_hash',
    row: (f) => ({ user_id: f.user.id, token_hash: f.user.id.replaceAll('-', '').repeat(2) }),
  },
  inbound_email_addresses: {
    owner: 'user_id',
    read: 'own',
    insert: false,
    update: null,
    delete: false,
    probeColumn: 'token',
    row: (f) => ({ user_id: f.user.id, token: inboundToken() }),
  },
  inbound_emails: {
    owner: 'user_id',
    read: 'own',
    insert: false,
    update: null,
    delete: false,
    probeColumn: 'review_status',
    row: (f) => ({
      user_id: f.user.id,
      message_id: `<${unique()}@example.test>`,
      to_address: 'inbox@inbound.localhost',
      raw_size: 100,
      received_via: 'webhook',
      classified_type: 'rejection_received',
      confidence: 0.5,
      review_status: 'pending',
      job_application_id: f.ids.job_applications,
    }),
  },
  interviews: {
    owner: 'user_id',
    read: 'own',
    insert: false,
    update: 'status',
    delete: false,
    row: (f) => ({
      user_id: f.user.id,
      job_application_id: f.ids.job_applications,
      status: 'COMPLETED',
    }),
  },
  interview_answers: {
    owner: 'user_id',
    read: 'own',
    insert: false,
    update: null,
    delete: false,
    probeColumn: 'score',
    row: (f) => ({
      user_id: f.user.id,
      interview_id: f.ids.interviews,
      question_index: 0,
      status: 'ANALYSED',
      mode: 'typed',
      transcript: 'A typed answer.',
      transcript_source: 'typed',
      score: 60,
    }),
  },
  job_reports: {
    owner: 'reported_by',
    read: 'own',
    insert: true,
    update: null,
    delete: false,
    row: (f) => ({ job_id: f.ids.jobs, reason: 'EXPIRED', reported_by: f.user.id }),
  },
  job_alerts: {
    owner: 'user_id',
    read: 'own',
    insert: true,
    update: 'name',
    delete: true,
    // The digest task's bookkeeping is not the owner's to change.
    probeColumn: 'last_sent_at',
    row: (f) => ({
      user_id: f.user.id,
      name: `alert ${unique()}`,
      filters: { types: ['FULL_TIME'] },
    }),
  },
  swipes: {
    owner: 'user_id',
    read: 'own',
    insert: false,
    update: null,
    delete: false,
    row: (f) => ({
      user_id: f.user.id,
      job_id: f.ids.jobs,
      direction: 'RIGHT',
      idempotency_key: unique(),
    }),
  },
  referrals: {
    owner: 'referrer_user_id',
    read: 'own',
    insert: false,
    update: null,
    delete: false,
    row: (f) => ({
      referrer_user_id: f.user.id,
      referred_user_id: f.spareUser.id,
      code: 'ABCDEFGH',
    }),
  },
  referral_fingerprints: {
    owner: 'user_id',
    read: 'none',
    insert: false,
    update: null,
    delete: false,
    probeColumn: 'last_seen_at',
    row: (f) => ({
      user_id: f.user.id,
      kind: 'ip',
      hash: createHash('sha256').update(f.user.id).digest('hex'),
    }),
  },
  subscriptions: {
    owner: 'user_id',
    read: 'own',
    insert: false,
    update: null,
    delete: false,
    row: (f) => ({
      user_id: f.user.id,
      stripe_customer_id: `cus_${unique()}`,
      stripe_subscription_id: `sub_${unique()}`,
      status: 'active',
      plan: 'pro',
    }),
  },
  resume_analyses: {
    owner: 'user_id',
    read: 'own',
    insert: false,
    update: 'is_public',
    delete: true,
    row: (f) => ({
      user_id: f.user.id,
      source: 'linkedin',
      linkedin_url: 'https://www.linkedin.com/in/someone',
      status: 'COMPLETED',
      score: 72,
    }),
  },
  analysis_videos: {
    owner: 'user_id',
    read: 'own',
    insert: false,
    update: 'is_public',
    delete: true,
    row: (f) => ({
      user_id: f.user.id,
      resume_analysis_id: f.ids.resume_analyses,
      status: 'COMPLETED',
    }),
  },
  resume_roasts: {
    owner: 'user_id',
    read: 'own',
    insert: false,
    update: null,
    delete: false,
    probeColumn: 'published_at',
    row: (f) => ({
      user_id: f.user.id,
      resume_analysis_id: f.ids.resume_analyses,
      video_id: f.ids.analysis_videos,
      content: { headline: 'Tremendous', lines: [], verdict: 'Huge', fixes: [] },
    }),
  },
  emails: {
    owner: 'user_id',
    read: 'none',
    insert: false,
    update: null,
    delete: false,
    row: (f) => ({
      user_id: f.user.id,
      to_address: f.user.email,
      template: 'resume_upload_link',
      subject: 'Upload your resume',
      text_body: 'Open the link',
    }),
  },
  billing_webhook_events: {
    owner: null,
    read: 'none',
    insert: false,
    update: null,
    delete: false,
    row: () => ({ id: `evt_${unique()}`, type: 'customer.subscription.updated', payload: '{}' }),
  },
  billing_customers: {
    owner: 'user_id',
    read: 'own',
    insert: false,
    update: null,
    delete: false,
    row: (f) => ({ user_id: f.user.id, stripe_customer_id: `cus_${unique()}` }),
  },
  // Web Push (issue 19): devices and switches written by the server, read by their owner.
  push_subscriptions: {
    owner: 'user_id',
    read: 'own',
    insert: false,
    update: null,
    delete: false,
    probeColumn: 'last_sent_at',
    row: (f) => ({
      user_id: f.user.id,
      endpoint: `https://push.example.test/${unique()}`,
      p256dh: 'BPublicKey',
      auth: 'authSecret',
    }),
  },
  push_preferences: {
    owner: 'user_id',
    read: 'own',
    insert: false,
    update: null,
    delete: false,
    probeColumn: 'job_alerts',
    row: (f) => ({ user_id: f.user.id, job_alerts: false }),
  },
  // What was already pushed: the server's only.
  push_deliveries: {
    owner: 'user_id',
    read: 'none',
    insert: false,
    update: null,
    delete: false,
    probeColumn: 'dedupe_key',
    row: (f) => ({ user_id: f.user.id, dedupe_key: `interview_tomorrow:${unique()}` }),
  },
  // The server's per-user request counters (/api rate limits): no user reads or writes them.
  api_rate_limit_counters: {
    owner: 'user_id',
    read: 'none',
    insert: false,
    update: null,
    delete: false,
    probeColumn: 'hits',
    row: (f) => ({
      user_id: f.user.id,
      bucket: 'swipes',
      window_start: new Date('2026-11-25T10:00:00Z'),
      window_end: new Date('2026-11-25T10:01:00Z'),
      hits: 1,
    }),
  },
}

/** Views in public: each must be security_invoker and show a user only their own rows. */
const views: Record<string, { owner: string }> = {
  active_interviews: { owner: 'user_id' },
  job_applications_with_job: { owner: 'user_id' },
  latest_professional_profiles: { owner: 'user_id' },
}

/**
 * An INSERT of `row`. Users' attempts run without RETURNING, as PostgREST's default
 * `return=minimal` does: RETURNING would also apply the SELECT policies and could hide a
 * missing INSERT check.
 */
function insertStatement(table: string, row: Record<string, unknown>, returning = '') {
  const columns = Object.keys(row)
  return {
    sql: `insert into public.${table} (${columns.join(', ')})
          values (${columns.map((_, index) => `$${index + 1}`).join(', ')}) ${returning}`,
    params: Object.values(row),
  }
}

let a: Fixture
let b: Fixture

async function createFixture(): Promise<Fixture> {
  const fixture: Fixture = { user: await createUser(), spareUser: await createUser(), ids: {} }
  for (const [table, spec] of Object.entries(tables)) {
    if (spec.createdByHook) {
      continue
    }
    const { sql, params } = insertStatement(table, spec.row(fixture), 'returning *')
    const { rows } = await db.pool.query<{ id: string }>(sql, params)
    fixture.ids[table] = rows[0]!.id
  }
  return fixture
}

/** How many rows of `relation` belong to `userId`, counted as superuser. */
async function ownedRows(relation: string, owner: string, userId: string) {
  const { rows } = await db.pool.query<{ count: number }>(
    `select count(*)::int as count from public.${relation} where ${owner} = $1`,
    [userId],
  )
  return rows[0]!.count
}

beforeAll(async () => {
  db = await createTestDatabase()
  a = await createFixture()
  b = await createFixture()
})

afterAll(() => db.drop())

// ---------------------------------------------------------------------------------------------

describe('coverage of the public schema', () => {
  it('has RLS enabled on every table, and a case in this file for each', async () => {
    const { rows } = await db.pool.query<{ name: string; rls: boolean }>(
      `select c.relname as name, c.relrowsecurity as rls
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    )
    expect(rows.filter((row) => !row.rls).map((row) => row.name)).toEqual([])
    expect(rows.map((row) => row.name)).toEqual(Object.keys(tables).sort())
  })

  it('has every view security_invoker, and a case in this file for each', async () => {
    const { rows } = await db.pool.query<{ name: string; options: string[] | null }>(
      `select c.relname as name, c.reloptions as options
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('v', 'm') order by 1`,
    )
    expect(rows.map((row) => row.name)).toEqual(Object.keys(views).sort())
    for (const row of rows) {
      expect(row.options, row.name).toContain('security_invoker=true')
    }
  })

  it('writes every policy with (select auth.uid()), evaluated once per statement', async () => {
    const { rows } = await db.pool.query<{ name: string; expression: string }>(
      `select tablename || ': ' || policyname as name,
              coalesce(qual, '') || ' ' || coalesce(with_check, '') as expression
       from pg_policies where schemaname in ('public', 'storage')`,
    )
    const bare = rows.filter(
      (row) =>
        row.expression.split('auth.uid()').length !==
        row.expression.split('SELECT auth.uid()').length,
    )
    expect(bare.map((row) => row.name)).toEqual([])
  })

  it('indexes every owner column (the column policies filter on)', async () => {
    const { rows } = await db.pool.query<{ table: string; column: string }>(
      `select t.relname as table, a.attname as column
       from pg_index i
       join pg_class t on t.oid = i.indrelid
       join pg_namespace n on n.oid = t.relnamespace
       join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]
       where n.nspname = 'public'`,
    )
    const leading = new Set(rows.map((row) => `${row.table}.${row.column}`))
    const owners = Object.entries(tables).flatMap(([table, spec]) =>
      spec.owner ? [`${table}.${spec.owner}`] : [],
    )
    expect(owners.filter((owner) => !leading.has(owner))).toEqual([])
    expect(leading).toContain('referrals.referred_user_id')
  })

  it('lets anon execute only the public RPCs', async () => {
    const { rows } = await db.pool.query<{ name: string }>(
      `select proname as name from pg_proc
       where pronamespace = 'public'::regnamespace and has_function_privilege('anon', oid, 'execute')
         -- not an extension's (the server installs pgcrypto into public)
         and not exists (select 1 from pg_depend d where d.objid = pg_proc.oid and d.deptype = 'e')
       order by 1`,
    )
    expect(rows.map((row) => row.name)).toEqual([
      'does_email_exist',
      'get_shared_analysis_video',
      'get_shared_resume_analysis',
    ])
  })

  it('bars dead and aal1-of-MFA sessions on every table holding users’ rows (a restrictive policy)', async () => {
    // Users' tables: a foreign key to auth.users, or to such a table; the API roles can reach
    // them (a table only the server touches needs no policy).
    const { rows } = await db.pool.query<{ name: string; barred: boolean }>(
      `with recursive user_tables (oid) as (
         select conrelid from pg_constraint where contype = 'f' and confrelid = 'auth.users'::regclass
         union
         select k.conrelid from pg_constraint k join user_tables t on k.confrelid = t.oid
         where k.contype = 'f'
       )
       select c.oid::regclass::text as name,
              exists (select 1 from pg_policies p
                      where p.schemaname = n.nspname and p.tablename = c.relname
                        and p.permissive = 'RESTRICTIVE' and p.cmd = 'ALL'
                        and p.roles = '{authenticated}'
                        and p.qual = '( SELECT private.session_may_read_user_data() AS session_may_read_user_data)'
                        and p.with_check = p.qual) as barred
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where (c.oid in (select oid from user_tables) and n.nspname = 'public'
              and c.relkind in ('r', 'p')
              and (has_table_privilege('authenticated', c.oid, 'select')
                   or has_table_privilege('authenticated', c.oid, 'insert')
                   or has_table_privilege('authenticated', c.oid, 'update')
                   or has_table_privilege('authenticated', c.oid, 'delete')))
          or c.oid = 'storage.objects'::regclass
       order by 1`,
    )
    expect(rows.filter((row) => !row.barred).map((row) => row.name)).toEqual([])
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['job_applications', 'profiles', 'storage.objects', 'wizard']),
    )
  })

  it('keeps updated_at current on every table that has it', async () => {
    const { rows } = await db.pool.query<{ table: string }>(
      `select c.table_name as table from information_schema.columns c
       where c.table_schema = 'public' and c.column_name = 'updated_at'
         and c.table_name in (select tablename from pg_tables where schemaname = 'public')
         and not exists (
           select 1 from information_schema.triggers t
           where t.event_object_schema = 'public' and t.event_object_table = c.table_name
             and t.action_statement = 'EXECUTE FUNCTION set_updated_at()'
             and t.event_manipulation = 'UPDATE')`,
    )
    expect(rows).toEqual([])
  })
})

describe.each(Object.entries(tables))('table %s', (table, spec) => {
  const owner = spec.owner
  const probe = spec.probeColumn ?? 'updated_at'
  const where = (userId: string) =>
    owner ? { sql: `where ${owner} = $1`, params: [userId] } : { sql: '', params: [] }

  it(`lets a user read ${spec.read === 'own' ? 'only their own rows' : spec.read === 'all' ? 'the whole catalogue' : 'nothing'}`, async () => {
    const outcome = await asUser(a.user.id, (client) =>
      attempt(client, `select ${owner ?? 'null'} as owner from public.${table}`),
    )
    if (spec.read === 'none') {
      expectNothingOrRefused(outcome)
      return
    }
    const rows = expectRows(outcome)
    if (spec.read === 'all') {
      const { rows: all } = await db.pool.query(`select 1 from public.${table}`)
      expect(rows.length).toBe(all.length)
      expect(rows.length).toBeGreaterThan(1)
    } else {
      expect(rows.length).toBeGreaterThan(0)
      expect(rows.length).toBe(await ownedRows(table, owner!, a.user.id))
      expect(new Set(rows.map((row) => row.owner))).toEqual(new Set([a.user.id]))
    }
  })

  it(`lets a user update ${spec.update ? `their own ${spec.update} only` : 'nothing'}`, async () => {
    const update = spec.update ?? probe
    const statement = (userId: string) => {
      const filter = where(userId)
      return {
        sql: `update public.${table} set ${update} = ${update} ${filter.sql}`,
        params: filter.params,
      }
    }
    await asUser(a.user.id, async (client) => {
      const others = statement(b.user.id)
      expectNothingOrRefused(await attempt(client, others.sql, others.params))
      const own = statement(a.user.id)
      const outcome = await attempt(client, own.sql, own.params)
      if (spec.update) {
        expect(outcome).toMatchObject({ rowCount: await ownedRows(table, owner!, a.user.id) })
      } else if (spec.read === 'all') {
        expectRefused(outcome)
      } else {
        expectNothingOrRefused(outcome)
      }
    })
  })

  if (owner) {
    it('refuses handing an own row over to another user', async () => {
      await asUser(a.user.id, async (client) => {
        const outcome = await attempt(
          client,
          `update public.${table} set ${owner} = $1 where ${owner} = $2`,
          [b.user.id, a.user.id],
        )
        if (spec.update) {
          expectRefused(outcome)
        } else {
          expectNothingOrRefused(outcome)
        }
      })
    })
  }

  it(`lets a user delete ${spec.delete ? 'their own rows only' : 'nothing'}`, async () => {
    await asUser(a.user.id, async (client) => {
      const others = where(b.user.id)
      expectNothingOrRefused(
        await attempt(client, `delete from public.${table} ${others.sql}`, others.params),
      )
      const own = where(a.user.id)
      const outcome = await attempt(client, `delete from public.${table} ${own.sql}`, own.params)
      if (spec.delete) {
        expect(outcome).toMatchObject({ rowCount: await ownedRows(table, owner!, a.user.id) })
      } else if (spec.read === 'all') {
        expectRefused(outcome)
      } else {
        expectNothingOrRefused(outcome)
      }
    })
  })

  it(`refuses a row carrying another user's id${spec.insert ? ', accepts the user’s own' : ', and any insert'}`, async () => {
    await asUser(a.user.id, async (client) => {
      const others = insertStatement(table, spec.row(b))
      expectRefused(await attempt(client, others.sql, others.params))
      const own = insertStatement(table, spec.row(a))
      const outcome = await attempt(client, own.sql, own.params)
      if (spec.insert) {
        expect(outcome).toMatchObject({ rowCount: 1 })
      } else {
        expectRefused(outcome)
      }
    })
  })

  it('gives anon nothing: no rows, no writes', async () => {
    await asAnon(async (client) => {
      expectNothingOrRefused(await attempt(client, `select * from public.${table}`))
      const row = insertStatement(table, spec.row(a))
      expectRefused(await attempt(client, row.sql, row.params))
      expectNothingOrRefused(
        await attempt(client, `update public.${table} set ${probe} = ${probe}`),
      )
      expectNothingOrRefused(await attempt(client, `delete from public.${table}`))
    })
  })
})

describe.each(Object.entries(views))('view %s', (view, spec) => {
  it('shows a user only their own rows (the base tables’ RLS applies)', async () => {
    const rows = await asUser(a.user.id, async (client) =>
      expectRows(await attempt(client, `select ${spec.owner} as owner from public.${view}`)),
    )
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBe(await ownedRows(view, spec.owner, a.user.id))
    expect(new Set(rows.map((row) => row.owner))).toEqual(new Set([a.user.id]))
  })

  it('finds nothing when filtered on another user’s id', async () => {
    await asUser(a.user.id, async (client) => {
      expectNothingOrRefused(
        await attempt(client, `select 1 from public.${view} where ${spec.owner} = $1`, [b.user.id]),
      )
    })
  })

  it('gives anon nothing', async () => {
    await asAnon(async (client) => {
      expectNothingOrRefused(await attempt(client, `select * from public.${view}`))
    })
  })

  it('cannot be written through', async () => {
    await asUser(a.user.id, async (client) => {
      const outcome = await attempt(client, `delete from public.${view}`)
      // 42501: no privilege (revoked); 55000: PostgreSQL cannot write through this view at all.
      expect(outcome).toHaveProperty('code', expect.stringMatching(/^(42501|55000)$/))
    })
  })
})

// ---------------------------------------------------------------------------------------------
// Sessions that may not read users' data (issue 12, S2 and S4): the claims of real access
// tokens, whose sessions the database can see.

/** A session row, as the Auth service records a sign-in. */
async function createSession(userId: string): Promise<string> {
  const { rows } = await db.pool.query<{ id: string }>(
    'insert into auth.sessions (user_id) values ($1) returning id',
    [userId],
  )
  return rows[0]!.id
}

function sessionClaims(userId: string, sessionId: string, aal: 'aal1' | 'aal2') {
  return {
    sub: userId,
    role: 'authenticated',
    aud: 'authenticated',
    is_anonymous: false,
    session_id: sessionId,
    aal,
  }
}

type Barred = { fixture: Fixture; claims: Record<string, unknown> }

const BARRED_SESSIONS = [
  'an aal1 session of a user with a verified factor',
  'a signed-out session',
  'a banned user’s session',
  'a deleted account’s session',
] as const
type BarredSession = (typeof BARRED_SESSIONS)[number]

let barred: Record<BarredSession, Barred>
/** Sessions that may read: the MFA user at aal2, the signed-out user's other session. */
let allowed: { mfa: Barred; signedOutUsersOther: Barred }

describe('sessions that may not read users’ data', () => {
  beforeAll(async () => {
    const mfa = await createFixture()
    await db.pool.query(
      `insert into auth.mfa_factors (user_id, factor_type, status, secret)
       values ($1, 'totp', 'verified', 'JBSWY3DPEHPK3PXP')`,
      [mfa.user.id],
    )
    const mfaSession = await createSession(mfa.user.id)

    const signedOut = await createFixture()
    const endedSession = await createSession(signedOut.user.id)
    const otherSession = await createSession(signedOut.user.id)
    await db.pool.query('delete from auth.sessions where id = $1', [endedSession])

    const banned = await createFixture()
    const bannedSession = await createSession(banned.user.id)
    await db.pool.query(
      `update auth.users set banned_until = now() + interval '1 day' where id = $1`,
      [banned.user.id],
    )

    const deleted = await createFixture()
    const deletedSession = await createSession(deleted.user.id)
    await db.pool.query('delete from auth.users where id = $1', [deleted.user.id])

    barred = {
      'an aal1 session of a user with a verified factor': {
        fixture: mfa,
        claims: sessionClaims(mfa.user.id, mfaSession, 'aal1'),
      },
      'a signed-out session': {
        fixture: signedOut,
        claims: sessionClaims(signedOut.user.id, endedSession, 'aal1'),
      },
      'a banned user’s session': {
        fixture: banned,
        claims: sessionClaims(banned.user.id, bannedSession, 'aal1'),
      },
      'a deleted account’s session': {
        fixture: deleted,
        claims: sessionClaims(deleted.user.id, deletedSession, 'aal1'),
      },
    }
    allowed = {
      mfa: { fixture: mfa, claims: sessionClaims(mfa.user.id, mfaSession, 'aal2') },
      signedOutUsersOther: {
        fixture: signedOut,
        claims: sessionClaims(signedOut.user.id, otherSession, 'aal1'),
      },
    }
  })

  const ownedTables = Object.entries(tables).filter(([, spec]) => spec.owner !== null)

  describe.each(ownedTables)('table %s', (table, spec) => {
    const owner = spec.owner!
    const probe = spec.update ?? spec.probeColumn ?? 'updated_at'

    it.each(BARRED_SESSIONS)(
      '%s reads, changes and adds none of the user’s rows',
      async (label) => {
        const { fixture, claims } = barred[label]
        await inSession('authenticated', claims, async (client) => {
          expectNothingOrRefused(
            await attempt(client, `select 1 from public.${table} where ${owner} = $1`, [
              fixture.user.id,
            ]),
          )
          expectNothingOrRefused(await attempt(client, `select 1 from public.${table}`))
          expectNothingOrRefused(
            await attempt(
              client,
              `update public.${table} set ${probe} = ${probe} where ${owner} = $1`,
              [fixture.user.id],
            ),
          )
          expectNothingOrRefused(
            await attempt(client, `delete from public.${table} where ${owner} = $1`, [
              fixture.user.id,
            ]),
          )
          const own = insertStatement(table, spec.row(fixture))
          // Refused by the policy before any foreign key is checked: never 23503 for a deleted user.
          expectRefused(await attempt(client, own.sql, own.params))
        })
        if (label !== 'a deleted account’s session' && !spec.createdByHook) {
          // The rows are there (the refusal is not for want of rows).
          expect(await ownedRows(table, owner, fixture.user.id)).toBeGreaterThan(0)
        }
      },
    )

    if (spec.read === 'own') {
      it('still serves the same users from a session that may read (control)', async () => {
        for (const { fixture, claims } of Object.values(allowed)) {
          const rows = await inSession('authenticated', claims, async (client) =>
            expectRows(await attempt(client, `select ${owner} as owner from public.${table}`)),
          )
          expect(rows.length).toBe(await ownedRows(table, owner, fixture.user.id))
          expect(rows.length).toBeGreaterThan(0)
        }
      })
    }
  })

  describe.each(Object.entries(views))('view %s', (view, spec) => {
    it.each(BARRED_SESSIONS)('%s sees none of the user’s rows', async (label) => {
      const { claims } = barred[label]
      await inSession('authenticated', claims, async (client) => {
        expectNothingOrRefused(await attempt(client, `select ${spec.owner} from public.${view}`))
      })
    })
  })

  it('refuses a session_id that is not a uuid, and one of another user', async () => {
    const mfaUser = allowed.mfa.fixture.user.id
    for (const claims of [
      { ...allowed.signedOutUsersOther.claims, session_id: 'not-a-uuid' },
      { ...allowed.signedOutUsersOther.claims, session_id: allowed.mfa.claims.session_id },
      { ...allowed.mfa.claims, session_id: allowed.signedOutUsersOther.claims.session_id },
    ]) {
      await inSession('authenticated', claims, async (client) => {
        expectNothingOrRefused(await attempt(client, 'select 1 from public.profiles'))
      })
    }
    expect(mfaUser).not.toBe(allowed.signedOutUsersOther.fixture.user.id)
  })

  describe('storage objects', () => {
    beforeAll(async () => {
      for (const { fixture } of [...Object.values(barred), allowed.mfa]) {
        await db.pool.query(
          `insert into storage.objects (bucket_id, name, owner_id) values ('resumes', $1, $2)
           on conflict do nothing`,
          [`${fixture.user.id}/resume.pdf`, fixture.user.id],
        )
      }
    })

    it.each(BARRED_SESSIONS)(
      '%s reads, uploads and removes none of the user’s objects',
      async (label) => {
        const { fixture, claims } = barred[label]
        await inSession('authenticated', claims, async (client) => {
          expectNothingOrRefused(await attempt(client, 'select name from storage.objects'))
          expectRefused(
            await attempt(client, 'insert into storage.objects (bucket_id, name) values ($1, $2)', [
              'resumes',
              `${fixture.user.id}/new.pdf`,
            ]),
          )
          expectNothingOrRefused(
            await attempt(client, 'delete from storage.objects where name like $1', [
              `${fixture.user.id}/%`,
            ]),
          )
        })
      },
    )

    it('serves the MFA user’s objects at aal2 (control)', async () => {
      const rows = await inSession('authenticated', allowed.mfa.claims, async (client) =>
        expectRows(await attempt(client, 'select name from storage.objects')),
      )
      expect(rows.map((row) => row.name)).toEqual([`${allowed.mfa.fixture.user.id}/resume.pdf`])
    })
  })
})

describe('account deletion', () => {
  it('removes every row the user owned, in every table, through the append-only ledger too', async () => {
    const doomed = await createFixture()
    await db.pool.query('delete from auth.users where id = $1', [doomed.user.id])
    for (const [table, spec] of Object.entries(tables)) {
      if (spec.owner) {
        expect(await ownedRows(table, spec.owner, doomed.user.id), table).toBe(0)
      }
    }
    // The catalogue is not the user's: their job stays.
    const { rowCount } = await db.pool.query('select 1 from public.jobs where id = $1', [
      doomed.ids.jobs,
    ])
    expect(rowCount).toBe(1)
  })
})

describe('the status rule: an event moves its application’s status', () => {
  const rules: [string, string][] = [
    ['interview_invitation', 'INTERVIEW'],
    ['offer_received', 'OFFER'],
    ['rejection_received', 'REJECTED'],
    ['applied', 'APPLIED'],
    ['withdrawn', 'WITHDRAWN'],
  ]

  async function statusAfterEvent(client: pg.PoolClient, applicationId: string, type: string) {
    await client.query(
      `insert into public.job_application_events (job_application_id, user_id, type)
       values ($1, $2, $3)`,
      [applicationId, a.user.id, type],
    )
    const { rows } = await client.query<{ status: string }>(
      'select status from public.job_applications where id = $1',
      [applicationId],
    )
    return rows[0]?.status
  }

  it.each(rules)('%s → %s, through the user’s own session', async (type, status) => {
    await asUser(a.user.id, async (client) => {
      expect(await statusAfterEvent(client, a.ids.job_applications!, type)).toBe(status)
    })
  })

  it('leaves the status alone for a note', async () => {
    await asUser(a.user.id, async (client) => {
      await statusAfterEvent(client, a.ids.job_applications!, 'offer_received')
      expect(await statusAfterEvent(client, a.ids.job_applications!, 'note')).toBe('OFFER')
    })
  })

  it('shows the latest event and the job in job_applications_with_job', async () => {
    await asUser(a.user.id, async (client) => {
      await statusAfterEvent(client, a.ids.job_applications!, 'interview_invitation')
      const { rows } = await client.query(
        'select status, latest_event_type, job_title, additional_context from public.job_applications_with_job where id = $1',
        [a.ids.job_applications],
      )
      expect(rows).toEqual([
        {
          status: 'INTERVIEW',
          latest_event_type: 'interview_invitation',
          job_title: 'Engineer',
          additional_context: 'Referred by Ann',
        },
      ])
    })
  })

  it('refuses an event on another user’s application, whoever it claims to be from', async () => {
    await asUser(a.user.id, async (client) => {
      const insert = `insert into public.job_application_events (job_application_id, user_id, type)
                      values ($1, $2, 'offer_received')`
      // A's own user id on B's application: the composite foreign key refuses it.
      expect(await attempt(client, insert, [b.ids.job_applications, a.user.id])).toEqual({
        code: '23503',
      })
      // B's user id: row-level security refuses it.
      expectRefused(await attempt(client, insert, [b.ids.job_applications, b.user.id]))
    })
    const { rows } = await db.pool.query(
      'select status from public.job_applications where id = $1',
      [b.ids.job_applications],
    )
    expect(rows).toEqual([{ status: 'SAVED' }])
  })

  it('does not let a user change an event’s type (the status was derived from it)', async () => {
    await asUser(a.user.id, async (client) => {
      expectRefused(
        await attempt(client, `update public.job_application_events set type = 'offer_received'`),
      )
    })
  })
})

describe('paid rows (issue 12, S3)', () => {
  it('lets a user edit only what they write by hand on their application', async () => {
    await asUser(a.user.id, async (client) => {
      const id = a.ids.job_applications
      for (const [column, value] of [
        ['notes', 'called the recruiter'],
        ['additional_context', 'Referred by Ann'],
        ['cover_letter', 'Dear hiring manager, …'],
        ['applied_at', new Date('2026-11-20T09:00:00Z')],
      ] as const) {
        const outcome = await attempt(
          client,
          `update public.job_applications set ${column} = $1 where id = $2`,
          [value, id],
        )
        expect([column, outcome]).toMatchObject([column, { rowCount: 1 }])
      }
      for (const [column, value] of [
        ['status', 'OFFER'],
        ['job_id', b.ids.jobs],
        ['cover_letter_path', `${a.user.id}/generated.pdf`],
        ['user_id', a.user.id],
        ['created_at', new Date('2020-01-01T00:00:00Z')],
      ] as const) {
        const outcome = await attempt(
          client,
          `update public.job_applications set ${column} = $1 where id = $2`,
          [value, id],
        )
        expect([column, outcome]).toEqual([column, { code: INSUFFICIENT_PRIVILEGE }])
      }
    })
  })

  it('refuses an application the user inserts themselves, even with every field valid', async () => {
    await asUser(a.user.id, async (client) => {
      const own = insertStatement('job_applications', {
        user_id: a.user.id,
        job_id: a.ids.jobs,
        status: 'SAVED',
      })
      expectRefused(await attempt(client, own.sql, own.params))
      const upsert = await attempt(
        client,
        `insert into public.job_applications (id, user_id, job_id) values ($1, $2, $3)
         on conflict (id) do update set status = 'OFFER'`,
        [a.ids.job_applications, a.user.id, a.ids.jobs],
      )
      expectRefused(upsert)
    })
  })

  it('still lets events move the status, and the user log, edit and delete their events', async () => {
    await asUser(a.user.id, async (client) => {
      // Not through attempt(), which rolls back: the event must stay for what follows.
      const { rows: logged } = await client.query<{ id: string }>(
        `insert into public.job_application_events (job_application_id, user_id, type, payload)
         values ($1, $2, 'applied', '{"via": "careers page"}') returning id`,
        [a.ids.job_applications, a.user.id],
      )
      const eventId = logged[0]?.id
      const { rows } = await client.query(
        'select status from public.job_applications where id = $1',
        [a.ids.job_applications],
      )
      expect(rows).toEqual([{ status: 'APPLIED' }])
      expect(
        await attempt(
          client,
          `update public.job_application_events set payload = '{"via": "email"}' where id = $1`,
          [eventId],
        ),
      ).toMatchObject({ rowCount: 1 })
      expect(
        await attempt(client, 'delete from public.job_application_events where id = $1', [eventId]),
      ).toMatchObject({ rowCount: 1 })
    })
  })

  it('keeps every price the server’s: users read them and change none', async () => {
    await asUser(a.user.id, async (client) => {
      const prices = expectRows(
        await attempt(client, `select action, credits from public.credit_prices order by action`),
      )
      expect(prices).toContainEqual({ action: 'right_swipe', credits: 1 })
      expectRefused(
        await attempt(
          client,
          `update public.credit_prices set credits = 0 where action = 'right_swipe'`,
        ),
      )
      expectRefused(
        await attempt(
          client,
          `insert into public.credit_prices (action, credits) values ('right_swipe', 0)
           on conflict (action) do update set credits = 0`,
        ),
      )
      expectRefused(await attempt(client, 'delete from public.credit_prices'))
    })
  })
})

describe('soft-deleted interviews', () => {
  it('drops out of active_interviews when the owner sets DELETED, and stays in interviews', async () => {
    await asUser(a.user.id, async (client) => {
      const id = a.ids.interviews
      const before = await client.query('select id from public.active_interviews where id = $1', [
        id,
      ])
      expect(before.rowCount).toBe(1)
      const update = await client.query(
        `update public.interviews set status = 'DELETED' where id = $1`,
        [id],
      )
      expect(update.rowCount).toBe(1)
      const after = await client.query('select id from public.active_interviews where id = $1', [
        id,
      ])
      expect(after.rowCount).toBe(0)
      const kept = await client.query('select status from public.interviews where id = $1', [id])
      expect(kept.rows).toEqual([{ status: 'DELETED' }])
    })
  })

  it('cannot be hard-deleted or have other columns changed by the user', async () => {
    await asUser(a.user.id, async (client) => {
      expectNothingOrRefused(await attempt(client, 'delete from public.interviews'))
      expectRefused(await attempt(client, `update public.interviews set feedback = '{}'`))
    })
  })
})

describe('credits', () => {
  it('gives every new user the free allowance, recorded in the ledger', async () => {
    const { rows } = await db.pool.query(
      `select b.balance, b.allowance, b.plan, b.used_in_period,
              (select sum(delta)::int from public.credit_ledger l where l.user_id = b.user_id) as ledger_sum
       from public.credit_balances b where b.user_id = $1`,
      [a.user.id],
    )
    expect(rows).toEqual([
      { balance: 10, allowance: 10, plan: 'free', used_in_period: 0, ledger_sum: 10 },
    ])
  })

  it('cannot be changed by the user', async () => {
    await asUser(a.user.id, async (client) => {
      expectRefused(await attempt(client, 'update public.credit_balances set balance = 1000000'))
      expectRefused(
        await attempt(
          client,
          `insert into public.credit_ledger (user_id, delta, kind, idempotency_key)
           values ($1, 1000, 'grant', 'free-money')`,
          [a.user.id],
        ),
      )
      expectRefused(await attempt(client, 'delete from public.credit_ledger'))
      expectRefused(await attempt(client, 'truncate public.credit_ledger'))
    })
  })

  it('keeps the ledger append-only even for the table owner', async () => {
    const client = await db.pool.connect()
    try {
      await client.query('begin')
      expectRefused(await attempt(client, 'update public.credit_ledger set delta = 1000'))
      expectRefused(await attempt(client, 'delete from public.credit_ledger'))
      expectRefused(await attempt(client, 'truncate public.credit_ledger'))
      const appended = await attempt(
        client,
        `insert into public.credit_ledger (user_id, delta, kind, reason, idempotency_key)
         values ($1, -1, 'spend', 'swipe', $2) returning id`,
        [a.user.id, unique()],
      )
      expect(appended).toMatchObject({ rowCount: 1 })
    } finally {
      await client.query('rollback')
      client.release()
    }
  })

  it('spends exactly once per idempotency key', async () => {
    const client = await db.pool.connect()
    try {
      await client.query('begin')
      const spend = `insert into public.credit_ledger (user_id, delta, kind, reason, idempotency_key)
                     values ($1, -1, 'spend', 'swipe', 'swipe:retried')`
      await client.query(spend, [a.user.id])
      expect(await attempt(client, spend, [a.user.id])).toEqual({ code: '23505' })
    } finally {
      await client.query('rollback')
      client.release()
    }
  })

  it('never goes below zero', async () => {
    await expect(
      db.pool.query('update public.credit_balances set balance = balance - 11 where user_id = $1', [
        a.user.id,
      ]),
    ).rejects.toMatchObject({ code: '23514' })
  })

  it('still lets an account be deleted, removing its ledger with it', async () => {
    const user = await createUser()
    await db.pool.query('delete from auth.users where id = $1', [user.id])
    const { rows } = await db.pool.query('select 1 from public.credit_ledger where user_id = $1', [
      user.id,
    ])
    expect(rows).toEqual([])
  })
})

describe('the new-user hook', () => {
  it('creates profile, wizard and credit balance for a registered user, with names and a referral code', async () => {
    const user = await createUser({ userMeta: { full_name: 'Ada King Lovelace' } })
    const { rows } = await db.pool.query<Record<string, unknown>>(
      `select p.email, p.first_name, p.last_name, p.referral_code, p.onboarding_messages,
              w.current_step, w.completed_at, c.balance
       from public.profiles p
       join public.wizard w using (user_id)
       join public.credit_balances c using (user_id)
       where p.user_id = $1`,
      [user.id],
    )
    // Eight characters, without the look-alikes 0/O and 1/I.
    expect(rows[0]?.referral_code).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/)
    expect(rows).toEqual([
      {
        email: user.email,
        first_name: 'Ada',
        last_name: 'King Lovelace',
        referral_code: rows[0]?.referral_code,
        onboarding_messages: [],
        current_step: 'job-search-status',
        completed_at: null,
        balance: 10,
      },
    ])
  })

  it('creates the same rows for a guest, and fills email and names when the guest signs up', async () => {
    const guest = await createUser({ email: null, anonymous: true, appMeta: {} })
    const count = (table: string) => ownedRows(table, 'user_id', guest.id)
    expect([
      await count('profiles'),
      await count('wizard'),
      await count('credit_balances'),
    ]).toEqual([1, 1, 1])

    await db.pool.query(
      `update auth.users set email = 'upgraded@example.test', is_anonymous = false,
              raw_user_meta_data = '{"first_name": "Grace", "last_name": "Hopper"}' where id = $1`,
      [guest.id],
    )
    const { rows } = await db.pool.query(
      'select email, first_name, last_name from public.profiles where user_id = $1',
      [guest.id],
    )
    expect(rows).toEqual([
      { email: 'upgraded@example.test', first_name: 'Grace', last_name: 'Hopper' },
    ])
  })

  it('does not let a user change their referral code or owner', async () => {
    await asUser(a.user.id, async (client) => {
      expectRefused(await attempt(client, `update public.profiles set referral_code = 'VANITY00'`))
      expectRefused(await attempt(client, 'update public.profiles set user_id = $1', [b.user.id]))
    })
  })
})

describe('does_email_exist', () => {
  it('returns the providers of an account to anon, case-insensitively', async () => {
    const user = await createUser({
      email: 'Mixed.Case@Example.test',
      appMeta: { provider: 'email', providers: ['google', 'email'] },
    })
    await asAnon(async (client) => {
      const { rows } = await client.query('select public.does_email_exist($1) as providers', [
        'mixed.case@example.TEST',
      ])
      expect(rows).toEqual([{ providers: ['email', 'google'] }])
    })
    expect(user.email).toBe('Mixed.Case@Example.test')
  })

  it('returns an empty list for an unknown email, to anon and to a signed-in user', async () => {
    await asAnon(async (client) => {
      const { rows } = await client.query(
        `select public.does_email_exist('nobody@example.test') as providers`,
      )
      expect(rows).toEqual([{ providers: [] }])
    })
    await asUser(a.user.id, async (client) => {
      const { rows } = await client.query(
        `select public.does_email_exist('nobody@example.test') as providers`,
      )
      expect(rows).toEqual([{ providers: [] }])
    })
  })

  it('does not open auth.users itself to anon', async () => {
    await asAnon(async (client) => {
      expectRefused(await attempt(client, 'select * from auth.users'))
    })
  })
})

describe('resume analysis columns (issue 15)', () => {
  it('let the owner read and write their corrections, and nobody else', async () => {
    const corrections = JSON.stringify({ basics: { name: 'Ada L.' } })
    await asUser(a.user.id, async (client) => {
      const own = await attempt(
        client,
        'update public.professional_profiles set corrected_data = $2 where id = $1 returning corrected_data',
        [a.ids.professional_profiles, corrections],
      )
      expect(expectRows(own)).toEqual([{ corrected_data: { basics: { name: 'Ada L.' } } }])
      expectNothingOrRefused(
        await attempt(
          client,
          'update public.professional_profiles set corrected_data = $2 where id = $1',
          [b.ids.professional_profiles, corrections],
        ),
      )
      expect(
        expectRows(
          await attempt(
            client,
            'select corrected_data from public.professional_profiles where id = $1',
            [b.ids.professional_profiles],
          ),
        ),
      ).toEqual([])
      expect(
        expectRows(
          await attempt(
            client,
            'select corrected_data from public.latest_professional_profiles where user_id = $1',
            [b.user.id],
          ),
        ),
      ).toEqual([])
    })
    await asAnon(async (client) => {
      expectNothingOrRefused(
        await attempt(client, 'select corrected_data from public.professional_profiles'),
      )
    })
  })

  it('let the owner read an analysis’s progress, and only the server write it', async () => {
    await asUser(a.user.id, async (client) => {
      const own = expectRows(
        await attempt(
          client,
          'select input, progress_step, progress, failure from public.resume_analyses where id = $1',
          [a.ids.resume_analyses],
        ),
      )
      expect(own).toHaveLength(1)
      for (const change of [
        "status = 'COMPLETED'",
        "progress_step = 'done'",
        'progress = 100',
        'score = 100',
        "failure = 'internal'",
        "result = '{}'",
      ]) {
        expectRefused(
          await attempt(client, `update public.resume_analyses set ${change} where id = $1`, [
            a.ids.resume_analyses,
          ]),
        )
      }
      expect(
        expectRows(
          await attempt(client, 'select progress_step from public.resume_analyses where id = $1', [
            b.ids.resume_analyses,
          ]),
        ),
      ).toEqual([])
      expectRefused(
        await attempt(
          client,
          `insert into public.resume_analyses (user_id, source, input)
           values ($1, 'linkedin', 'linkedin_export')`,
          [a.user.id],
        ),
      )
    })
  })

  it('keep an analysis’s source and input in step, and its progress known', async () => {
    await expect(
      db.pool.query(
        `insert into public.resume_analyses (user_id, source, input, document_path)
         values ($1, 'resume', 'linkedin_export', $2)`,
        [a.user.id, `${a.user.id}/cv.pdf`],
      ),
    ).rejects.toMatchObject({ code: '23514', constraint: 'resume_analyses_source_input_present' })
    await expect(
      db.pool.query(
        `insert into public.resume_analyses (user_id, source, document_path, progress_step)
         values ($1, 'resume', $2, 'dancing')`,
        [a.user.id, `${a.user.id}/cv.pdf`],
      ),
    ).rejects.toMatchObject({ code: '23514', constraint: 'resume_analyses_progress_step_known' })
  })
})

describe('public share pages of resume analyses and videos', () => {
  it('return nothing until the owner makes the record public, then only the share columns', async () => {
    const analysis = `select * from public.get_shared_resume_analysis($1)`
    const video = `select * from public.get_shared_analysis_video($1)`
    await asAnon(async (client) => {
      expect(expectRows(await attempt(client, analysis, [a.ids.resume_analyses]))).toEqual([])
      expect(expectRows(await attempt(client, video, [a.ids.analysis_videos]))).toEqual([])
    })

    await asUser(a.user.id, async (client) => {
      await client.query('update public.resume_analyses set is_public = true where id = $1', [
        a.ids.resume_analyses,
      ])
      await client.query('update public.analysis_videos set is_public = true where id = $1', [
        a.ids.analysis_videos,
      ])
      await client.query('set local role anon')
      await client.query(`select set_config('request.jwt.claims', '{"role":"anon"}', true)`)
      const shared = expectRows(await attempt(client, analysis, [a.ids.resume_analyses]))
      expect(shared).toEqual([
        {
          id: a.ids.resume_analyses,
          source: 'linkedin',
          score: 72,
          result: null,
          completed_at: null,
        },
      ])
      expect(expectRows(await attempt(client, video, [a.ids.analysis_videos]))).toHaveLength(1)
      // The tables themselves stay closed to anon.
      expectNothingOrRefused(await attempt(client, 'select * from public.resume_analyses'))
    })
  })

  it('refuse a resume analysis without a resume file or LinkedIn URL', async () => {
    await expect(
      db.pool.query(`insert into public.resume_analyses (user_id, source) values ($1, 'resume')`, [
        a.user.id,
      ]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'resume_analyses_document_or_linkedin' })
  })
})

describe('storage objects', () => {
  beforeAll(async () => {
    for (const fixture of [a, b]) {
      await db.pool.query(
        `insert into storage.objects (bucket_id, name, owner_id) values ('resumes', $1, $2), ('interviews', $3, $2)`,
        [
          `${fixture.user.id}/resume.pdf`,
          fixture.user.id,
          `${fixture.user.id}/${fixture.ids.interviews}.mp3`,
        ],
      )
    }
  })

  it('has the four buckets of the spec, all private', async () => {
    const { rows } = await db.pool.query('select id, public from storage.buckets order by id')
    expect(rows).toEqual(
      ['cover-letters', 'interviews', 'resume-analysis', 'resumes'].map((id) => ({
        id,
        public: false,
      })),
    )
  })

  it('shows a user only the objects in their own folder', async () => {
    const rows = await asUser(a.user.id, async (client) =>
      expectRows(await attempt(client, 'select name from storage.objects order by name')),
    )
    expect(rows.map((row) => row.name)).toEqual(
      [`${a.user.id}/${a.ids.interviews}.mp3`, `${a.user.id}/resume.pdf`].sort(),
    )
  })

  it('lets a user upload into their own folder only, and not into resume-analysis', async () => {
    await asUser(a.user.id, async (client) => {
      const upload = `insert into storage.objects (bucket_id, name) values ($1, $2)`
      expect(await attempt(client, upload, ['resumes', `${a.user.id}/new.pdf`])).toMatchObject({
        rowCount: 1,
      })
      expectRefused(await attempt(client, upload, ['resumes', `${b.user.id}/new.pdf`]))
      expectRefused(await attempt(client, upload, ['resume-analysis', `${a.user.id}/video.mp4`]))
      expectNothingOrRefused(
        await attempt(client, 'delete from storage.objects where name like $1', [`${b.user.id}/%`]),
      )
    })
  })

  it('gives anon nothing', async () => {
    await asAnon(async (client) => {
      expectNothingOrRefused(await attempt(client, 'select * from storage.objects'))
    })
  })
})

describe('storage buckets: managed by the service role, by users only where a policy allows', () => {
  const PRODUCT_BUCKETS = ['cover-letters', 'interviews', 'resume-analysis', 'resumes']
  const someone = randomUUID()
  const sessions = {
    'a signed-in user': <T>(work: (client: pg.PoolClient) => Promise<T>) => asUser(someone, work),
    anon: asAnon,
  }

  it.each(Object.keys(sessions) as (keyof typeof sessions)[])(
    '%s sees no private bucket, and creates, changes or deletes none',
    async (label) => {
      await sessions[label](async (client) => {
        expect(expectRows(await attempt(client, 'select id from storage.buckets'))).toEqual([])
        expectRefused(
          await attempt(client, `insert into storage.buckets (id, name) values ('mine', 'mine')`),
        )
        expectNothingOrRefused(
          await attempt(client, `update storage.buckets set public = true, file_size_limit = null`),
        )
        expectNothingOrRefused(await attempt(client, 'delete from storage.buckets'))
      })
      const { rows } = await db.pool.query<{ id: string; public: boolean }>(
        `select id, public from storage.buckets where id = any($1) order by id`,
        [PRODUCT_BUCKETS],
      )
      expect(rows).toEqual(PRODUCT_BUCKETS.map((id) => ({ id, public: false })))
    },
  )

  it('lets a user manage buckets once a policy allows it (control)', async () => {
    const client = await db.pool.connect()
    try {
      await client.query('begin')
      await client.query(
        `create policy "test: user manages own buckets" on storage.buckets for all
         to authenticated using (owner = (select auth.uid())) with check (owner = (select auth.uid()))`,
      )
      await client.query('set local role authenticated')
      await client.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: someone, role: 'authenticated' }),
      ])
      const insert = `insert into storage.buckets (id, name, owner) values ($1, $1, $2)`
      expect(await attempt(client, insert, ['own-bucket', someone])).toMatchObject({ rowCount: 1 })
      expectRefused(await attempt(client, insert, ['not-mine', randomUUID()]))
      await client.query(insert, ['own-bucket', someone])
      expect(
        await attempt(client, `update storage.buckets set public = true where id = 'own-bucket'`),
      ).toMatchObject({ rowCount: 1 })
      expectNothingOrRefused(
        await attempt(client, `update storage.buckets set public = true where id = 'resumes'`),
      )
      expect(
        await attempt(client, `delete from storage.buckets where id = 'own-bucket'`),
      ).toMatchObject({ rowCount: 1 })
    } finally {
      await client.query('rollback')
      client.release()
    }
  })
})
