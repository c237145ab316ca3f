/**
 * Inbound email: each user's private forwarding address, the processing of a received message
 * (shared by the SMTP receiver and the webhook), and the review inbox.
 *
 * A message is processed inline, in one transaction per recipient: parse (the classifier
 * module's `parseRawEmail`, plus the threading headers), sanitise, classify, match to one of
 * the user's applications, store, and, when the verdict is an event type with confidence at or
 * above EVENT_CONFIDENCE_THRESHOLD and one application clearly matches, record the event
 * (payload `{emailId, source: 'inbound_email'}`), which moves the status by the database's
 * rule. Anything else waits in the review inbox. Idempotent per user on the Message-ID.
 */
import { createHash, randomBytes } from 'node:crypto'
import { simpleParser } from 'mailparser'
import sanitizeHtml from 'sanitize-html'
import type { Clock } from '../../platform/clock.ts'
import { type Database, type Queryable, withTransaction } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import {
  findApplicationCandidate,
  listApplicationCandidates,
  recordApplicationEvent,
} from '../applications/index.ts'
import { classifyEmail, EmailParseError, parseRawEmail } from '../email-classifier/index.ts'
import { matchApplication } from './application-matching.ts'
import {
  createAddressToken,
  findAddressToken,
  findThreadApplication,
  findUserByToken,
  insertInboundEmail,
  type InboundEmailRow,
  listPendingEmails,
  lockInboundEmail,
  resolveInboundEmail,
  saveAddressToken,
} from './inbound-email.repository.ts'
import type { InboundEmailSettings } from './inbound-email.settings.ts'

/** ADR 0017: below this confidence a classification never moves a status. */
export const EVENT_CONFIDENCE_THRESHOLD = 0.8

export const EVENT_TYPES = ['interview_invitation', 'offer_received', 'rejection_received'] as const
export type InboundEventType = (typeof EVENT_TYPES)[number]

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'

/** 24 base32 characters from 15 random bytes: 120 bits, lowercase (addresses are case-folded). */
function newToken(): string {
  const bytes = randomBytes(15)
  let bits = 0
  let value = 0
  let token = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      token += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  return token
}

const addressOf = (settings: InboundEmailSettings, token: string) => `${token}@${settings.domain}`

/** The user's forwarding address, created on first use. */
export async function getInboundAddress(
  db: Database,
  settings: InboundEmailSettings,
  userId: string,
): Promise<string> {
  const existing = await findAddressToken(db, userId)
  if (existing) {
    return addressOf(settings, existing)
  }
  // Two first reads at once: the first insert wins and both answer its token.
  await createAddressToken(db, userId, newToken())
  const token = await findAddressToken(db, userId)
  if (!token) {
    throw new Error('inbound address token missing after insert')
  }
  return addressOf(settings, token)
}

/** A new address for the user: mail to the old one is refused from now on. */
export async function rotateInboundAddress(
  db: Database,
  settings: InboundEmailSettings,
  userId: string,
): Promise<string> {
  const token = newToken()
  await saveAddressToken(db, userId, token)
  return addressOf(settings, token)
}

/** The user an address belongs to (this install's domain, a live token), or null. */
export async function findRecipientUser(
  db: Queryable,
  settings: InboundEmailSettings,
  address: string,
): Promise<string | null> {
  const match = /^([a-z2-7]{24})@([^@\s]+)$/.exec(address.trim().toLowerCase())
  if (!match || match[2] !== settings.domain) {
    return null
  }
  return findUserByToken(db, match[1]!)
}

export type ReceivedMessage = {
  raw: Buffer
  /** The recipients the transport named (SMTP RCPT TO, the webhook's `recipient`), if any. */
  recipients: string[]
  via: 'smtp' | 'webhook'
}

export type ProcessedMessage = {
  userId: string
  /** Null when the user already had this message (same Message-ID): nothing was done again. */
  emailId: string | null
  status: 'event_recorded' | 'pending' | 'duplicate'
  jobApplicationId: string | null
}

type Headers = {
  messageId: string | null
  inReplyTo: string | null
  references: string[]
  recipients: string[]
}

