/**
 * The product API of resume analysis (issue 15, ADR 0023): analyse a profile's resume or
 * LinkedIn URL, read an analysis, read LinkedIn's export into a profile, match a resume to a
 * job. Plain functions taking their dependencies first; SQL stays in the repositories.
 */
import {
  type AnalyzeResumeBody,
  LINKEDIN_PROFILE_URL,
  type MatchResumeBody,
  type ResumeJobMatchAnswer,
} from '@app/contracts'
import { type Database, withTransaction } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import type { SendJob } from '../../platform/product-api.ts'
import { findCoverLetterRow } from '../applications/index.ts'
import { findJobForLetter } from '../jobs/index.ts'
import {
  findUserProfile,
  insertLinkedinExportProfile,
  overlayCorrections,
  PROFILE_NOT_FOUND,
  RESUMES_BUCKET,
  storeLinkedinUrl,
  storeParsedResume,
} from '../professional-profiles/index.ts'
import type { JsonResume } from '../resume-parser/index.ts'
import { type JobToMatch, matchResumeToJob } from '../resume-review/index.ts'
import { lockObjectRow } from '../storage/index.ts'
import { queueAnalysis } from './analysis-requests.ts'
import { resumePathFromDocumentUrl } from './document-url.ts'
import {
  LinkedinExportError,
  type LinkedinExportLimits,
  readLinkedinExport,
} from './linkedin-export.ts'
import {
  type AnalysisRow,
  findActiveAnalysis,
  findLatestUserAnalysis,
  findUserAnalysis,
  insertOrFindAnalysis,
  resumeAwaitingAnalysis,
} from './resume-analyses.repository.ts'

export const RESUME_ANALYSIS_NOT_FOUND = 'Resume analysis not found'
export const SOURCE_MISSING = 'Either a resume file or LinkedIn URL must be provided'

export type ResumeAnalysisDeps = { db: Database; sendJob: SendJob }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The LinkedIn URL as stored: https, no query or fragment, no trailing slash; null if invalid. */
export function normaliseLinkedinUrl(text: string): string | null {
  const match = LINKEDIN_PROFILE_URL.exec(text.trim())
  if (!match) {
    return null
  }
  const url = new URL(text.trim())
  return `https://${url.hostname.toLowerCase()}/in/${match[1]}`
}

/** What an analyze request asks for, checked: the document's path and the LinkedIn URL. */
export type AnalyzeRequest = {
  professionalProfileId: string
  documentPath: string | null
  linkedinUrl: string | null
}

/**
 * The refusals of POST /api/resume-analysis/analyze that need no database (checked before the
 * request counts against the user's `analyses` limit): 400 `resume_source_missing` (the spec's
 * sentence), `linkedin_url_invalid`, `document_url_refused`.
 */
export function checkAnalyzeRequest(userId: string, body: AnalyzeResumeBody): AnalyzeRequest {
  const documentUrl = body.documentUrl?.trim() || null
  const linkedinText = body.linkedinUrl?.trim() || null
  if (!documentUrl && !linkedinText) {
    throw new AppError('resume_source_missing', SOURCE_MISSING)
  }
  const linkedinUrl = linkedinText === null ? null : normaliseLinkedinUrl(linkedinText)
  if (linkedinText !== null && linkedinUrl === null) {
    throw new AppError(
      'linkedin_url_invalid',
      'The LinkedIn URL must be a profile link such as https://www.linkedin.com/in/your-name',
    )
  }
  const documentPath =
    documentUrl === null ? null : resumePathFromDocumentUrl(documentUrl, userId, RESUMES_BUCKET)
  if (documentUrl !== null && documentPath === null) {
    throw new AppError(
      'document_url_refused',
      'The document must be a resume you uploaded: its path in your folder of the resumes bucket, or a signed URL of it from this server',
    )
  }
  return { professionalProfileId: body.id, documentPath, linkedinUrl }
}

/**
 * POST /api/resume-analysis/analyze: records the analysis and queues it, in one transaction.
 * `created` false: the same profile and document already have one queued or running.
 */
export async function analyzeResume(
  deps: ResumeAnalysisDeps,
  userId: string,
  request: AnalyzeRequest,
): Promise<{ row: AnalysisRow; created: boolean }> {
  const { professionalProfileId, documentPath, linkedinUrl } = request
  return withTransaction(deps.db, async (tx) => {
    const profile = UUID.test(professionalProfileId)
      ? await findUserProfile(tx, userId, professionalProfileId, { lock: true })
      : null
    if (!profile) {
      throw new AppError('professional_profile_not_found', PROFILE_NOT_FOUND)
    }
    if (linkedinUrl) {
      await storeLinkedinUrl(tx, profile.id, linkedinUrl)
    }
    if (documentPath && !(await lockObjectRow(tx, RESUMES_BUCKET, documentPath))) {
      throw new AppError('not_found', 'Resume file not found')
    }
    const result = await insertOrFindAnalysis(tx, {
      userId,
      professionalProfileId: profile.id,
      input: documentPath ? 'pdf' : 'linkedin_url',
      documentPath,
      linkedinUrl,
    })
    if (result.created) {
      await queueAnalysis(deps.sendJob, tx, result.row)
    }
    return result
  })
}

