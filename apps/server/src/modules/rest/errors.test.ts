import { describe, expect, it } from 'vitest'
import { fromPostgresError, statusForSqlState } from './errors.ts'

describe("PostgREST's SQLSTATE to HTTP status mapping", () => {
  it.each([
    ['23505', 409],
    ['23503', 409],
    ['25006', 405],
    ['42883', 404],
    ['42P01', 404],
    ['P0001', 400],
    ['08006', 503],
    ['53300', 503],
    ['53400', 500],
    ['40001', 500],
    ['XX000', 500],
    ['57014', 500],
    ['22P02', 400],
    ['23514', 400],
    ['42703', 400],
  ])('%s → %i', (code, status) => {
    expect(statusForSqlState(code, 'message', true)).toBe(status)
  })

  it('answers 42501 with 401 to anonymous callers and 403 to signed-in ones', () => {
    expect(statusForSqlState('42501', 'permission denied for table jobs', false)).toBe(401)
    expect(statusForSqlState('42501', 'permission denied for table jobs', true)).toBe(403)
  })

  it('renders a database error with its SQLSTATE, message, detail and hint', () => {
    const error = Object.assign(
      new Error('duplicate key value violates unique constraint "x_key"'),
      {
        code: '23505',
        detail: 'Key (id)=(1) already exists.',
        hint: undefined,
      },
    )
    const rendered = fromPostgresError(error, true)
    expect(rendered.status).toBe(409)
    expect(rendered.toBody()).toEqual({
      code: '23505',
      message: 'duplicate key value violates unique constraint "x_key"',
      details: 'Key (id)=(1) already exists.',
      hint: null,
    })
    const anonymous = fromPostgresError(
      Object.assign(new Error('permission denied'), { code: '42501' }),
      false,
    )
    expect([anonymous.status, anonymous.headers]).toEqual([401, { 'www-authenticate': 'Bearer' }])
  })
})
