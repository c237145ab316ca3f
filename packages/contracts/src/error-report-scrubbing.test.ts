import { describe, expect, it } from 'vitest'
import {
  FILTERED,
  MAX_REPORTED_TEXT,
  scrubReport,
  scrubText,
  scrubUrl,
} from './error-report-scrubbing.ts'

const JWT =
  'eyJhbGciOiJFUzI1NiIsImtpZCI6ImsxIn0.eyJzdWIiOiIxMjMiLCJyb2xlIjoiYXV0aGVudGljYXRlZCJ9.c2lnbmF0dXJlLXBhcnQ'
const USER_ID = '0568fa1b-9127-4029-a458-b69155976f7e'

describe('scrubText', () => {
  it('masks emails, JWTs (whole or cut short), bearer tokens, secrets and one-time codes', () => {
    expect(scrubText(`mail ana.lee+jobs@example.co.uk now`)).toBe('mail [email] now')
    expect(scrubText(`token ${JWT}`)).toBe(`token ${FILTERED}`)
    expect(scrubText(`cut ${JWT.slice(0, 60)}`)).not.toContain('eyJ')
    expect(scrubText('Authorization: Bearer abc.def-ghi')).toBe(`Authorization: Bearer ${FILTERED}`)
    expect(scrubText('refresh_token=Zx81kQ&x=1')).toBe(`refresh_token=${FILTERED}&x=1`)
    expect(scrubText('{"password":"hunter22"}')).toBe(`{"password":"${FILTERED}"}`)
    expect(scrubText('your code is 493817.')).toBe(`your code is ${FILTERED}.`)
    expect(scrubText('opaque Ab3dEf6hIj9kLm2nOp5qRs8t here')).toBe(`opaque ${FILTERED} here`)
  })

  it('keeps what is no secret: ids, words, line numbers and times', () => {
    expect(scrubText(`user ${USER_ID}`)).toBe(`user ${USER_ID}`)
    expect(scrubText('relation "public.job_alerts_gone" does not exist')).toBe(
      'relation "public.job_alerts_gone" does not exist',
    )
    expect(scrubText('at app-abc.js:1:123456')).toBe('at app-abc.js:1:123456')
  })

  it('cuts long text: a resume or a body is never a message', () => {
    const resume = 'Experienced engineer. '.repeat(100)
    expect(scrubText(resume).length).toBe(MAX_REPORTED_TEXT + 1)
  })
})

describe('scrubUrl', () => {
  it('drops the hash and masks every query value', () => {
    expect(
      scrubUrl(`https://app.example.com/forgot-password#access_token=${JWT}&refresh_token=abc`),
    ).toBe('https://app.example.com/forgot-password')
    expect(scrubUrl('/storage/v1/object/sign/resumes/a.pdf?token=xyz&download=')).toBe(
      `/storage/v1/object/sign/resumes/a.pdf?token=${FILTERED}&download=${FILTERED}`,
    )
    expect(scrubUrl(`/upload/${USER_ID}`)).toBe(`/upload/${USER_ID}`)
  })
})

describe('scrubReport', () => {
  it('replaces secret-named values, scrubs strings and URLs, keeps the SDK ids', () => {
    const event = {
      event_id: 'c0ffee00c0ffee00c0ffee00c0ffee00',
      user: { id: USER_ID, email: 'a@example.com' },
      request: { url: 'https://app.example.com/sign-in?email=a@example.com', cookies: 's=1' },
      breadcrumbs: [
        { category: 'fetch', data: { url: '/auth/v1/token?grant_type=password', method: 'POST' } },
        { category: 'console', message: 'signed in as a@example.com' },
        { category: 'ui.input', data: { resume_text: 'My whole resume' } },
      ],
      contexts: { trace: { trace_id: 'abcdef0123456789abcdef0123456789' } },
    }
    const scrubbed = scrubReport(event)
    expect(scrubbed.event_id).toBe(event.event_id)
    expect(scrubbed.contexts.trace.trace_id).toBe(event.contexts.trace.trace_id)
    expect(scrubbed.user).toEqual({ id: USER_ID, email: FILTERED })
    expect(scrubbed.request).toEqual({
      url: `https://app.example.com/sign-in?email=${FILTERED}`,
      cookies: FILTERED,
    })
    expect(scrubbed.breadcrumbs[0]?.data).toEqual({
      url: `/auth/v1/token?grant_type=${FILTERED}`,
      method: 'POST',
    })
    expect(scrubbed.breadcrumbs[1]?.message).toBe('signed in as [email]')
    expect(scrubbed.breadcrumbs[2]?.data).toEqual({ resume_text: FILTERED })
    expect(JSON.stringify(scrubbed)).not.toContain('a@example.com')
  })
})
