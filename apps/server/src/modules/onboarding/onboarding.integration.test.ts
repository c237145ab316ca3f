import { OnboardingMessagesResponseSchema } from '@app/contracts'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'

/**
 * GET /api/onboarding/messages and POST /api/onboarding/messages/:id/read against the real app:
 * guests answer the wizard through supabase-js as the web app does; completion times are moved
 * into the past in the database to see later messages delivered.
 */
type Guest = { id: string; accessToken: string; supabase: SupabaseClient }

const DAY_MS = 24 * 60 * 60 * 1000

const ANSWERS = {
  job_timeline: 'WITHIN_3_MONTHS',
  interviews_per_week: 1,
  interviews_achievable: 2,
  job_blocker: 'INTERVIEW_NERVES',
  job_accomplishment: 'Shipped the new onboarding in six weeks.',
  user_goal: 'BETTER_FIT',
}

describe('onboarding messages', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await startTestApp()
  })

  afterAll(async () => {
    await testApp.close()
  })

  async function signInAsGuest(): Promise<Guest> {
    const supabase = testApp.client()
    const { data, error } = await supabase.auth.signInAnonymously()
    expect(error).toBeNull()
    return { id: data.user?.id ?? '', accessToken: data.session?.access_token ?? '', supabase }
  }

  /** Answers the wizard and completes it, as the wizard's last steps do. */
  async function completeWizard(guest: Guest, answers: object = ANSWERS): Promise<void> {
    const { error } = await guest.supabase
      .from('wizard')
      .update({ ...answers, current_step: 'success', completed_at: new Date().toISOString() })
      .eq('user_id', guest.id)
    expect(error).toBeNull()
  }

  async function completedDaysAgo(guest: Guest, days: number): Promise<Date> {
    const { rows } = await testApp.database.pool.query<{ completed_at: Date }>(
      `update public.wizard set completed_at = now() - make_interval(secs => $2)
       where user_id = $1 returning completed_at`,
      [guest.id, (days * DAY_MS) / 1000],
    )
    return rows[0]!.completed_at
  }

  function request(path: string, accessToken?: string, method = 'GET') {
    return fetch(`${testApp.baseUrl}/api/onboarding/${path}`, {
      method,
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    })
  }

  async function getMessages(guest: Guest) {
    const response = await request('messages', guest.accessToken)
    expect(response.status).toBe(200)
    return OnboardingMessagesResponseSchema.parse(await response.json())
  }

  const storedMessages = async (userId: string) =>
    (
      await testApp.database.pool.query<{ onboarding_messages: { id: string }[] }>(
        'select onboarding_messages from public.profiles where user_id = $1',
        [userId],
      )
    ).rows[0]?.onboarding_messages

  it('answers 401 not_authenticated without a valid bearer token', async () => {
    for (const token of [undefined, 'not-a-jwt']) {
      const response = await request('messages', token)
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ code: 'not_authenticated' })
    }
    const read = await request('messages/plan/read', undefined, 'POST')
    expect(read.status).toBe(401)
  })

  it('has no messages before the wizard is completed, and stores none', async () => {
    const guest = await signInAsGuest()
    const { error } = await guest.supabase.from('wizard').update(ANSWERS).eq('user_id', guest.id)
    expect(error).toBeNull()

    expect(await getMessages(guest)).toEqual({ messages: [], nextDeliverAt: null })
    expect(await storedMessages(guest.id)).toEqual([])
  })

  it('makes the messages on the first read after completion and delivers the first at once', async () => {
    const guest = await signInAsGuest()
    await completeWizard(guest)
    const completedAt = await completedDaysAgo(guest, 0)

    const { messages, nextDeliverAt } = await getMessages(guest)
    expect(messages).toEqual([
      {
        id: 'plan',
        title: 'Your plan: 2 interview invitations a week',
        body: expect.stringContaining('Apply to about 27 matched jobs a week') as string,
        deliverAt: completedAt.toISOString(),
        readAt: null,
      },
    ])
    expect(nextDeliverAt).toBe(new Date(completedAt.getTime() + DAY_MS).toISOString())
    expect((await storedMessages(guest.id))?.map((message) => message.id)).toEqual([
      'plan',
      'focus',
      'story',
      'goal',
      'follow-up',
      'weekly-review',
    ])
  })

  it('returns only the messages whose delivery time has come', async () => {
    const guest = await signInAsGuest()
    await completeWizard(guest)
    const completedAt = await completedDaysAgo(guest, 3.5)

    const { messages, nextDeliverAt } = await getMessages(guest)
    expect(messages.map((message) => message.id)).toEqual(['plan', 'focus', 'story', 'goal'])
    expect(messages[1]).toMatchObject({ title: 'Walk in calm' })
    expect(messages[2]?.body).toContain('Shipped the new onboarding in six weeks.')
    expect(nextDeliverAt).toBe(new Date(completedAt.getTime() + 5 * DAY_MS).toISOString())

    await completedDaysAgo(guest, 8)
    // Stored at the first read: moving the completion later does not move the messages.
    expect((await getMessages(guest)).messages).toHaveLength(4)
  })

  it('is deterministic and idempotent: concurrent first reads store one list, answers changed later keep it', async () => {
    const guest = await signInAsGuest()
    await completeWizard(guest)
    await completedDaysAgo(guest, 10)

    const reads = await Promise.all([getMessages(guest), getMessages(guest), getMessages(guest)])
    expect(reads[1]).toEqual(reads[0])
    expect(reads[2]).toEqual(reads[0])
    expect(reads[0]?.messages).toHaveLength(6)
    expect(reads[0]?.nextDeliverAt).toBeNull()
    const stored = await storedMessages(guest.id)

    await guest.supabase.from('wizard').update({ user_goal: 'FIRST_JOB' }).eq('user_id', guest.id)
    expect(await getMessages(guest)).toEqual(reads[0])
    expect(await storedMessages(guest.id)).toEqual(stored)
  })

  it('makes the same messages for the same answers and completion time', async () => {
    const [first, second] = [await signInAsGuest(), await signInAsGuest()]
    await completeWizard(first)
    await completeWizard(second)
    await testApp.database.pool.query(
      `update public.wizard set completed_at = '2026-01-05T08:00:00Z' where user_id = any($1)`,
      [[first.id, second.id]],
    )
    expect(await getMessages(first)).toEqual(await getMessages(second))
  })

  it('welcomes without a plan when the wizard was completed with the plan answers missing', async () => {
    const guest = await signInAsGuest()
    await completeWizard(guest, {})
    expect((await getMessages(guest)).messages).toMatchObject([{ id: 'welcome' }])
  })

  it('marks a delivered message read once; unknown and undelivered ids are not_found', async () => {
    const guest = await signInAsGuest()
    await completeWizard(guest)
    await completedDaysAgo(guest, 1.5)

    const first = await request('messages/focus/read', guest.accessToken, 'POST')
    expect(first.status).toBe(200)
    const read = (await first.json()) as { id: string; readAt: string }
    expect(read).toMatchObject({ id: 'focus', title: 'Walk in calm' })
    expect(Date.now() - Date.parse(read.readAt)).toBeLessThan(60_000)

    const again = await request('messages/focus/read', guest.accessToken, 'POST')
    expect(((await again.json()) as { readAt: string }).readAt).toBe(read.readAt)
    const { messages } = await getMessages(guest)
    expect(messages.map((message) => [message.id, message.readAt])).toEqual([
      ['plan', null],
      ['focus', read.readAt],
    ])

    for (const id of ['no-such-message', 'goal']) {
      const response = await request(`messages/${id}/read`, guest.accessToken, 'POST')
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({
        code: 'not_found',
        message: 'Onboarding message not found',
      })
    }
  })

  it("keeps each user's messages their own, and lets users read but not write them", async () => {
    const [owner, other] = [await signInAsGuest(), await signInAsGuest()]
    await completeWizard(owner)
    expect((await getMessages(owner)).messages).toHaveLength(1)
    expect(await getMessages(other)).toEqual({ messages: [], nextDeliverAt: null })

    const profile = await owner.supabase
      .from('profiles')
      .select('onboarding_messages')
      .eq('user_id', owner.id)
      .single()
    expect((profile.data?.onboarding_messages as unknown[]).length).toBe(6)
    const write = await owner.supabase
      .from('profiles')
      .update({ onboarding_messages: [] })
      .eq('user_id', owner.id)
    expect(write.error?.code).toBe('42501')
  })
})
