/**
 * The PostgREST-compatible data API (/rest/v1) through the real supabase-js client, against
 * the real app and a real migrated database: every query form the issue lists, the forms the
 * web app uses, and PostgREST's errors.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'

type Query = ReturnType<ReturnType<SupabaseClient['from']>['select']>
type User = { supabase: SupabaseClient; id: string; email: string; accessToken: string }

let testApp: TestApp
let ada: User
let bob: User
const jobIds: Record<string, string> = {}
let adaBackendApplication: string
/** The table this test creates for its writes. */
const NOTES = 'tracker_notes'

async function signUp(email: string): Promise<User> {
  const supabase = testApp.client()
  const { data, error } = await supabase.auth.signUp({ email, password: 'correct-horse-battery' })
  expect(error).toBeNull()
  return { supabase, id: data.user?.id ?? '', email, accessToken: data.session?.access_token ?? '' }
}

async function sql<T extends Record<string, unknown>>(text: string, values: unknown[] = []) {
  return (await testApp.database.pool.query<T>(text, values)).rows
}

function rest(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers)
  headers.set('apikey', testApp.anonKey)
  headers.set('authorization', `Bearer ${init.token ?? testApp.anonKey}`)
  return fetch(`${testApp.baseUrl}/rest/v1${path}`, { ...init, headers })
}

async function codeOf(response: Response): Promise<string> {
  return ((await response.json()) as { code: string }).code
}

beforeAll(async () => {
  testApp = await startTestApp({ env: { AUTH_EMAIL_AUTOCONFIRM: 'true' } })
  ada = await signUp('ada@example.com')
  bob = await signUp('bob@example.com')
  // Two functions that show how a request runs: before the first request, so the schema
  // cache (loaded on first use) knows them.
  await sql(`
    create function public.request_context() returns jsonb language sql stable as $$
      select pg_catalog.jsonb_build_object(
        'role', current_user, 'sub', auth.uid(), 'claims_role', auth.role(),
        'method', current_setting('request.method'), 'path', current_setting('request.path'),
        'read_only', current_setting('transaction_read_only'),
        'apikey', current_setting('request.headers')::jsonb ->> 'apikey')
    $$;
    create function public.report_job(job uuid) returns uuid language sql volatile as $$
      insert into public.job_reports (job_id, reason) values (job, 'SPAM') returning id
    $$;`)
  // The writes below test the protocol, not what the product lets users write (paid rows such
  // as job_applications are closed to inserts): on a table of this test's own, with an owner
  // column, row-level security, a default, a check and a foreign key to jobs for embedding.
  await sql(`
    create table public.${NOTES} (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
      job_id uuid references public.jobs (id),
      status text not null default 'SAVED'
        check (status in ('SAVED', 'APPLIED', 'OFFER', 'WITHDRAWN')),
      notes text,
      created_at timestamptz not null default now()
    );
    alter table public.${NOTES} enable row level security;
    create policy "owner" on public.${NOTES} for all to authenticated
      using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
    grant select, insert, update, delete on public.${NOTES} to authenticated;`)
  const jobs = await sql<{ id: string; title: string }>(
    `insert into public.jobs (title, company_name, location, posted_at, source, source_id) values
       ('Backend Engineer', 'Acme', 'Berlin', '2026-11-01', 'test', '1'),
       ('Frontend Engineer', 'Acme', 'Paris', '2026-11-02', 'test', '2'),
       ('Product Designer', 'Beta', 'Berlin', '2026-11-03', 'test', '3'),
       ('Data Analyst', 'Gamma, Inc.', null, null, 'test', '4')
     returning id, title`,
  )
  for (const job of jobs) {
    jobIds[job.title] = job.id
  }
  const applications = await sql<{ id: string }>(
    `insert into public.job_applications (user_id, job_id, status, notes) values
       ($1, $2, 'APPLIED', 'first'), ($1, $3, 'SAVED', 'second'), ($4, $2, 'SAVED', 'bob''s')
     returning id`,
    [ada.id, jobIds['Backend Engineer'], jobIds['Product Designer'], bob.id],
  )
  adaBackendApplication = applications[0]?.id ?? ''
  await sql(
    `insert into public.job_application_events (job_application_id, user_id, type, created_at)
     values ($1, $2, 'applied', now() - interval '1 day'), ($1, $2, 'note', now())`,
    [adaBackendApplication, ada.id],
  )
})

