/**
 * The `resume-analysis` queue (issue 15, ADR 0023): one job per analysis, sent in the
 * transaction that records it (POST /api/professional-profiles, POST /api/resume-analysis/analyze,
 * POST /api/professional-profiles/linkedin-export). The worker moves the `resume_analyses` row
 * PENDING → PROCESSING (`reading` → `parsing` → `reviewing`) → COMPLETED, or FAILED with a reason:
 *
 * - `pdf`: reads the resume from the byte store, parses it in a worker thread
 *   (`parseResumeInWorker`, stopped after `RESUME_PARSE_TIMEOUT_MS`, at most
 *   `RESUME_PARSE_MAX_PAGES`), stores the JSON Resume on the profile (`parsed_data` only: the
 *   seeker's corrections stay and win), reviews it and stores the review and its score;
 * - `linkedin_export`: the export was read into the profile on upload: reviews the profile's resume;
 * - `linkedin_url`: LinkedIn cannot be read by a server. With a profile-data provider configured
 *   it reads the profile; without (the default) the analysis waits, PENDING `awaiting_export`,
 *   for LinkedIn's own export (the app asks the seeker for it).
 *
 * A bad file fails at once and is never retried (the parser would say the same again); anything
 * else (the database, the byte store) throws, and pg-boss retries with back-off; on the last
 * attempt the analysis is FAILED `internal` rather than left running. Every attempt is bounded
 * (`attemptTimeoutMs`, below pg-boss's expiry), and a periodic sweep fails what a process that
 * died mid-attempt left PROCESSING, so no analysis hangs.
 */
import type PgBoss from 'pg-boss'
import { z } from 'zod'
import { type Database, type Queryable, withTransaction } from '../../platform/db/pool.ts'
import type { JobFeature } from '../../platform/job-queue.ts'
import type { Logger } from '../../platform/logger.ts'
import type { SendJob } from '../../platform/product-api.ts'
import {
  findProfileById,
  findResumeToAnalyse,
  overlayCorrections,
  RESUMES_BUCKET,
  storeParsedResume,
} from '../professional-profiles/index.ts'
import {
  type JsonResume,
  type ParsedResume,
  parseResumeInWorker,
  ResumeParseError,
} from '../resume-parser/index.ts'
import { type BulletRewriter, reviewResume, withRewrites } from '../resume-review/index.ts'
import type { ByteStore } from '../storage/index.ts'
import type { LinkedinProfileProvider } from './linkedin-provider.ts'
import {
  type AnalysisRow,
  completeAnalysis,
  failAnalysis,
  failStaleAnalyses,
  findLatestProfileAnalysis,
  insertOrFindAnalysis,
  lockAnalysis,
  setAnalysisStep,
} from './resume-analyses.repository.ts'
import { parsedResumeFromJson } from './resume-lines.ts'

export const RESUME_ANALYSIS_QUEUE = 'resume-analysis'

/**
 * A job's data: the profile, and (since issue 15) the analysis row recorded with the job. A job
 * without `analysisId` (queued before) records or finds the profile's analysis first.
 */
export const ResumeAnalysisJobData = z.object({
  professionalProfileId: z.uuid(),
  analysisId: z.uuid().optional(),
})
export type ResumeAnalysisJobData = z.infer<typeof ResumeAnalysisJobData>

/**
 * Records a PENDING analysis of a profile's resume and queues it, in the caller's transaction
 * (the upload's). Null when the profile has no resume.
 */
export async function requestResumeAnalysis(
  sendJob: SendJob,
  tx: Queryable,
  professionalProfileId: string,
): Promise<AnalysisRow | null> {
  const resume = await findResumeToAnalyse(tx, professionalProfileId)
  if (!resume) {
    return null
  }
  const { row, created } = await insertOrFindAnalysis(tx, {
    userId: resume.userId,
    professionalProfileId,
    input: 'pdf',
    documentPath: resume.resumePath,
    linkedinUrl: null,
  })
  if (created) {
    await queueAnalysis(sendJob, tx, row)
  }
  return row
}

/** Sends the job of a recorded analysis, in the caller's transaction. */
export async function queueAnalysis(sendJob: SendJob, tx: Queryable, row: AnalysisRow) {
  const job: ResumeAnalysisJobData = {
    professionalProfileId: row.professional_profile_id ?? '',
    analysisId: row.id,
  }
  await sendJob(tx, RESUME_ANALYSIS_QUEUE, job)
}

