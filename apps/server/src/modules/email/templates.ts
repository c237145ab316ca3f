/**
 * The emails the product sends, each rendered as a subject, plain text and HTML from its data.
 * The data is stored with the outbox row, so a message can be re-rendered and tests can read its
 * link.
 *
 * Every message has the same shape: a heading, a sentence or two, one clear action (a button,
 * with the link also written out for clients that hide buttons), the 6-digit code where there
 * is one, when it all expires, and why the reader may ignore it. The HTML is a table layout with
 * inline styles only, which is what email clients render reliably; colours are the design
 * tokens' indigo and greys, with text contrast of at least 4.5:1.
 */
import { html, type SafeHtml } from './html.ts'

/** How long a link or code stays valid when the data does not say: GoTrue's email default. */
export const DEFAULT_EXPIRY_MINUTES = 24 * 60

type Expiry = {
  /** Lifetime of the link and code, stated in the message (default 24 hours). */
  expiresInMinutes?: number
}

export type EmailTemplates = {
  /** Confirm the address of a new account. */
  confirmation: { link: string; code: string } & Expiry
  /** Sign in without a password (also carries the 6-digit code). */
  magic_link: { link: string; code: string } & Expiry
  /** Choose a new password. */
  recovery: { link: string; code: string } & Expiry
  /** Confirm a new address for an existing account. */
  email_change: { link: string; code: string; newEmail: string } & Expiry
  /** A code to confirm a sensitive change. */
  reauthentication: { code: string } & Expiry
  /** Upload a resume from a computer (issue 4). */
  resume_upload_link: { link: string } & Expiry
  /** The new jobs matching a saved job alert (issue 6), the newest ten of them listed. */
  job_alert_digest: {
    alertName: string
    jobs: JobAlertDigestJob[]
    /** How many new jobs matched in all (more than listed beyond ten). */
    totalNew: number
    /** The app's jobs page. */
    searchLink: string
  }
  /** An APPLIED application without news for N days (issue 14): time to follow up. */
  follow_up_reminder: {
    jobTitle: string
    company: string | null
    /** Days since the application's last event. */
    daysQuiet: number
    /** The application's page in the app. */
    link: string
  }
  /** A seeker invites a friend (issue 18, ADR 0029): their code and share link `/r/{code}`. */
  referral_invitation: {
    /** The inviter's first name, when their profile has one. */
    inviterName: string | null
    code: string
    rewardCredits: number
    link: string
  }
}

/** One job of a job-alert digest, its lines ready to print. */
export type JobAlertDigestJob = {
  title: string
  /** "Acme · Berlin, Germany · up to €80k". */
  detail: string
  /** The job in the app. */
  link: string
}

export type EmailTemplateName = keyof EmailTemplates

export type RenderedEmail = { subject: string; text: string; html: string }

export const PRODUCT_NAME = 'Job Search Assistant'

/** What a message says; `render` lays it out twice, as text and as HTML. */
type Message = {
  subject: string
  heading: string
  paragraphs: string[]
  /** A list of links under the paragraphs (a digest's jobs). */
  items?: Array<{ title: string; detail: string; link: string }>
  action?: { label: string; link: string }
  code?: { label: string; value: string }
  /** When the link or code stops working (a digest has nothing that expires). */
  expiry?: string
  /** Why the reader may ignore this message, or what to keep in mind. */
  footnote: string
}

