import * as supabaseJs from '@supabase/supabase-js'
import { provideAuthErrorGuards } from './auth-errors'
import { env } from './env'

// From now on the app's auth error checks are supabase-js's own (lib/auth-errors.ts).
provideAuthErrorGuards(supabaseJs)

/**
 * The one backend client (auth, tables, storage), made once by lib/supabase.ts's
 * `loadSupabase()`: this module, and supabase-js with it, is loaded only when a page needs it.
 *
 * - `detectSessionInUrl: false`: pages that receive a session by link (/forgot-password,
 *   /upload/$userId, /auth/callback) read the URL themselves and call setSession; automatic
 *   detection would consume the tokens before those pages can check them.
 * - `flowType: 'implicit'` (auth-js's default, stated on purpose): emailed links and the Google
 *   redirect come back with the session in the URL hash. PKCE would bind every link to the
 *   browser storage that asked for it, and one client has one flow for all its calls, so:
 *   1. the reset email, requested from the mobile app or here, must open /forgot-password with
 *      hash tokens, as the spec's page requires (PKCE would land `?code=` there instead);
 *   2. on phones, mail apps open links in their own in-app browser, which does not share storage
 *      with the browser that asked for a sign-in link, so a PKCE link would fail there.
 */
export function createSupabaseClient() {
  return supabaseJs.createClient(env.PUBLIC_SUPABASE_URL, env.PUBLIC_SUPABASE_ANON_KEY, {
    auth: { detectSessionInUrl: false, flowType: 'implicit' },
  })
}
