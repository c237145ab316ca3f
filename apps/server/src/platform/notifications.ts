import type { PushKind } from '@app/contracts'

/**
 * A notification for one user's devices (Web Push, ADR 0032), as a module that has news for a
 * user describes it. The push module sends it; the wiring passes its `NotifyUser` down to the
 * modules that have news (job alerts, follow-up reminders, analysis videos), so they depend on
 * nothing above them. Called after the caller's transaction committed; never throws.
 */
export type UserNotification = {
  userId: string
  kind: PushKind
  title: string
  body: string
  /** The app's path to open when the notification is clicked (`/jobs/<id>`). */
  url: string
  /** Notifications with the same tag replace each other on the device. */
  tag?: string
  /** Set: the notification is sent once per user and key, however often it is asked for. */
  dedupeKey?: string
}

export type NotifyUser = (notification: UserNotification) => Promise<void>

/** Notifies nobody: where push is not wired (tests of a module alone, the CLI). */
export const notifyNobody: NotifyUser = async () => {}
