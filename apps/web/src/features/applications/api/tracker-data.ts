/**
 * The tracker's statistics, follow-up reminder setting, CSV import and CSV export, through the
 * product API (packages/contracts/src/application-tracker-data.ts).
 */
import {
  ApplicationStatsSchema,
  type ImportRequest,
  ImportResultSchema,
  type ReminderSettings,
  ReminderSettingsSchema,
} from '@app/contracts'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api'
import { downloadApiFile } from '@/lib/api-download'

/**
 * Outside `applicationKeys.all` on purpose: "I applied" cancels, rewrites and refetches every
 * query under it and stays pending until they are back, which these API reads would only slow.
 */
export const trackerDataKeys = {
  stats: (userId: string) => ['application-stats', userId] as const,
  reminders: (userId: string) => ['application-reminder-settings', userId] as const,
}

export function statsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: trackerDataKeys.stats(userId),
    queryFn: () => apiRequest('job-applications/stats', { schema: ApplicationStatsSchema }),
  })
}

export function reminderSettingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: trackerDataKeys.reminders(userId),
    queryFn: () =>
      apiRequest('job-applications/reminder-settings', { schema: ReminderSettingsSchema }),
  })
}

export function saveReminderSettings(settings: ReminderSettings) {
  return apiRequest('job-applications/reminder-settings', {
    method: 'PUT',
    body: settings,
    schema: ReminderSettingsSchema,
  })
}

export function importApplications(rows: ImportRequest['rows']) {
  return apiRequest('job-applications/import', {
    method: 'POST',
    body: { rows },
    schema: ImportResultSchema,
  })
}

/** Downloads every application as CSV (`applications-<today>.csv`, as the server names it). */
export function downloadApplicationsCsv(): Promise<void> {
  return downloadApiFile(
    'job-applications/export.csv',
    `applications-${new Date().toISOString().slice(0, 10)}.csv`,
  )
}