afterAll(async () => {
  await testApp.close()
})

const titles = (data: { title: string }[] | null) => (data ?? []).map((row) => row.title).sort()

describe('reads', () => {
  it('selects columns with aliases and casts', async () => {
    const { data, error, status } = await ada.supabase
      .from('jobs')
      .select('title, employer:company_name, posted:posted_at::text, when:posted_at::date')
      .eq('title', 'Backend Engineer')
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual([
      {
        title: 'Backend Engineer',
        employer: 'Acme',
        posted: '2026-11-01 00:00:00+00',
        when: '2026-11-01',
      },
    ])
  })

  it.each([
    ['eq', (q: Query) => q.eq('company_name', 'Acme'), ['Backend Engineer', 'Frontend Engineer']],
    ['neq', (q: Query) => q.neq('company_name', 'Acme'), ['Data Analyst', 'Product Designer']],
    ['gt', (q: Query) => q.gt('posted_at', '2026-11-02'), ['Product Designer']],
    [
      'gte',
      (q: Query) => q.gte('posted_at', '2026-11-02'),
      ['Frontend Engineer', 'Product Designer'],
    ],
    ['lt', (q: Query) => q.lt('posted_at', '2026-11-02'), ['Backend Engineer']],
    [
      'lte',
      (q: Query) => q.lte('posted_at', '2026-11-02'),
      ['Backend Engineer', 'Frontend Engineer'],
    ],
    ['like', (q: Query) => q.like('title', '%Engineer'), ['Backend Engineer', 'Frontend Engineer']],
    ['ilike', (q: Query) => q.ilike('title', '%designer%'), ['Product Designer']],
    [
      'in',
      (q: Query) => q.in('company_name', ['Beta', 'Gamma, Inc.']),
      ['Data Analyst', 'Product Designer'],
    ],
    ['is null', (q: Query) => q.is('location', null), ['Data Analyst']],
    [
      'not',
      (q: Query) => q.not('location', 'is', null).not('company_name', 'eq', 'Acme'),
      ['Product Designer'],
    ],
    [
      'or',
      (q: Query) => q.or('location.eq.Paris,company_name.eq.Beta'),
      ['Frontend Engineer', 'Product Designer'],
    ],
    [
      'and inside or',
      (q: Query) => q.or('and(company_name.eq.Acme,location.eq.Berlin),title.ilike.*analyst*'),
      ['Backend Engineer', 'Data Analyst'],
    ],
  ])('filters with %s', async (_name, apply, expected) => {
    const { data, error } = await apply(ada.supabase.from('jobs').select('title'))
    expect(error).toBeNull()
    expect(titles(data as { title: string }[] | null)).toEqual(expected)
  })

  it('filters with and=(…) and not.or=(…) as PostgREST reads them', async () => {
    const and = await rest('/jobs?select=title&and=(location.eq.Berlin,company_name.eq.Beta)', {
      token: ada.accessToken,
    })
    expect(await and.json()).toEqual([{ title: 'Product Designer' }])
    const notOr = await rest('/jobs?select=title&not.or=(company_name.eq.Acme,location.is.null)', {
      token: ada.accessToken,
    })
    expect(await notOr.json()).toEqual([{ title: 'Product Designer' }])
  })

  it('orders, limits and offsets, and reads a range with its count (206)', async () => {
    const ordered = await ada.supabase
      .from('jobs')
      .select('title')
      .order('posted_at', { ascending: false, nullsFirst: false })
      .limit(2)
      .range(1, 2)
    expect(ordered.error).toBeNull()
    expect(ordered.data).toEqual([{ title: 'Frontend Engineer' }, { title: 'Backend Engineer' }])

    const page = await ada.supabase
      .from('jobs')
      .select('title', { count: 'exact' })
      .order('title')
      .range(0, 1)
    expect(page.status).toBe(206)
    expect(page.count).toBe(4)
    expect(page.data).toEqual([{ title: 'Backend Engineer' }, { title: 'Data Analyst' }])

    const response = await rest('/jobs?select=title&order=title', {
      token: ada.accessToken,
      headers: { range: '1-2', prefer: 'count=exact' },
    })
    expect(response.status).toBe(206)
    expect(response.headers.get('content-range')).toBe('1-2/4')
    expect(await response.json()).toEqual([
      { title: 'Data Analyst' },
      { title: 'Frontend Engineer' },
    ])
  })

  it('counts without rows (HEAD) and answers an offset past the end with 416', async () => {
    const { data, count, error, status } = await ada.supabase
      .from('job_applications')
      .select('*', { count: 'exact', head: true })
    expect([data, count, error, status]).toEqual([null, 2, null, 200])

    const past = await rest('/jobs?offset=10', {
      token: ada.accessToken,
      headers: { prefer: 'count=exact' },
    })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe('*/4')
    expect(await past.json()).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 10 was requested, but there are only 4 rows.',
      hint: null,
    })
  })

  it('embeds to-one resources as objects and to-many ones as arrays, through views too', async () => {
    const applications = await ada.supabase
      .from('job_applications')
      .select('notes, job:jobs(title, company_name)')
      .order('notes')
    expect(applications.error).toBeNull()
    expect(applications.data).toEqual([
      { notes: 'first', job: { title: 'Backend Engineer', company_name: 'Acme' } },
      { notes: 'second', job: { title: 'Product Designer', company_name: 'Beta' } },
    ])

    // The embedded applications are Ada's only: RLS applies inside embeds.
    const jobs = await ada.supabase
      .from('jobs')
      .select('title, job_applications(notes)')
      .eq('title', 'Backend Engineer')
      .single()
    expect(jobs.data).toEqual({ title: 'Backend Engineer', job_applications: [{ notes: 'first' }] })

    const view = await ada.supabase
      .from('job_applications_with_job')
      .select('job_title, latest_event_type, jobs(location), job_application_events(type)')
      .eq('id', adaBackendApplication)
      .order('created_at', { referencedTable: 'job_application_events' })
      .single()
    expect(view.error).toBeNull()
    expect(view.data).toEqual({
      job_title: 'Backend Engineer',
      latest_event_type: 'note',
      jobs: { location: 'Berlin' },
      job_application_events: [{ type: 'applied' }, { type: 'note' }],
    })
  })

  it('filters, orders and limits inside embeds, and filters parents by !inner embeds', async () => {
    const filtered = await ada.supabase
      .from('job_applications')
      .select('notes, job_application_events(type)')
      .eq('id', adaBackendApplication)
      .eq('job_application_events.type', 'note')
      .single()
    expect(filtered.data).toEqual({ notes: 'first', job_application_events: [{ type: 'note' }] })

    const limited = await ada.supabase
      .from('job_applications')
      .select('notes, job_application_events(type)')
      .eq('id', adaBackendApplication)
      .order('created_at', { referencedTable: 'job_application_events', ascending: false })
      .limit(1, { referencedTable: 'job_application_events' })
      .single()
    expect(limited.data).toEqual({ notes: 'first', job_application_events: [{ type: 'note' }] })

    const inner = await ada.supabase
      .from('jobs')
      .select('title, job_applications!inner(status)')
      .eq('job_applications.status', 'SAVED')
    expect(inner.data).toEqual([
      { title: 'Product Designer', job_applications: [{ status: 'SAVED' }] },
    ])
  })

  it('answers .single() with one object, or 406 PGRST116 for 0 or 2 rows', async () => {
    const one = await ada.supabase.from('jobs').select('title').eq('title', 'Data Analyst').single()
    expect([one.status, one.data, one.error]).toEqual([200, { title: 'Data Analyst' }, null])

    const none = await ada.supabase.from('jobs').select('title').eq('title', 'Astronaut').single()
    expect(none.status).toBe(406)
    expect(none.error).toEqual({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
      hint: null,
    })

    const two = await ada.supabase.from('jobs').select('title').eq('company_name', 'Acme').single()
    expect(two.status).toBe(406)
    expect(two.error?.details).toBe('The result contains 2 rows')
  })

  it('answers .maybeSingle() with null, one object, or PGRST116 for several rows', async () => {
    const none = await ada.supabase
      .from('jobs')
      .select('title')
      .eq('title', 'Astronaut')
      .maybeSingle()
    expect([none.data, none.error]).toEqual([null, null])
    const one = await ada.supabase
      .from('jobs')
      .select('title')
      .eq('title', 'Data Analyst')
      .maybeSingle()
    expect(one.data).toEqual({ title: 'Data Analyst' })
    const two = await ada.supabase
      .from('jobs')
      .select('title')
      .eq('company_name', 'Acme')
      .maybeSingle()
    expect(two.error?.code).toBe('PGRST116')
  })
})