/** The threading and recipient headers, read from the header block only. */
async function readHeaders(raw: Buffer): Promise<Headers> {
  const end = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n')
  const head = raw.subarray(0, end >= 0 ? end : Math.min(raw.length, 65_536))
  const parsed = await simpleParser(Buffer.concat([head, Buffer.from('\r\n\r\n')]), {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
  })
  const list = (value: unknown): string[] =>
    Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : []
  const addresses = (value: unknown): string[] => {
    const entries = Array.isArray(value) ? value : value ? [value] : []
    return entries.flatMap((entry: { value?: { address?: string }[] }) =>
      (entry.value ?? []).map((one) => one.address ?? '').filter(Boolean),
    )
  }
  const delivered = parsed.headers.get('delivered-to')
  const original = parsed.headers.get('x-original-to')
  return {
    messageId: parsed.messageId ?? null,
    inReplyTo: typeof parsed.inReplyTo === 'string' ? parsed.inReplyTo : null,
    references: list(parsed.references),
    recipients: [
      ...list(delivered).flatMap((value) => value.split(',')),
      ...list(original).flatMap((value) => value.split(',')),
      ...addresses(parsed.to),
      ...addresses(parsed.cc),
    ].map((value) => value.trim().replace(/^<|>$/g, '')),
  }
}

/** PostgreSQL text holds no NUL. */
const storable = (value: string) => value.replaceAll(String.fromCharCode(0), '')

/** The email's HTML with only inert formatting left: no scripts, styles, forms, images, events. */
export function sanitiseEmailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'a',
      'b',
      'blockquote',
      'br',
      'code',
      'div',
      'em',
      'h1',
      'h2',
      'h3',
      'h4',
      'hr',
      'i',
      'li',
      'ol',
      'p',
      'pre',
      'span',
      'strong',
      'table',
      'tbody',
      'td',
      'th',
      'thead',
      'tr',
      'u',
      'ul',
    ],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', {
        rel: 'noopener noreferrer nofollow',
        target: '_blank',
      }),
    },
    disallowedTagsMode: 'discard',
  })
}

/**
 * Parses, classifies and files one received message for each of its users. Throws
 * `email_not_parseable` for a body that is not a message, `inbound_recipient_unknown` when no
 * recipient is a user's address.
 */
export async function receiveInboundEmail(
  deps: { db: Database; now: Clock; settings: InboundEmailSettings },
  message: ReceivedMessage,
): Promise<ProcessedMessage[]> {
  let parsed
  let headers
  try {
    parsed = await parseRawEmail(message.raw)
    headers = await readHeaders(message.raw)
  } catch (error) {
    if (error instanceof EmailParseError) {
      throw new AppError('email_not_parseable', `Not an email message: ${error.message}`)
    }
    throw error
  }
  const named = message.recipients.length > 0 ? message.recipients : headers.recipients
  const users = new Map<string, string>()
  for (const address of named) {
    const userId = await findRecipientUser(deps.db, deps.settings, address)
    if (userId && !users.has(userId)) {
      users.set(userId, address.trim().toLowerCase())
    }
  }
  if (users.size === 0) {
    throw new AppError(
      'inbound_recipient_unknown',
      'No recipient of this message is a user’s inbound address',
    )
  }
  const classification = classifyEmail(parsed)
  const messageId =
    headers.messageId ?? `sha256:${createHash('sha256').update(message.raw).digest('hex')}`
  const html = parsed.html ? storable(sanitiseEmailHtml(parsed.html)) : null
  const results: ProcessedMessage[] = []
  for (const [userId, toAddress] of users) {
    results.push(
      await withTransaction(deps.db, async (tx) => {
        const applications = await listApplicationCandidates(tx, userId)
        const threadApplication = await findThreadApplication(tx, userId, [
          ...(headers.inReplyTo ? [headers.inReplyTo] : []),
          ...headers.references,
        ])
        const { match, candidates } = matchApplication(
          {
            company: classification.company,
            role: classification.role,
            fromAddress: parsed.from.address,
          },
          applications,
          threadApplication,
        )
        const isEvent = classification.type !== 'other'
        const confident = classification.confidence >= EVENT_CONFIDENCE_THRESHOLD
        const record = isEvent && confident && match !== null
        const receivedAt = deps.now()
        const emailId = await insertInboundEmail(tx, {
          userId,
          messageId: storable(messageId).slice(0, 998),
          inReplyTo: headers.inReplyTo ? storable(headers.inReplyTo).slice(0, 998) : null,
          referenceIds: headers.references.slice(0, 50).map((id) => storable(id).slice(0, 998)),
          fromAddress: storable(parsed.from.address).slice(0, 320),
          fromName: storable(parsed.from.name).slice(0, 320),
          toAddress,
          subject: storable(parsed.subject).slice(0, 2000),
          textBody: storable(parsed.text ?? ''),
          htmlBody: html,
          sentAt: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : null,
          rawSize: message.raw.length,
          receivedVia: message.via,
          classifiedType: classification.type,
          classifiedCompany: classification.company,
          classifiedRole: classification.role,
          confidence: classification.confidence,
          reasons: classification.reasons.slice(0, 20),
          candidates,
          reviewStatus: record ? 'event_recorded' : 'pending',
          jobApplicationId: record ? match : null,
          eventType: record ? classification.type : null,
          receivedAt,
        })
        if (emailId === null) {
          return { userId, emailId: null, status: 'duplicate', jobApplicationId: null } as const
        }
        if (record && match) {
          await recordApplicationEvent(tx, {
            applicationId: match,
            userId,
            type: classification.type,
            payload: { emailId, source: 'inbound_email' },
            createdAt: receivedAt,
          })
        }
        return {
          userId,
          emailId,
          status: record ? 'event_recorded' : 'pending',
          jobApplicationId: record ? match : null,
        } as const
      }),
    )
  }
  return results
}