export async function readAnalysis(
  db: Database,
  userId: string,
  analysisId: string,
): Promise<AnalysisRow> {
  const row = UUID.test(analysisId) ? await findUserAnalysis(db, userId, analysisId) : null
  if (!row) {
    throw new AppError('resume_analysis_not_found', RESUME_ANALYSIS_NOT_FOUND)
  }
  return row
}

export async function readLatestAnalysis(db: Database, userId: string): Promise<AnalysisRow> {
  const row = await findLatestUserAnalysis(db, userId)
  if (!row) {
    throw new AppError('resume_analysis_not_found', RESUME_ANALYSIS_NOT_FOUND)
  }
  return row
}

/**
 * POST /api/professional-profiles/linkedin-export: LinkedIn's export read into a profile (the
 * given one, or a new one), and its analysis queued (the profile's `awaiting_export` analysis,
 * when it has one, goes on with the export).
 */
export async function importLinkedinExport(
  deps: ResumeAnalysisDeps & { limits: LinkedinExportLimits },
  userId: string,
  bytes: Uint8Array,
  profileId: string | null,
): Promise<{ professionalProfileId: string; row: AnalysisRow; filesRead: string[] }> {
  let exported: ReturnType<typeof readLinkedinExport>
  try {
    exported = readLinkedinExport(bytes, deps.limits)
  } catch (error) {
    if (error instanceof LinkedinExportError) {
      throw new AppError('linkedin_export_invalid', error.message)
    }
    throw error
  }
  const parsedData = exported.resume as unknown as Record<string, unknown>
  return withTransaction(deps.db, async (tx) => {
    let professionalProfileId: string
    if (profileId !== null) {
      const profile = UUID.test(profileId)
        ? await findUserProfile(tx, userId, profileId, { lock: true })
        : null
      if (!profile) {
        throw new AppError('professional_profile_not_found', PROFILE_NOT_FOUND)
      }
      await storeParsedResume(tx, profile.id, parsedData)
      professionalProfileId = profile.id
    } else {
      const profile = await insertLinkedinExportProfile(tx, {
        userId,
        linkedinUrl: null,
        parsedData,
      })
      professionalProfileId = profile.id
    }
    const active = await findActiveAnalysis(tx, {
      professionalProfileId,
      input: 'linkedin_export',
      documentPath: null,
    })
    if (active) {
      // Queued or running: it reads the profile when it runs, so it reviews this export.
      return { professionalProfileId, row: active, filesRead: exported.filesRead }
    }
    const row =
      (await resumeAwaitingAnalysis(tx, professionalProfileId)) ??
      (
        await insertOrFindAnalysis(tx, {
          userId,
          professionalProfileId,
          input: 'linkedin_export',
          documentPath: null,
          linkedinUrl: null,
        })
      ).row
    await queueAnalysis(deps.sendJob, tx, row)
    return { professionalProfileId, row, filesRead: exported.filesRead }
  })
}

function asText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null
}

/** POST /api/resume-analysis/{id}/match: the analysed profile's resume against one job. */
export async function matchAnalysisToJob(
  db: Database,
  userId: string,
  analysisId: string,
  body: MatchResumeBody,
): Promise<ResumeJobMatchAnswer> {
  const analysis = await readAnalysis(db, userId, analysisId)
  const profile = analysis.professional_profile_id
    ? await findUserProfile(db, userId, analysis.professional_profile_id)
    : null
  if (analysis.status !== 'COMPLETED' || !profile) {
    throw new AppError(
      'resume_not_parsed',
      'This analysis has no resume to match yet: wait until it is completed',
    )
  }
  const resume = {
    basics: {},
    work: [],
    education: [],
    skills: [],
    ...overlayCorrections(profile.parsed_data, profile.corrected_data),
  } as JsonResume
  let job: JobToMatch | null = null
  if ('jobId' in body) {
    const row = await findJobForLetter(db, body.jobId)
    if (!row) {
      throw new AppError('job_not_found', 'Job not found')
    }
    job = {
      title: row.title,
      company: row.company_name,
      location: row.location,
      description: row.description,
      skills: row.skills,
    }
  } else {
    const application = await findCoverLetterRow(db, userId, body.jobApplicationId)
    if (!application) {
      throw new AppError('job_application_not_found', 'Job application not found')
    }
    const row = application.job_id ? await findJobForLetter(db, application.job_id) : null
    const snapshot = application.job_snapshot ?? {}
    const title = row?.title ?? asText(snapshot.title)
    if (!title) {
      throw new AppError('job_not_found', 'This application has no job to match against')
    }
    job = row
      ? {
          title: row.title,
          company: row.company_name,
          location: row.location,
          description: row.description,
          skills: row.skills,
        }
      : {
          title,
          company: asText(snapshot.company),
          location: asText(snapshot.location),
          description: asText(snapshot.description),
          skills: Array.isArray(snapshot.skills)
            ? snapshot.skills.map(asText).filter((skill): skill is string => skill !== null)
            : [],
        }
  }
  return {
    analysisId: analysis.id,
    jobId: 'jobId' in body ? body.jobId : null,
    jobApplicationId: 'jobApplicationId' in body ? body.jobApplicationId : null,
    match: matchResumeToJob(resume, job),
  }
}
