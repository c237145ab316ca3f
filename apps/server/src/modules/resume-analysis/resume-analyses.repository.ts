/** SQL over `public.resume_analyses`, which this module owns. */
import type { Queryable } from '../../platform/db/pool.ts'

/**
 * Records a PENDING analysis of a profile's resume: one per profile, however often it is asked
 * (a retried job). Returns its id, or null when the profile already has one.
 */
export async function insertPendingAnalysis(
  tx: Queryable,
  request: { professionalProfileId: string; userId: string; resumePath: string },
): Promise<string | null> {
  const result = await tx.query<{ id: string }>(
    `insert into public.resume_analyses (user_id, professional_profile_id, source, document_path)
     select $1, $2, 'resume', $3
     where not exists (
       select 1 from public.resume_analyses where professional_profile_id = $2)
     returning id`,
    [request.userId, request.professionalProfileId, request.resumePath],
  )
  return result.rows[0]?.id ?? null
}