describe('writes', () => {
  it('inserts one object (201, no body by default) or an array with its rows returned', async () => {
    const minimal = await ada.supabase
      .from(NOTES)
      .insert({ user_id: ada.id, job_id: jobIds['Data Analyst'], notes: 'minimal' })
    expect([minimal.status, minimal.data, minimal.error]).toEqual([201, null, null])

    const many = await ada.supabase
      .from(NOTES)
      .insert([
        { user_id: ada.id, notes: 'array one', status: 'SAVED' },
        { user_id: ada.id, notes: 'array two', status: 'APPLIED' },
      ])
      .select('notes, status, jobs(title)')
    expect(many.status).toBe(201)
    // Like PostgREST, rows come back in no promised order without an order parameter.
    const rows = (many.data ?? []) as { notes: string }[]
    expect(rows.sort((a, b) => a.notes.localeCompare(b.notes))).toEqual([
      { notes: 'array one', status: 'SAVED', jobs: null },
      { notes: 'array two', status: 'APPLIED', jobs: null },
    ])
  })

  it('writes null for a key missing from some objects of an array, by default', async () => {
    const { status, error } = await ada.supabase.from(NOTES).insert([
      { user_id: ada.id, notes: 'no status' },
      { user_id: ada.id, notes: 'a status', status: 'OFFER' },
    ])
    expect(status).toBe(400)
    expect(error?.code).toBe('23502')
    expect(error?.message).toContain('null value in column "status"')
  })

  it('fills keys missing from some objects with column defaults when asked', async () => {
    const { data, error } = await ada.supabase
      .from(NOTES)
      .insert(
        [
          { user_id: ada.id, notes: 'default status' },
          { user_id: ada.id, notes: 'given status', status: 'OFFER' },
        ],
        { defaultToNull: false },
      )
      .select('notes, status')
    expect(error).toBeNull()
    expect(data).toEqual([
      { notes: 'default status', status: 'SAVED' },
      { notes: 'given status', status: 'OFFER' },
    ])
  })

  it('upserts on a conflict target, merging or ignoring duplicates', async () => {
    const id = crypto.randomUUID()
    const created = await ada.supabase
      .from(NOTES)
      .upsert({ id, user_id: ada.id, notes: 'v1' }, { onConflict: 'id' })
      .select('notes')
      .single()
    expect(created.data).toEqual({ notes: 'v1' })

    const merged = await ada.supabase
      .from(NOTES)
      .upsert({ id, user_id: ada.id, notes: 'v2' }, { onConflict: 'id' })
      .select('notes')
    expect(merged.data).toEqual([{ notes: 'v2' }])

    const ignored = await ada.supabase
      .from(NOTES)
      .upsert({ id, user_id: ada.id, notes: 'v3' }, { onConflict: 'id', ignoreDuplicates: true })
      .select('notes')
    expect(ignored.data).toEqual([])
    expect(await sql(`select notes from public.${NOTES} where id = $1`, [id])).toEqual([
      { notes: 'v2' },
    ])
  })

  it('updates and deletes the filtered rows: 204 without a body, 200 with one', async () => {
    const { data: inserted } = await ada.supabase
      .from(NOTES)
      .insert({ user_id: ada.id, notes: 'to change' })
      .select('id')
      .single()
    const id = inserted?.id as string

    const quiet = await ada.supabase.from(NOTES).update({ notes: 'changed' }).eq('id', id)
    expect([quiet.status, quiet.data, quiet.error]).toEqual([204, null, null])
    const loud = await ada.supabase
      .from(NOTES)
      .update({ status: 'WITHDRAWN' })
      .eq('id', id)
      .select('notes, status')
    expect([loud.status, loud.data]).toEqual([200, [{ notes: 'changed', status: 'WITHDRAWN' }]])

    const removed = await ada.supabase.from(NOTES).delete().eq('id', id).select('notes')
    expect([removed.status, removed.data]).toEqual([200, [{ notes: 'changed' }]])
    const again = await ada.supabase.from(NOTES).delete().eq('id', id)
    expect(again.status).toBe(204)
    expect(await sql(`select 1 from public.${NOTES} where id = $1`, [id])).toEqual([])
  })

  it('rolls a write back when .single() or max-affected are not met', async () => {
    const before = await sql(
      `select id, notes from public.${NOTES} where user_id = $1 order by id`,
      [ada.id],
    )
    const single = await ada.supabase
      .from(NOTES)
      .update({ notes: 'everything' })
      .eq('user_id', ada.id)
      .select('id')
      .single()
    expect(single.status).toBe(406)
    expect(single.error?.code).toBe('PGRST116')

    // What postgrest-js' maxAffected(1) sends (its types offer it for PostgREST 13 only).
    const capped = await rest(`/${NOTES}?user_id=eq.${ada.id}`, {
      method: 'PATCH',
      token: ada.accessToken,
      headers: { 'content-type': 'application/json', prefer: 'handling=strict, max-affected=1' },
      body: JSON.stringify({ notes: 'everything' }),
    })
    expect(capped.status).toBe(400)
    expect(await capped.json()).toEqual({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: `The query affects ${before.length} rows`,
      hint: null,
    })
    expect(
      await sql(`select id, notes from public.${NOTES} where user_id = $1 order by id`, [ada.id]),
    ).toEqual(before)
  })

  it('refuses an update of a column the role may not write (42501 → 403)', async () => {
    const allowed = await ada.supabase
      .from('wizard')
      .update({ current_step: 'job-timeline', job_types: ['FULL_TIME'] })
      .eq('user_id', ada.id)
      .select('current_step, job_types')
    expect(allowed.data).toEqual([{ current_step: 'job-timeline', job_types: ['FULL_TIME'] }])

    const refused = await ada.supabase
      .from('wizard')
      .update({ user_id: bob.id })
      .eq('user_id', ada.id)
    expect(refused.status).toBe(403)
    expect(refused.error).toEqual({
      code: '42501',
      message: 'permission denied for table wizard',
      details: null,
      hint: null,
    })
  })

  it('records events that move the application status, reports and soft-deleted interviews', async () => {
    const event = await ada.supabase.from('job_application_events').insert({
      job_application_id: adaBackendApplication,
      user_id: ada.id,
      type: 'offer_received',
    })
    expect(event.status).toBe(201)
    const { data: application } = await ada.supabase
      .from('job_applications')
      .select('status')
      .eq('id', adaBackendApplication)
      .single()
    expect(application).toEqual({ status: 'OFFER' })

    const report = await ada.supabase
      .from('job_reports')
      .insert({ job_id: jobIds['Data Analyst'], reason: 'EXPIRED', filters: { jobType: 'remote' } })
      .select('reason, details, filters, reported_by')
      .single()
    expect(report.data).toEqual({
      reason: 'EXPIRED',
      details: '',
      filters: { jobType: 'remote' },
      reported_by: ada.id,
    })

    const [interview] = await sql<{ id: string }>(
      `insert into public.interviews (user_id, title) values ($1, 'Backend') returning id`,
      [ada.id],
    )
    const softDelete = await ada.supabase
      .from('interviews')
      .update({ status: 'DELETED' })
      .eq('id', interview?.id)
    expect(softDelete.status).toBe(204)
    const active = await ada.supabase.from('active_interviews').select('id').eq('id', interview?.id)
    expect(active.data).toEqual([])
  })

  it('refuses paid rows: no job application inserted or its paid fields changed (403 42501)', async () => {
    const inserted = await ada.supabase
      .from('job_applications')
      .insert({ user_id: ada.id, job_id: jobIds['Frontend Engineer'] })
    expect([inserted.status, inserted.error?.code]).toEqual([403, '42501'])
    const upserted = await ada.supabase
      .from('job_applications')
      .upsert({ id: adaBackendApplication, user_id: ada.id, status: 'OFFER' })
    expect([upserted.status, upserted.error?.code]).toEqual([403, '42501'])
    for (const change of [
      { status: 'OFFER' },
      { job_id: jobIds['Frontend Engineer'] },
      { cover_letter_path: `${ada.id}/letter.pdf` },
    ]) {
      const refused = await ada.supabase
        .from('job_applications')
        .update(change)
        .eq('id', adaBackendApplication)
      expect([change, refused.status, refused.error?.code]).toEqual([change, 403, '42501'])
    }
    const notes = await ada.supabase
      .from('job_applications')
      .update({ notes: 'first', additional_context: 'Met the team at a meetup' })
      .eq('id', adaBackendApplication)
      .select('notes, additional_context')
    expect(notes.data).toEqual([{ notes: 'first', additional_context: 'Met the team at a meetup' }])
    expect(
      await sql('select count(*)::int as count from public.job_applications where user_id = $1', [
        ada.id,
      ]),
    ).toEqual([{ count: 2 }])
  })

  it('answers a unique violation with 409', async () => {
    const { data } = await ada.supabase.from(NOTES).select('id').limit(1).single()
    const duplicate = await ada.supabase.from(NOTES).insert({ id: data?.id, user_id: ada.id })
    expect(duplicate.status).toBe(409)
    // PostgreSQL leaves the key out of the detail on tables with row-level security.
    expect(duplicate.error).toEqual({
      code: '23505',
      message: 'duplicate key value violates unique constraint "tracker_notes_pkey"',
      details: null,
      hint: null,
    })
  })

  it('upserts one row by primary key with PUT', async () => {
    const id = crypto.randomUUID()
    const put = await rest(`/${NOTES}?id=eq.${id}`, {
      method: 'PUT',
      token: ada.accessToken,
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ id, user_id: ada.id, notes: 'put' }),
    })
    expect(put.status).toBe(200)
    expect(await put.json()).toMatchObject([{ id, notes: 'put' }])

    const mismatch = await rest(`/${NOTES}?id=eq.${id}`, {
      method: 'PUT',
      token: ada.accessToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: crypto.randomUUID(), user_id: ada.id }),
    })
    expect(mismatch.status).toBe(400)
    expect(await codeOf(mismatch)).toBe('PGRST115')

    const notByKey = await rest(`/${NOTES}?notes=eq.put`, {
      method: 'PUT',
      token: ada.accessToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, user_id: ada.id }),
    })
    expect(notByKey.status).toBe(405)
    expect(await codeOf(notByKey)).toBe('PGRST105')
  })
})

