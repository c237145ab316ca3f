/**
 * The resume of a professional profile as the app shows and edits it (issue 15, ADR 0023):
 * GET and PUT /api/professional-profiles/{id}/resume. See resume-corrections.ts for how a
 * correction is kept apart from the parse.
 */
import type { JsonResumeBody, ProfileResume } from '@app/contracts'
import { type Database, withTransaction } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import {
  findUserProfile,
  type ProfessionalProfileRow,
  storeCorrections,
} from './professional-profiles.repository.ts'
import {
  completeResume,
  correctedFields,
  correctionsBetween,
  overlayCorrections,
} from './resume-corrections.ts'

export const PROFILE_NOT_FOUND = 'Profile not found'

function toProfileResume(row: ProfessionalProfileRow): ProfileResume {
  return {
    professionalProfileId: row.id,
    resume: completeResume(
      overlayCorrections(row.parsed_data, row.corrected_data),
    ) as ProfileResume['resume'],
    parsed: row.parsed_data,
    corrections: row.corrected_data,
    correctedFields: correctedFields(row.corrected_data),
    linkedinUrl: row.linkedin_url,
    updatedAt: row.updated_at.toISOString(),
  }
}

export async function readProfileResume(
  db: Database,
  userId: string,
  professionalProfileId: string,
): Promise<ProfileResume> {
  const row = await findUserProfile(db, userId, professionalProfileId)
  if (!row) {
    throw new AppError('professional_profile_not_found', PROFILE_NOT_FOUND)
  }
  return toProfileResume(row)
}

/** Keeps what differs from the parse as the seeker's corrections; answers the new state. */
export async function correctProfileResume(
  db: Database,
  userId: string,
  professionalProfileId: string,
  resume: JsonResumeBody,
): Promise<ProfileResume> {
  return withTransaction(db, async (tx) => {
    // Locked: a parse landing meanwhile is compared against after it commits, not before.
    const row = await findUserProfile(tx, userId, professionalProfileId, { lock: true })
    if (!row) {
      throw new AppError('professional_profile_not_found', PROFILE_NOT_FOUND)
    }
    const corrections = correctionsBetween(row.parsed_data, resume)
    return toProfileResume(await storeCorrections(tx, row.id, corrections))
  })
}
