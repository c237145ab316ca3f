import { Writable } from 'node:stream'
import {
  CalendarFeedResponseSchema,
  CalendarInterviewsResponseSchema,
  CreateApplicationResponseSchema,
} from '@app/contracts'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { api, type SignedIn, signUp } from '../../../test/job-search-fixture.ts'

/**
 * The interview calendar (issue 14): an `.ics` per scheduled interview (parsed back: the start in
 * UTC for a Berlin date in summer and in winter, summary, location, UID), owner only; the private
 * feed created, rotated (the old URL 404 at once) and revoked, listing the user's interviews and
 * nobody else's, with caching headers, and its token never in the server's log lines.
 */
let testApp: TestApp
const logLines: string[] = []

beforeAll(async () => {
  testApp = await startTestApp({
    logDestination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'))
        done()
      },
    }),
  })
})

afterAll(async () => {
  await testApp.close()
})

let accounts = 0
type User = SignedIn & { client: SupabaseClient }
async function newUser(): Promise<User> {
  const email = `calendar-${(accounts += 1)}@example.com`
  const user = await signUp(testApp.baseUrl, email)
  const client = testApp.client()
  const { error } = await client.auth.signInWithPassword({ email, password: 'job-search-password' })
  if (error) throw error
  return { ...user, client }
}

async function application(user: User, title: string, company: string): Promise<string> {
  const answer = await api(testApp.baseUrl, user, 'job-applications', {
    method: 'POST',
    body: { title, company },
  })
  expect(answer.status).toBe(201)
  return CreateApplicationResponseSchema.parse(answer.body).application.id
}

/** Records an interview_scheduled event as the web app does (supabase-js, the user's rows). */
async function schedule(user: User, applicationId: string, payload: Record<string, unknown>) {
  const { data, error } = await user.client
    .from('job_application_events')
    .insert({
      job_application_id: applicationId,
      user_id: user.id,
      type: 'interview_scheduled',
      payload,
    })
    .select('id')
    .single()
  if (error) throw error
  return z.object({ id: z.uuid() }).parse(data).id
}

/** An iCalendar text's components: each VEVENT's properties (lines unfolded, values unescaped). */
function parseIcs(text: string) {
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
  const events: Record<string, string>[] = []
  let current: Record<string, string> | null = null
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {}
    else if (line === 'END:VEVENT') {
      events.push(current!)
      current = null
    } else if (current) {
      const colon = line.indexOf(':')
      // The property's name without its parameters (URL;VALUE=URI:…).
      const name = line.slice(0, colon).split(';')[0]!
      current[name] = line
        .slice(colon + 1)
        .replace(/\\n/gi, '\n')
        .replace(/\\([,;\\])/g, '$1')
    }
  }
  return { lines, events }
}

const nextYear = new Date().getUTCFullYear() + 1

async function getIcs(user: User | null, path: string) {
  const response = await fetch(`${testApp.baseUrl}/api/${path}`, {
    headers: user ? { authorization: `Bearer ${user.accessToken}` } : {},
  })
  return { response, text: await response.text() }
}

