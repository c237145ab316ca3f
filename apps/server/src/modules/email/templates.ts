/**
 * The emails the product sends, each rendered as plain text and HTML from its data. The data
 * is stored with the outbox row, so a message can be re-rendered and tests can read its link.
 */
export type EmailTemplates = {
  /** Confirm the address of a new account. */
  confirmation: { link: string; code: string }
  /** Sign in without a password (also carries the 6-digit code). */
  magic_link: { link: string; code: string }
  /** Choose a new password. */
  recovery: { link: string; code: string }
  /** Confirm a new address for an existing account. */
  email_change: { link: string; code: string; newEmail: string }
  /** A code to confirm a sensitive change. */
  reauthentication: { code: string }
  /** Upload a resume from a computer (issue 4). */
  resume_upload_link: { link: string }
}

export type EmailTemplateName = keyof EmailTemplates

export type RenderedEmail = { subject: string; text: string; html: string }

const PRODUCT = 'Job Search Assistant'

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

type Parts = {
  subject: string
  intro: string
  action?: { label: string; link: string }
  code?: string
  outro: string
}

function render(parts: Parts): RenderedEmail {
  const text = [
    parts.intro,
    parts.action ? `${parts.action.label}: ${parts.action.link}` : null,
    parts.code ? `Or enter this code: ${parts.code}` : null,
    parts.outro,
    `— ${PRODUCT}`,
  ]
    .filter(Boolean)
    .join('\n\n')
  const html = [
    `<p>${escapeHtml(parts.intro)}</p>`,
    parts.action
      ? `<p><a href="${escapeHtml(parts.action.link)}">${escapeHtml(parts.action.label)}</a></p>`
      : '',
    parts.code ? `<p>Or enter this code: <strong>${escapeHtml(parts.code)}</strong></p>` : '',
    `<p>${escapeHtml(parts.outro)}</p>`,
    `<p>— ${PRODUCT}</p>`,
  ].join('\n')
  return { subject: parts.subject, text, html }
}

const IGNORE = "If you didn't ask for this, you can ignore this email."

const renderers: { [Name in EmailTemplateName]: (data: EmailTemplates[Name]) => RenderedEmail } = {
  confirmation: ({ link, code }) =>
    render({
      subject: `Confirm your email for ${PRODUCT}`,
      intro: 'Welcome! Confirm your email address to finish creating your account.',
      action: { label: 'Confirm your email', link },
      code,
      outro: IGNORE,
    }),
  magic_link: ({ link, code }) =>
    render({
      subject: `Your sign-in link for ${PRODUCT}`,
      intro: 'Use this link to sign in. It works once and expires in 24 hours.',
      action: { label: 'Sign in', link },
      code,
      outro: IGNORE,
    }),
  recovery: ({ link, code }) =>
    render({
      subject: `Reset your ${PRODUCT} password`,
      intro:
        'Someone asked to reset the password of your account. Follow the link to choose a new one.',
      action: { label: 'Reset your password', link },
      code,
      outro: IGNORE,
    }),
  email_change: ({ link, code, newEmail }) =>
    render({
      subject: `Confirm your new email for ${PRODUCT}`,
      intro: `Confirm that ${newEmail} should become the email address of your account.`,
      action: { label: 'Confirm the change', link },
      code,
      outro: IGNORE,
    }),
  reauthentication: ({ code }) =>
    render({
      subject: `Your ${PRODUCT} confirmation code`,
      intro: 'Enter this code to confirm the change to your account.',
      code,
      outro: IGNORE,
    }),
  resume_upload_link: ({ link }) =>
    render({
      subject: `Upload your resume to ${PRODUCT}`,
      intro: 'Open this link on your computer to upload your resume as a PDF.',
      action: { label: 'Upload your resume', link },
      outro: 'The link signs you in, so keep it to yourself.',
    }),
}

export function renderEmail<Name extends EmailTemplateName>(
  template: Name,
  data: EmailTemplates[Name],
): RenderedEmail {
  return renderers[template](data)
}
