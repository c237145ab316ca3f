/**
 * The ways a person signs in (their identities: email, Google, Apple), linking a social account
 * and unlinking one. Linking in the browser goes through Google's consent screen
 * (`linkGoogle`); an app that already holds a provider's ID token uses the product API's
 * `POST auth/link-social` (`linkSocialAccount`).
 */
import type { UserIdentity } from '@supabase/supabase-js'
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '@/lib/api'
import { env } from '@/lib/env'
import { logger } from '@/lib/logger'
import { loadSupabase } from '@/lib/supabase'
import { isLinkedOrFine, LINK_FAILED_MESSAGE } from '../lib/link-social'
import { appUrl } from './app-url'

/** Where Google sends the browser back after linking (`routes/account/linked.tsx`). */
export const LINKED_IDENTITY_PATH = '/account/linked'

export function identitiesQuery(userId: string) {
  return queryOptions({
    queryKey: ['account', 'identities', userId],
    queryFn: async (): Promise<UserIdentity[]> => {
      const supabase = await loadSupabase()
      const { data, error } = await supabase.auth.getUserIdentities()
      if (error) {
        throw error
      }
      return data.identities
    },
    retry: false,
  })
}

/** Leaves for Google's consent screen; the answer comes back to `LINKED_IDENTITY_PATH`. */
export async function linkGoogle(): Promise<void> {
  const supabase = await loadSupabase()
  const { error } = await supabase.auth.linkIdentity({
    provider: 'google',
    options: { redirectTo: appUrl(LINKED_IDENTITY_PATH) },
  })
  if (error) {
    logger.error(LINK_FAILED_MESSAGE, error)
    throw new Error(LINK_FAILED_MESSAGE, { cause: error })
  }
}

/** The server refuses to unlink the last identity, with its own message. */
export async function unlinkIdentity(identity: UserIdentity): Promise<void> {
  const supabase = await loadSupabase()
  const { error } = await supabase.auth.unlinkIdentity(identity)
  if (error) {
    throw error
  }
}

const LinkSocialResponse = z.object({ success: z.boolean(), message: z.string() })

/**
 * POST auth/link-social {provider, token} (spec §7): links the social account whose ID token
 * the caller holds. "Email already exists" (the address belongs to another account, which
 * signs in with it) counts as done; any other refusal is "Failed to link social account".
 */
export async function linkSocialAccount(provider: 'google' | 'apple', token: string) {
  let answer: z.infer<typeof LinkSocialResponse>
  try {
    answer = await apiRequest('auth/link-social', {
      method: 'POST',
      body: { provider, token },
      schema: LinkSocialResponse,
    })
  } catch (error) {
    logger.error(LINK_FAILED_MESSAGE, error)
    throw new Error(LINK_FAILED_MESSAGE, { cause: error })
  }
  if (!isLinkedOrFine(answer)) {
    logger.error(LINK_FAILED_MESSAGE, answer.message)
    throw new Error(LINK_FAILED_MESSAGE)
  }
  return answer
}

/**
 * Linking through Google also signs in anew: the server sends back a fresh session, which the
 * app does not switch to (it would drop an aal2 session to aal1, asking for the
 * authenticator code again). That session is signed out here, so no unused session stays valid.
 */
export async function discardSession(accessToken: string): Promise<void> {
  const response = await fetch(
    `${env.PUBLIC_SUPABASE_URL.replace(/\/$/, '')}/auth/v1/logout?scope=local`,
    {
      method: 'POST',
      headers: { apikey: env.PUBLIC_SUPABASE_ANON_KEY, authorization: `Bearer ${accessToken}` },
    },
  ).catch((error: unknown) => {
    logger.warn('Could not sign out the session of the linking redirect', error)
    return null
  })
  if (response && !response.ok && response.status !== 401 && response.status !== 403) {
    logger.warn(`Signing out the linking redirect's session answered ${response.status}`)
  }
}