export type ReviewItem = {
  id: string
  from: { name: string; address: string }
  subject: string
  sentAt: string | null
  receivedAt: string
  text: string
  html: string | null
  guess: {
    type: string
    company: string | null
    role: string | null
    confidence: number
  }
  candidates: unknown[]
}

function toReviewItem(row: InboundEmailRow): ReviewItem {
  return {
    id: row.id,
    from: { name: row.fromName, address: row.fromAddress },
    subject: row.subject,
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    receivedAt: row.receivedAt.toISOString(),
    text: row.textBody.slice(0, 20_000),
    html: row.htmlBody,
    guess: {
      type: row.classifiedType,
      company: row.classifiedCompany,
      role: row.classifiedRole,
      confidence: Math.round(row.confidence * 100) / 100,
    },
    candidates: row.candidates,
  }
}

export async function listReviewItems(db: Database, userId: string): Promise<ReviewItem[]> {
  return (await listPendingEmails(db, userId)).map(toReviewItem)
}

/**
 * Confirms a review item as an event of one of the user's applications (the guess, or the
 * user's correction): records the event linked to the email, which moves the status.
 */
export async function confirmReviewItem(
  deps: { db: Database; now: Clock },
  userId: string,
  itemId: string,
  decision: { jobApplicationId: string; type: InboundEventType | 'note' },
): Promise<{ jobApplicationId: string; status: string }> {
  return withTransaction(deps.db, async (tx) => {
    const item = await lockInboundEmail(tx, userId, itemId)
    if (!item) {
      throw new AppError('not_found', 'Review item not found')
    }
    if (item.reviewStatus !== 'pending') {
      throw new AppError('review_item_resolved', `This email was already ${item.reviewStatus}`)
    }
    const application = await findApplicationCandidate(tx, userId, decision.jobApplicationId)
    if (!application) {
      throw new AppError('not_found', 'Application not found')
    }
    const at = deps.now()
    await recordApplicationEvent(tx, {
      applicationId: application.id,
      userId,
      type: decision.type,
      payload:
        decision.type === 'note'
          ? { emailId: item.id, source: 'inbound_email', text: item.subject }
          : { emailId: item.id, source: 'inbound_email' },
      createdAt: at,
    })
    await resolveInboundEmail(tx, {
      userId,
      id: item.id,
      reviewStatus: 'confirmed',
      jobApplicationId: application.id,
      eventType: decision.type,
      at,
    })
    const after = await findApplicationCandidate(tx, userId, application.id)
    return { jobApplicationId: application.id, status: after?.status ?? application.status }
  })
}

export async function dismissReviewItem(
  deps: { db: Database; now: Clock },
  userId: string,
  itemId: string,
): Promise<void> {
  await withTransaction(deps.db, async (tx) => {
    const item = await lockInboundEmail(tx, userId, itemId)
    if (!item) {
      throw new AppError('not_found', 'Review item not found')
    }
    if (item.reviewStatus !== 'pending') {
      throw new AppError('review_item_resolved', `This email was already ${item.reviewStatus}`)
    }
    await resolveInboundEmail(tx, {
      userId,
      id: item.id,
      reviewStatus: 'dismissed',
      jobApplicationId: null,
      eventType: null,
      at: deps.now(),
    })
  })
}
