/**
 * The backend client (auth, tables, storage), loaded on first use (issue 21, ADR 0034).
 *
 * supabase-js is about 200 KB of JavaScript; pages that never talk to the backend (/, the
 * not-found page) must not download or evaluate it. So no module imports the client: code that
 * needs it awaits `loadSupabase()`, which imports supabase-js and creates the one client the
 * first time, and gives the same client ever after. Every use of the client is asynchronous
 * anyway, so the wait is one more `await` in code that already awaits.
 *
 * Code that must react to the client's events from the start (the offline cache clearing a
 * signed-out user's data) registers with `whenSupabaseLoaded`: a session can change only through
 * the client, so a page that never loads it has no event to miss.
 */
import type { createSupabaseClient } from './supabase-client'

/** The app's client (its database types are supabase-js's defaults). */
export type SupabaseClient = ReturnType<typeof createSupabaseClient>

let client: SupabaseClient | undefined
let loading: Promise<SupabaseClient> | undefined
const listeners: ((client: SupabaseClient) => void)[] = []

/** The one client, created on the first call (supabase-js downloaded then). */
export function loadSupabase(): Promise<SupabaseClient> {
  loading ??= import('./supabase-client').then(
    ({ createSupabaseClient }) => {
      const created = createSupabaseClient()
      client = created
      for (const listener of listeners.splice(0)) {
        listener(created)
      }
      return created
    },
    (error: unknown) => {
      // A failed download (offline, a deploy replaced the chunk) is tried again next time.
      loading = undefined
      throw error
    },
  )
  return loading
}

/** Whether the client exists already (supabase-js downloaded). */
export function isSupabaseLoaded(): boolean {
  return client !== undefined
}

/** Runs `listener` with the client once it exists (at once if it already does). */
export function whenSupabaseLoaded(listener: (client: SupabaseClient) => void): void {
  if (client) {
    listener(client)
  } else {
    listeners.push(listener)
  }
}