export function describeDuration(minutes: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`
  if (minutes >= 60 && minutes % 60 === 0) {
    return plural(minutes / 60, 'hour')
  }
  return plural(minutes, 'minute')
}

/** `expiresIn(data, 'The link expires')` → "The link expires in 24 hours." */
function expiresIn(data: Expiry, sentence: string): string {
  return `${sentence} in ${describeDuration(data.expiresInMinutes ?? DEFAULT_EXPIRY_MINUTES)}.`
}

function renderText(message: Message): string {
  return [
    message.heading,
    ...message.paragraphs,
    ...(message.items ?? []).map((item) => `${item.title}\n${item.detail}\n${item.link}`),
    message.action ? `${message.action.label}:\n${message.action.link}` : null,
    message.code ? `${message.code.label} ${message.code.value}` : null,
    message.expiry ?? null,
    message.footnote,
    `-- \n${PRODUCT_NAME}`,
  ]
    .filter((part) => part !== null)
    .join('\n\n')
    .concat('\n')
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
const MONO = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace"
const COLOR = {
  page: '#f4f5f7',
  card: '#ffffff',
  border: '#e5e7eb',
  heading: '#111827',
  text: '#1f2937',
  muted: '#4b5563',
  primary: '#4f46e5',
  onPrimary: '#ffffff',
}

function button(action: { label: string; link: string }): SafeHtml {
  // The table cell carries the colour, so the button shows even where a client drops link padding.
  return html`<table
    role="presentation"
    cellpadding="0"
    cellspacing="0"
    border="0"
    style="margin: 8px 0 24px;"
  >
    <tr>
      <td style="border-radius: 8px; background-color: ${COLOR.primary};">
        <a
          href="${action.link}"
          target="_blank"
          style="display: inline-block; padding: 12px 24px; font-family: ${FONT}; font-size: 16px; line-height: 24px; font-weight: 600; color: ${COLOR.onPrimary}; text-decoration: none; border-radius: 8px;"
          >${action.label}</a
        >
      </td>
    </tr>
  </table>`
}

function codeBlock(code: { label: string; value: string }): SafeHtml {
  return html`<p style="margin: 0 0 8px;">${code.label}</p>
    <p
      style="margin: 0 0 24px; padding: 12px 16px 12px 24px; background-color: ${COLOR.page}; border-radius: 8px; text-align: center; font-family: ${MONO}; font-size: 32px; line-height: 40px; font-weight: 700; letter-spacing: 8px; color: ${COLOR.heading};"
    >
      ${code.value}
    </p>`
}

/** One linked entry of a list (a digest's job): its title as the link, a muted line below. */
function listItem(item: { title: string; detail: string; link: string }): SafeHtml {
  return html`<p style="margin: 0 0 16px;">
    <a
      href="${item.link}"
      target="_blank"
      style="font-weight: 600; color: ${COLOR.primary}; text-decoration: none;"
      >${item.title}</a
    ><br />
    <span style="font-size: 14px; line-height: 20px; color: ${COLOR.muted};">${item.detail}</span>
  </p>`
}

function renderHtml(message: Message): string {
  const paragraph = (text: string) => html`<p style="margin: 0 0 16px;">${text}</p>`
  const small = `margin: 0 0 16px; font-size: 14px; line-height: 20px; color: ${COLOR.muted};`
  const body = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>${message.subject}</title>
      </head>
      <body style="margin: 0; padding: 0; background-color: ${COLOR.page};">
        <div style="display: none; max-height: 0; overflow: hidden;">${message.paragraphs[0]}</div>
        <table
          role="presentation"
          width="100%"
          cellpadding="0"
          cellspacing="0"
          border="0"
          style="background-color: ${COLOR.page};"
        >
          <tr>
            <td align="center" style="padding: 32px 16px;">
              <table
                role="presentation"
                width="100%"
                cellpadding="0"
                cellspacing="0"
                border="0"
                style="max-width: 560px; background-color: ${COLOR.card}; border: 1px solid ${COLOR.border}; border-radius: 12px;"
              >
                <tr>
                  <td
                    style="padding: 28px 32px 0; font-family: ${FONT}; font-size: 14px; line-height: 20px; font-weight: 700; color: ${COLOR.primary};"
                  >
                    ${PRODUCT_NAME}
                  </td>
                </tr>
                <tr>
                  <td
                    style="padding: 16px 32px 8px; font-family: ${FONT}; font-size: 16px; line-height: 24px; color: ${COLOR.text};"
                  >
                    <h1
                      style="margin: 0 0 16px; font-size: 22px; line-height: 30px; font-weight: 700; color: ${COLOR.heading};"
                    >
                      ${message.heading}
                    </h1>
                    ${message.paragraphs.map(paragraph)} ${message.items?.map(listItem)}
                    ${message.action && button(message.action)}
                    ${message.code && codeBlock(message.code)}
                    ${message.expiry && html`<p style="${small}">${message.expiry}</p>`}
                    ${
                      message.action &&
                      html`<p style="${small}">
                        If the button doesn't work, copy this link into your browser:<br />
                        <a
                          href="${message.action.link}"
                          target="_blank"
                          style="color: ${COLOR.primary}; word-break: break-all;"
                          >${message.action.link}</a
                        >
                      </p>`
                    }
                  </td>
                </tr>
                <tr>
                  <td
                    style="padding: 16px 32px 24px; border-top: 1px solid ${COLOR.border}; font-family: ${FONT}; font-size: 13px; line-height: 20px; color: ${COLOR.muted};"
                  >
                    ${message.footnote}<br />
                    ${PRODUCT_NAME}
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html> `
  return body.value
}

const CODE_LABEL = 'Or enter this code in the app:'
const LINK_AND_CODE_EXPIRE = 'The link and the code work once and expire'

