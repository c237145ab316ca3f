/**
 * The general profile (spec §3: first_name, last_name, email), read and written with the
 * signed-in user's rights: RLS lets them read their own row and update only the columns granted
 * to them (the names here; the email follows the auth account, see `requestEmailChange`).
 */
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { logger } from '@/lib/logger'
import { loadSupabase } from '@/lib/supabase'
import type { ProfileNamesValues } from '../lib/account-schemas'
import { NO_ROWS } from '../lib/postgrest'
import { appUrl } from './app-url'

const PROFILE_COLUMNS = 'first_name, last_name, email'

const ProfileRow = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
})

export type GeneralProfile = { firstName: string; lastName: string; email: string }

function toGeneralProfile(row: unknown): GeneralProfile {
  const profile = ProfileRow.parse(row)
  return {
    firstName: profile.first_name ?? '',
    lastName: profile.last_name ?? '',
    email: profile.email ?? '',
  }
}

/** The profile, or "Profile not found" (no row) / "Failed to fetch profile" (anything else). */
export async function getGeneralProfile(userId: string): Promise<GeneralProfile> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase
    .from('profiles')
    .select(PROFILE_COLUMNS)
    .eq('user_id', userId)
    .single()
  if (error?.code === NO_ROWS) {
    throw new Error('Profile not found', { cause: error })
  }
  if (error) {
    logger.error('Failed to fetch profile', error)
    throw new Error('Failed to fetch profile', { cause: error })
  }
  return toGeneralProfile(data)
}

export function generalProfileQuery(userId: string) {
  return queryOptions({
    queryKey: ['account', 'profile', userId],
    queryFn: () => getGeneralProfile(userId),
    retry: false,
  })
}

/** Saves the names; answers the profile as stored. */
export async function updateProfileNames(
  userId: string,
  { firstName, lastName }: ProfileNamesValues,
): Promise<GeneralProfile> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase
    .from('profiles')
    .update({ first_name: firstName, last_name: lastName })
    .eq('user_id', userId)
    .select(PROFILE_COLUMNS)
    .single()
  if (error?.code === NO_ROWS) {
    throw new Error('Profile not found', { cause: error })
  }
  if (error) {
    logger.error('Failed to update profile', error)
    throw new Error("We couldn't save your name. Please try again.", { cause: error })
  }
  return toGeneralProfile(data)
}

/**
 * Asks the auth server to change the account's email: it emails a confirmation link to the new
 * address and changes nothing until that link is opened (then the profile's copy follows, by
 * the database's trigger). The link signs in through /auth/callback.
 */
export async function requestEmailChange(email: string): Promise<void> {
  const supabase = await loadSupabase()
  const { error } = await supabase.auth.updateUser(
    { email },
    { emailRedirectTo: appUrl('/auth/callback') },
  )
  if (error) {
    throw error
  }
}
