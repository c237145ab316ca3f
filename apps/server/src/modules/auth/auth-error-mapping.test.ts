import { describe, expect, it } from 'vitest'
import { MalformedInputError } from '../../platform/errors/malformed-input.ts'
import { toAuthError } from './auth.routes.ts'

/** How /auth/v1 words failures that are not its own (issue 12, item 7): never a 500. */
describe('toAuthError', () => {
  it('words malformed text as GoTrue does: bad_json for an unreadable body, else validation_failed', () => {
    const nul = toAuthError(new MalformedInputError('malformed_text', 'url', 'NUL'))
    expect([nul.status, nul.code]).toEqual([400, 'validation_failed'])
    const deep = toAuthError(new MalformedInputError('bad_json', 'body', 'too deep'))
    expect([deep.status, deep.code]).toEqual([400, 'bad_json'])
  })

  it("answers a write for an account deleted meanwhile as the session's end (F7)", () => {
    const violation = Object.assign(new Error('violates foreign key constraint'), {
      code: '23503',
      detail:
        'Key (user_id)=(39869b48-77d3-484c-ba2e-fdb0b9f154e7) is not present in table "users".',
    })
    const mapped = toAuthError(violation)
    expect([mapped.status, mapped.code]).toEqual([403, 'session_not_found'])
    const other = Object.assign(new Error('violates foreign key constraint'), {
      code: '23503',
      detail: 'Key (factor_id)=(x) is not present in table "mfa_factors".',
    })
    expect(toAuthError(other).status).toBe(500)
  })

  it('keeps the status of a media type it does not take', () => {
    const mapped = toAuthError(
      Object.assign(new Error('Unsupported Media Type'), {
        code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
        statusCode: 415,
      }),
    )
    expect([mapped.status, mapped.code]).toEqual([415, 'validation_failed'])
  })
})
