/**
 * Isolation through /rest/v1: no row of another user is ever read, changed or deleted.
 *
 * Two signed-up users, Ada (who attacks) and Victor (whose rows are attacked), each own rows in
 * every table of the public schema. For every table and view (the list is read from the
 * catalogue, so a new one without a case below fails the suite) and every verb, requests are
 * made through supabase-js as Ada aimed at Victor's rows (by his row ids and by his user id),
 * as an anonymous caller, and with forged, expired, tampered and unsigned tokens claiming to
 * be Victor. No answer may carry anything of Victor's, bad tokens must be refused with 401,
 * and at the end every row of Victor's must be exactly as it was, checked in the database.
 * A control runs the same reads as Ada on her own rows, so the suite sees rows when it should.
 *
 * Tokens that are genuine but whose session may no longer reach data make the same attacks:
 * Victor's own token after he signed out, his password-only (aal1) token once he has a verified
 * authenticator, and the token of Dora, whose account was deleted (who also tries to write rows
 * of her own, which once answered 500). Each is refused everything with the session check's
 * status and code; Victor at aal2 still reads his rows (control).
 */
import { createHash, randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { SignJWT, UnsecuredJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { signIn, signOut, turnOnTotp } from '../../../test/session-support.ts'

type User = { id: string; email: string; accessToken: string }
/** A user's fixture: the user, a second user they refer, and the key of their row per relation. */
type Fixture = { user: User; referred: string; keys: Record<string, string> }

type RelationCase = {
  /** Columns holding the owning user's id (none for the shared job catalogue). */
  owners: string[]
  /** The column that names one row. */
  key: string
  /** A change to try on someone else's row. */
  change: Record<string, unknown>
  /** Tables: a valid row for the fixture's user (views show their base tables' rows). */
  row?: (fixture: Fixture, jobId: string) => Record<string, unknown>
  /** Rows the new-user hook created (not inserted by the fixture). */
  createdByHook?: boolean
  /** Views show their base tables' rows and hold none of their own. */
  view?: boolean
}

const tag = () => randomUUID().slice(0, 8)

// In insertion order: later rows refer to the keys of earlier ones.
const RELATIONS: Record<string, RelationCase> = {
  jobs: { owners: [], key: 'id', change: { title: 'pwned' } },
  profiles: {
    owners: ['user_id'],
    key: 'user_id',
    change: { first_name: 'pwned' },
    createdByHook: true,
  },
  wizard: {
    owners: ['user_id'],
    key: 'user_id',
    change: { user_goal: 'pwned' },
    createdByHook: true,
  },
  credit_balances: {
    owners: ['user_id'],
    key: 'user_id',
    change: { balance: 999 },
    createdByHook: true,
  },
  credit_ledger: { owners: ['user_id'], key: 'id', change: { delta: 999 }, createdByHook: true },
  credit_plans: {
    owners: [],
    key: 'plan',
    change: { allowance: 999 },
    row: () => ({ plan: `plan-${tag()}`, allowance: 5 }),
  },
  // Prices are everyone's to read (a shared catalogue, like jobs) and nobody's to write.
  credit_prices: {
    owners: [],
    key: 'action',
    change: { credits: 0 },
    row: () => ({ action: `test_${tag()}`, credits: 5 }),
  },
  professional_profiles: {
    owners: ['user_id'],
    key: 'id',
    change: { linkedin_url: 'https://pwned.example' },
    // The seeker's corrections (issue 15) hold their email: a leak of the column shows it.
    row: (f) => ({
      user_id: f.user.id,
      file_name: 'cv.pdf',
      resume_path: `${f.user.id}/cv.pdf`,
      corrected_data: { basics: { email: f.user.email } },
    }),
  },
  job_applications: {
    owners: ['user_id'],
    key: 'id',
    change: { notes: 'pwned' },
    row: (f, jobId) => ({ user_id: f.user.id, job_id: jobId, notes: 'mine' }),
  },
  job_application_events: {
    owners: ['user_id'],
    key: 'id',
    change: { payload: { pwned: true } },
    row: (f) => ({ user_id: f.user.id, job_application_id: f.keys.job_applications, type: 'note' }),
  },
  job_application_feedback: {
    owners: ['user_id'],
    key: 'id',
    change: { rating: 1 },
    row: (f) => ({
      user_id: f.user.id,
      job_application_id: f.keys.job_applications,
      subject: 'cover_letter',
      rating: 5,
    }),
  },
  job_application_reminder_settings: {
    owners: ['user_id'],
    key: 'user_id',
    change: { follow_up_after_days: 1 },
    row: (f) => ({ user_id: f.user.id, follow_up_after_days: 14 }),
  },
  calendar_feeds: {
    owners: ['user_id'],
    key: 'user_id',
    change: { token_hash: 'f'.repeat(64) },
    row: (f) => ({ user_id: f.user.id, token_hash: f.user.id.replaceAll('-', '').repeat(2) }),
  },
  inbound_email_addresses: {
    owners: ['user_id'],
    key: 'user_id',
    change: { token: 'pwnedpwnedpwnedpwnedpwne' },
    row: (f) => ({
      user_id: f.user.id,
      token: Array.from(
        { length: 24 },
        (_, index) =>
          'abcdefghijklmnopqrstuvwxyz234567'[(index * 7 + f.user.id.charCodeAt(index % 36)) % 32],
      ).join(''),
    }),
  },
  inbound_emails: {
    owners: ['user_id'],
    key: 'id',
    change: { review_status: 'dismissed' },
    row: (f) => ({
      user_id: f.user.id,
      message_id: `<${tag()}@example.test>`,
      to_address: 'inbox@inbound.localhost',
      raw_size: 100,
      received_via: 'webhook',
      classified_type: 'rejection_received',
      confidence: 0.5,
      review_status: 'pending',
      job_application_id: f.keys.job_applications,
    }),
  },
  interviews: {
    owners: ['user_id'],
    key: 'id',
    change: { status: 'DELETED' },
    row: (f) => ({
      user_id: f.user.id,
      job_application_id: f.keys.job_applications,
      status: 'COMPLETED',
    }),
  },
  interview_answers: {
    owners: ['user_id'],
    key: 'id',
    change: { score: 100 },
    row: (f) => ({
      user_id: f.user.id,
      interview_id: f.keys.interviews,
      question_index: 0,
      status: 'ANALYSED',
      mode: 'typed',
      transcript: 'A typed answer.',
      transcript_source: 'typed',
      score: 60,
    }),
  },
  job_reports: {
    owners: ['reported_by'],
    key: 'id',
    change: { reason: 'SPAM' },
    row: (f, jobId) => ({ job_id: jobId, reason: 'EXPIRED', reported_by: f.user.id }),
  },
  job_alerts: {
    owners: ['user_id'],
    key: 'id',
    change: { name: 'pwned' },
    row: (f) => ({ user_id: f.user.id, name: `alert-${tag()}`, filters: { types: ['FULL_TIME'] } }),
  },
  swipes: {
    owners: ['user_id'],
    key: 'id',
    change: { direction: 'LEFT' },
    row: (f, jobId) => ({
      user_id: f.user.id,
      job_id: jobId,
      direction: 'RIGHT',
      idempotency_key: tag(),
    }),
  },
  referrals: {
    owners: ['referrer_user_id', 'referred_user_id'],
    key: 'id',
    change: { reward_credits: 999 },
    row: (f) => ({ referrer_user_id: f.user.id, referred_user_id: f.referred, code: 'ABCDEFGH' }),
  },
  referral_fingerprints: {
    owners: ['user_id'],
    key: 'hash',
    change: { last_seen_at: '2026-01-01T00:00:00Z' },
    row: (f) => ({
      user_id: f.user.id,
      kind: 'device',
      hash: createHash('sha256').update(f.user.id).digest('hex'),
    }),
  },
  subscriptions: {
    owners: ['user_id'],
    key: 'id',
    change: { plan: 'pwned' },
    row: (f) => ({
      user_id: f.user.id,
      stripe_customer_id: `cus_${tag()}`,
      stripe_subscription_id: `sub_${tag()}`,
      status: 'active',
      plan: 'pro',
    }),
  },
  resume_analyses: {
    owners: ['user_id'],
    key: 'id',
    change: { is_public: true },
    row: (f) => ({
      user_id: f.user.id,
      source: 'linkedin',
      input: 'linkedin_url',
      linkedin_url: 'https://www.linkedin.com/in/someone',
      status: 'COMPLETED',
      progress_step: 'done',
      progress: 100,
      score: 70,
    }),
  },
  analysis_videos: {
    owners: ['user_id'],
    key: 'id',
    change: { is_public: true },
    row: (f) => ({
      user_id: f.user.id,
      resume_analysis_id: f.keys.resume_analyses,
      status: 'COMPLETED',
    }),
  },
  resume_roasts: {
    owners: ['user_id'],
    key: 'id',
    change: { published_at: '2026-11-26T00:00:00Z' },
    row: (f) => ({
      user_id: f.user.id,
      resume_analysis_id: f.keys.resume_analyses,
      video_id: f.keys.analysis_videos,
      content: { headline: 'Tremendous', lines: [], verdict: 'Huge', fixes: [] },
    }),
  },
  emails: {
    owners: ['user_id'],
    key: 'id',
    change: { status: 'sent' },
    row: (f) => ({
      user_id: f.user.id,
      to_address: f.user.email,
      template: 'resume_upload_link',
      subject: 'Upload your resume',
      text_body: 'Open the link',
    }),
  },
  billing_webhook_events: {
    owners: [],
    key: 'id',
    change: { error: 'pwned' },
    row: () => ({ id: `evt_${tag()}`, type: 'customer.subscription.updated', payload: {} }),
  },
  billing_customers: {
    owners: ['user_id'],
    key: 'stripe_customer_id',
    change: { created_at: '2000-01-01T00:00:00Z' },
    row: (f) => ({ user_id: f.user.id, stripe_customer_id: `cus_${tag()}` }),
  },
  api_rate_limit_counters: {
    owners: ['user_id'],
    key: 'user_id',
    change: { hits: 999 },
    row: (f) => ({
      user_id: f.user.id,
      bucket: 'swipes',
      window_start: '2026-11-25T10:00:00Z',
      window_end: '2026-11-25T10:01:00Z',
      hits: 1,
    }),
  },
  push_subscriptions: {
    owners: ['user_id'],
    key: 'id',
    change: { endpoint: 'https://pwned.example/push' },
    row: (f) => ({
      user_id: f.user.id,
      endpoint: `https://push.example.test/${tag()}`,
      p256dh: 'BPublicKey',
      auth: 'authSecret',
    }),
  },
  push_preferences: {
    owners: ['user_id'],
    key: 'user_id',
    change: { job_alerts: true },
    row: (f) => ({ user_id: f.user.id, job_alerts: false }),
  },
  push_deliveries: {
    owners: ['user_id'],
    key: 'dedupe_key',
    change: { dedupe_key: 'pwned' },
    row: (f) => ({ user_id: f.user.id, dedupe_key: `interview_tomorrow:${tag()}` }),
  },
  job_applications_with_job: {
    owners: ['user_id'],
    key: 'id',
    change: { notes: 'pwned' },
    view: true,
  },
  active_interviews: { owners: ['user_id'], key: 'id', change: { status: 'DELETED' }, view: true },
  latest_professional_profiles: {
    owners: ['user_id'],
    key: 'id',
    change: { linkedin_url: 'https://pwned.example' },
    view: true,
  },
}

/** Relations every signed-in user reads whole: reading them by key finds rows, of no one. */
const SHARED_CATALOGUES = ['jobs', 'credit_prices']

/** Functions the API roles may call, each with arguments aimed at Victor's records. */
const FUNCTIONS: Record<string, (victim: Fixture) => Record<string, unknown>> = {
  does_email_exist: (victim) => ({ email: victim.user.email }),
  get_shared_resume_analysis: (victim) => ({ analysis_id: victim.keys.resume_analyses }),
  get_shared_analysis_video: (victim) => ({ video_id: victim.keys.analysis_videos }),
  job_application_event_payload_valid: () => ({ event_type: 'note', payload: {} }),
  job_application_status_for_event: () => ({ event_type: 'applied' }),
}

let testApp: TestApp
let ada: Fixture
let victor: Fixture
let jobId: string
/** Everything of Victor's that must never appear in an answer to someone else. */
let victimMarkers: string[]
let protectedRowsBefore: Map<string, string[]>
/** Genuine tokens whose sessions may not reach data, and how /rest/v1 refuses each. */
let barredTokens: Record<string, { token: string; status: number; code: string }>
/** Dora, whose account was deleted after her rows were made. */
let dora: Fixture

async function query<T extends Record<string, unknown>>(text: string, values: unknown[] = []) {
  return (await testApp.database.pool.query<T>(text, values)).rows
}

async function signUp(email: string): Promise<User> {
  const { data, error } = await testApp
    .client()
    .auth.signUp({ email, password: 'correct-horse-battery' })
  expect(error).toBeNull()
  return { id: data.user?.id ?? '', email, accessToken: data.session?.access_token ?? '' }
}

async function createFixture(user: User): Promise<Fixture> {
  const [referred] = await query<{ id: string }>(
    `insert into auth.users (email) values ($1) returning id`,
    [`referred-${tag()}@example.com`],
  )
  const fixture: Fixture = { user, referred: referred?.id ?? '', keys: {} }
  for (const [name, relation] of Object.entries(RELATIONS)) {
    if (relation.row) {
      const row = relation.row(fixture, jobId)
      const columns = Object.keys(row)
      const [inserted] = await query<{ key: string }>(
        `insert into public.${name} (${columns.join(', ')})
         values (${columns.map((_, index) => `$${index + 1}`).join(', ')})
         returning ${relation.key}::text as key`,
        Object.values(row).map((value) =>
          typeof value === 'object' ? JSON.stringify(value) : value,
        ),
      )
      fixture.keys[name] = inserted?.key ?? ''
    } else if (relation.owners.length) {
      const [existing] = await query<{ key: string }>(
        `select ${relation.key}::text as key from public.${name} where ${relation.owners[0]} = $1 limit 1`,
        [user.id],
      )
      fixture.keys[name] = existing?.key ?? ''
    }
  }
  return fixture
}

/**
 * Every row of Victor's (or his referred user's) in every table, and every row of the tables no
 * user owns (the job catalogue, webhook events), as JSON in key order.
 */
async function protectedRows(): Promise<Map<string, string[]>> {
  const rows = new Map<string, string[]>()
  for (const [name, relation] of Object.entries(RELATIONS)) {
    if (relation.view) {
      continue
    }
    const owned = relation.owners.length
      ? `where ${relation.owners.map((owner) => `${owner} = any($1)`).join(' or ')}`
      : ''
    const result = await query<{ row: string }>(
      `select row_to_json(t)::text as row from public.${name} as t ${owned} order by ${relation.key}`,
      relation.owners.length ? [[victor.user.id, victor.referred]] : [],
    )
    rows.set(
      name,
      result.map(({ row }) => row),
    )
  }
  return rows
}

function clientWith(token: string): SupabaseClient {
  return createClient<unknown>(testApp.baseUrl, testApp.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  })
}

async function signed(claims: Record<string, unknown>, secret: string) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret))
}

