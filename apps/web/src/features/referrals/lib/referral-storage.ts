/**
 * What the browser keeps for referrals (ADR 0029), in localStorage:
 * - the code of a share link (`/r/{code}`) opened before signing up, redeemed once the visitor
 *   has an account, then forgotten;
 * - a random device id sent with referral calls (`x-device-id`), so the server can hold a
 *   referral made from the referrer's own device. It identifies nothing but this browser.
 * Storage may be unavailable (private modes, blocked): every read and write then does nothing.
 */
const PENDING_CODE_KEY = 'referrals.pending-code'
const DEVICE_ID_KEY = 'referrals.device-id'

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

/** A code as people type it: upper case, without spaces or dashes. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase()
}

export function rememberReferralCode(code: string): void {
  try {
    storage()?.setItem(PENDING_CODE_KEY, normalizeCode(code))
  } catch {
    // Storage full or refused: the invitation is simply not carried through sign-up.
  }
}

export function pendingReferralCode(): string | null {
  try {
    return storage()?.getItem(PENDING_CODE_KEY) || null
  } catch {
    return null
  }
}

export function forgetReferralCode(): void {
  try {
    storage()?.removeItem(PENDING_CODE_KEY)
  } catch {
    // Nothing to forget where nothing could be kept.
  }
}

/** This browser's random device id, made on first use (null when storage is unavailable). */
export function deviceId(): string | null {
  try {
    const store = storage()
    if (!store) {
      return null
    }
    const existing = store.getItem(DEVICE_ID_KEY)
    if (existing && /^[A-Za-z0-9_-]{16,128}$/.test(existing)) {
      return existing
    }
    const made = crypto.randomUUID()
    store.setItem(DEVICE_ID_KEY, made)
    return made
  } catch {
    return null
  }
}
