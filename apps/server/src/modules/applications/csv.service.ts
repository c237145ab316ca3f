/**
 * CSV import and export of applications (issue 14; formats in the README, "Applications: CSV").
 *
 * Import: the web app reads the file (Huntr's and Teal's exports, or any CSV), lets the user map
 * its columns and sends the rows as JSON, already in our fields. Each row becomes an application
 * added by hand (its job only in its snapshot) plus the events that give it its status, dated
 * from the file's "date applied" (at noon UTC; today when the file has none): APPLIED → applied;
 * INTERVIEW, OFFER, REJECTED → applied then interview_invitation, offer_received or
 * rejection_received; WITHDRAWN → withdrawn (after applied when there is a date); SAVED → none.
 * Every event carries `{source: 'csv_import'}`. One transaction for the whole request; at most
 * 500 rows. A row's import key (SHA-256 of company, title, link and date applied, case and
 * spacing folded) is kept on the application, so the same row uploaded again is skipped.
 * The application's own `created_at` is the import time, so an import of old applications does
 * not set off a burst of follow-up reminders.
 *
 * Export: every application as CSV with the columns company, title, status, date saved, date
 * applied, link, notes, location.
 */
import { createHash } from 'node:crypto'
import type { ImportRowSchema } from '@app/contracts'
import {
  type ApplicationEventType,
  type ApplicationStatus,
  type ImportResult,
  type JobSnapshot,
} from '@app/contracts'
import type { z } from 'zod'
import { type Database, withTransaction } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import { recordApplicationEvent } from './applications.repository.ts'
import {
  type ExportRow,
  findUsedImportKeys,
  listApplicationsForExport,
  lockUserImports,
  markImported,
} from './csv.repository.ts'
import { insertApplicationByHand } from './tracker.repository.ts'

type ImportRowValue = z.output<typeof ImportRowSchema>

const fold = (value: string | null) => (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase()

export function importKey(row: ImportRowValue): string {
  return createHash('sha256')
    .update(JSON.stringify([fold(row.company), fold(row.title), fold(row.link), row.dateApplied]))
    .digest('hex')
}

/** The events after `applied` that give each status (none for SAVED and APPLIED). */
const FOLLOWING_EVENT: Partial<Record<ApplicationStatus, ApplicationEventType>> = {
  INTERVIEW: 'interview_invitation',
  OFFER: 'offer_received',
  REJECTED: 'rejection_received',
  WITHDRAWN: 'withdrawn',
}

/** The events of an imported row, in order, with their times. */
export function importEvents(
  row: ImportRowValue,
  now: Date,
): Array<{ type: ApplicationEventType; createdAt: Date }> {
  if (row.status === 'SAVED') return []
  const at = row.dateApplied ? new Date(`${row.dateApplied}T12:00:00Z`) : null
  const following = FOLLOWING_EVENT[row.status]
  if (row.status === 'WITHDRAWN' && !at) {
    return [{ type: 'withdrawn', createdAt: now }]
  }
  const applied = at ?? new Date(now.getTime() - (following ? 1000 : 0))
  const events: Array<{ type: ApplicationEventType; createdAt: Date }> = [
    { type: 'applied', createdAt: applied },
  ]
  if (following) {
    // A second later: the timeline's order is the status rule's order.
    events.push({ type: following, createdAt: new Date(applied.getTime() + 1000) })
  }
  return events
}

export async function importApplications(
  db: Database,
  userId: string,
  rows: ImportRowValue[],
  now: Date,
): Promise<ImportResult> {
  const today = now.toISOString().slice(0, 10)
  const future = rows.findIndex((row) => row.dateApplied !== null && row.dateApplied > today)
  if (future !== -1) {
    throw new AppError(
      'validation_failed',
      `Row ${future + 1}: the date applied (${rows[future]!.dateApplied}) is in the future`,
      { details: [{ path: ['rows', future, 'dateApplied'], message: 'in the future' }] },
    )
  }
  return withTransaction(db, async (tx) => {
    await lockUserImports(tx, userId)
    const keys = rows.map(importKey)
    const used = await findUsedImportKeys(tx, userId, keys)
    const result: ImportResult = { imported: 0, skipped: [] }
    for (const [index, row] of rows.entries()) {
      const key = keys[index]!
      if (used.has(key)) {
        result.skipped.push({ row: index, reason: 'already_imported' })
        continue
      }
      used.add(key)
      const snapshot: JobSnapshot = {
        title: row.title,
        company: row.company,
        location: row.location,
        description: null,
        applyUrl: row.link,
        salary: null,
        skills: [],
        source: 'csv_import',
        postedAt: null,
        expiresAt: null,
      }
      const application = await insertApplicationByHand(tx, userId, snapshot)
      await markImported(tx, { id: application.id, userId, importKey: key, notes: row.notes })
      for (const event of importEvents(row, now)) {
        await recordApplicationEvent(tx, {
          applicationId: application.id,
          userId,
          type: event.type,
          payload: { source: 'csv_import' },
          createdAt: event.createdAt,
        })
      }
      result.imported += 1
    }
    return result
  })
}

export const EXPORT_COLUMNS: Array<[keyof ExportRow, string]> = [
  ['company', 'Company'],
  ['title', 'Title'],
  ['status', 'Status'],
  ['dateSaved', 'Date saved'],
  ['dateApplied', 'Date applied'],
  ['link', 'Link'],
  ['notes', 'Notes'],
  ['location', 'Location'],
]

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A value a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or CR) gets a leading
 * apostrophe, so an imported job title cannot become a formula in someone's spreadsheet.
 */
export function csvField(value: string | null): string {
  let text = value ?? ''
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export async function exportApplicationsCsv(db: Database, userId: string): Promise<string> {
  const rows = await listApplicationsForExport(db, userId)
  const lines = [EXPORT_COLUMNS.map(([, header]) => header).join(',')]
  for (const row of rows) {
    lines.push(EXPORT_COLUMNS.map(([key]) => csvField(row[key])).join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}
