import type { Config } from '../../platform/config.ts'

/** How this install receives forwarded mail (README "Inbound email"). */
export type InboundEmailSettings = {
  /** Users' addresses are `<token>@<domain>`. */
  domain: string
  /** Largest raw message accepted, in bytes (SMTP 552, webhook 413 above it). */
  maxBytes: number
  /** Shared secret of `POST /api/emails/inbound`; null: the webhook is off (404 `inbound_email_disabled`: on this install it does not exist). */
  webhookSecret: string | null
  /** Port of the SMTP receiver; null: off. */
  smtpPort: number | null
}

export function inboundEmailSettingsFromConfig(config: Config): InboundEmailSettings {
  return {
    domain: config.INBOUND_EMAIL_DOMAIN.toLowerCase(),
    maxBytes: config.INBOUND_EMAIL_MAX_BYTES,
    webhookSecret: config.INBOUND_EMAIL_SECRET ?? null,
    smtpPort: config.INBOUND_SMTP_PORT ?? null,
  }
}