/** Tokens claiming to be Victor that must all be refused, with the code PostgREST gives. */
async function badTokens(): Promise<Record<string, { token: string; code: string }>> {
  const now = Math.floor(Date.now() / 1000)
  const claims = {
    sub: victor.user.id,
    role: 'authenticated',
    aud: 'authenticated',
    email: victor.user.email,
  }
  const [header, , signature] = ada.user.accessToken.split('.')
  const tamperedPayload = JSON.parse(
    Buffer.from(ada.user.accessToken.split('.')[1] ?? '', 'base64url').toString(),
  ) as Record<string, unknown>
  const tampered = Buffer.from(
    JSON.stringify({ ...tamperedPayload, sub: victor.user.id, email: victor.user.email }),
  ).toString('base64url')
  return {
    'a forged signature': {
      token: await signed(
        { ...claims, exp: now + 3600 },
        'a-guessed-secret-that-is-long-enough-to-sign',
      ),
      code: 'PGRST301',
    },
    'an expired token': {
      token: await signed({ ...claims, exp: now - 60 }, testApp.jwtSecret),
      code: 'PGRST303',
    },
    'tampered claims': { token: `${header}.${tampered}.${signature}`, code: 'PGRST301' },
    'an unsigned token': {
      token: new UnsecuredJWT({ ...claims, role: 'service_role', exp: now + 3600 }).encode(),
      code: 'PGRST301',
    },
  }
}