export type ResumeAnalysisSettings = {
  parseTimeoutMs: number
  maxPages: number
  /** The parser thread's heap cap, in MiB. */
  maxMemoryMb: number
  /** A stored resume larger than this is not read. */
  maxResumeBytes: number
}

export type ResumeAnalysisWorkerDeps = {
  db: Database
  logger: Logger
  byteStore: ByteStore
  settings: ResumeAnalysisSettings
  /** A profile-data provider for LinkedIn URLs; null (the default): wait for the export. */
  linkedinProvider: LinkedinProfileProvider | null
  /** Rewrites weak bullets with the configured LLM (`llmBulletRewriter`); null offline. */
  bulletRewriter?: BulletRewriter | null
}

const RETRY_LIMIT = 3
const INTERNAL_FAILURE = 'The analysis failed on our side. Try again later; your resume is kept.'

/**
 * How long an analysis may stay PROCESSING: every attempt at pg-boss's expiry (twice the
 * attempt's own bound), plus ten minutes for back-off and a busy queue. Beyond it, no attempt is
 * running any more (16 minutes with the default 15 s parse limit).
 */
export function staleAfterSeconds(settings: ResumeAnalysisSettings): number {
  const attemptSeconds = Math.ceil((settings.parseTimeoutMs + 30_000) / 1000)
  return (RETRY_LIMIT + 1) * 2 * attemptSeconds + 10 * 60
}

/** Fails the analyses no attempt will finish any more (see `failStaleAnalyses`). */
export async function sweepStaleAnalyses(
  db: Database,
  settings: ResumeAnalysisSettings,
): Promise<number> {
  return failStaleAnalyses(db, staleAfterSeconds(settings), INTERNAL_FAILURE)
}

/** A failure that a retry would meet again: the analysis fails with this reason at once. */
class BadInput extends Error {
  readonly failure: 'file_missing' | 'unreadable'

  constructor(failure: 'file_missing' | 'unreadable', message: string) {
    super(message)
    this.failure = failure
  }
}

function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms)
  })
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer))
}

/** Claims the job's analysis: null when it is finished already, or gone. */
async function claimAnalysis(
  db: Database,
  data: ResumeAnalysisJobData,
): Promise<AnalysisRow | null> {
  return withTransaction(db, async (tx) => {
    let row: AnalysisRow | null
    if (data.analysisId) {
      row = await lockAnalysis(tx, data.analysisId)
    } else {
      const resume = await findResumeToAnalyse(tx, data.professionalProfileId)
      const latest = await findLatestProfileAnalysis(tx, data.professionalProfileId)
      row =
        latest ??
        (resume
          ? (
              await insertOrFindAnalysis(tx, {
                userId: resume.userId,
                professionalProfileId: data.professionalProfileId,
                input: 'pdf',
                documentPath: resume.resumePath,
                linkedinUrl: null,
              })
            ).row
          : null)
      row = row && (await lockAnalysis(tx, row.id))
    }
    if (!row || row.status === 'COMPLETED' || row.status === 'FAILED') {
      return null
    }
    return row
  })
}

async function review(
  { db, bulletRewriter }: ResumeAnalysisWorkerDeps,
  row: AnalysisRow,
  parsed: ParsedResume,
): Promise<void> {
  await setAnalysisStep(db, row.id, 'reviewing')
  const offline = reviewResume(parsed)
  const result = bulletRewriter ? await withRewrites(offline, bulletRewriter) : offline
  await completeAnalysis(db, row.id, {
    score: result.score,
    result: result,
  })
}

async function analysePdf(deps: ResumeAnalysisWorkerDeps, row: AnalysisRow): Promise<void> {
  const { db, byteStore, settings } = deps
  await setAnalysisStep(db, row.id, 'reading')
  const bytes = row.document_path ? await byteStore.get(RESUMES_BUCKET, row.document_path) : null
  if (!bytes) {
    throw new BadInput(
      'file_missing',
      'The resume file is no longer in your storage. Upload it again to analyse it.',
    )
  }
  if (bytes.length > settings.maxResumeBytes) {
    throw new BadInput(
      'unreadable',
      `This PDF is larger than ${Math.round(settings.maxResumeBytes / 1_000_000)} MB: export a smaller one and upload it.`,
    )
  }
  await setAnalysisStep(db, row.id, 'parsing')
  const parsed = await parseResumeInWorker(new Uint8Array(bytes), {
    timeoutMs: settings.parseTimeoutMs,
    maxPages: settings.maxPages,
    maxMemoryMb: settings.maxMemoryMb,
  })
  if (row.professional_profile_id) {
    await storeParsedResume(db, row.professional_profile_id, parsed.resume)
  }
  // The review reads the document as parsed: its lines and layout are the PDF's own.
  await review(deps, row, parsed)
}

