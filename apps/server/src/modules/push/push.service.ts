/**
 * Web Push (issue 19, ADR 0032). A device subscribes with the install's VAPID public key and
 * registers its subscription here; `sendPushNotification` then sends a notification to every
 * device of the user, unless they turned that kind off. `web-push` builds each request (the
 * VAPID JWT in `Authorization: vapid t=…, k=…`, the payload encrypted as `aes128gcm` for the
 * device's keys, RFC 8291); it is posted with `fetch`, only to the push services of
 * `PUSH_SERVICE_HOSTS`. A 404 or 410 means the subscription is gone: it is deleted. Push is best
 * effort: every email the app sends is still sent, and a failure here is logged, never thrown.
 */
import type { PushMessage, PushPreferences, PushSubscriptionRequest } from '@app/contracts'
import webPush from 'web-push'
import type { Clock } from '../../platform/clock.ts'
import type { Database } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import { loadOrCreateVapidKeys } from '../../platform/keys/vapid-keys.ts'
import type { Logger } from '../../platform/logger.ts'
import type { NotifyUser, UserNotification } from '../../platform/notifications.ts'
import {
  claimDelivery,
  deleteSubscriptionById,
  findPreferences,
  listUserSubscriptions,
  markSubscriptionUsed,
  upsertSubscription,
} from './push.repository.ts'

export type PushSettings = {
  /** Where the VAPID keys are kept (`DATA_DIR/vapid.json`). */
  dataDir: string
  /** The VAPID `sub` claim: an https: URL or a mailto: address. */
  subject: string
  /** Push services' host suffixes the server posts to. */
  serviceHosts: string[]
}

export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
]

/** Push messages live a day at the push service when the device is away. */
const TIME_TO_LIVE_SECONDS = 24 * 3600
const REQUEST_TIMEOUT_MS = 10_000

export function pushSettingsFromConfig(
  config: { DATA_DIR: string; PUSH_VAPID_SUBJECT?: string; PUSH_SERVICE_HOSTS: string },
  appUrl: string,
): PushSettings {
  return {
    dataDir: config.DATA_DIR,
    subject: config.PUSH_VAPID_SUBJECT ?? defaultSubject(appUrl),
    serviceHosts: config.PUSH_SERVICE_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  }
}

/** The app's https URL, else a mailto: address at its host. */
export function defaultSubject(appUrl: string): string {
  const url = new URL(appUrl)
  return url.protocol === 'https:' ? url.origin : `mailto:push@${url.hostname}`
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** An endpoint on a listed push service, over https (plain http only on a listed loopback). */
export function isAllowedEndpoint(endpoint: string, serviceHosts: string[]): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  const host = url.hostname.toLowerCase()
  const listed = serviceHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))
  if (!listed || url.username || url.password) {
    return false
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(host))
}

export async function vapidPublicKey(settings: PushSettings): Promise<string> {
  return (await loadOrCreateVapidKeys(settings.dataDir)).publicKey
}

export async function subscribeDevice(
  deps: { db: Database; push: PushSettings },
  userId: string,
  subscription: PushSubscriptionRequest,
  userAgent: string | null,
): Promise<void> {
  if (!isAllowedEndpoint(subscription.endpoint, deps.push.serviceHosts)) {
    throw new AppError(
      'push_endpoint_not_allowed',
      'This browser’s push service is not one this server sends to',
    )
  }
  await upsertSubscription(deps.db, {
    userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
  })
}

const KIND_SWITCH: Record<UserNotification['kind'], keyof PushPreferences> = {
  jobAlerts: 'jobAlerts',
  followUpReminders: 'followUpReminders',
  interviewTomorrow: 'interviewTomorrow',
  analysisVideoReady: 'analysisVideoReady',
}

export type PushDeps = { db: Database; logger: Logger; now: Clock; push: PushSettings }

export type PushOutcome = { sent: number; removed: number; failed: number; skipped?: string }

/**
 * Sends one notification to every device of its user. Skipped when the user turned the kind
 * off, has no device, or (with a dedupe key) it was sent before.
 */
export async function sendPushNotification(
  deps: PushDeps,
  notification: UserNotification,
): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, removed: 0, failed: 0 }
  const preferences = await findPreferences(deps.db, notification.userId)
  if (!preferences[KIND_SWITCH[notification.kind]]) {
    return { ...outcome, skipped: 'turned off' }
  }
  const devices = await listUserSubscriptions(deps.db, notification.userId)
  if (!devices.length) {
    return { ...outcome, skipped: 'no device' }
  }
  if (
    notification.dedupeKey &&
    !(await claimDelivery(deps.db, notification.userId, notification.dedupeKey))
  ) {
    return { ...outcome, skipped: 'already sent' }
  }
  const keys = await loadOrCreateVapidKeys(deps.push.dataDir)
  const message: PushMessage = {
    kind: notification.kind,
    title: notification.title,
    body: notification.body,
    url: notification.url,
    ...(notification.tag ? { tag: notification.tag } : {}),
  }
  for (const device of devices) {
    if (!isAllowedEndpoint(device.endpoint, deps.push.serviceHosts)) {
      outcome.failed += 1
      continue
    }
    try {
      const request = webPush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(message),
        {
          vapidDetails: { subject: deps.push.subject, ...keys },
          TTL: TIME_TO_LIVE_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
          ...(notification.tag ? { topic: topicOf(notification.tag) } : {}),
        },
      )
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'error',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })
      await response.body?.cancel()
      if (response.ok) {
        outcome.sent += 1
        await markSubscriptionUsed(deps.db, device.id, deps.now())
      } else if (response.status === 404 || response.status === 410) {
        outcome.removed += 1
        await deleteSubscriptionById(deps.db, device.id)
      } else {
        outcome.failed += 1
        deps.logger.warn(
          { status: response.status, subscriptionId: device.id },
          'push service refused a notification',
        )
      }
    } catch (error) {
      outcome.failed += 1
      deps.logger.warn({ err: error, subscriptionId: device.id }, 'push notification not sent')
    }
  }
  return outcome
}

/** A push `Topic` header: up to 32 URL-safe base64 characters. */
function topicOf(tag: string): string {
  return (
    tag
      .replace(/[^A-Za-z0-9_-]/g, '-')
      .slice(-32)
      .replace(/^-+/, '') || 'app'
  )
}

/** The `NotifyUser` the wiring hands down: sends, logs and swallows any failure. */
export function createPushNotifier(deps: PushDeps): NotifyUser {
  return async (notification) => {
    try {
      await sendPushNotification(deps, notification)
    } catch (error) {
      deps.logger.warn({ err: error, kind: notification.kind }, 'push notification failed')
    }
  }
}
