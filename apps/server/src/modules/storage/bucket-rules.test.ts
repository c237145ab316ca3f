import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  type BucketRules,
  checkMimeType,
  inspectBytes,
  requiredSignatureOf,
  sizeLimitOf,
} from './bucket-rules.ts'
import { StorageError } from './storage-errors.ts'

const resumes: BucketRules = {
  id: 'resumes',
  fileSizeLimit: 16,
  allowedMimeTypes: ['application/pdf'],
}
const anything: BucketRules = { id: 'interviews', fileSizeLimit: null, allowedMimeTypes: null }
const images: BucketRules = {
  id: 'images',
  fileSizeLimit: 100,
  allowedMimeTypes: ['image/*', 'application/pdf'],
}

async function drain(chunks: AsyncIterable<Uint8Array>) {
  for await (const chunk of chunks) {
    expect(chunk).toBeInstanceOf(Uint8Array)
  }
}

async function* chunksOf(...parts: string[]) {
  for (const part of parts) {
    yield Buffer.from(part, 'latin1')
  }
}

describe('bucket rules', () => {
  it('takes the smaller of the bucket and server limits', () => {
    expect(sizeLimitOf(resumes, 1000)).toBe(16)
    expect(sizeLimitOf(resumes, 10)).toBe(10)
    expect(sizeLimitOf(anything, 1000)).toBe(1000)
  })

  it('accepts allowed types, parameters and case aside, and type/* wildcards', () => {
    expect(() => checkMimeType(resumes, 'application/pdf')).not.toThrow()
    expect(() => checkMimeType(resumes, 'Application/PDF; charset=binary')).not.toThrow()
    expect(() => checkMimeType(images, 'image/png')).not.toThrow()
    expect(() => checkMimeType(anything, 'whatever/thing')).not.toThrow()
  })

  it.each(['text/plain', 'application/pdfx', 'pdf', '', 'image'])(
    'refuses %j where only PDF is allowed, with 415',
    (mimeType) => {
      expect(() => checkMimeType(resumes, mimeType)).toThrow(
        expect.objectContaining({ status: 415, code: 'InvalidMimeType' }),
      )
    },
  )

  it('asks for a signature only when every allowed type has a known one', () => {
    expect(requiredSignatureOf(resumes, 'application/pdf')?.toString()).toBe('%PDF-')
    expect(requiredSignatureOf(images, 'application/pdf')).toBeNull()
    expect(requiredSignatureOf(anything, 'application/pdf')).toBeNull()
  })
})

describe('inspectBytes', () => {
  const pdfRules = { limit: 16, signature: Buffer.from('%PDF-'), mimeType: 'application/pdf' }

  it('passes the bytes through and reports their size and MD5 ETag', async () => {
    const inspection = inspectBytes(chunksOf('%P', 'DF-1', '.7'), pdfRules)
    await drain(inspection.chunks)
    expect(inspection.result()).toEqual({
      size: 8,
      eTag: `"${createHash('md5').update('%PDF-1.7').digest('hex')}"`,
    })
  })

  it('refuses content without the signature, even split across chunks or too short', async () => {
    for (const parts of [['%P', 'DX'], ['MZ'], [], ['%PDF']]) {
      await expect(drain(inspectBytes(chunksOf(...parts), pdfRules).chunks)).rejects.toThrow(
        expect.objectContaining({
          status: 415,
          message: "the file's content is not application/pdf",
        }),
      )
    }
  })

  it('refuses a stream as soon as it passes the limit, with 413', async () => {
    let pulled = 0
    async function* endless() {
      for (;;) {
        pulled += 1
        yield Buffer.from('%PDF-12345')
      }
    }
    const error: unknown = await drain(inspectBytes(endless(), pdfRules).chunks).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(StorageError)
    expect(error).toMatchObject({ status: 413, code: 'EntityTooLarge' })
    expect(pulled).toBe(2)
  })
})
