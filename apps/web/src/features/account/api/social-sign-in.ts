/**
 * The social sign-in rules (spec §4 and §5), in one place, run by /auth/callback once a
 * session is in: after a Google or Apple sign-in, look the profile up with `.single()`;
 * PGRST116 means no profile yet, and the user is treated as new. A profile without names gets
 * them from the provider's full name, split on the first space. A new user (no profile, or
 * onboarding not finished) starts onboarding; a known user goes to the app. Sign-ins by
 * password, email link or code are not social and go straight to the app.
 *
 * The client is a parameter (the app passes its one client) so the integration test runs this
 * very code against the real server.
 */
import type { Session, SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { NO_ROWS } from '../lib/postgrest'
import {
  destinationAfterSocialSignIn,
  fullNameOf,
  namesToComplete,
  type ProfileLookup,
  type SignInDestination,
} from '../lib/social-sign-in-rules'

export type SignInLog = {
  error: (message: string, ...details: unknown[]) => void
  warn: (message: string, ...details: unknown[]) => void
}

const ProfileNamesRow = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
})
const WizardRow = z.object({ completed_at: z.string().nullable() })

/** A session from Google or Apple: the access token's `amr` says `oauth`. */
async function isSocialSession(client: SupabaseClient): Promise<boolean> {
  const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel()
  if (error) {
    throw error
  }
  return data.currentAuthenticationMethods.some(
    (entry) => (typeof entry === 'string' ? entry : entry.method) === 'oauth',
  )
}

async function lookUpProfile(
  client: SupabaseClient,
  userId: string,
  log: SignInLog,
): Promise<ProfileLookup> {
  const { data, error } = await client
    .from('profiles')
    .select('first_name, last_name')
    .eq('user_id', userId)
    .single()
  if (error?.code === NO_ROWS) {
    return { found: false }
  }
  if (error) {
    log.error('Failed to find profile', error)
    throw new Error('Failed to find profile', { cause: error })
  }
  const row = ProfileNamesRow.parse(data)
  return { found: true, firstName: row.first_name, lastName: row.last_name }
}

/** Fills empty names from the provider's; a failure here must not stop the sign-in. */
async function completeNames(
  client: SupabaseClient,
  userId: string,
  changes: Record<string, string>,
  log: SignInLog,
) {
  const { error } = await client.from('profiles').update(changes).eq('user_id', userId)
  if (error) {
    log.warn('Could not fill the profile names from the social account', error)
  }
}

async function hasCompletedOnboarding(
  client: SupabaseClient,
  userId: string,
  log: SignInLog,
): Promise<boolean> {
  const { data, error } = await client
    .from('wizard')
    .select('completed_at')
    .eq('user_id', userId)
    .maybeSingle()
  if (error) {
    log.error('Failed to fetch wizard', error)
    throw new Error('Failed to fetch wizard', { cause: error })
  }
  return data ? WizardRow.parse(data).completed_at !== null : false
}

/** Where the app goes once `client` holds this session. */
export async function destinationAfterSignIn(
  client: SupabaseClient,
  session: Session,
  log: SignInLog,
): Promise<SignInDestination> {
  if (!(await isSocialSession(client))) {
    return '/account'
  }
  const userId = session.user.id
  const profile = await lookUpProfile(client, userId, log)
  if (!profile.found) {
    return destinationAfterSocialSignIn(profile, false)
  }
  const changes = namesToComplete(profile, fullNameOf(session.user.user_metadata))
  if (changes) {
    await completeNames(client, userId, changes, log)
  }
  return destinationAfterSocialSignIn(profile, await hasCompletedOnboarding(client, userId, log))
}
