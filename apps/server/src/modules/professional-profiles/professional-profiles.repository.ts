import type { Queryable } from '../../platform/db/pool.ts'
import { overlayCorrections } from './resume-corrections.ts'

/** SQL over `public.professional_profiles` and the resume files they point at. */
export type ProfessionalProfileRow = {
  id: string
  user_id: string
  file_name: string | null
  original_file_name: string | null
  resume_path: string | null
  linkedin_url: string | null
  parsed_data: Record<string, unknown>
  /** The seeker's corrections of `parsed_data` (resume-corrections.ts). */
  corrected_data: Record<string, unknown>
  created_at: Date
  updated_at: Date
}

/** The product API's shape of a profile: the row in camelCase (spec section 3). */
export type ProfessionalProfileJson = {
  id: string
  userId: string
  fileName: string | null
  /** The file's name on the user's computer, for display; null when not given. */
  originalFileName: string | null
  resumePath: string | null
  linkedinUrl: string | null
  /** What the parser read, overlaid by the seeker's corrections: the resume every feature reads. */
  parsedData: Record<string, unknown>
  createdAt: string
  updatedAt: string
}

export const RESUMES_BUCKET = 'resumes'

export async function findProfileByResumePath(
  db: Queryable,
  userId: string,
  resumePath: string,
): Promise<ProfessionalProfileRow | null> {
  const result = await db.query<ProfessionalProfileRow>(
    `select * from public.professional_profiles
     where user_id = $1 and resume_path = $2
     order by created_at, id
     limit 1`,
    [userId, resumePath],
  )
  return result.rows[0] ?? null
}

export async function insertResumeProfile(
  db: Queryable,
  profile: {
    userId: string
    fileName: string
    originalFileName: string | null
    resumePath: string
  },
): Promise<ProfessionalProfileRow> {
  const result = await db.query<ProfessionalProfileRow>(
    `insert into public.professional_profiles (user_id, file_name, original_file_name, resume_path)
     values ($1, $2, $3, $4)
     returning *`,
    [profile.userId, profile.fileName, profile.originalFileName, profile.resumePath],
  )
  return result.rows[0] as ProfessionalProfileRow
}

export function toProfessionalProfileJson(row: ProfessionalProfileRow): ProfessionalProfileJson {
  return {
    id: row.id,
    userId: row.user_id,
    fileName: row.file_name,
    originalFileName: row.original_file_name,
    resumePath: row.resume_path,
    linkedinUrl: row.linkedin_url,
    parsedData: overlayCorrections(row.parsed_data, row.corrected_data),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}

/**
 * The resume of the user's latest professional profile (what the parser read, overlaid by the
 * seeker's corrections: a JSON Resume), or null when they have no profile.
 */
export async function findLatestParsedData(db: Queryable, userId: string): Promise<unknown> {
  const result = await db.query<{ parsed_data: unknown; corrected_data: unknown }>(
    `select parsed_data, corrected_data from public.professional_profiles
     where user_id = $1 order by updated_at desc, id desc limit 1`,
    [userId],
  )
  const row = result.rows[0]
  return row ? overlayCorrections(row.parsed_data, row.corrected_data) : null
}

/** The user's own profile with this id, or null (someone else's is not found either). */
export async function findUserProfile(
  db: Queryable,
  userId: string,
  professionalProfileId: string,
  options: { lock?: boolean } = {},
): Promise<ProfessionalProfileRow | null> {
  const result = await db.query<ProfessionalProfileRow>(
    `select * from public.professional_profiles where id = $1 and user_id = $2
     ${options.lock ? 'for update' : ''}`,
    [professionalProfileId, userId],
  )
  return result.rows[0] ?? null
}

/** A profile by id, whoever owns it (the analysis worker's read), or null. */
export async function findProfileById(
  db: Queryable,
  professionalProfileId: string,
): Promise<ProfessionalProfileRow | null> {
  const result = await db.query<ProfessionalProfileRow>(
    'select * from public.professional_profiles where id = $1',
    [professionalProfileId],
  )
  return result.rows[0] ?? null
}

/** Stores a new parse of the profile's resume: `parsed_data` only, corrections stay. */
export async function storeParsedResume(
  db: Queryable,
  professionalProfileId: string,
  parsedData: Record<string, unknown>,
): Promise<void> {
  await db.query('update public.professional_profiles set parsed_data = $2 where id = $1', [
    professionalProfileId,
    parsedData,
  ])
}

/** Stores the seeker's corrections (resume-corrections.ts computes them). */
export async function storeCorrections(
  db: Queryable,
  professionalProfileId: string,
  correctedData: Record<string, unknown>,
): Promise<ProfessionalProfileRow> {
  const result = await db.query<ProfessionalProfileRow>(
    `update public.professional_profiles set corrected_data = $2 where id = $1 returning *`,
    [professionalProfileId, correctedData],
  )
  return result.rows[0] as ProfessionalProfileRow
}

/** Records the profile's LinkedIn URL (validated by the caller). */
export async function storeLinkedinUrl(
  db: Queryable,
  professionalProfileId: string,
  linkedinUrl: string,
): Promise<void> {
  await db.query(
    `update public.professional_profiles set linkedin_url = $2
     where id = $1 and linkedin_url is distinct from $2`,
    [professionalProfileId, linkedinUrl],
  )
}

/** A profile made from LinkedIn's data export: its resume is already read, no file is stored. */
export async function insertLinkedinExportProfile(
  db: Queryable,
  profile: { userId: string; linkedinUrl: string | null; parsedData: Record<string, unknown> },
): Promise<ProfessionalProfileRow> {
  const result = await db.query<ProfessionalProfileRow>(
    `insert into public.professional_profiles (user_id, linkedin_url, parsed_data)
     values ($1, $2, $3) returning *`,
    [profile.userId, profile.linkedinUrl, profile.parsedData],
  )
  return result.rows[0] as ProfessionalProfileRow
}

/**
 * The resume of a profile, for its analysis: null when the profile is gone or has no resume.
 * The row is share-locked until the transaction ends, so it cannot go before the analysis that
 * points at it is recorded.
 */
export async function findResumeToAnalyse(
  db: Queryable,
  professionalProfileId: string,
): Promise<{ userId: string; resumePath: string } | null> {
  const result = await db.query<{ user_id: string; resume_path: string }>(
    `select user_id, resume_path from public.professional_profiles
     where id = $1 and resume_path is not null
     for key share`,
    [professionalProfileId],
  )
  const row = result.rows[0]
  return row ? { userId: row.user_id, resumePath: row.resume_path } : null
}

/**
 * A profile with what the resume parser read from it, as the analysis records one (the demo
 * data's seeker). The resume, when there is one, is already stored at `resumePath`.
 */
export async function insertParsedProfile(
  db: Queryable,
  profile: {
    userId: string
    fileName: string | null
    originalFileName: string | null
    resumePath: string | null
    parsedData: Record<string, unknown>
    createdAt: Date
  },
): Promise<ProfessionalProfileRow> {
  const result = await db.query<ProfessionalProfileRow>(
    `insert into public.professional_profiles
       (user_id, file_name, original_file_name, resume_path, parsed_data, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $6)
     returning *`,
    [
      profile.userId,
      profile.fileName,
      profile.originalFileName,
      profile.resumePath,
      profile.parsedData,
      profile.createdAt,
    ],
  )
  return result.rows[0] as ProfessionalProfileRow
}
