import {
  type OnboardingMessage,
  OnboardingMessageSchema,
  type OnboardingMessagesResponse,
  WizardRowSchema,
} from '@app/contracts'
import type pg from 'pg'
import { type Database, withTransaction } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import { composeOnboardingMessages, isDelivered } from './onboarding-messages.ts'
import {
  findWizardRow,
  lockOnboardingMessages,
  storeOnboardingMessages,
} from './onboarding-messages.repository.ts'

/**
 * The rules of the onboarding messages: made once, on the first read after the wizard was
 * completed, from the answers at that moment (later changes of an answer do not rewrite tips
 * already made); only those whose delivery time has come are shown.
 */

/** GET /api/onboarding/messages: the delivered messages and when the next one comes. */
export async function listOnboardingMessages(
  db: Database,
  userId: string,
  now: Date,
): Promise<OnboardingMessagesResponse> {
  const messages = await withTransaction(db, (tx) => loadOrComposeMessages(tx, userId))
  const upcoming = messages.find((message) => !isDelivered(message, now))
  return {
    messages: messages.filter((message) => isDelivered(message, now)),
    nextDeliverAt: upcoming?.deliverAt ?? null,
  }
}

/** Marks a delivered message read (once: the first time stays). */
export async function markOnboardingMessageRead(
  db: Database,
  userId: string,
  messageId: string,
  now: Date,
): Promise<OnboardingMessage> {
  return withTransaction(db, async (tx) => {
    const messages = await loadOrComposeMessages(tx, userId)
    const message = messages.find(
      (candidate) => candidate.id === messageId && isDelivered(candidate, now),
    )
    if (!message) {
      throw new AppError('not_found', 'Onboarding message not found')
    }
    if (message.readAt === null) {
      message.readAt = now.toISOString()
      await storeOnboardingMessages(tx, userId, messages)
    }
    return message
  })
}

/** The stored messages, composed and stored first if the wizard is complete and none exist. */
async function loadOrComposeMessages(
  tx: pg.PoolClient,
  userId: string,
): Promise<OnboardingMessage[]> {
  const stored = await lockOnboardingMessages(tx, userId)
  if (stored === null) {
    throw new AppError('not_found', 'Profile not found')
  }
  if (stored.length > 0) {
    // Only the server writes them, but rows from before it did may hold anything.
    return stored.flatMap((item) => {
      const parsed = OnboardingMessageSchema.safeParse(item)
      return parsed.success ? [parsed.data] : []
    })
  }
  const row = await findWizardRow(tx, userId)
  if (!row || row.completed_at === null) {
    return []
  }
  const wizard = WizardRowSchema.parse(row)
  const messages = composeOnboardingMessages(wizard, row.completed_at as Date)
  await storeOnboardingMessages(tx, userId, messages)
  return messages
}
