/** What the classifier reads of an email: the parts any inbound channel can give. */
export interface EmailMessage {
  subject: string
  from: { name: string; address: string }
  /** The plain-text body; when absent, `html` is read instead. */
  text?: string | null
  html?: string | null
  date?: Date | null
}

export const EMAIL_TYPES = [
  'interview_invitation',
  'offer_received',
  'rejection_received',
  'other',
] as const
export type EmailType = (typeof EMAIL_TYPES)[number]

export interface EmailClassification {
  type: EmailType
  /** The employer the message is about, as people write it (legal suffix dropped); null when unknown. */
  company: string | null
  /** The role the message is about; null when unknown. */
  role: string | null
  /** 0–1: how sure the classifier is of `type` (see ADR 0017 for the threshold that moves a status). */
  confidence: number
  /** The evidence behind `type`, strongest first (phrases matched, rules applied). */
  reasons: string[]
  /** Set when the message was a forward and the original sender was read from inside it. */
  forwarded: boolean
}
