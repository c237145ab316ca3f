import { EVENT_FOR_STATUS } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { type Application, applicationKeys } from '../api/applications'
import { recordEvent } from '../api/tracker'
import { type ApplicationStatus, STATUS_LABELS } from '../lib/application-status'
import { jobName } from '../lib/application-text'

type Snapshot = Array<[readonly unknown[], unknown]>
export type MoveTarget = Exclude<ApplicationStatus, 'SAVED'>

/** The stages a card can be moved to: every one but SAVED, where applications only start. */
export const MOVE_TARGETS: readonly MoveTarget[] = [
  'APPLIED',
  'INTERVIEW',
  'OFFER',
  'REJECTED',
  'WITHDRAWN',
]

/**
 * Moving an application on the board (drag, or the "Move to…" menu): records the stage's event
 * (applied, interview_invitation, offer_received, rejection_received, withdrawn) and the
 * database's status rule moves it. Optimistic: the card moves at once and comes back, with the
 * reason, when the server refuses.
 */
export function useMoveApplication(userId: string) {
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const mutation = useMutation({
    mutationFn: ({ application, to }: { application: Application; to: MoveTarget }) =>
      recordEvent(userId, application.id, EVENT_FOR_STATUS[to]),
    onMutate: async ({ application, to }) => {
      setFailure(null)
      await queryClient.cancelQueries({ queryKey: applicationKeys.all })
      const snapshot: Snapshot = []
      const now = new Date().toISOString()
      for (const [key, data] of queryClient.getQueriesData<Application[]>({
        queryKey: applicationKeys.list(userId),
      })) {
        snapshot.push([key, data])
        if (Array.isArray(data)) {
          queryClient.setQueryData(
            key,
            data.map((item) =>
              item.id === application.id ? { ...item, status: to, latestEventAt: now } : item,
            ),
          )
        }
      }
      setAnnouncement(`Moved ${jobName(application)} to ${STATUS_LABELS[to]}.`)
      return snapshot
    },
    onError: (error, { application }, snapshot) => {
      for (const [key, data] of snapshot ?? []) {
        queryClient.setQueryData(key, data)
      }
      setFailure(`We couldn't move ${jobName(application)}: ${error.message}`)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  })
  return {
    move: (application: Application, to: MoveTarget) => {
      if (application.status !== to) {
        mutation.mutate({ application, to })
      }
    },
    failure,
    announcement,
    dismissFailure: () => setFailure(null),
  }
}
