/**
 * The SMTP receiver: users forward recruiting emails to `<token>@<INBOUND_EMAIL_DOMAIN>`, and
 * the domain's MX (or a port forward) delivers them here. It only receives: no AUTH, no relay
 * (it never sends anything on), only recipients that are a user's live address (550 at RCPT
 * time otherwise), messages up to INBOUND_EMAIL_MAX_BYTES (552 above it, also when the client
 * announces a larger SIZE). Each accepted message is processed before the final 250, so a
 * message the sender was told was accepted is stored.
 */
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'
import type { Clock } from '../../platform/clock.ts'
import type { Database } from '../../platform/db/pool.ts'
import type { Logger } from '../../platform/logger.ts'
import { findRecipientUser, receiveInboundEmail } from './inbound-email.service.ts'
import type { InboundEmailSettings } from './inbound-email.settings.ts'

export type SmtpReceiver = { port: number; close: () => Promise<void> }

function smtpError(message: string, responseCode: number) {
  return Object.assign(new Error(message), { responseCode })
}

export async function startSmtpReceiver(deps: {
  db: Database
  now: Clock
  logger: Logger
  settings: InboundEmailSettings
  host: string
  port: number
}): Promise<SmtpReceiver> {
  const { settings } = deps
  const options: SMTPServerOptions = {
    name: settings.domain,
    banner: 'job search assistant inbound mail',
    authOptional: true,
    disabledCommands: ['AUTH'],
    // No certificate is configured: plain SMTP (terminate TLS in front of it if needed).
    hideSTARTTLS: true,
    size: settings.maxBytes,
    maxClients: 50,
    socketTimeout: 60_000,
    logger: false,
    onRcptTo(address, _session, callback) {
      findRecipientUser(deps.db, settings, address.address)
        .then((userId) =>
          callback(userId ? undefined : smtpError('5.1.1 No such recipient here', 550)),
        )
        .catch((error: unknown) => {
          deps.logger.error({ err: error }, 'inbound SMTP: recipient lookup failed')
          callback(smtpError('4.3.0 Try again later', 451))
        })
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => {
        if (!stream.sizeExceeded) {
          chunks.push(chunk)
        }
      })
      stream.on('error', (error) => callback(error))
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(smtpError('5.3.4 Message too big', 552))
          return
        }
        receiveInboundEmail(
          { db: deps.db, now: deps.now, settings },
          {
            raw: Buffer.concat(chunks),
            recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            via: 'smtp',
          },
        )
          .then(() => callback())
          .catch((error: unknown) => {
            const code = (error as { code?: string }).code
            if (code === 'email_not_parseable') {
              callback(smtpError('5.6.0 Not an email message', 554))
              return
            }
            if (code === 'inbound_recipient_unknown') {
              callback(smtpError('5.1.1 No such recipient here', 550))
              return
            }
            deps.logger.error({ err: error }, 'inbound SMTP: processing failed')
            callback(smtpError('4.3.0 Try again later', 451))
          })
      })
    },
  }
  const server = new SMTPServer(options)
  server.on('error', (error) => deps.logger.warn({ err: error }, 'inbound SMTP error'))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(deps.port, deps.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.server.address()
  const port = typeof address === 'object' && address ? address.port : deps.port
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