const messages: { [Name in EmailTemplateName]: (data: EmailTemplates[Name]) => Message } = {
  confirmation: (data) => ({
    subject: `Confirm your email for ${PRODUCT_NAME}`,
    heading: 'Confirm your email address',
    paragraphs: [
      `Welcome to ${PRODUCT_NAME}! Confirm that this is your email address to finish creating your account.`,
    ],
    action: { label: 'Confirm email address', link: data.link },
    code: { label: CODE_LABEL, value: data.code },
    expiry: expiresIn(data, LINK_AND_CODE_EXPIRE),
    footnote: "If you didn't create an account, you can safely ignore this email.",
  }),
  magic_link: (data) => ({
    subject: `Your sign-in link for ${PRODUCT_NAME}`,
    heading: `Sign in to ${PRODUCT_NAME}`,
    paragraphs: ['Use the button below to sign in. No password needed.'],
    action: { label: 'Sign in', link: data.link },
    code: { label: CODE_LABEL, value: data.code },
    expiry: expiresIn(data, LINK_AND_CODE_EXPIRE),
    footnote: "If you didn't try to sign in, you can ignore this email: your account stays safe.",
  }),
  recovery: (data) => ({
    subject: `Reset your ${PRODUCT_NAME} password`,
    heading: 'Reset your password',
    paragraphs: [
      'We received a request to reset the password of your account. Choose a new one with the button below.',
    ],
    action: { label: 'Choose a new password', link: data.link },
    code: { label: CODE_LABEL, value: data.code },
    expiry: expiresIn(data, LINK_AND_CODE_EXPIRE),
    footnote: "If you didn't ask to reset your password, ignore this email: it stays the same.",
  }),
  email_change: (data) => ({
    subject: `Confirm your new email for ${PRODUCT_NAME}`,
    heading: 'Confirm your new email address',
    paragraphs: [
      `You asked to change the email address of your ${PRODUCT_NAME} account to ${data.newEmail}. Confirm the change with the button below.`,
    ],
    action: { label: 'Confirm the change', link: data.link },
    code: { label: CODE_LABEL, value: data.code },
    expiry: expiresIn(data, LINK_AND_CODE_EXPIRE),
    footnote: "If you didn't ask for this change, ignore this email: your address stays the same.",
  }),
  reauthentication: (data) => ({
    subject: `Your ${PRODUCT_NAME} confirmation code`,
    heading: "Confirm it's you",
    paragraphs: ['Enter this code in the app to confirm the change to your account.'],
    code: { label: 'Your confirmation code:', value: data.code },
    expiry: expiresIn(data, 'The code works once and expires'),
    footnote:
      "If you didn't ask for this code, someone may be using your account: change your password.",
  }),
  resume_upload_link: (data) => ({
    subject: `Upload your resume to ${PRODUCT_NAME}`,
    heading: 'Upload your resume from your computer',
    paragraphs: ['Open this link on your computer to upload your resume as a PDF.'],
    action: { label: 'Upload your resume', link: data.link },
    expiry: expiresIn(data, 'The link expires'),
    footnote:
      'The link lets whoever opens it upload to your account, so keep this email to yourself.',
  }),
  job_alert_digest: (data) => {
    const jobs = data.totalNew === 1 ? '1 new job' : `${data.totalNew} new jobs`
    return {
      subject: `${jobs} for your alert “${data.alertName}”`,
      heading: `${jobs} for “${data.alertName}”`,
      paragraphs: [
        data.totalNew > data.jobs.length
          ? `Here are the newest ${data.jobs.length} of the jobs that matched your alert since the last digest.`
          : 'These jobs matched your alert since the last digest.',
      ],
      items: data.jobs,
      action: { label: 'See all matching jobs', link: data.searchLink },
      footnote:
        'You get at most one digest a day, none on days without new jobs. To stop them, delete the alert in the app.',
    }
  },
  follow_up_reminder: (data) => {
    const job = data.company ? `${data.jobTitle} at ${data.company}` : data.jobTitle
    return {
      subject: `Time to follow up: ${job}`,
      heading: 'Time to follow up on your application',
      paragraphs: [
        `You applied for ${job} and have heard nothing for ${data.daysQuiet} days.`,
        'A short, friendly note to the recruiter or hiring manager often gets things moving: ask where the process stands and repeat in a sentence why you fit the role. If you have heard back, record it on the application so the tracker stays right.',
      ],
      action: { label: 'Open the application', link: data.link },
      footnote:
        'You get at most one reminder per application in each quiet period. Change how many days to wait, or turn reminders off, on the Applications page.',
    }
  },
  referral_invitation: (data) => {
    const inviter = data.inviterName ?? 'A friend'
    return {
      subject: `${inviter} invited you to ${PRODUCT_NAME}`,
      heading: `${inviter} invited you to ${PRODUCT_NAME}`,
      paragraphs: [
        `${PRODUCT_NAME} finds jobs that fit you, prepares your applications and helps you practise interviews.`,
        `Create your account with the link below, confirm your email and finish setting up: you and ${data.inviterName ?? 'your friend'} each get ${data.rewardCredits} free credits.`,
      ],
      action: { label: 'Accept the invitation', link: data.link },
      code: { label: 'Or enter this referral code when you sign up:', value: data.code },
      footnote:
        "You got this email because someone you know entered your address. We won't email you again about it; if you don't want an account, ignore it.",
    }
  },
}

export function renderEmail<Name extends EmailTemplateName>(
  template: Name,
  data: EmailTemplates[Name],
): RenderedEmail {
  const message = messages[template](data)
  return { subject: message.subject, text: renderText(message), html: renderHtml(message) }
}
