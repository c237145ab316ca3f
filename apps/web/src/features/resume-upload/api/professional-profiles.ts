import { z } from 'zod'
import { apiRequest } from '@/lib/api'

/** A professional profile (spec section 3) as the product API answers it. */
export const ProfessionalProfileSchema = z.object({
  id: z.string(),
  userId: z.string(),
  fileName: z.string().nullable(),
  originalFileName: z.string().nullable(),
  resumePath: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type ProfessionalProfile = z.infer<typeof ProfessionalProfileSchema>

/**
 * Records a professional profile for a resume just stored in the user's folder, which also
 * queues its analysis. Asking again for the same file answers the same profile, so a retry is
 * safe.
 */
export function createProfessionalProfile(
  fileName: string,
  /** The name the file had on the user's computer, shown in the app. */
  originalFileName: string | undefined,
  signal?: AbortSignal,
): Promise<ProfessionalProfile> {
  return apiRequest('professional-profiles', {
    method: 'POST',
    body: { fileName, originalFileName },
    schema: ProfessionalProfileSchema,
    signal,
  })
}
