import type { Wizard, WizardPatch } from '@app/contracts'
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { updateWizard, wizardQuery } from '../api/wizard'
import { type SaveQueue, createSaveQueue } from '../lib/save-queue'

/**
 * The wizard row with the user's unsaved answers laid over it (optimistic), and `save`, which
 * queues a change and returns at once. One save queue per user for the page's lifetime, so
 * moving between steps never loses a change that is still on its way.
 */
const saveQueues = new Map<string, SaveQueue<WizardPatch>>()

function saveQueueFor(userId: string, queryClient: QueryClient): SaveQueue<WizardPatch> {
  let queue = saveQueues.get(userId)
  if (!queue) {
    queue = createSaveQueue<WizardPatch, Wizard>({
      save: (patch) => updateWizard(userId, patch),
      onSaved: (row) => queryClient.setQueryData(wizardQuery(userId).queryKey, row),
    })
    saveQueues.set(userId, queue)
  }
  return queue
}

export function useWizard(userId: string) {
  const queryClient = useQueryClient()
  const query = useQuery(wizardQuery(userId))
  const queue = saveQueueFor(userId, queryClient)
  const saveState = useSyncExternalStore(queue.subscribe, queue.getState)
  const hasUnsaved = saveState.unsaved !== null

  // Back online: send what is waiting now rather than at the next scheduled retry.
  useEffect(() => {
    window.addEventListener('online', queue.retryNow)
    return () => window.removeEventListener('online', queue.retryNow)
  }, [queue])

  // Closing or reloading the tab would drop answers the server has not confirmed: ask first.
  useEffect(() => {
    if (!hasUnsaved) {
      return
    }
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [hasUnsaved])

  const wizard = useMemo(
    () => (query.data && saveState.unsaved ? { ...query.data, ...saveState.unsaved } : query.data),
    [query.data, saveState.unsaved],
  )
  return { query, wizard, saveState, save: queue.enqueue, retrySave: queue.retryNow }
}