describe('an interview as an .ics file', () => {
  it('starts at the right instant in summer and in winter, with summary, location and UID', async () => {
    const ada = await newUser()
    const applicationId = await application(ada, 'Data Engineer', 'Brightwater Analytics')
    const summer = await schedule(ada, applicationId, {
      date: `${nextYear}-07-15`,
      time: '10:00',
      timeZone: 'Europe/Berlin',
      location: 'Torstraße 1, Berlin',
      people: ['Mara Lindqvist', 'Jonas Feld'],
    })
    const winter = await schedule(ada, applicationId, {
      date: `${nextYear}-01-20`,
      time: '10:00',
      timeZone: 'Europe/Berlin',
      videoUrl: 'https://meet.example.test/abc-defg',
    })

    const { response, text } = await getIcs(
      ada,
      `job-applications/${applicationId}/interviews/${summer}.ics`,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=/)
    const { lines, events } = parseIcs(text)
    expect(lines.at(-1)).toBe('END:VCALENDAR')
    expect(events).toHaveLength(1)
    const event = events[0]!
    // CEST (UTC+2): 10:00 in Berlin is 08:00 UTC.
    expect(event.DTSTART).toBe(`${nextYear}0715T080000Z`)
    expect(event.DTEND).toBe(`${nextYear}0715T090000Z`)
    expect(event.SUMMARY).toBe('Interview: Data Engineer at Brightwater Analytics')
    expect(event.LOCATION).toBe('Torstraße 1, Berlin')
    expect(event.UID).toBe(`${summer}@${new URL(testApp.baseUrl).host}`)
    expect(event.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/)
    expect(event.DESCRIPTION).toContain('With: Mara Lindqvist, Jonas Feld')
    expect(event.DESCRIPTION).toContain(`${testApp.baseUrl}/applications/${applicationId}`)

    const winterIcs = await getIcs(
      ada,
      `job-applications/${applicationId}/interviews/${winter}.ics`,
    )
    const winterEvent = parseIcs(winterIcs.text).events[0]!
    // CET (UTC+1): 10:00 in Berlin is 09:00 UTC.
    expect(winterEvent.DTSTART).toBe(`${nextYear}0120T090000Z`)
    expect(winterEvent.LOCATION).toBe('https://meet.example.test/abc-defg')
    expect(winterEvent.URL).toBe('https://meet.example.test/abc-defg')
  })

  it('is the owner’s only: anyone else gets 404, no sign-in 401, bad ids 400', async () => {
    const ada = await newUser()
    const eve = await newUser()
    const applicationId = await application(ada, 'Analyst', 'Northwind Freight')
    const eventId = await schedule(ada, applicationId, {
      date: `${nextYear}-03-03`,
      time: '09:30',
      timeZone: 'America/New_York',
    })
    const path = `job-applications/${applicationId}/interviews/${eventId}.ics`
    const theirs = await getIcs(eve, path)
    expect(theirs.response.status).toBe(404)
    expect(JSON.parse(theirs.text)).toMatchObject({ code: 'interview_not_found' })
    expect((await getIcs(null, path)).response.status).toBe(401)
    const bad = await getIcs(ada, `job-applications/nope/interviews/${eventId}.ics`)
    expect(bad.response.status).toBe(400)
    // A note is not an interview.
    const { data } = await ada.client
      .from('job_application_events')
      .insert({
        job_application_id: applicationId,
        user_id: ada.id,
        type: 'note',
        payload: { text: 'hi' },
      })
      .select('id')
      .single()
    const note = await getIcs(
      ada,
      `job-applications/${applicationId}/interviews/${z.object({ id: z.uuid() }).parse(data).id}.ics`,
    )
    expect(note.response.status).toBe(404)
    // Mine: 09:30 in New York (EST, UTC-5) is 14:30 UTC.
    expect(parseIcs((await getIcs(ada, path)).text).events[0]!.DTSTART).toBe(
      `${nextYear}0303T143000Z`,
    )
  })
})

