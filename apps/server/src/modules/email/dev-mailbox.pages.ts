/**
 * The pages of the development mailbox, as plain server-rendered HTML. Every value is escaped
 * by the `html` tag; a message's own HTML is shown only inside a sandboxed iframe (no scripts,
 * no same-origin access), and its links are listed as ordinary anchors beside it.
 */
import { html, raw, type SafeHtml } from './html.ts'
import { PRODUCT_NAME } from './templates.ts'

export type MailboxMessage = {
  id: string
  to: string
  subject: string
  template: string
  status: string
  attempts: number
  last_error: string | null
  created_at: Date
  sent_at: Date | null
  text: string
  html: string | null
  links: string[]
}

const STYLE = `
  :root { color-scheme: light dark; --muted: #5b6170; --line: #d9dce3; --accent: #4f46e5; }
  @media (prefers-color-scheme: dark) { :root { --muted: #a3a9b8; --line: #3a3f4b; --accent: #a5a1ff; } }
  body { margin: 0; font: 15px/1.5 system-ui, sans-serif; }
  main { max-width: 960px; margin: 0 auto; padding: 24px 16px 48px; }
  h1 { font-size: 22px; margin: 8px 0 4px; overflow-wrap: anywhere; }
  h2 { font-size: 16px; margin: 28px 0 8px; }
  a { color: var(--accent); }
  .muted { color: var(--muted); }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
  th { font-size: 13px; color: var(--muted); font-weight: 600; }
  td { overflow-wrap: anywhere; }
  .status { font-size: 13px; padding: 1px 8px; border-radius: 999px; border: 1px solid var(--line); white-space: nowrap; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 16px 0; }
  dt { color: var(--muted); }
  dd { margin: 0; overflow-wrap: anywhere; }
  ul.links { padding-left: 20px; }
  ul.links li { margin: 4px 0; overflow-wrap: anywhere; }
  iframe { width: 100%; height: 640px; border: 1px solid var(--line); border-radius: 8px; background: #fff; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; padding: 12px; border: 1px solid var(--line); border-radius: 8px; }
`

function page(title: string, content: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} · Development mailbox · ${PRODUCT_NAME}</title>
        <style>
          ${raw(STYLE)}
        </style>
      </head>
      <body>
        <main>${content}</main>
      </body>
    </html> `.value
}

function timestamp(date: Date): SafeHtml {
  const shown = date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC')
  return html`<time datetime="${date.toISOString()}">${shown}</time>`
}

export function mailboxListPage(messages: MailboxMessage[]): string {
  const rows = messages.map(
    (message) =>
      html`<tr>
        <td>${timestamp(message.created_at)}</td>
        <td>${message.to}</td>
        <td><a href="/dev/mailbox/${message.id}">${message.subject}</a></td>
        <td><span class="status">${message.status}</span></td>
      </tr>`,
  )
  return page(
    'Inbox',
    html`<h1>Development mailbox</h1>
      <p class="muted">
        Every email this server has queued, newest first. This page exists only in development
        without <code>SMTP_URL</code>. <a href="/dev/mailbox">Refresh</a> ·
        <a href="/dev/mailbox/messages.json">JSON</a>
      </p>
      ${
        messages.length === 0
          ? html`<p>No email yet. Sign up or ask for a sign-in link, and it shows up here.</p>`
          : html`<table>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">To</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                ${rows}
              </tbody>
            </table>`
      }`,
  )
}

export function mailboxMessagePage(message: MailboxMessage): string {
  return page(
    message.subject,
    html`<p><a href="/dev/mailbox">← All messages</a></p>
      <h1>${message.subject}</h1>
      <dl>
        <dt>To</dt>
        <dd>${message.to}</dd>
        <dt>Template</dt>
        <dd>${message.template}</dd>
        <dt>Status</dt>
        <dd>
          ${message.status} (${message.attempts} ${message.attempts === 1 ? 'attempt' : 'attempts'})
        </dd>
        <dt>Queued</dt>
        <dd>${timestamp(message.created_at)}</dd>
        ${
          message.sent_at &&
          html`<dt>Sent</dt>
            <dd>${timestamp(message.sent_at)}</dd>`
        }
        ${
          message.last_error &&
          html`<dt>Last error</dt>
            <dd>${message.last_error}</dd>`
        }
      </dl>
      <h2>Links</h2>
      ${
        message.links.length === 0
          ? html`<p class="muted">This message has no links.</p>`
          : html`<ul class="links">
              ${message.links.map((link) => html`<li><a href="${link}">${link}</a></li>`)}
            </ul>`
      }
      ${
        message.html !== null &&
        html`<h2>HTML</h2>
          <iframe
            title="The message as HTML"
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            srcdoc="${message.html}"
          ></iframe>`
      }
      <h2>Plain text</h2>
      <pre>${message.text}</pre>`,
  )
}

export function mailboxNotFoundPage(): string {
  return page(
    'Not found',
    html`<p><a href="/dev/mailbox">← All messages</a></p>
      <h1>No such message</h1>
      <p>The mailbox has no message with this id.</p>`,
  )
}
