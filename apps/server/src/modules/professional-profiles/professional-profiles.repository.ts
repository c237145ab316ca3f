import type { Queryable } from '../../platform/db/pool.ts'

/** SQL over `public.professional_profiles` and the resume files they point at. */
export type ProfessionalProfileRow = {
  id: string
  user_id: string
  file_name: string | null
  resume_path: string | null
  linkedin_url: string | null
  parsed_data: Record<string, unknown>
  created_at: Date
  updated_at: Date
}

/** The product API's shape of a profile: the row in camelCase (spec section 3). */
export type ProfessionalProfileJson = {
  id: string
  userId: string
  fileName: string | null
  resumePath: string | null
  linkedinUrl: string | null
  parsedData: Record<string, unknown>
  createdAt: string
  updatedAt: string
}

export const RESUMES_BUCKET = 'resumes'

/**
 * Whether the `resumes` bucket holds `resumePath`, locking its row until the transaction ends:
 * two requests for the same file then take turns, and the second finds the first one's profile.
 */
export async function lockResumeObject(tx: Queryable, resumePath: string): Promise<boolean> {
  const result = await tx.query(
    `select 1 from storage.objects where bucket_id = $1 and name = $2 for no key update`,
    [RESUMES_BUCKET, resumePath],
  )
  return result.rowCount === 1
}

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
  profile: { userId: string; fileName: string; resumePath: string },
): Promise<ProfessionalProfileRow> {
  const result = await db.query<ProfessionalProfileRow>(
    `insert into public.professional_profiles (user_id, file_name, resume_path)
     values ($1, $2, $3)
     returning *`,
    [profile.userId, profile.fileName, profile.resumePath],
  )
  return result.rows[0] as ProfessionalProfileRow
}

export function toProfessionalProfileJson(row: ProfessionalProfileRow): ProfessionalProfileJson {
  return {
    id: row.id,
    userId: row.user_id,
    fileName: row.file_name,
    resumePath: row.resume_path,
    linkedinUrl: row.linkedin_url,
    parsedData: row.parsed_data,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}
