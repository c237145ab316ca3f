import { type BadgesResponse, BadgesResponseSchema } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api'

/** Today where the user is (YYYY-MM-DD): "an interview today" is today on their clock. */
function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/**
 * What waits behind the shell's tabs (issue 19): review-inbox emails (Saved) and interviews
 * today (Practice), from one small request, refreshed every few minutes and kept for offline.
 */
export function useTabBadges(): BadgesResponse | undefined {
  const today = localToday()
  const { data } = useQuery({
    queryKey: ['badges', today],
    queryFn: () => apiRequest(`badges?today=${today}`, { schema: BadgesResponseSchema }),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  })
  return data
}
