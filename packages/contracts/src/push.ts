import { z } from 'zod'

/**
 * Web Push (issue 19, ADR 0032): a device's subscription, the per-kind switches, what a push
 * message carries to the service worker, and the shell's tab badges.
 */

/** The kinds of notification a user can switch off one by one. */
export const PUSH_KINDS = [
  'jobAlerts',
  'followUpReminders',
  'interviewTomorrow',
  'analysisVideoReady',
] as const
export type PushKind = (typeof PUSH_KINDS)[number]

/** `GET /api/push`: the VAPID public key to subscribe with, and the user's switches. */
export const PushPreferencesSchema = z.object({
  jobAlerts: z.boolean(),
  followUpReminders: z.boolean(),
  interviewTomorrow: z.boolean(),
  analysisVideoReady: z.boolean(),
})
export type PushPreferences = z.infer<typeof PushPreferencesSchema>

export const PushSettingsResponseSchema = z.object({
  vapidPublicKey: z.string(),
  preferences: PushPreferencesSchema,
  /** How many devices of the user are subscribed. */
  devices: z.number().int(),
})
export type PushSettingsResponse = z.infer<typeof PushSettingsResponseSchema>

/** `PUT /api/push/preferences`: any of the switches. */
export const PushPreferencesUpdateSchema = PushPreferencesSchema.partial().strict()

/** `POST /api/push/subscriptions`: `PushSubscription.toJSON()` of the browser. */
export const PushSubscriptionRequestSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url')
      .min(80)
      .max(200),
    auth: z
      .string()
      .regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url')
      .min(16)
      .max(100),
  }),
})
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequestSchema>

/** `DELETE /api/push/subscriptions`: the endpoint of the device to forget. */
export const PushUnsubscribeRequestSchema = z.object({ endpoint: z.string().min(1).max(2048) })

/** The JSON of a push message, read by the service worker. `url` is a path of the app. */
export const PushMessageSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  title: z.string(),
  body: z.string(),
  url: z.string().startsWith('/'),
  tag: z.string().optional(),
})
export type PushMessage = z.infer<typeof PushMessageSchema>

/** `GET /api/badges`: what waits behind the shell's tabs (one cheap request). */
export const BadgesResponseSchema = z.object({
  /** Forwarded emails waiting in the review inbox (the Saved tab). */
  reviewInbox: z.number().int(),
  /** Interviews scheduled today in the caller's time zone (the Practice tab). */
  interviewsToday: z.number().int(),
})
export type BadgesResponse = z.infer<typeof BadgesResponseSchema>
