/**
 * Offline reading and the offline outbox (issue 19, ADR 0032), both in TanStack Query's cache,
 * kept in IndexedDB (idb-keyval) between visits:
 * - the data screens read offline (the deck's cards, the credits, the tracker, the badges) is
 *   restored before the app renders, so a reload with the network off shows the last sync;
 * - writes made offline are Query mutations that pause until the browser is online again
 *   (`networkMode: 'online'`, the default); paused swipes are saved with the cache and resumed
 *   after a reload too (their function comes from `setMutationDefaults`, features/jobs). The
 *   swipe's `Idempotency-Key` travels with it, so a replay is charged once.
 * The cache belongs to one user: its data is dropped on sign-out, and when another user's is found.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import type { QueryClient } from '@tanstack/react-query'
import {
  type PersistedQueryClientRestoreOptions,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client'
import { createStore, del, get, set } from 'idb-keyval'
import { env } from './env'
import { logger } from './logger'
import { storedUserId } from './stored-session'
import { type SupabaseClient, whenSupabaseLoaded } from './supabase'

/** Query keys whose data is kept for offline reading (first element of the key). */
const OFFLINE_QUERY_ROOTS = new Set(['jobs', 'credits', 'applications', 'badges'])
/** Mutation keys whose paused writes are kept across reloads (they have defaults). */
const OFFLINE_MUTATION_ROOTS = new Set(['jobs'])
/** A week: older data is not worth showing as "the last sync". */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000
/** Restoring never holds the first render longer than this (a slow or broken IndexedDB). */
const RESTORE_TIMEOUT_MS = 1500

const store = typeof indexedDB === 'undefined' ? null : createStore('job-search-app', 'offline')

const persister = createAsyncStoragePersister({
  storage: store
    ? {
        getItem: (key) => get<string>(key, store).then((value) => value ?? null),
        setItem: (key, value: string) => set(key, value, store),
        removeItem: (key) => del(key, store),
      }
    : undefined,
  key: 'query-cache',
  throttleTime: 500,
})

const rootOf = (key: readonly unknown[]) => (typeof key[0] === 'string' ? key[0] : '')

function persistOptions(queryClient: QueryClient, userId: string | null) {
  return {
    // The persister's package pins a slightly older query-core (5.104 beside our 5.108): the
    // same client API, another copy of its types.
    queryClient: queryClient as unknown as PersistedQueryClientRestoreOptions['queryClient'],
    persister,
    maxAge: MAX_AGE_MS,
    // A new version, or another user, starts from an empty cache.
    buster: `${env.PUBLIC_APP_VERSION}:${userId ?? 'signed-out'}`,
    dehydrateOptions: {
      shouldDehydrateQuery: (query: { queryKey: readonly unknown[]; state: { status: string } }) =>
        query.state.status === 'success' && OFFLINE_QUERY_ROOTS.has(rootOf(query.queryKey)),
      shouldDehydrateMutation: (mutation: {
        options: { mutationKey?: readonly unknown[] }
        state: { isPaused: boolean }
      }) =>
        mutation.state.isPaused &&
        OFFLINE_MUTATION_ROOTS.has(rootOf(mutation.options.mutationKey ?? [])),
    },
  }
}

/**
 * Restores the last sync into `queryClient`, keeps it saved from then on, and resumes writes
 * made offline once restored (and whenever the browser comes back online: Query does that).
 */
export async function startOfflineCache(queryClient: QueryClient): Promise<void> {
  if (!store) return
  const options = persistOptions(queryClient, storedUserId())
  try {
    await Promise.race([
      persistQueryClientRestore(options),
      new Promise((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS)),
    ])
  } catch (error) {
    logger.warn('The offline cache could not be restored', error)
  }
  // The restored data is the last sync: shown at once, and fetched again by every screen that
  // shows it wherever the network allows (a change saved just before a reload, such as a
  // reported job leaving the deck, may be missing from it).
  await queryClient.invalidateQueries({
    predicate: (query) => OFFLINE_QUERY_ROOTS.has(rootOf(query.queryKey)),
    refetchType: 'none',
  })
  persistQueryClientSubscribe(options)
  // A sign-out happens through the client, so a page that has not loaded it has none to see.
  whenSupabaseLoaded((supabase) => {
    watchSignOut(supabase, queryClient)
  })
  void queryClient.resumePausedMutations()
}

function watchSignOut(supabase: SupabaseClient, queryClient: QueryClient): void {
  supabase.auth.onAuthStateChange((event) => {
    if (event === 'SIGNED_OUT') {
      // Only the user's offline data: clearing every query would also restart the queries of
      // the pages that sign a link's session in (/forgot-password, /upload/…), which sign the
      // previous session out first and would then end the link's own session too.
      queryClient.removeQueries({
        predicate: (query) => OFFLINE_QUERY_ROOTS.has(rootOf(query.queryKey)),
      })
      void persister.removeClient()
    }
  })
}
