/**
 * Saves changes one request at a time, optimistically: callers add a patch and move on; patches
 * that arrive while a save is under way are merged and sent next. A failed save keeps its
 * changes (merged under newer ones), says so in the state, and is retried after a growing
 * delay, or at once on `retryNow()` or the next `enqueue()`. Nothing is dropped until the
 * server confirms it. The state is an immutable snapshot, for React's useSyncExternalStore.
 */
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed'

export type SaveState<P> = {
  status: SaveStatus
  /** Every change the server has not confirmed yet (sending or waiting), newest winning. */
  unsaved: P | null
  /** While failed: when the next automatic attempt runs (epoch ms). */
  retryAt: number | null
  /** While failed: why the last attempt failed. */
  error: unknown
}

export type SaveQueue<P> = {
  enqueue: (patch: P) => void
  retryNow: () => void
  getState: () => SaveState<P>
  subscribe: (listener: () => void) => () => void
}

export const RETRY_DELAYS_MS = [1_000, 3_000, 10_000, 30_000] as const

function merge<P extends object>(older: P, newer: P | null): P {
  return { ...older, ...newer }
}

export function createSaveQueue<P extends object, R>({
  save,
  onSaved,
  retryDelaysMs = RETRY_DELAYS_MS,
  now = Date.now,
}: {
  save: (patch: P) => Promise<R>
  onSaved?: (result: R) => void
  retryDelaysMs?: readonly number[]
  now?: () => number
}): SaveQueue<P> {
  let waiting: P | null = null
  let sending: P | null = null
  let failures = 0
  let retryTimer: ReturnType<typeof setTimeout> | null = null
  let state: SaveState<P> = { status: 'idle', unsaved: null, retryAt: null, error: null }
  const listeners = new Set<() => void>()

  // A function, not the variable: `waiting` changes while a save is awaited, which the
  // compiler's narrowing of it cannot see.
  const waitingPatch = () => waiting

  function publish(next: Omit<SaveState<P>, 'unsaved'>) {
    const unsaved = sending || waiting ? ({ ...sending, ...waiting } as P) : null
    state = { ...next, unsaved }
    for (const listener of listeners) {
      listener()
    }
  }

  function cancelRetry() {
    if (retryTimer !== null) {
      clearTimeout(retryTimer)
      retryTimer = null
    }
  }

  async function flush() {
    if (sending || !waiting) {
      return
    }
    cancelRetry()
    const patch: P = waiting
    sending = patch
    waiting = null
    publish({ status: 'saving', retryAt: null, error: null })
    try {
      const result = await save(patch)
      sending = null
      failures = 0
      onSaved?.(result)
      publish({ status: waitingPatch() ? 'saving' : 'saved', retryAt: null, error: null })
      void flush()
    } catch (error) {
      // Newer changes made during the attempt win over the ones that failed.
      waiting = merge(patch, waitingPatch())
      sending = null
      const delay = retryDelaysMs[Math.min(failures, retryDelaysMs.length - 1)] ?? 0
      failures += 1
      retryTimer = setTimeout(() => {
        retryTimer = null
        void flush()
      }, delay)
      publish({ status: 'failed', retryAt: now() + delay, error })
    }
  }

  return {
    enqueue(patch) {
      waiting = waiting ? merge(waiting, patch) : patch
      publish({ ...state })
      void flush()
    },
    retryNow() {
      void flush()
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
