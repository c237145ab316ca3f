import { isApiError } from '@/lib/api'

/** Why buying or opening the portal failed, and what the screen offers next. */
export type BillingProblem = {
  message: string
  /** What to show with it: the sign-up link (guests) or the Manage plan button. */
  action: 'sign-up' | 'manage-plan' | null
}

export const PURCHASES_OFF_MESSAGE = 'Purchases are not set up on this server.'
export const GUEST_MESSAGE =
  'Create an account first: a guest account and its purchases can be lost.'

/** The server's refusal as the seeker reads it, by its stable code. */
export function describeBillingError(error: unknown): BillingProblem {
  if (!isApiError(error)) {
    return {
      message: error instanceof Error ? error.message : 'Something went wrong. Try again.',
      action: null,
    }
  }
  switch (error.code) {
    case 'billing_not_configured':
      return { message: PURCHASES_OFF_MESSAGE, action: null }
    case 'already_subscribed':
      return {
        message: 'You already have a plan: change or cancel it with Manage plan.',
        action: 'manage-plan',
      }
    case 'forbidden':
      return { message: GUEST_MESSAGE, action: 'sign-up' }
    case 'plan_not_found':
      return {
        message: 'That plan is no longer for sale. Reload the page to see the current plans.',
        action: null,
      }
    case 'billing_customer_not_found':
      return { message: 'Nothing was bought with this account on the web yet.', action: null }
    case 'payment_provider_unavailable':
      return {
        message: 'The payment provider is not answering. Try again in a minute.',
        action: null,
      }
    default:
      return { message: error.message, action: null }
  }
}
