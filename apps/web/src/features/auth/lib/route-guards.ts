/**
 * `beforeLoad` guards for the account routes. They read the session from storage, so they cost
 * no request unless the access token needs a refresh.
 */
import { redirect } from '@tanstack/react-router'
import { loadSupabase } from '@/lib/supabase'
import { getCurrentSession } from '../api/current-user'
import { returnPathAfterSignIn, safeReturnPath } from './return-path'

/** What a guard reads of the location it guards (TanStack Router's `beforeLoad` context). */
interface GuardContext {
  location: { href: string }
}

/** What a sign-in page's guard reads: its `?redirect=`, the page to return to. */
interface SignInPageContext {
  search: { redirect?: string }
}

/** The `?redirect=` that brings the visitor back here once signed in (none if not acceptable). */
function returnHere(location: { href: string }): { redirect?: string } {
  const path = safeReturnPath(location.href)
  return path ? { redirect: path } : {}
}

/** Leaves for the page the sign-in returns to: a validated path of this app, else /account. */
function redirectToReturnPath(search: { redirect?: string }): never {
  // Validated: a same-origin path (no `//`, no scheme), so `href` cannot leave the app.
  throw redirect({ href: returnPathAfterSignIn(search.redirect), replace: true })
}

/**
 * The account has two-step verification and this session has passed only the first step
 * (spec §4: aal1 now, aal2 next). Read from the stored session, no request. The server serves
 * such a session none of the user's data (403 `insufficient_aal`), so no page may open on it.
 */
export async function needsSecondFactor(): Promise<boolean> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
  return !error && data.currentLevel === 'aal1' && data.nextLevel === 'aal2'
}

/** Whether this browser holds a session (a guest's included). Read from storage, no request. */
export async function hasSession(): Promise<boolean> {
  return (await getCurrentSession()) !== null
}

/**
 * Pages for signed-in people (guests included): the signed-out go to /sign-in, and a session
 * that still owes its authenticator code goes to /sign-in/verify first; both carry this page
 * as `?redirect=`, so the sign-in comes back here.
 */
export async function requireSession({ location }: GuardContext): Promise<void> {
  if (!(await getCurrentSession())) {
    throw redirect({ to: '/sign-in', search: returnHere(location), replace: true })
  }
  if (await needsSecondFactor()) {
    throw redirect({ to: '/sign-in/verify', search: returnHere(location), replace: true })
  }
}

/**
 * Pages open to everyone (onboarding, which signs a first visitor in as a guest): a session
 * that still owes its authenticator code goes to /sign-in/verify first, rather than to a page
 * whose data the server refuses it.
 */
export async function redirectPendingSecondFactor({ location }: GuardContext): Promise<void> {
  if ((await getCurrentSession()) && (await needsSecondFactor())) {
    throw redirect({ to: '/sign-in/verify', search: returnHere(location), replace: true })
  }
}

/**
 * The sign-in's second step (/sign-in/verify): only for a session that owes the code. A session
 * that owes nothing goes where the sign-in was going (its `?redirect=`, else /account).
 */
export async function requirePendingSecondFactor({ search }: SignInPageContext): Promise<void> {
  if (!(await getCurrentSession())) {
    const path = safeReturnPath(search.redirect)
    throw redirect({ to: '/sign-in', search: path ? { redirect: path } : {}, replace: true })
  }
  if (!(await needsSecondFactor())) {
    redirectToReturnPath(search)
  }
}

/**
 * Sign-in and sign-up are for the signed-out and for guests (who may sign up to keep their
 * data, or sign in to an account they already have); account holders go where the sign-in was
 * going (its `?redirect=`, else /account).
 */
export async function redirectAccountHolders({ search }: SignInPageContext): Promise<void> {
  const session = await getCurrentSession()
  if (session && !session.user.is_anonymous) {
    redirectToReturnPath(search)
  }
}