describe('transactions', () => {
  it("runs each request as the token's role with its claims, read only for GET", async () => {
    const { data, error } = (await ada.supabase.rpc('request_context', {}, { get: true })) as {
      data: unknown
      error: unknown
    }
    expect(error).toBeNull()
    expect(data).toEqual({
      role: 'authenticated',
      sub: ada.id,
      claims_role: 'authenticated',
      method: 'GET',
      path: '/rpc/request_context',
      read_only: 'on',
      apikey: testApp.anonKey,
    })
    const anonymous = await testApp.client().rpc('request_context')
    expect(anonymous.data).toMatchObject({
      role: 'anon',
      sub: null,
      method: 'POST',
      read_only: 'on',
    })
  })

  it('runs a volatile function read-write by POST, and refuses its writes by GET (405)', async () => {
    const posted = await ada.supabase.rpc('report_job', { job: jobIds['Backend Engineer'] })
    expect(posted.error).toBeNull()
    expect(
      await sql('select reported_by from public.job_reports where id = $1', [posted.data]),
    ).toEqual([{ reported_by: ada.id }])
    const got = await ada.supabase.rpc(
      'report_job',
      { job: jobIds['Backend Engineer'] },
      { get: true },
    )
    expect(got.status).toBe(405)
    expect(got.error).toMatchObject({
      code: '25006',
      message: 'cannot execute INSERT in a read-only transaction',
    })
  })
})