type Outcome = {
  verb: string
  /** Aimed at Victor's rows only (by key or owner), so it must find nothing. */
  targeted: boolean
  status: number
  count: number | null
  rows: number | null
  /** The answer: `{data, error}` from supabase-js, or the body of a plain HTTP request. */
  text: string
  /** The PostgREST error code (HEAD answers carry no body). */
  code: string | null
}

/**
 * Every verb against one relation, aimed at Victor's row (by its key) and at his rows (by his
 * user id). Writes ask for the written rows and their count, so "nothing changed" is visible.
 */
async function attack(
  client: SupabaseClient,
  name: string,
  /** Also try to add a row in this user's own name (a deleted account's token). */
  self?: Fixture,
): Promise<Outcome[]> {
  const relation = RELATIONS[name] as RelationCase
  const victimKey = victor.keys[name] ?? jobId
  const owner = relation.owners[0]
  const outcomes: Outcome[] = []
  const record = async (
    verb: string,
    request: PromiseLike<{ status: number; count: number | null; data: unknown; error: unknown }>,
  ) => {
    const { status, count, data, error } = await request
    const rows = Array.isArray(data) ? data.length : data === null ? null : 1
    const code = (error as { code?: string } | null)?.code ?? null
    const text = JSON.stringify({ data, error })
    outcomes.push({ verb, targeted: verb !== 'GET all', status, count, rows, text, code })
  }
  const table = () => client.from(name)
  await record('GET all', table().select('*'))
  await record('GET by key', table().select('*').eq(relation.key, victimKey))
  await record(
    'HEAD count',
    table().select('*', { count: 'exact', head: true }).eq(relation.key, victimKey),
  )
  if (owner) {
    await record('GET by owner', table().select('*').eq(owner, victor.user.id))
    await record(
      'GET or owner',
      table().select('*').or(`${owner}.eq.${victor.user.id},${relation.key}.eq.${victimKey}`),
    )
  }
  const victimRow = relation.row
    ? relation.row(victor, jobId)
    : owner
      ? { [owner]: victor.user.id }
      : { [relation.key]: victimKey }
  await record('POST as victim', table().insert(victimRow, { count: 'exact' }).select())
  if (self && relation.row) {
    await record('POST as self', table().insert(relation.row(self, jobId), { count: 'exact' }))
  }
  await record(
    'POST upsert victim row',
    table()
      .upsert(
        { ...victimRow, [relation.key]: victimKey, ...relation.change },
        { onConflict: relation.key, count: 'exact' },
      )
      .select(),
  )
  await record(
    'PATCH by key',
    table().update(relation.change, { count: 'exact' }).eq(relation.key, victimKey).select(),
  )
  await record(
    'DELETE by key',
    table().delete({ count: 'exact' }).eq(relation.key, victimKey).select(),
  )
  if (owner) {
    await record(
      'PATCH by owner',
      table().update(relation.change, { count: 'exact' }).eq(owner, victor.user.id).select(),
    )
    await record(
      'DELETE by owner',
      table().delete({ count: 'exact' }).eq(owner, victor.user.id).select(),
    )
  }
  return outcomes
}

