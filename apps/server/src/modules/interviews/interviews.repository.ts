/**
 * `interviews` (practice interviews, spec section 3), which this module owns. For now the demo
 * data records past interviews here; starting, answering and reviewing one build on it.
 */
import type { Queryable } from '../../platform/db/pool.ts'

export type NewInterview = {
  userId: string
  /** COMPLETED, DELETED (the soft delete of spec section 4), … */
  status: string
  title: string
  questions: string[]
  createdAt: Date
}

export async function insertInterview(tx: Queryable, interview: NewInterview): Promise<string> {
  const result = await tx.query<{ id: string }>(
    `insert into public.interviews (user_id, status, title, questions, created_at)
     values ($1, $2, $3, $4, $5) returning id`,
    [
      interview.userId,
      interview.status,
      interview.title,
      JSON.stringify(interview.questions),
      interview.createdAt,
    ],
  )
  return result.rows[0]!.id
}
