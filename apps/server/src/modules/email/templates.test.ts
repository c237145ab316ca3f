import { describe, expect, it } from 'vitest'
import { escapeHtml } from './html.ts'
import { linksIn } from './message-links.ts'
import {
  describeDuration,
  type EmailTemplateName,
  type EmailTemplates,
  PRODUCT_NAME,
  renderEmail,
} from './templates.ts'

const LINK =
  'https://app.example.com/auth/v1/verify?token=abc123&type=signup&redirect_to=https%3A%2F%2Fapp.example.com%2F'

/** One example of every template's data. */
const EXAMPLES: { [Name in EmailTemplateName]: EmailTemplates[Name] } = {
  confirmation: { link: LINK, code: '123456' },
  magic_link: { link: LINK, code: '234567' },
  recovery: { link: LINK, code: '345678' },
  email_change: { link: LINK, code: '456789', newEmail: 'new@example.com' },
  reauthentication: { code: '567890' },
  resume_upload_link: { link: LINK },
  job_alert_digest: {
    alertName: 'Remote TypeScript',
    jobs: [
      {
        title: 'Frontend Engineer',
        detail: 'Acme · Remote',
        link: 'https://app.example.com/jobs/1',
      },
    ],
    totalNew: 1,
    searchLink: 'https://app.example.com/jobs',
  },
  follow_up_reminder: {
    jobTitle: 'Data Analyst',
    company: 'Acme',
    daysQuiet: 7,
    link: LINK,
  },
  referral_invitation: { inviterName: 'Ada', code: 'ABCD2345', rewardCredits: 20, link: LINK },
}
const TEMPLATES = Object.keys(EXAMPLES) as EmailTemplateName[]

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

describe('email templates', () => {
  it.each(TEMPLATES)(
    '%s has a subject, a plain text and an HTML document naming the product',
    (name) => {
      const email = renderEmail(name, EXAMPLES[name])
      expect(email.subject.length).toBeGreaterThan(10)
      expect(email.subject).not.toMatch(/[\r\n]/)
      expect(email.text).toContain(PRODUCT_NAME)
      expect(email.html).toMatch(/^<!doctype html>\s*<html lang="en">/)
      expect(email.html).toContain(`<title>${escapeHtml(email.subject)}</title>`)
      expect(email.html).toContain(PRODUCT_NAME)
    },
  )

  it.each(TEMPLATES.filter((name) => 'link' in EXAMPLES[name]))(
    '%s carries its link in the text, and as a button and a written-out link in the HTML',
    (name) => {
      const email = renderEmail(name, EXAMPLES[name])
      expect(email.text).toContain(`\n${LINK}\n`)
      const escaped = escapeHtml(LINK)
      expect(email.html.split(`href="${escaped}"`)).toHaveLength(3)
      expect(email.html).toMatch(new RegExp(`>\\s*${escapeRegExp(escaped)}\\s*</a`))
      expect(linksIn({ text: email.text, html: email.html })).toEqual([LINK])
    },
  )

  it.each(TEMPLATES.filter((name) => 'code' in EXAMPLES[name]))(
    '%s shows its 6-digit code on a line of its own in large type',
    (name) => {
      const data = EXAMPLES[name] as { code: string }
      const email = renderEmail(name, EXAMPLES[name])
      expect(email.text).toMatch(new RegExp(`: ${data.code}\\n`))
      expect(email.html).toMatch(new RegExp(`font-size: 32px;[^>]*>\\s*${data.code}\\s*</p>`))
    },
  )

  // A digest, a reminder and an invitation carry no link or code that expires.
  const NEVER_EXPIRE: EmailTemplateName[] = [
    'job_alert_digest',
    'follow_up_reminder',
    'referral_invitation',
  ]
  it.each(TEMPLATES.filter((name) => !NEVER_EXPIRE.includes(name)))(
    '%s says when it expires',
    (name) => {
      const email = renderEmail(name, EXAMPLES[name])
      expect(email.text).toMatch(/expires? in 24 hours\./)
      expect(email.html).toMatch(/expires? in 24 hours\./)
    },
  )

  it('states the lifetime it is given', () => {
    const email = renderEmail('magic_link', { link: LINK, code: '111111', expiresInMinutes: 60 })
    expect(email.text).toContain('expire in 1 hour.')
    expect(describeDuration(10)).toBe('10 minutes')
    expect(describeDuration(1)).toBe('1 minute')
    expect(describeDuration(90)).toBe('90 minutes')
    expect(describeDuration(48 * 60)).toBe('48 hours')
  })

  it('escapes every value it puts into HTML', () => {
    const hostile = '"><script>alert(1)</script>'
    const email = renderEmail('email_change', {
      link: `https://app.example.com/?next=${hostile}`,
      code: '<b>1</b>',
      newEmail: `x${hostile}@example.com`,
    })
    expect(email.html).not.toContain('<script>')
    expect(email.html).not.toContain('<b>1</b>')
    expect(email.html).toContain('x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;@example.com')
    expect(email.html).toContain('href="https://app.example.com/?next=&quot;&gt;&lt;script&gt;')
    // The plain text is not HTML: it keeps the values as they are.
    expect(email.text).toContain(`x${hostile}@example.com`)
  })

  it('follow_up_reminder names the job and how long it has been quiet', () => {
    const email = renderEmail('follow_up_reminder', EXAMPLES.follow_up_reminder)
    expect(email.subject).toBe('Time to follow up: Data Analyst at Acme')
    expect(email.text).toContain('heard nothing for 7 days')
    const withoutCompany = renderEmail('follow_up_reminder', {
      ...EXAMPLES.follow_up_reminder,
      company: null,
    })
    expect(withoutCompany.subject).toBe('Time to follow up: Data Analyst')
  })
})