describe('the private feed', () => {
  async function feed(url: string) {
    const response = await fetch(url)
    return { response, text: await response.text() }
  }

  it('is created, rotated and revoked; lists the user’s interviews and nobody else’s', async () => {
    const ada = await newUser()
    const victor = await newUser()
    const adaApplication = await application(ada, 'Backend Developer', 'Kestrel Labs')
    const adaInterview = await schedule(ada, adaApplication, {
      date: `${nextYear}-05-04`,
      time: '14:00',
      timeZone: 'Europe/Paris',
    })
    const victorApplication = await application(victor, 'Designer', 'Secret Corp')
    const victorInterview = await schedule(victor, victorApplication, {
      date: `${nextYear}-05-05`,
      time: '11:00',
      timeZone: 'Europe/Paris',
    })
    // Long past: out of the feed (recent means the last 30 days).
    await schedule(ada, adaApplication, { date: '2020-01-10', time: '10:00', timeZone: 'UTC' })

    expect((await api(testApp.baseUrl, ada, 'calendar/feed')).body).toEqual({
      active: false,
      url: null,
      createdAt: null,
    })
    const created = await api(testApp.baseUrl, ada, 'calendar/feed', { method: 'POST' })
    expect(created.status).toBe(201)
    const first = CalendarFeedResponseSchema.parse(created.body)
    expect(first.url).toMatch(new RegExp(`^${testApp.baseUrl}/calendar/[A-Za-z0-9_-]{43}\\.ics$`))
    // Asked again: the feed exists; its URL is not kept, so it is not shown again.
    const again = await api(testApp.baseUrl, ada, 'calendar/feed', { method: 'POST' })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ active: true, url: null })
    // The token is stored only as its digest.
    const token = /calendar\/(.+)\.ics$/.exec(first.url!)![1]!
    const stored = await testApp.database.pool.query<{ token_hash: string }>(
      'select token_hash from public.calendar_feeds where user_id = $1',
      [ada.id],
    )
    expect(stored.rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored.rows[0]!.token_hash).not.toContain(token)

    const answer = await feed(first.url!)
    expect(answer.response.status).toBe(200)
    expect(answer.response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(answer.response.headers.get('cache-control')).toBe('private, max-age=900')
    const { events } = parseIcs(answer.text)
    expect(events.map((event) => event.UID)).toEqual([
      `${adaInterview}@${new URL(testApp.baseUrl).host}`,
    ])
    expect(events[0]!.DTSTART).toBe(`${nextYear}0504T120000Z`)
    expect(answer.text).not.toContain(victorInterview)
    expect(answer.text).not.toContain('Secret Corp')

    const rotated = await api(testApp.baseUrl, ada, 'calendar/feed/rotate', { method: 'POST' })
    expect(rotated.status).toBe(201)
    const second = CalendarFeedResponseSchema.parse(rotated.body)
    expect(second.url).not.toBe(first.url)
    const old = await feed(first.url!)
    expect(old.response.status).toBe(404)
    expect(JSON.parse(old.text)).toMatchObject({ code: 'calendar_feed_not_found' })
    expect((await feed(second.url!)).response.status).toBe(200)

    const revoked = await api(testApp.baseUrl, ada, 'calendar/feed', { method: 'DELETE' })
    expect(revoked.status).toBe(204)
    expect((await feed(second.url!)).response.status).toBe(404)
    expect((await api(testApp.baseUrl, ada, 'calendar/feed')).body).toMatchObject({
      active: false,
    })
    // Unknown and malformed tokens alike.
    expect((await feed(`${testApp.baseUrl}/calendar/${'a'.repeat(43)}.ics`)).response.status).toBe(
      404,
    )
    expect((await feed(`${testApp.baseUrl}/calendar/whatever`)).response.status).toBe(404)
    // Only signed-in users manage feeds.
    expect((await api(testApp.baseUrl, null, 'calendar/feed', { method: 'POST' })).status).toBe(401)

    // The tokens never reach the log lines; the feed's requests are logged, redacted.
    const log = logLines.join('')
    expect(log).toContain('"path":"/calendar/[redacted]"')
    expect(log).not.toContain(token)
    expect(log).not.toContain(/calendar\/(.+)\.ics$/.exec(second.url!)![1]!)
  })

  it('marks interviews of withdrawn applications cancelled; the list shows them too', async () => {
    const ada = await newUser()
    const applicationId = await application(ada, 'QA Lead', 'Harbor Systems')
    const eventId = await schedule(ada, applicationId, {
      date: `${nextYear}-09-01`,
      time: '16:15',
      timeZone: 'Europe/Madrid',
      people: ['Lucía Ortega'],
    })
    const listed = CalendarInterviewsResponseSchema.parse(
      (await api(testApp.baseUrl, ada, 'calendar/interviews')).body,
    ).interviews
    expect(listed).toEqual([
      expect.objectContaining({
        eventId,
        jobApplicationId: applicationId,
        title: 'QA Lead',
        company: 'Harbor Systems',
        startsAt: `${nextYear}-09-01T14:15:00.000Z`,
        people: ['Lucía Ortega'],
        cancelled: false,
        icsPath: `/job-applications/${applicationId}/interviews/${eventId}.ics`,
      }),
    ])
    await ada.client
      .from('job_application_events')
      .insert({ job_application_id: applicationId, user_id: ada.id, type: 'withdrawn' })
      .throwOnError()
    const created = CalendarFeedResponseSchema.parse(
      (await api(testApp.baseUrl, ada, 'calendar/feed', { method: 'POST' })).body,
    )
    const { events } = parseIcs(await (await fetch(created.url!)).text())
    expect(events[0]!.STATUS).toBe('CANCELLED')
  })
})
