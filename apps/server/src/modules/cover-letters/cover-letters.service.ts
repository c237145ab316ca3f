/**
 * The cover letter's routes' rules: its state, a free regeneration (limited per application
 * and 24 hours), and the PDF of the user's edited text.
 */
import { COVER_LETTERS_BUCKET, type CoverLetterState } from '@app/contracts'
import type { Clock } from '../../platform/clock.ts'
import { type Database, type Queryable, withTransaction } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import type { SendJob } from '../../platform/product-api.ts'
import {
  countCoverLetterRegeneration,
  type CoverLetterRow,
  findCoverLetterRow,
  regenerationsLeft,
  saveCoverLetterPath,
} from '../applications/index.ts'
import { type ByteStore, storeFileAsServer } from '../storage/index.ts'
import { applicationJob } from './application-job.ts'
import { requestCoverLetter } from './cover-letter-preparation.ts'
import { renderLetterPdf } from './letter-pdf.ts'

type Deps = {
  db: Database
  now: Clock
  sendJob: SendJob
  byteStore: ByteStore
  coverLetterRegenerationsPerDay: number
}

export async function coverLetterState(
  deps: Deps,
  userId: string,
  applicationId: string,
): Promise<CoverLetterState> {
  const row = await findCoverLetterRow(deps.db, userId, applicationId)
  if (!row) throw new AppError('not_found', 'Application not found')
  return toState(deps, deps.db, row)
}

export async function regenerateCoverLetter(
  deps: Deps,
  userId: string,
  applicationId: string,
  setRetryAfter: (seconds: number) => void,
): Promise<CoverLetterState> {
  return withTransaction(deps.db, async (tx) => {
    const row = await findCoverLetterRow(tx, userId, applicationId, { lock: true })
    if (!row) throw new AppError('not_found', 'Application not found')
    if (row.cover_letter_status === 'queued' || row.cover_letter_status === 'preparing') {
      throw new AppError(
        'conflict',
        'A cover letter is already being prepared for this application',
      )
    }
    if (!(await applicationJob(tx, row))) {
      throw new AppError('conflict', 'This application has no job to write about')
    }
    const limit = deps.coverLetterRegenerationsPerDay
    const now = deps.now()
    const retryAfter = await countCoverLetterRegeneration(tx, row, limit, now)
    if (retryAfter !== null) {
      setRetryAfter(retryAfter)
      throw new AppError(
        'cover_letter_regeneration_limit',
        `This letter was regenerated ${limit} times in the last 24 hours: try again later, or edit the text yourself`,
        { details: { limit, retryAfterSeconds: retryAfter } },
      )
    }
    await requestCoverLetter(deps.sendJob, tx, { applicationId, userId, now })
    const updated = await findCoverLetterRow(tx, userId, applicationId)
    return toState(deps, tx, updated!)
  })
}

export async function renderEditedLetterPdf(
  deps: Deps,
  userId: string,
  applicationId: string,
): Promise<CoverLetterState> {
  return withTransaction(deps.db, async (tx) => {
    const row = await findCoverLetterRow(tx, userId, applicationId, { lock: true })
    if (!row) throw new AppError('not_found', 'Application not found')
    const text = row.cover_letter?.trim()
    if (!text) {
      throw new AppError('conflict', 'This application has no cover letter text to render')
    }
    const job = await applicationJob(tx, row)
    const now = deps.now()
    const pdf = await renderLetterPdf(text, {
      title: job ? `Cover letter: ${job.title}` : 'Cover letter',
      author: null,
      date: now,
    })
    const pdfPath = `${userId}/${applicationId}.pdf`
    await storeFileAsServer(tx, deps.byteStore, {
      bucket: COVER_LETTERS_BUCKET,
      name: pdfPath,
      owner: userId,
      bytes: pdf,
      mimeType: 'application/pdf',
      now,
      upsert: true,
    })
    await saveCoverLetterPath(tx, applicationId, pdfPath)
    return toState(deps, tx, { ...row, cover_letter_path: pdfPath })
  })
}

async function toState(deps: Deps, db: Queryable, row: CoverLetterRow): Promise<CoverLetterState> {
  const job = await applicationJob(db, row)
  return {
    applicationId: row.id,
    status: row.cover_letter_status,
    statusAt: row.cover_letter_status_at?.toISOString() ?? null,
    error: row.cover_letter_error,
    source: row.cover_letter_source,
    text: row.cover_letter,
    pdfPath: row.cover_letter_path,
    matchReport: row.match_report,
    regenerationsLeft: regenerationsLeft(row, deps.coverLetterRegenerationsPerDay, deps.now()),
    applyUrl: job?.applyUrl ?? null,
  }
}
