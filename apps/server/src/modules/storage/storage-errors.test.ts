import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ServiceError } from '../../platform/errors/service-error.ts'
import { InvalidObjectPathError } from './byte-store.ts'
import { StorageError, storageErrors, toStorageError } from './storage-errors.ts'

function pgError(code: string, message: string) {
  return Object.assign(new Error(message), { code })
}

describe('Storage errors', () => {
  it('renders the semantic status as a string and sends HTTP 400 for refusals', () => {
    const error = storageErrors.entityTooLarge()
    expect(error.httpStatus).toBe(400)
    expect(error.toBody()).toEqual({
      statusCode: '413',
      error: 'Payload too large',
      code: 'EntityTooLarge',
      message: 'The object exceeded the maximum allowed size',
    })
    expect(storageErrors.invalidSignature().toBody().error).toBe('InvalidSignature')
  })

  it('keeps 500 for failures and 416 for a range outside the object', () => {
    expect(storageErrors.internal().httpStatus).toBe(500)
    const range = storageErrors.invalidRange(10)
    expect(range.httpStatus).toBe(416)
    expect(range.headers).toEqual({ 'content-range': 'bytes */10' })
  })

  it.each([
    [
      '42501',
      'new row violates row-level security policy for table "objects"',
      403,
      'new row violates row-level security policy',
    ],
    ['42501', 'permission denied for table objects', 403, 'permission denied for table objects'],
    ['23505', 'duplicate key value violates unique constraint', 409, 'The resource already exists'],
    ['23503', 'insert or update violates foreign key constraint', 404, 'Bucket not found'],
    [
      '22021',
      'invalid byte sequence for encoding "UTF8": 0x00',
      400,
      'The request contains a character that cannot be stored (NUL or invalid UTF-8)',
    ],
    [
      '22P05',
      'unsupported Unicode escape sequence',
      400,
      'The request contains a character that cannot be stored (NUL or invalid UTF-8)',
    ],
  ])('maps SQLSTATE %s to %i', (code, message, status, rendered) => {
    expect(toStorageError(pgError(code, message))).toMatchObject({ status, message: rendered })
  })

  it('maps validation, path and unexpected errors', () => {
    const zodError = z.object({ expiresIn: z.number().min(1) }).safeParse({ expiresIn: 0 }).error
    expect(toStorageError(zodError)).toMatchObject({ status: 400, code: 'InvalidRequest' })
    expect(toStorageError(zodError).message).toMatch(/^body\/expiresIn /)
    expect(toStorageError(new InvalidObjectPathError('clash'))).toMatchObject({
      status: 400,
      code: 'InvalidKey',
    })
    const unexpected = toStorageError(new Error('disk on fire'))
    expect(unexpected).toBeInstanceOf(StorageError)
    expect(unexpected.toBody()).toEqual({
      statusCode: '500',
      error: 'InternalError',
      code: 'InternalError',
      message: 'Internal server error',
    })
  })

  it("keeps Fastify's own refusals and their status", () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), {
      statusCode: 413,
      name: 'FastifyError',
    })
    expect(toStorageError(tooLarge)).toMatchObject({
      httpStatus: 413,
      status: 413,
      code: 'EntityTooLarge',
    })
    for (const [statusCode, code] of [
      [404, 'NotFound'],
      [405, 'MethodNotAllowed'],
      [415, 'InvalidContentType'],
      [400, 'InvalidRequest'],
      [431, 'InvalidRequest'],
    ] as const) {
      const refusal = Object.assign(new Error('refused'), { statusCode, name: 'FastifyError' })
      expect(toStorageError(refusal)).toMatchObject({ status: statusCode, code })
    }
  })

  it("renders another surface's refusal in Storage's shape, keeping its code", () => {
    const malformed = new ServiceError(400, 'malformed_text', 'The URL path holds a NUL')
    expect(toStorageError(malformed).toBody()).toEqual({
      statusCode: '400',
      error: 'malformed_text',
      code: 'InvalidRequest',
      message: 'The URL path holds a NUL',
    })
    const aal = new ServiceError(403, 'insufficient_aal', 'An authenticator code is required')
    expect(toStorageError(aal)).toMatchObject({ status: 403, code: 'insufficient_aal' })
  })
})
