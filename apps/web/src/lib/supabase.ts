import { createClient } from '@supabase/supabase-js'
import { env } from './env'

/**
 * The one backend client (auth, tables, storage). Pages that receive a session by link read the
 * URL hash themselves and call setSession, so automatic detection stays off: it would consume the
 * tokens before those pages can check them.
 */
export const supabase = createClient(env.PUBLIC_SUPABASE_URL, env.PUBLIC_SUPABASE_ANON_KEY, {
  auth: { detectSessionInUrl: false },
})
