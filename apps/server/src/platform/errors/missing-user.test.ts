import { describe, expect, it } from 'vitest'
import { toErrorResponse } from './error-handler.ts'

/**
 * Issue 12, F7: a write naming a user who no longer exists (an account deleted while one of its
 * tokens was still valid) once answered 500. The session check refuses such tokens first; if a
 * deletion lands between that check and the write, the foreign-key violation is still the
 * client's 401, never a 500.
 */
describe('a foreign-key violation on a deleted user', () => {
  it('is 401 session_not_found', () => {
    const violation = Object.assign(new Error('insert or update violates foreign key'), {
      code: '23503',
      detail:
        'Key (user_id)=(5f0c2b8e-0000-4000-8000-000000000000) is not present in table "users".',
    })
    expect(toErrorResponse(violation)).toEqual({
      code: 'session_not_found',
      message: 'The account of this token no longer exists: sign in again',
    })
  })

  it('leaves other foreign-key violations alone', () => {
    const violation = Object.assign(new Error('insert or update violates foreign key'), {
      code: '23503',
      detail: 'Key (job_id)=(5f0c2b8e-0000-4000-8000-000000000000) is not present in table "jobs".',
    })
    expect(toErrorResponse(violation).code).not.toBe('session_not_found')
  })
})