describe('remote procedure calls', () => {
  it('answers does_email_exist to anonymous callers by POST and by GET', async () => {
    const anonymous = testApp.client()
    const known = await anonymous.rpc('does_email_exist', { email: 'ADA@example.com ' })
    expect([known.status, known.data, known.error]).toEqual([200, ['email'], null])
    const unknown = await anonymous.rpc('does_email_exist', { email: 'nobody@example.com' })
    expect(unknown.data).toEqual([])
    const byGet = await anonymous.rpc(
      'does_email_exist',
      { email: 'bob@example.com' },
      { get: true },
    )
    expect(byGet.data).toEqual(['email'])
  })

  it('reads rows of a function returning a table, filtered and single', async () => {
    const [analysis] = await sql<{ id: string }>(
      `insert into public.resume_analyses (user_id, source, linkedin_url, status, score, is_public, result)
       values ($1, 'linkedin', 'https://linkedin.com/in/ada', 'COMPLETED', 81, true, '{"roast":"ok"}')
       returning id`,
      [ada.id],
    )
    const shared = await testApp
      .client()
      .rpc('get_shared_resume_analysis', { analysis_id: analysis?.id })
      .select('score, result')
      .single()
    expect(shared.data).toEqual({ score: 81, result: { roast: 'ok' } })
    const missing = await testApp
      .client()
      .rpc('get_shared_resume_analysis', { analysis_id: crypto.randomUUID() })
    expect(missing.data).toEqual([])
  })

  it('answers an unknown function or arguments with 404 PGRST202', async () => {
    const unknown = await testApp.client().rpc('does_emails_exist', { email: 'a@b.c' })
    expect(unknown.status).toBe(404)
    expect(unknown.error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.does_emails_exist(email) in the schema cache',
      details:
        'Searched for the function public.does_emails_exist with parameter email or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.does_email_exist',
    })
    const wrongArguments = await testApp.client().rpc('does_email_exist', { address: 'a@b.c' })
    expect(wrongArguments.error).toMatchObject({
      code: 'PGRST202',
      hint: 'Perhaps you meant to call the function public.does_email_exist(email)',
    })
  })
})

