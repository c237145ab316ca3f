import { z } from 'zod'
import { APPLICATION_STATUSES } from './applications.ts'

/**
 * The tracker's follow-up reminders, statistics and CSV import (issue 14):
 * - GET/PUT /api/job-applications/reminder-settings `{followUpAfterDays}`: 1-60 days, or null
 *   for off (default 7);
 * - GET /api/job-applications/stats: counts over the user's applications;
 * - POST /api/job-applications/import `{rows}`: at most 500 rows, already mapped to our fields;
 * - GET /api/job-applications/export.csv: every application as CSV.
 */
export const DEFAULT_FOLLOW_UP_AFTER_DAYS = 7
export const MAX_FOLLOW_UP_AFTER_DAYS = 60

export const ReminderSettingsSchema = z.object({
  /** Days without any event after which an APPLIED application gets a reminder; null: off. */
  followUpAfterDays: z.number().int().min(1).max(MAX_FOLLOW_UP_AFTER_DAYS).nullable(),
})
export type ReminderSettings = z.infer<typeof ReminderSettingsSchema>

export const StatsWeekSchema = z.object({
  /** Monday of the week (UTC), YYYY-MM-DD. */
  weekStart: z.string(),
  /** Applications saved or added that week (by `created_at`). */
  saved: z.number(),
  /** Applications applied to that week (by `applied_at`). */
  applied: z.number(),
})

export const ApplicationStatsSchema = z.object({
  /** The last 12 weeks, oldest first, the current week last. */
  weeks: z.array(StatsWeekSchema),
  total: z.number(),
  /** Applications applied to (with `applied_at`): the denominator of the rates. */
  applied: z.number(),
  /** Applied applications with an employer event (invitation, interview, offer, rejection). */
  responded: z.number(),
  /** Applied applications with an interview invitation, scheduled interview or offer. */
  interviewed: z.number(),
  /** responded ÷ applied, 0-1; null when nothing was applied to. */
  responseRate: z.number().nullable(),
  interviewRate: z.number().nullable(),
  /** Median days from applied to the first employer event; null without responses. */
  medianDaysToFirstResponse: z.number().nullable(),
})
export type ApplicationStats = z.infer<typeof ApplicationStatsSchema>

export const MAX_IMPORT_ROWS = 500

const text = (max: number) => z.string().trim().max(max)
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => (value ? value : null))

export const ImportRowSchema = z.object({
  company: text(200).min(1),
  title: text(300).min(1),
  status: z.enum(APPLICATION_STATUSES),
  /** YYYY-MM-DD; null when the file has none. */
  dateApplied: z.iso
    .date()
    .nullish()
    .transform((value) => value ?? null),
  link: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .nullish()
    .transform((value) => value ?? null),
  notes: optionalText(5000),
  location: optionalText(200),
})
export type ImportRow = z.input<typeof ImportRowSchema>

export const ImportRequestSchema = z.object({
  rows: z.array(ImportRowSchema).min(1),
})
export type ImportRequest = z.input<typeof ImportRequestSchema>

export const ImportResultSchema = z.object({
  imported: z.number(),
  /** Rows not imported, by their index in the request. */
  skipped: z.array(z.object({ row: z.number(), reason: z.enum(['already_imported']) })),
})
export type ImportResult = z.infer<typeof ImportResultSchema>
