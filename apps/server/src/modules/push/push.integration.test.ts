import { PushMessageSchema, PushSettingsResponseSchema } from '@app/contracts'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startPushServiceStandIn,
  type PushServiceStandIn,
} from '../../../../../test/push-service.ts'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { api, insertCatalogue, type SignedIn, signUp } from '../../../test/job-search-fixture.ts'
import { sendFollowUpReminders } from '../applications/index.ts'
import { sendJobAlertDigests } from '../job-alerts/index.ts'
import {
  createPushNotifier,
  type PushDeps,
  pushSettingsFromConfig,
  sendInterviewTomorrowNotifications,
  sendPushNotification,
} from './index.ts'

/**
 * Web Push end to end on the server side (issue 19): devices register through the API, and the
 * job-alert digest, follow-up reminders and "interview tomorrow" reach them through a loopback
 * push service that checks the VAPID authorization and decrypts the payload as a browser would;
 * a kind turned off is never sent; a 410 removes the subscription.
 */
let testApp: TestApp
let pushService: PushServiceStandIn
let push: PushDeps
const logger = pino({ level: 'silent' })
const APP_URL = 'https://app.example.com'

beforeAll(async () => {
  pushService = await startPushServiceStandIn()
  testApp = await startTestApp({ env: { PUSH_SERVICE_HOSTS: '127.0.0.1' } })
  push = {
    db: testApp.database.pool,
    logger,
    now: () => new Date(),
    push: pushSettingsFromConfig(
      { DATA_DIR: testApp.dataDir, PUSH_SERVICE_HOSTS: '127.0.0.1' },
      APP_URL,
    ),
  }
})

afterAll(async () => {
  await testApp?.close()
  await pushService?.close()
})

let accounts = 0
const newUser = () => signUp(testApp.baseUrl, `push-${(accounts += 1)}@example.com`)

async function subscribe(user: SignedIn) {
  const subscription = pushService.subscribe()
  const answer = await api(testApp.baseUrl, user, 'push/subscriptions', {
    method: 'POST',
    body: { ...subscription, expirationTime: null },
  })
  expect(answer.status).toBe(204)
  return subscription
}

async function subscriptionsOf(userId: string) {
  const { rows } = await testApp.database.pool.query<{ endpoint: string }>(
    'select endpoint from public.push_subscriptions where user_id = $1',
    [userId],
  )
  return rows.map((row) => row.endpoint)
}

