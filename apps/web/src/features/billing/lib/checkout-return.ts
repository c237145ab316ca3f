import type { BillingOverview, Plan } from '@app/contracts'

/**
 * Coming back from Stripe Checkout (`/credits?checkout=success`): the plan changes only once the
 * server has processed Stripe's webhook, a second or two later. Before leaving for Checkout the
 * screen notes what was bought (sessionStorage: this tab only) so that on return it can tell when
 * `GET /api/billing` shows it.
 */
export type PendingCheckout = {
  plan: string
  kind: Plan['kind']
  name: string
  /** The balance before paying (a pack is confirmed once it has grown). */
  balanceBefore: number | null
}

const STORAGE_KEY = 'billing:pending-checkout'

/** How often the overview is read while confirming, and for how long before saying so. */
export const CONFIRM_POLL_MS = 1000
export const CONFIRM_TIMEOUT_MS = 30_000

export function rememberCheckout(pending: PendingCheckout): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending))
  } catch {
    // Storage refused (private mode): the return is confirmed by the plan alone.
  }
}

/** The checkout noted before leaving for Stripe, if any (read at render: it has no side effect). */
export function readPendingCheckout(): PendingCheckout | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY)
    if (!raw) {
      return null
    }
    const value = JSON.parse(raw) as Partial<PendingCheckout>
    if (typeof value.plan !== 'string' || typeof value.name !== 'string') {
      return null
    }
    return {
      plan: value.plan,
      name: value.name,
      kind: value.kind === 'pack' ? 'pack' : 'subscription',
      balanceBefore: typeof value.balanceBefore === 'number' ? value.balanceBefore : null,
    }
  } catch {
    return null
  }
}

/** Forgets the note once the return has been read (a reload does not confirm it again). */
export function clearPendingCheckout(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY)
  } catch {
    // Nothing to forget.
  }
}

/**
 * Whether the overview shows the purchase: a plan once it is the plan in force (the server
 * moves the balance to the plan in the same transaction that grants its credits); a pack once
 * the balance has grown. Without a note (another tab's checkout), any paid plan in force.
 */
export function isCheckoutConfirmed(
  overview: BillingOverview,
  pending: PendingCheckout | null,
): boolean {
  if (!pending) {
    return overview.currentPlan.kind === 'subscription'
  }
  if (pending.kind === 'subscription') {
    return overview.currentPlan.id === pending.plan
  }
  const remaining = overview.credits.remainingCredits
  return remaining === null || remaining > (pending.balanceBefore ?? 0)
}

/** "You’re on Pro monthly", "Credits added", once confirmed. */
export function describeConfirmedCheckout(
  overview: BillingOverview,
  pending: PendingCheckout | null,
): string {
  if (pending?.kind === 'pack') {
    return `Credits added: ${pending.name} is in your balance.`
  }
  return `You’re on ${overview.currentPlan.name}.`
}
