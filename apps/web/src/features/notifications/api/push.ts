import {
  type PushPreferences,
  PushPreferencesSchema,
  type PushSettingsResponse,
  PushSettingsResponseSchema,
} from '@app/contracts'
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '@/lib/api'

/** `GET /api/push`, `PUT /api/push/preferences`, `POST|DELETE /api/push/subscriptions`. */
export const pushKeys = { settings: ['push'] as const }

export const pushSettingsQueryOptions = () =>
  queryOptions({
    queryKey: pushKeys.settings,
    queryFn: (): Promise<PushSettingsResponse> =>
      apiRequest('push', { schema: PushSettingsResponseSchema }),
  })

export function savePushPreferences(changes: Partial<PushPreferences>) {
  return apiRequest('push/preferences', {
    method: 'PUT',
    body: changes,
    schema: z.object({ preferences: PushPreferencesSchema }),
  })
}

export function registerSubscription(subscription: PushSubscriptionJSON) {
  return apiRequest<void>('push/subscriptions', { method: 'POST', body: subscription })
}

export function forgetSubscription(endpoint: string) {
  return apiRequest<void>('push/subscriptions', { method: 'DELETE', body: { endpoint } })
}

/** The VAPID key as the bytes `pushManager.subscribe` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index)
  return bytes
}

export type DeviceState =
  { kind: 'unsupported' } | { kind: 'denied' } | { kind: 'off' } | { kind: 'on'; endpoint: string }

/** Whether this browser can be notified, and whether it is. */
export async function readDeviceState(): Promise<DeviceState> {
  if (
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return { kind: 'unsupported' }
  }
  if (Notification.permission === 'denied') return { kind: 'denied' }
  const registration = await navigator.serviceWorker.getRegistration()
  if (!registration) return { kind: 'unsupported' }
  const subscription = await registration.pushManager.getSubscription()
  return subscription ? { kind: 'on', endpoint: subscription.endpoint } : { kind: 'off' }
}

/** Asks for permission, subscribes with the server's key and registers this device. */
export async function subscribeThisDevice(vapidPublicKey: string): Promise<void> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') {
    throw new Error('Notifications are blocked for this site: allow them in the browser settings.')
  }
  const registration = await navigator.serviceWorker.ready
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(vapidPublicKey),
  })
  await registerSubscription(subscription.toJSON())
}

export async function unsubscribeThisDevice(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration()
  const subscription = await registration?.pushManager.getSubscription()
  if (!subscription) return
  await forgetSubscription(subscription.endpoint).catch(() => undefined)
  await subscription.unsubscribe()
}