/** PUT is not in supabase-js: the same attack over HTTP. */
async function attackWithPut(token: string, name: string): Promise<Outcome> {
  const relation = RELATIONS[name] as RelationCase
  const victimKey = victor.keys[name] ?? jobId
  const url = `${testApp.baseUrl}/rest/v1/${name}?${relation.key}=eq.${encodeURIComponent(victimKey)}`
  const response = await fetch(url, {
    method: 'PUT',
    headers: {
      apikey: testApp.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: JSON.stringify({ [relation.key]: victimKey, ...relation.change }),
  })
  const text = await response.text()
  const body = JSON.parse(text) as unknown[] | { code: string }
  return {
    verb: 'PUT by key',
    targeted: true,
    status: response.status,
    count: null,
    rows: Array.isArray(body) ? body.length : null,
    text,
    code: Array.isArray(body) ? null : body.code,
  }
}

function expectNothingOfVictor(outcome: Outcome) {
  for (const marker of victimMarkers) {
    expect(outcome.text, `${outcome.verb} answered with something of Victor's`).not.toContain(
      marker,
    )
  }
}

/**
 * Every attempt was refused with `status` (401 by default) and the code (HEAD answers have no
 * body), or, for a write that PostgreSQL refuses before checking privileges, with that refusal.
 */
function expectRefused(
  outcomes: Outcome[],
  code: string,
  earlierRefusals: string[] = [],
  status = 401,
) {
  for (const outcome of outcomes) {
    expectNothingOfVictor(outcome)
    const refusal = `${outcome.status} ${outcome.verb === 'HEAD count' ? code : outcome.code}`
    const write = !outcome.verb.startsWith('GET') && !outcome.verb.startsWith('HEAD')
    expect([`${status} ${code}`, ...(write ? earlierRefusals : [])], outcome.verb).toContain(
      refusal,
    )
  }
}

beforeAll(async () => {
  testApp = await startTestApp({ env: { AUTH_EMAIL_AUTOCONFIRM: 'true' } })
  const [job] = await query<{ id: string }>(
    `insert into public.jobs (title) values ('Engineer') returning id`,
  )
  jobId = job?.id ?? ''
  ada = await createFixture(await signUp('ada@example.com'))
  victor = await createFixture(await signUp('victor@example.com'))
  // Row keys that are short numbers (the credit ledger's) are not telling enough to look for.
  victimMarkers = [
    victor.user.id,
    victor.referred,
    victor.user.email,
    // A shared catalogue's rows are no one's: finding them is no leak.
    ...Object.entries(victor.keys)
      .filter(([name]) => !SHARED_CATALOGUES.includes(name))
      .map(([, key]) => key),
  ]
    .filter((marker) => marker.length >= 8)
    .filter((marker) => marker !== jobId)
  barredTokens = await arrangeBarredTokens()
  protectedRowsBefore = await protectedRows()
})

/**
 * Victor signs out of one session, then turns on TOTP (his sign-up session becomes aal2) and
 * signs in again with his password only (aal1); Dora gets rows everywhere, then deletes her
 * account through the product API.
 */
async function arrangeBarredTokens() {
  const ended = await signIn(testApp, victor.user.email)
  await signOut(testApp, ended.accessToken)

  const victorsApp = await signIn(testApp, victor.user.email)
  const aal2 = await turnOnTotp(victorsApp.supabase)
  victor.user.accessToken = aal2.accessToken
  const passwordOnly = await signIn(testApp, victor.user.email)

  dora = await createFixture(await signUp('dora@example.com'))
  const deleted = await fetch(`${testApp.baseUrl}/api/auth/delete-account`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${dora.user.accessToken}` },
  })
  expect(deleted.status).toBe(204)

  return {
    'Victor’s token after he signed out': {
      token: ended.accessToken,
      status: 401,
      code: 'session_not_found',
    },
    'Victor’s password-only (aal1) token, with TOTP on': {
      token: passwordOnly.accessToken,
      status: 403,
      code: 'insufficient_aal',
    },
    'the token of Dora’s deleted account': {
      token: dora.user.accessToken,
      status: 401,
      code: 'session_not_found',
    },
  }
}

afterAll(async () => {
  await testApp.close()
})

describe('the catalogue', () => {
  it('has a case for every table and view of the public schema, and for no other', async () => {
    const relations = await query<{ name: string }>(
      `select relname as name from pg_class
       where relnamespace = 'public'::regnamespace and relkind in ('r', 'p', 'v', 'm', 'f')
       order by relname`,
    )
    expect(relations.map(({ name }) => name)).toEqual(Object.keys(RELATIONS).sort())
  })

  it('has a case for every function the API serves to its roles', async () => {
    const functions = await query<{ name: string }>(
      `select proname as name from pg_proc as f
       where pronamespace = 'public'::regnamespace and prokind = 'f'
         and (has_function_privilege('anon', oid, 'execute')
              or has_function_privilege('authenticated', oid, 'execute'))
         and not exists (select 1 from pg_depend as d
                         where d.classid = 'pg_proc'::regclass and d.objid = f.oid
                           and d.deptype = 'e')
       order by proname`,
    )
    expect(functions.map(({ name }) => name)).toEqual(Object.keys(FUNCTIONS).sort())
  })

  it('gave Victor a row in every relation he can own', () => {
    for (const [name, relation] of Object.entries(RELATIONS)) {
      if (relation.owners.length) {
        expect(victor.keys[name], name).toMatch(/\S/)
      }
    }
  })
})

describe('as the owner (control)', () => {
  it.each(Object.keys(RELATIONS))('Ada reads her own %s rows, and only hers', async (name) => {
    const relation = RELATIONS[name] as RelationCase
    const [privilege] = await query<{ readable: boolean }>(
      `select has_table_privilege('authenticated', $1::regclass, 'select') as readable`,
      [`public.${name}`],
    )
    const { data, error, status } = await clientWith(ada.user.accessToken).from(name).select('*')
    if (!privilege?.readable) {
      expect([status, (error as { code?: string } | null)?.code]).toEqual([403, '42501'])
      return
    }
    expect(error).toBeNull()
    const rows = (data ?? []) as Record<string, unknown>[]
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      if (relation.owners.length) {
        expect(relation.owners.map((owner) => row[owner])).toContain(ada.user.id)
      }
    }
  })
})

describe('as the other user', () => {
  it.each(Object.keys(RELATIONS))('Ada can neither see nor touch Victor’s %s', async (name) => {
    const outcomes = [
      ...(await attack(clientWith(ada.user.accessToken), name)),
      await attackWithPut(ada.user.accessToken, name),
    ]
    for (const outcome of outcomes) {
      expectNothingOfVictor(outcome)
      if (outcome.status >= 400) {
        expect([400, 403, 405, 409], `${outcome.verb}: ${outcome.text}`).toContain(outcome.status)
      } else if (
        outcome.targeted &&
        !(SHARED_CATALOGUES.includes(name) && /^(GET|HEAD)/.test(outcome.verb))
      ) {
        // Allowed, but it found nothing of Victor's to read or write (the job catalogue and
        // the prices are everyone's to read).
        expect(outcome.rows ?? 0, outcome.verb).toBe(0)
        expect(outcome.count ?? 0, outcome.verb).toBe(0)
      }
    }
  })

  it.each(Object.keys(FUNCTIONS))('calling %s returns nothing of Victor’s', async (name) => {
    const args = FUNCTIONS[name]?.(victor) ?? {}
    for (const client of [clientWith(ada.user.accessToken), testApp.client()]) {
      const { data, error, status } = (await client.rpc(name, args)) as {
        data: unknown
        error: unknown
        status: number
      }
      // Either served, or not granted to the caller at all.
      expect([200, 401]).toContain(status)
      const text = JSON.stringify({ data, error })
      for (const marker of victimMarkers.filter((value) => value !== victor.user.email)) {
        expect(text).not.toContain(marker)
      }
    }
  })
})

describe('as an anonymous caller', () => {
  it.each(Object.keys(RELATIONS))('anon is refused everything on %s (401)', async (name) => {
    // Some writes are refused before privileges are checked: by PostgreSQL, to a view it cannot
    // write (405), of a value into a generated identity column (400), or an upsert on a column
    // with no unique constraint of its own (400); by the API, a PUT not filtered on the whole
    // primary key (405). The last two are the rate-limit counters', keyed by user, bucket and
    // window.
    expectRefused(
      [...(await attack(testApp.client(), name)), await attackWithPut(testApp.anonKey, name)],
      '42501',
      ['405 55000', '400 428C9', '400 42P10', '405 PGRST105'],
    )
  })
})

describe('with tokens claiming to be Victor', () => {
  const cases = ['a forged signature', 'an expired token', 'tampered claims', 'an unsigned token']
  for (const tokenCase of cases) {
    it.each(Object.keys(RELATIONS))(
      `${tokenCase} is refused everything on %s (401)`,
      async (name) => {
        const { token, code } = (await badTokens())[tokenCase] ?? { token: '', code: '' }
        expectRefused(
          [...(await attack(clientWith(token), name)), await attackWithPut(token, name)],
          code,
        )
      },
    )
  }
})

describe('with genuine tokens whose session may not reach data', () => {
  const cases = [
    'Victor’s token after he signed out',
    'Victor’s password-only (aal1) token, with TOTP on',
    'the token of Dora’s deleted account',
  ]
  for (const tokenCase of cases) {
    it.each(Object.keys(RELATIONS))(`${tokenCase} is refused everything on %s`, async (name) => {
      const { token, status, code } = barredTokens[tokenCase] ?? { token: '', status: 0, code: '' }
      expectRefused(
        [...(await attack(clientWith(token), name, dora)), await attackWithPut(token, name)],
        code,
        [],
        status,
      )
    })

    it(`${tokenCase} is refused every function`, async () => {
      const { token, status, code } = barredTokens[tokenCase] ?? { token: '', status: 0, code: '' }
      for (const name of Object.keys(FUNCTIONS)) {
        const answer = await clientWith(token).rpc(name, FUNCTIONS[name]?.(victor) ?? {})
        expect([answer.status, answer.error?.code], name).toEqual([status, code])
      }
    })
  }

  it('Victor at aal2 still reads his own rows (control)', async () => {
    const { data, error } = await clientWith(victor.user.accessToken)
      .from('job_applications')
      .select('id')
    expect(error).toBeNull()
    expect(data).toEqual([{ id: victor.keys.job_applications }])
  })

  it('left nothing of Dora’s: her account and every row of hers are gone', async () => {
    for (const [name, relation] of Object.entries(RELATIONS)) {
      if (relation.view || !relation.owners.length) {
        continue
      }
      const rows = await query(
        `select 1 from public.${name} where ${relation.owners.map((o) => `${o} = $1`).join(' or ')}`,
        [dora.user.id],
      )
      expect(rows, name).toEqual([])
    }
  })
})

describe('afterwards, in the database', () => {
  it('every row of Victor’s is exactly as it was, and none was added in his name', async () => {
    expect(Object.fromEntries(await protectedRows())).toEqual(
      Object.fromEntries(protectedRowsBefore),
    )
    // The suite did aim at existing rows.
    expect(protectedRowsBefore.get('job_applications')).toHaveLength(1)
    expect(protectedRowsBefore.get('jobs')).toHaveLength(1)
  })
})

describe('bucket management through /storage/v1', () => {
  const BUCKET_SETTINGS = `select id, name, owner, public, file_size_limit, allowed_mime_types,
    updated_at from storage.buckets order by id`

  it('Ada, anon and every bad token create, change, empty, delete and see no bucket', async () => {
    const before = await query(BUCKET_SETTINGS)
    const objectsBefore = await query(`select bucket_id, name from storage.objects order by 1, 2`)
    const callers: Record<string, SupabaseClient> = {
      Ada: clientWith(ada.user.accessToken),
      anon: testApp.client(),
    }
    for (const [label, { token }] of Object.entries(await badTokens())) {
      callers[label] = clientWith(token)
    }
    for (const [who, client] of Object.entries(callers)) {
      const storage = client.storage
      const created = await storage.createBucket(`by-${tag()}`, { public: true })
      expect(created.error?.statusCode, who).toBe('403')
      for (const id of ['resumes', 'cover-letters', 'interviews', 'resume-analysis']) {
        const refusals = [
          await storage.updateBucket(id, { public: true, allowedMimeTypes: ['text/html'] }),
          await storage.emptyBucket(id),
          await storage.deleteBucket(id),
          await storage.getBucket(id),
        ]
        for (const { data, error } of refusals) {
          expect(data, `${who} ${id}`).toBeNull()
          expect(['403', '404'], `${who} ${id}`).toContain(error?.statusCode)
        }
      }
      const listed = await storage.listBuckets()
      expect(listed.data ?? [], who).toEqual([])
    }
    expect(await query(BUCKET_SETTINGS)).toEqual(before)
    expect(await query(`select bucket_id, name from storage.objects order by 1, 2`)).toEqual(
      objectsBefore,
    )
  })
})