describe('errors', () => {
  it('answers an unknown table with 404 PGRST205 and a suggestion', async () => {
    const { status, error } = await ada.supabase.from('job').select('*')
    expect(status).toBe(404)
    expect(error).toEqual({
      code: 'PGRST205',
      message: "Could not find the table 'public.job' in the schema cache",
      details: null,
      hint: "Perhaps you meant the table 'public.jobs'",
    })
  })

  it('answers unknown columns with 400: 42703 in queries, PGRST204 in payloads', async () => {
    const query = await ada.supabase.from('jobs').select('title, salary')
    expect([query.status, query.error?.code, query.error?.message]).toEqual([
      400,
      '42703',
      'column jobs.salary does not exist',
    ])
    const payload = await ada.supabase.from(NOTES).insert({ user_id: ada.id, salary: 1 })
    expect([payload.status, payload.error?.code, payload.error?.message]).toEqual([
      400,
      'PGRST204',
      "Could not find the 'salary' column of 'tracker_notes' in the schema cache",
    ])
  })

  it('answers a bad filter, a bad body and an unknown relationship with 400', async () => {
    const filter = await ada.supabase.from('jobs').select('title').filter('title', 'equals', 'x')
    expect(filter.status).toBe(400)
    expect(filter.error).toEqual({
      code: 'PGRST100',
      message: '"failed to parse filter (equals.x)" (line 1, column 1)',
      details: 'unknown single value operator equals',
      hint: null,
    })

    const body = await rest(`/${NOTES}`, {
      method: 'POST',
      token: ada.accessToken,
      headers: { 'content-type': 'application/json' },
      body: '{"user_id":',
    })
    expect(body.status).toBe(400)
    expect(await body.json()).toEqual({
      code: 'PGRST102',
      message: 'Empty or invalid json',
      details: null,
      hint: null,
    })

    const embed = await ada.supabase.from('jobs').select('title, profiles(*)')
    expect([embed.status, embed.error?.code]).toEqual([400, 'PGRST200'])
  })

  it('refuses media types it cannot produce with 406 PGRST107', async () => {
    const response = await rest('/jobs', {
      token: ada.accessToken,
      headers: { accept: 'application/geo+json' },
    })
    expect(response.status).toBe(406)
    expect(await codeOf(response)).toBe('PGRST107')
  })

  it('answers a bad or expired token with 401 and WWW-Authenticate', async () => {
    const forged = await new SignJWT({ sub: ada.id, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not-the-secret-but-just-as-long-as-it'))
    const bad = await rest('/jobs', { token: forged })
    expect(bad.status).toBe(401)
    expect(bad.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="JWT cryptographic operation failed"',
    )
    expect(await codeOf(bad)).toBe('PGRST301')

    const expired = await new SignJWT({ sub: ada.id, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(testApp.jwtSecret))
    const late = await rest('/jobs', { token: expired })
    expect(late.status).toBe(401)
    expect(await late.json()).toEqual({
      code: 'PGRST303',
      message: 'JWT expired',
      details: null,
      hint: null,
    })
  })

  it('answers anonymous callers of a table they may not read with 401, signed-in ones with 403', async () => {
    const anonymous = await testApp.client().from('jobs').select('title')
    expect([anonymous.status, anonymous.error?.code]).toEqual([401, '42501'])
    const signedIn = await ada.supabase.from('emails').select('id')
    expect([signedIn.status, signedIn.error?.code]).toEqual([403, '42501'])
  })

  it('answers an unknown path with 404 PGRST125', async () => {
    const response = await rest('/jobs/extra', { token: ada.accessToken })
    expect(response.status).toBe(404)
    expect(await codeOf(response)).toBe('PGRST125')
  })
})

describe('the forms the web app uses', () => {
  it("reads the signed-in user's profile and wizard by user id, PGRST116 when there is none", async () => {
    const profile = await ada.supabase.from('profiles').select('*').eq('user_id', ada.id).single()
    expect(profile.data).toMatchObject({
      user_id: ada.id,
      email: 'ada@example.com',
      onboarding_messages: [],
    })
    const wizard = await ada.supabase.from('wizard').select('*').eq('user_id', ada.id).single()
    expect(wizard.data).toMatchObject({ user_id: ada.id })
    // Someone else's profile is invisible: the client reads PGRST116 as "no profile".
    const other = await ada.supabase.from('profiles').select('*').eq('user_id', bob.id).single()
    expect(other.error?.code).toBe('PGRST116')
  })

  it('updates the profile and reads the latest professional profile', async () => {
    const updated = await ada.supabase
      .from('profiles')
      .update({ first_name: 'Ada', last_name: 'Lovelace' })
      .eq('user_id', ada.id)
      .select('first_name, last_name')
      .single()
    expect(updated.data).toEqual({ first_name: 'Ada', last_name: 'Lovelace' })

    const none = await ada.supabase
      .from('latest_professional_profiles')
      .select('*')
      .eq('user_id', ada.id)
      .maybeSingle()
    expect([none.data, none.error]).toEqual([null, null])
    await ada.supabase
      .from('professional_profiles')
      .insert([{ user_id: ada.id, file_name: 'old.pdf', resume_path: `${ada.id}/old.pdf` }])
    await ada.supabase
      .from('professional_profiles')
      .insert({ user_id: ada.id, file_name: 'new.pdf' })
    const latest = await ada.supabase
      .from('latest_professional_profiles')
      .select('file_name')
      .eq('user_id', ada.id)
      .maybeSingle()
    expect(latest.data).toEqual({ file_name: 'new.pdf' })
  })

  it('lists active interviews newest first and reads an application with its job by id', async () => {
    const interviews = await ada.supabase
      .from('active_interviews')
      .select('id, status, created_at')
      .eq('user_id', ada.id)
      .order('created_at', { ascending: false })
    expect(interviews.error).toBeNull()
    expect(interviews.data?.every((row) => row.status !== 'DELETED')).toBe(true)

    const application = await ada.supabase
      .from('job_applications_with_job')
      .select('*')
      .eq('id', adaBackendApplication)
      .eq('user_id', ada.id)
      .single()
    expect(application.data).toMatchObject({
      id: adaBackendApplication,
      job_title: 'Backend Engineer',
      job_company_name: 'Acme',
    })
  })
})
