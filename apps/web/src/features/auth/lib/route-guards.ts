/**
 * `beforeLoad` guards for the account routes. They read the session from storage, so they cost
 * no request unless the access token needs a refresh.
 */
import { redirect } from '@tanstack/react-router'
import { supabase } from '@/lib/supabase'
import { getCurrentSession } from '../api/current-user'

/**
 * The account has two-step verification and this session has passed only the first step
 * (spec §4: aal1 now, aal2 next). Read from the stored session, no request. The server serves
 * such a session none of the user's data (403 `insufficient_aal`), so no page may open on it.
 */
export async function needsSecondFactor(): Promise<boolean> {
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
  return !error && data.currentLevel === 'aal1' && data.nextLevel === 'aal2'
}

/** Whether this browser holds a session (a guest's included). Read from storage, no request. */
export async function hasSession(): Promise<boolean> {
  return (await getCurrentSession()) !== null
}

/**
 * Pages for signed-in people (guests included): the signed-out go to /sign-in, and a session
 * that still owes its authenticator code goes to /sign-in/verify first.
 */
export async function requireSession(): Promise<void> {
  if (!(await getCurrentSession())) {
    throw redirect({ to: '/sign-in', replace: true })
  }
  if (await needsSecondFactor()) {
    throw redirect({ to: '/sign-in/verify', replace: true })
  }
}

/**
 * Pages open to everyone (onboarding, which signs a first visitor in as a guest): a session
 * that still owes its authenticator code goes to /sign-in/verify first, rather than to a page
 * whose data the server refuses it.
 */
export async function redirectPendingSecondFactor(): Promise<void> {
  if ((await getCurrentSession()) && (await needsSecondFactor())) {
    throw redirect({ to: '/sign-in/verify', replace: true })
  }
}

/** The sign-in's second step (/sign-in/verify): only for a session that owes the code. */
export async function requirePendingSecondFactor(): Promise<void> {
  if (!(await getCurrentSession())) {
    throw redirect({ to: '/sign-in', replace: true })
  }
  if (!(await needsSecondFactor())) {
    throw redirect({ to: '/account', replace: true })
  }
}

/**
 * Sign-in and sign-up are for the signed-out and for guests (who may sign up to keep their
 * data, or sign in to an account they already have); account holders go to /account.
 */
export async function redirectAccountHolders(): Promise<void> {
  const session = await getCurrentSession()
  if (session && !session.user.is_anonymous) {
    throw redirect({ to: '/account', replace: true })
  }
}