/** The profile's resume (the parse overlaid by the seeker's corrections), as a JSON Resume. */
async function profileResume(db: Database, row: AnalysisRow): Promise<JsonResume> {
  const profile = row.professional_profile_id
    ? await findProfileById(db, row.professional_profile_id)
    : null
  if (!profile) {
    throw new BadInput('file_missing', 'The profile of this analysis was deleted.')
  }
  const resume = overlayCorrections(profile.parsed_data, profile.corrected_data)
  return {
    basics: {},
    work: [],
    education: [],
    skills: [],
    ...resume,
  }
}

async function analyse(deps: ResumeAnalysisWorkerDeps, row: AnalysisRow): Promise<void> {
  const { db } = deps
  switch (row.input) {
    case 'pdf':
      return analysePdf(deps, row)
    case 'linkedin_export': {
      await setAnalysisStep(db, row.id, 'reading')
      return review(deps, row, parsedResumeFromJson(await profileResume(db, row)))
    }
    case 'linkedin_url': {
      const provider = deps.linkedinProvider
      if (!provider || !row.linkedin_url) {
        await setAnalysisStep(db, row.id, 'awaiting_export')
        return
      }
      await setAnalysisStep(db, row.id, 'reading')
      const resume = await provider.fetchProfile(row.linkedin_url, {
        signal: AbortSignal.timeout(deps.settings.parseTimeoutMs),
      })
      if (row.professional_profile_id) {
        await storeParsedResume(db, row.professional_profile_id, resume)
      }
      return review(deps, row, parsedResumeFromJson(resume))
    }
  }
}

/** The worker's settings from the configuration (`RESUME_*`). */
export function resumeAnalysisSettingsFromConfig(config: {
  RESUME_PARSE_TIMEOUT_MS: number
  RESUME_PARSE_MAX_PAGES: number
  RESUME_PARSE_MAX_MEMORY_MB: number
  RESUME_MAX_BYTES: number
}): ResumeAnalysisSettings {
  return {
    parseTimeoutMs: config.RESUME_PARSE_TIMEOUT_MS,
    maxPages: config.RESUME_PARSE_MAX_PAGES,
    maxMemoryMb: config.RESUME_PARSE_MAX_MEMORY_MB,
    maxResumeBytes: config.RESUME_MAX_BYTES,
  }
}

export function resumeAnalysisRequests(deps: ResumeAnalysisWorkerDeps): JobFeature {
  const { db, logger } = deps
  // Every attempt ends well within pg-boss's expiry: the parse's own timeout, plus storage and
  // database time.
  const attemptTimeoutMs = deps.settings.parseTimeoutMs + 30_000
  const expireInSeconds = Math.ceil((attemptTimeoutMs * 2) / 1000)

  async function work(job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const data = ResumeAnalysisJobData.parse(job.data)
    const row = await claimAnalysis(db, data)
    if (!row) {
      return
    }
    const started = performance.now()
    try {
      await withDeadline(analyse(deps, row), attemptTimeoutMs, 'The analysis')
      logger.info(
        { analysisId: row.id, input: row.input, ms: Math.round(performance.now() - started) },
        'resume analysed',
      )
    } catch (error) {
      if (error instanceof ResumeParseError) {
        await failAnalysis(db, row.id, error.failure, error.message)
        logger.info({ analysisId: row.id, failure: error.failure }, 'resume could not be read')
        return
      }
      if (error instanceof BadInput) {
        await failAnalysis(db, row.id, error.failure, error.message)
        return
      }
      if (job.retryCount >= (job.retryLimit ?? RETRY_LIMIT)) {
        await failAnalysis(db, row.id, 'internal', INTERNAL_FAILURE)
        logger.error({ err: error, analysisId: row.id }, 'resume analysis failed for good')
        return
      }
      throw error
    }
  }

  return {
    queues: [
      {
        name: RESUME_ANALYSIS_QUEUE,
        policy: { retryLimit: RETRY_LIMIT, retryDelay: 5, retryBackoff: true, expireInSeconds },
        work,
        concurrency: 2,
      },
    ],
    tasks: [
      {
        name: 'resume-analysis-stale-sweep',
        intervalMs: 5 * 60_000,
        run: async () => {
          const failed = await sweepStaleAnalyses(db, deps.settings)
          if (failed > 0) {
            logger.warn({ failed }, 'failed resume analyses left running by a stopped process')
          }
        },
      },
    ],
  }
}
