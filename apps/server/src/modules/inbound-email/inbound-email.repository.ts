/**
 * The SQL of the tables this module owns: `inbound_email_addresses` (each user's forwarding
 * token) and `inbound_emails` (every message received, its classification, and the review
 * inbox). Migration 20261126002000.
 */
import type { Queryable } from '../../platform/db/pool.ts'

export async function findAddressToken(db: Queryable, userId: string): Promise<string | null> {
  const result = await db.query<{ token: string }>(
    'select token from public.inbound_email_addresses where user_id = $1',
    [userId],
  )
  return result.rows[0]?.token ?? null
}

/** Gives the user a first token, unless they have one already. */
export async function createAddressToken(db: Queryable, userId: string, token: string) {
  await db.query(
    `insert into public.inbound_email_addresses (user_id, token) values ($1, $2)
     on conflict (user_id) do nothing`,
    [userId, token],
  )
}

/** Sets the user's token (a first one, or a replacement: the old one stops working). */
export async function saveAddressToken(db: Queryable, userId: string, token: string) {
  await db.query(
    `insert into public.inbound_email_addresses (user_id, token) values ($1, $2)
     on conflict (user_id) do update set token = excluded.token`,
    [userId, token],
  )
}

/** The user an address token belongs to, or null. */
export async function findUserByToken(db: Queryable, token: string): Promise<string | null> {
  const result = await db.query<{ user_id: string }>(
    'select user_id from public.inbound_email_addresses where token = $1',
    [token],
  )
  return result.rows[0]?.user_id ?? null
}

export type NewInboundEmail = {
  userId: string
  messageId: string
  inReplyTo: string | null
  referenceIds: string[]
  fromAddress: string
  fromName: string
  toAddress: string
  subject: string
  textBody: string
  htmlBody: string | null
  sentAt: Date | null
  rawSize: number
  receivedVia: 'smtp' | 'webhook'
  classifiedType: string
  classifiedCompany: string | null
  classifiedRole: string | null
  confidence: number
  reasons: string[]
  candidates: unknown[]
  reviewStatus: 'event_recorded' | 'pending'
  jobApplicationId: string | null
  eventType: string | null
  receivedAt: Date
}

/** Stores a message; null when the user already has one with this Message-ID (a redelivery). */
export async function insertInboundEmail(
  db: Queryable,
  email: NewInboundEmail,
): Promise<string | null> {
  const result = await db.query<{ id: string }>(
    `insert into public.inbound_emails (
       user_id, message_id, in_reply_to, reference_ids, from_address, from_name, to_address,
       subject, text_body, html_body, sent_at, raw_size, received_via, classified_type,
       classified_company, classified_role, confidence, reasons, candidates, review_status,
       job_application_id, event_type, received_at, resolved_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
             $19, $20, $21, $22, $23, case when $20 = 'pending' then null else $23::timestamptz end)
     on conflict (user_id, message_id) do nothing
     returning id`,
    [
      email.userId,
      email.messageId,
      email.inReplyTo,
      email.referenceIds,
      email.fromAddress,
      email.fromName,
      email.toAddress,
      email.subject,
      email.textBody,
      email.htmlBody,
      email.sentAt,
      email.rawSize,
      email.receivedVia,
      email.classifiedType,
      email.classifiedCompany,
      email.classifiedRole,
      email.confidence,
      JSON.stringify(email.reasons),
      JSON.stringify(email.candidates),
      email.reviewStatus,
      email.jobApplicationId,
      email.eventType,
      email.receivedAt,
    ],
  )
  return result.rows[0]?.id ?? null
}

/** The application an earlier message of this thread (by Message-ID) was linked to. */
export async function findThreadApplication(
  db: Queryable,
  userId: string,
  messageIds: string[],
): Promise<string | null> {
  if (messageIds.length === 0) {
    return null
  }
  const result = await db.query<{ job_application_id: string }>(
    `select job_application_id from public.inbound_emails
     where user_id = $1 and message_id = any($2) and job_application_id is not null
     order by received_at desc limit 1`,
    [userId, messageIds],
  )
  return result.rows[0]?.job_application_id ?? null
}

export type InboundEmailRow = {
  id: string
  fromAddress: string
  fromName: string
  subject: string
  textBody: string
  htmlBody: string | null
  sentAt: Date | null
  receivedAt: Date
  classifiedType: string
  classifiedCompany: string | null
  classifiedRole: string | null
  confidence: number
  candidates: unknown[]
  reviewStatus: string
  jobApplicationId: string | null
  eventType: string | null
}

const ROW_COLUMNS = `id, from_address as "fromAddress", from_name as "fromName", subject,
  text_body as "textBody", html_body as "htmlBody", sent_at as "sentAt",
  received_at as "receivedAt", classified_type as "classifiedType",
  classified_company as "classifiedCompany", classified_role as "classifiedRole", confidence,
  candidates, review_status as "reviewStatus", job_application_id as "jobApplicationId",
  event_type as "eventType"`

/** The user's messages waiting in the review inbox, newest first. */
export async function listPendingEmails(db: Queryable, userId: string): Promise<InboundEmailRow[]> {
  const result = await db.query<InboundEmailRow>(
    `select ${ROW_COLUMNS} from public.inbound_emails
     where user_id = $1 and review_status = 'pending'
     order by received_at desc, id limit 200`,
    [userId],
  )
  return result.rows
}

/** How many of the user's messages wait in the review inbox (the Saved tab's badge). */
export async function countPendingEmails(db: Queryable, userId: string): Promise<number> {
  const result = await db.query<{ count: number }>(
    `select count(*)::int as count from public.inbound_emails
     where user_id = $1 and review_status = 'pending'`,
    [userId],
  )
  return result.rows[0]?.count ?? 0
}

/** One of the user's messages, locked for a decision about it. */
export async function lockInboundEmail(
  db: Queryable,
  userId: string,
  id: string,
): Promise<InboundEmailRow | null> {
  const result = await db.query<InboundEmailRow>(
    `select ${ROW_COLUMNS} from public.inbound_emails where user_id = $1 and id = $2 for update`,
    [userId, id],
  )
  return result.rows[0] ?? null
}

export async function resolveInboundEmail(
  db: Queryable,
  resolution: {
    userId: string
    id: string
    reviewStatus: 'confirmed' | 'dismissed'
    jobApplicationId: string | null
    eventType: string | null
    at: Date
  },
) {
  await db.query(
    `update public.inbound_emails
     set review_status = $3, job_application_id = coalesce($4, job_application_id),
         event_type = $5, resolved_at = $6
     where user_id = $1 and id = $2`,
    [
      resolution.userId,
      resolution.id,
      resolution.reviewStatus,
      resolution.jobApplicationId,
      resolution.eventType,
      resolution.at,
    ],
  )
}
