import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { type Application, applicationKeys, recordApplied } from '../api/applications'

type Snapshot = Array<[readonly unknown[], unknown]>

/** Every cached read that holds `applicationId` shows it as applied now; returns what they held. */
function markApplied(queryClient: QueryClient, applicationId: string, now: string): Snapshot {
  const snapshot: Snapshot = []
  const apply = (application: Application): Application =>
    application.id === applicationId
      ? { ...application, status: 'APPLIED', appliedAt: now, latestEventAt: now }
      : application
  for (const [key, data] of queryClient.getQueriesData<Application[] | Application | null>({
    queryKey: applicationKeys.all,
  })) {
    snapshot.push([key, data])
    if (Array.isArray(data)) {
      queryClient.setQueryData(key, data.map(apply))
    } else if (data) {
      queryClient.setQueryData(key, apply(data))
    }
  }
  return snapshot
}

export type AppliedFailure = { applicationId: string; jobName: string; reason: string }

/**
 * "I applied", optimistic: the application shows as applied at once; when the server refuses,
 * every read goes back to what it showed and `failure` says what happened. The database's
 * trigger sets the real status and date, read again once the server has answered.
 */
export function useRecordApplied(userId: string) {
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<AppliedFailure | null>(null)
  const mutation = useMutation({
    mutationFn: ({ application }: { application: Application; jobName: string }) =>
      recordApplied(userId, application.id),
    onMutate: async ({ application }) => {
      setFailure(null)
      await queryClient.cancelQueries({ queryKey: applicationKeys.all })
      return markApplied(queryClient, application.id, new Date().toISOString())
    },
    onError: (error, { application, jobName }, snapshot) => {
      for (const [key, data] of snapshot ?? []) {
        queryClient.setQueryData(key, data)
      }
      setFailure({ applicationId: application.id, jobName, reason: error.message })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  })
  return {
    markApplied: (application: Application, jobName: string) =>
      mutation.mutate({ application, jobName }),
    isPending: (applicationId: string) =>
      mutation.isPending && mutation.variables.application.id === applicationId,
    failure,
    dismissFailure: () => setFailure(null),
  }
}
