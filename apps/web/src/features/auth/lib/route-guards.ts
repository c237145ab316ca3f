/**
 * `beforeLoad` guards for the account routes. They read the session from storage, so they cost
 * no request unless the access token needs a refresh.
 */
import { redirect } from '@tanstack/react-router'
import { getCurrentSession } from '../api/current-user'

/** Pages for signed-in people (guests included): the signed-out go to /sign-in. */
export async function requireSession(): Promise<void> {
  if (!(await getCurrentSession())) {
    throw redirect({ to: '/sign-in', replace: true })
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
