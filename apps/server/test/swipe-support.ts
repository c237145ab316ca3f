/**
 * Shared arrangements of the swipes tests: jobs in the catalogue, a signed-in guest, a swipe
 * sent over HTTP, and the rows a swipe leaves behind.
 */
import type pg from 'pg'

export type Guest = { id: string; accessToken: string }

export type SwipeAnswer = { status: number; body: Record<string, unknown> }

/** Open jobs in the catalogue; answers their ids. */
export async function insertJobs(db: pg.Pool, count: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.jobs (title, company_name, source, source_id)
     select 'Data engineer ' || n, 'Fictional Works', 'manual', gen_random_uuid()::text
     from generate_series(1, $1) as n
     returning id`,
    [count],
  )
  return rows.map((row) => row.id)
}

/** Signs in a new guest through the Auth service at `baseUrl` (a new user: 10 credits). */
export async function signInGuest(baseUrl: string): Promise<Guest> {
  const response = await fetch(`${baseUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: {} }),
  })
  const session = (await response.json()) as { access_token: string; user: { id: string } }
  if (!response.ok) {
    throw new Error(`guest sign-in failed: ${response.status} ${JSON.stringify(session)}`)
  }
  return { id: session.user.id, accessToken: session.access_token }
}

export async function postSwipe(
  baseUrl: string,
  accessToken: string | null,
  body: unknown,
  idempotencyKey?: string,
): Promise<SwipeAnswer> {
  const response = await fetch(`${baseUrl}/api/swipes`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** Everything of the user's that swipes and credits touch, counted in the database. */
export async function swipeTrail(db: pg.Pool, userId: string) {
  const { rows } = await db.query<{
    balance: number
    used: number
    ledger_sum: number
    spends: number
    swipes: number
    applications: number
  }>(
    `select b.balance, b.used_in_period as used,
            (select coalesce(sum(delta), 0)::int from public.credit_ledger where user_id = $1)
              as ledger_sum,
            (select count(*)::int from public.credit_ledger where user_id = $1 and kind = 'spend')
              as spends,
            (select count(*)::int from public.swipes where user_id = $1) as swipes,
            (select count(*)::int from public.job_applications where user_id = $1)
              as applications
     from public.credit_balances b where b.user_id = $1`,
    [userId],
  )
  return rows[0]
}
