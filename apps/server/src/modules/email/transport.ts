/**
 * Where sent email goes, behind one small interface:
 * - SMTP through nodemailer when `SMTP_URL` is set (`smtp://user:pass@host:587`, or `smtps://`);
 * - otherwise the local mailbox: the message simply counts as delivered, and a developer reads
 *   it from the outbox at /dev/mailbox (see dev-mailbox.routes.ts).
 */
import nodemailer from 'nodemailer'
import type { Config } from '../../platform/config.ts'

export type EmailMessage = {
  to: string
  subject: string
  text: string
  html: string | null
}

export type EmailTransport = {
  /** Where messages go, for logs. */
  readonly name: 'smtp' | 'local mailbox'
  /**
   * Delivers one message or throws. An error with `permanent: true` means the server refused
   * this very message (an SMTP 5xx reply): sending it again would be refused again.
   */
  send: (message: EmailMessage) => Promise<void>
}

/** Errors that retrying cannot fix. Nodemailer marks SMTP 5xx replies (except 503) this way. */
export function isPermanentFailure(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { permanent?: unknown }).permanent === true
  )
}

export function createSmtpTransport(url: string, from: string): EmailTransport {
  // One connection per message (no pool): nothing stays open between sends or at shutdown.
  const mailer = nodemailer.createTransport(
    {
      url,
      // Well under the send job's expiry, so a dead server fails an attempt instead of hanging it.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from },
  )
  return {
    name: 'smtp',
    send: async (message) => {
      await mailer.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === null ? {} : { html: message.html }),
      })
    },
  }
}

export function createLocalMailboxTransport(): EmailTransport {
  return {
    name: 'local mailbox',
    // The outbox row is the mailbox: there is nothing more to do.
    send: async () => undefined,
  }
}

export function emailTransportFromConfig(
  config: Pick<Config, 'SMTP_URL' | 'EMAIL_FROM'>,
): EmailTransport {
  return config.SMTP_URL
    ? createSmtpTransport(config.SMTP_URL, config.EMAIL_FROM)
    : createLocalMailboxTransport()
}
