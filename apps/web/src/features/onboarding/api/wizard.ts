import {
  type Wizard,
  type WizardPatch,
  WizardRowSchema,
  wizardColumnsFromPatch,
} from '@app/contracts'
import type { PostgrestError } from '@supabase/supabase-js'
import { queryOptions } from '@tanstack/react-query'
import { logger } from '@/lib/logger'
import { loadSupabase } from '@/lib/supabase'

/** What supabase-js answers; the row is checked by `WizardRowSchema`. */
type Row = { data: unknown; error: PostgrestError | null }

/** The user's `wizard` row, read and written with supabase-js (row-level security: own row). */
export function wizardQuery(userId: string) {
  return queryOptions({
    queryKey: ['onboarding', 'wizard', userId],
    queryFn: () => fetchWizard(userId),
    // Only this wizard writes the row, and every save answers the row as stored: a refetch
    // could only race a save in flight.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  })
}

async function fetchWizard(userId: string): Promise<Wizard> {
  const supabase = await loadSupabase()
  const { data, error }: Row = await supabase
    .from('wizard')
    .select('*')
    .eq('user_id', userId)
    .single()
  if (error) {
    logger.error('Failed to fetch wizard', error)
    throw new Error('Failed to fetch wizard', { cause: error })
  }
  return WizardRowSchema.parse(data)
}

/** Writes only the columns the patch names (the ones `authenticated` may update). */
export async function updateWizard(userId: string, patch: WizardPatch): Promise<Wizard> {
  const supabase = await loadSupabase()
  const { data, error }: Row = await supabase
    .from('wizard')
    .update(wizardColumnsFromPatch(patch))
    .eq('user_id', userId)
    .select('*')
    .single()
  if (error) {
    throw new Error(error.message, { cause: error })
  }
  return WizardRowSchema.parse(data)
}