describe('the push API', () => {
  it('gives the install’s VAPID key, stores a device, and forgets it', async () => {
    const user = await newUser()
    const before = PushSettingsResponseSchema.parse((await api(testApp.baseUrl, user, 'push')).body)
    expect(before.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
    expect(before.devices).toBe(0)
    expect(before.preferences).toEqual({
      jobAlerts: true,
      followUpReminders: true,
      interviewTomorrow: true,
      analysisVideoReady: true,
    })
    const { endpoint } = await subscribe(user)
    expect((await api(testApp.baseUrl, user, 'push')).body).toMatchObject({
      devices: 1,
      vapidPublicKey: before.vapidPublicKey,
    })
    const removed = await api(testApp.baseUrl, user, 'push/subscriptions', {
      method: 'DELETE',
      body: { endpoint },
    })
    expect(removed.status).toBe(204)
    expect(await subscriptionsOf(user.id)).toEqual([])
    const again = await api(testApp.baseUrl, user, 'push/subscriptions', {
      method: 'DELETE',
      body: { endpoint },
    })
    expect(again).toMatchObject({ status: 404, body: { code: 'push_subscription_not_found' } })
  })

  it('refuses endpoints off the listed push services, and malformed subscriptions', async () => {
    const user = await newUser()
    const { keys } = pushService.subscribe()
    for (const endpoint of ['https://internal.example.com/push/1', 'http://10.0.0.1/x']) {
      const answer = await api(testApp.baseUrl, user, 'push/subscriptions', {
        method: 'POST',
        body: { endpoint, keys },
      })
      expect(answer).toMatchObject({ status: 422, body: { code: 'push_endpoint_not_allowed' } })
    }
    const malformed = await api(testApp.baseUrl, user, 'push/subscriptions', {
      method: 'POST',
      body: { endpoint: `${pushService.url}/push/x`, keys: { p256dh: 'short', auth: '' } },
    })
    expect(malformed).toMatchObject({ status: 400, body: { code: 'validation_failed' } })
    const unknownSwitch = await api(testApp.baseUrl, user, 'push/preferences', {
      method: 'PUT',
      body: { marketing: true },
    })
    expect(unknownSwitch).toMatchObject({ status: 400, body: { code: 'validation_failed' } })
    expect((await api(testApp.baseUrl, null, 'push')).status).toBe(401)
    expect(await subscriptionsOf(user.id)).toEqual([])
  })

  it('counts the review inbox and today’s interviews for the tab badges', async () => {
    const user = await newUser()
    const pool = testApp.database.pool
    for (const status of ['pending', 'dismissed']) {
      await pool.query(
        `insert into public.inbound_emails (user_id, message_id, to_address, raw_size,
           received_via, classified_type, confidence, review_status)
         values ($1, $2, 'inbox@inbound.localhost', 100, 'webhook', 'other', 0.5, $3)`,
        [user.id, `<${status}-${user.id}@example.test>`, status],
      )
    }
    await scheduleInterview(user.id, '2026-11-26', '15:00', 'UTC')
    await scheduleInterview(user.id, '2026-11-27', '15:00', 'UTC')
    const answer = await api(testApp.baseUrl, user, 'badges?today=2026-11-26')
    expect(answer).toEqual({ status: 200, body: { reviewInbox: 1, interviewsToday: 1 } })
    const bad = await api(testApp.baseUrl, user, 'badges?today=tomorrow')
    expect(bad).toMatchObject({ status: 400, body: { code: 'validation_failed' } })
  })
})

async function scheduleInterview(userId: string, date: string, time: string, timeZone: string) {
  const pool = testApp.database.pool
  const { rows } = await pool.query<{ id: string; event_id: string }>(
    `with application as (
       insert into public.job_applications (user_id, status, job_snapshot)
       values ($1, 'INTERVIEW', '{"title": "Data Engineer", "company": "Acme"}') returning id
     )
     insert into public.job_application_events (job_application_id, user_id, type, payload)
     select id, $1, 'interview_scheduled', $2 from application
     returning job_application_id as id, id as event_id`,
    [userId, JSON.stringify({ date, time, timeZone })],
  )
  return rows[0]!
}

describe('sending notifications', () => {
  it('sends the job-alert digest to the user’s device, signed and encrypted', async () => {
    const user = await newUser()
    const { endpoint } = await subscribe(user)
    const created = await api(testApp.baseUrl, user, 'job-alerts', {
      method: 'POST',
      body: { name: 'Berlin', filters: {}, q: 'Pushable' },
    })
    expect(created.status).toBe(201)
    await testApp.database.pool.query(
      `update public.job_alerts set created_at = now() - interval '1 day' where user_id = $1`,
      [user.id],
    )
    const ids = await insertCatalogue(testApp.database.pool, [
      { title: 'Pushable Platform Engineer', company: 'Acme', postedDaysAgo: 0 },
    ])
    const since = pushService.received.length
    const queued = await sendJobAlertDigests(testApp.database.pool, {
      appUrl: APP_URL,
      now: new Date(),
      logger,
      notify: createPushNotifier(push),
    })
    expect(queued).toBeGreaterThanOrEqual(1)
    const message = await pushService.next(since)
    expect(message.path).toBe(new URL(endpoint).pathname)
    const key = PushSettingsResponseSchema.parse((await api(testApp.baseUrl, user, 'push')).body)
    expect(message.vapid).toMatchObject({
      aud: pushService.url,
      sub: APP_URL,
      publicKey: key.vapidPublicKey,
    })
    expect(message.headers.ttl).toBe('86400')
    const pushed = PushMessageSchema.parse(JSON.parse(message.payload))
    expect(pushed).toMatchObject({
      kind: 'jobAlerts',
      title: 'New job for “Berlin”',
      body: 'Pushable Platform Engineer · Acme',
      url: `/jobs/${ids.get('Pushable Platform Engineer')}`,
    })
    expect(pushed.tag).toMatch(/^job-alert-/)
    // The email is still sent: push adds to it.
    const emails = await testApp.emailsTo(user.email!)
    expect(emails.map((email) => email.template)).toContain('job_alert_digest')
  })

  it('never sends a kind the user turned off', async () => {
    const user = await newUser()
    await subscribe(user)
    const turnedOff = await api(testApp.baseUrl, user, 'push/preferences', {
      method: 'PUT',
      body: { jobAlerts: false },
    })
    expect(turnedOff.body).toEqual({
      preferences: {
        jobAlerts: false,
        followUpReminders: true,
        interviewTomorrow: true,
        analysisVideoReady: true,
      },
    })
    const since = pushService.received.length
    const notification = {
      userId: user.id,
      kind: 'jobAlerts' as const,
      title: 'New job',
      body: 'x',
      url: '/jobs',
    }
    expect(await sendPushNotification(push, notification)).toMatchObject({
      sent: 0,
      skipped: 'turned off',
    })
    expect(
      await sendPushNotification(push, { ...notification, kind: 'followUpReminders' }),
    ).toMatchObject({ sent: 1 })
    expect(pushService.received.length).toBe(since + 1)
    expect(JSON.parse(pushService.received[since]!.payload)).toMatchObject({
      kind: 'followUpReminders',
    })
  })

  it('removes a subscription the push service says is gone (410, 404)', async () => {
    const user = await newUser()
    const gone = await subscribe(user)
    const missing = await subscribe(user)
    const kept = await subscribe(user)
    pushService.answer(new URL(gone.endpoint).pathname, 410)
    pushService.answer(new URL(missing.endpoint).pathname, 404)
    const outcome = await sendPushNotification(push, {
      userId: user.id,
      kind: 'analysisVideoReady',
      title: 'Your analysis video is ready',
      body: 'Watch it',
      url: '/resume',
    })
    expect(outcome).toMatchObject({ sent: 1, removed: 2, failed: 0 })
    expect(await subscriptionsOf(user.id)).toEqual([kept.endpoint])
  })

  it('tells of an interview the day before, from 09:00 where it happens, once', async () => {
    const user = await newUser()
    await subscribe(user)
    const { id: applicationId } = await scheduleInterview(
      user.id,
      '2026-12-02',
      '10:30',
      'Asia/Tokyo',
    )
    const at = (iso: string): PushDeps => ({ ...push, now: () => new Date(iso) })
    const since = pushService.received.length
    // 08:00 in Tokyo on the day before: too early.
    expect(await sendInterviewTomorrowNotifications(at('2026-11-30T23:00:00Z'))).toBe(0)
    // 10:00 in Tokyo on the day before.
    expect(await sendInterviewTomorrowNotifications(at('2026-12-01T01:00:00Z'))).toBe(1)
    expect(await sendInterviewTomorrowNotifications(at('2026-12-01T02:00:00Z'))).toBe(0)
    const message = PushMessageSchema.parse(JSON.parse(pushService.received[since]!.payload))
    expect(message).toMatchObject({
      kind: 'interviewTomorrow',
      title: 'Interview tomorrow',
      body: 'Data Engineer at Acme, 10:30',
      url: `/applications/${applicationId}`,
    })
    expect(pushService.received.length).toBe(since + 1)
  })

  it('sends a follow-up reminder with the email', async () => {
    const user = await newUser()
    await subscribe(user)
    const pool = testApp.database.pool
    const { rows } = await pool.query<{ id: string }>(
      `insert into public.job_applications (user_id, status, job_snapshot, created_at)
       values ($1, 'APPLIED', '{"title": "Analyst", "company": "Initech"}', now() - interval '20 days')
       returning id`,
      [user.id],
    )
    await pool.query(
      `insert into public.job_application_events (job_application_id, user_id, type, created_at)
       values ($1, $2, 'applied', now() - interval '20 days')`,
      [rows[0]!.id, user.id],
    )
    const since = pushService.received.length
    await sendFollowUpReminders(pool, {
      appUrl: APP_URL,
      now: new Date(),
      notify: createPushNotifier(push),
    })
    const message = PushMessageSchema.parse(JSON.parse((await pushService.next(since)).payload))
    expect(message).toMatchObject({
      kind: 'followUpReminders',
      url: `/applications/${rows[0]!.id}`,
    })
  })
})
