import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { mediaFiles, png } from '../../../test/storage-support.ts'
import {
  type BucketRules,
  checkDeclaredType,
  checkMimeType,
  inspectBytes,
  type InspectionRules,
  sizeLimitOf,
} from './bucket-rules.ts'
import { contentRuleOf } from './content-types.ts'
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

  it('refuses a declared type that could not be sent back as a header (F6), in any bucket', () => {
    for (const mimeType of [
      'image/pngé',
      'text/plain\r\nx-evil: 1',
      'a/b; q="x\\"',
      'image/ png',
    ]) {
      expect(() => checkDeclaredType(anything, mimeType)).toThrow(
        expect.objectContaining({ status: 415, code: 'InvalidMimeType' }),
      )
    }
    expect(() => checkDeclaredType(anything, 'text/plain;charset=UTF-8')).not.toThrow()
    expect(() => checkDeclaredType(anything, 'audio/webm; codecs="opus"')).not.toThrow()
  })

  it('leaves a type the client did not name to the bytes, even where a list is kept', () => {
    expect(() => checkDeclaredType(resumes, 'application/octet-stream')).not.toThrow()
    expect(() => checkDeclaredType(resumes, 'image/png')).toThrow(
      expect.objectContaining({ status: 415 }),
    )
  })
})

describe('inspectBytes', () => {
  const pdfRules: InspectionRules = { limit: 16, content: contentRuleOf('application/pdf') }
  const rulesFor = (mimeType: string, limit = 10_000): InspectionRules => ({
    limit,
    content: contentRuleOf(mimeType),
  })
  const inspect = async (bytes: Buffer | Buffer[], rules: InspectionRules) => {
    const inspection = inspectBytes(
      (async function* () {
        yield* Array.isArray(bytes) ? bytes : [bytes]
      })(),
      rules,
    )
    await drain(inspection.chunks)
    return inspection.result()
  }

  it('passes the bytes through and reports their size, MD5 ETag and type', async () => {
    const inspection = inspectBytes(chunksOf('%P', 'DF-1', '.7'), pdfRules)
    await drain(inspection.chunks)
    expect(inspection.result()).toEqual({
      size: 8,
      eTag: `"${createHash('md5').update('%PDF-1.7').digest('hex')}"`,
      detected: 'application/pdf',
    })
  })

  it('refuses content that is not the declared PDF, even split across chunks or too short', async () => {
    for (const parts of [['%P', 'DX'], ['MZ'], [], ['%PD']]) {
      await expect(drain(inspectBytes(chunksOf(...parts), pdfRules).chunks)).rejects.toThrow(
        expect.objectContaining({
          status: 415,
          message: "the file's content is not application/pdf",
        }),
      )
    }
  })

  it.each([
    ['image/png', png()],
    ['image/jpeg', mediaFiles.jpeg()],
    ['audio/mpeg', mediaFiles.mp3()],
    ['audio/webm;codecs=opus', mediaFiles.webm()],
    ['video/webm', mediaFiles.webm()],
    ['audio/mp4', mediaFiles.mp4()],
    ['video/mp4', mediaFiles.mp4()],
    ['audio/wav', mediaFiles.wav()],
    ['audio/x-wav', mediaFiles.wav()],
  ])('accepts %s whose bytes show it', async (mimeType, bytes) => {
    await expect(inspect(bytes, rulesFor(mimeType))).resolves.toMatchObject({
      size: bytes.length,
    })
  })

  it.each([
    ['image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['image/png', mediaFiles.jpeg()],
    ['audio/mpeg', Buffer.from('<html><script>alert(1)</script></html>')],
    ['video/mp4', png()],
    ['audio/webm', mediaFiles.wav()],
    ['image/webp', Buffer.alloc(0)],
  ])('refuses %s whose bytes show something else', async (mimeType, bytes) => {
    await expect(inspect(bytes, rulesFor(mimeType))).rejects.toMatchObject({
      status: 415,
      code: 'InvalidMimeType',
    })
  })

  it('accepts plain text that is UTF-8, split anywhere, and refuses NUL or invalid UTF-8', async () => {
    const text = Buffer.from('Dear hiring manager, naïve café — ✓', 'utf8')
    const split = [text.subarray(0, 24), text.subarray(24, 25), text.subarray(25)]
    await expect(inspect(split, rulesFor('text/plain'))).resolves.toMatchObject({
      size: text.length,
    })
    await expect(inspect(Buffer.alloc(0), rulesFor('text/plain'))).resolves.toMatchObject({
      size: 0,
    })
    for (const bad of [
      Buffer.from('a\0b'),
      Buffer.from([0x61, 0xc3, 0x28]),
      Buffer.from([0x61, 0xe2, 0x82]), // cut off inside a character
      png(),
    ]) {
      await expect(inspect(bad, rulesFor('text/plain;charset=utf-8'))).rejects.toMatchObject({
        status: 415,
        message: "the file's content is not text/plain",
      })
    }
  })

  it('reads the type of bytes sent without one, and checks nothing of a type it cannot read', async () => {
    await expect(
      inspect(png(), { limit: 1000, content: { kind: 'detect' } }),
    ).resolves.toMatchObject({ detected: 'image/png' })
    await expect(
      inspect(Buffer.from('<svg/>'), { limit: 1000, content: { kind: 'detect' } }),
    ).resolves.toMatchObject({ detected: null })
    await expect(inspect(Buffer.from('<svg/>'), rulesFor('image/svg+xml'))).resolves.toMatchObject({
      size: 6,
    })
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
