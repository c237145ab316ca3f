import { createHash } from 'node:crypto'
import { storageErrors } from './storage-errors.ts'

/**
 * What a bucket accepts (its `file_size_limit` and `allowed_mime_types`), checked on the way
 * in: the declared type against the allowed ones (`type/*` wildcards as on Supabase), the size
 * while the bytes stream (413 as soon as the limit is passed, nothing buffered), and, where
 * every allowed type has a known signature (the `resumes` bucket takes only PDF), the first
 * bytes, so a renamed file is refused whatever type it claims.
 */
export type BucketRules = {
  id: string
  fileSizeLimit: number | null
  allowedMimeTypes: string[] | null
}

/** The bytes every file of a type starts with, for the types worth checking. */
const CONTENT_SIGNATURES: Record<string, Buffer> = {
  'application/pdf': Buffer.from('%PDF-', 'latin1'),
}

/** `Application/PDF; charset=x` → `application/pdf`. */
export function essenceOf(mimeType: string): string {
  return (mimeType.split(';')[0] ?? '').trim().toLowerCase()
}

/** The largest object the bucket takes: its own limit, within the server's. */
export function sizeLimitOf(bucket: BucketRules, serverLimit: number): number {
  return bucket.fileSizeLimit === null ? serverLimit : Math.min(bucket.fileSizeLimit, serverLimit)
}

export function checkMimeType(bucket: BucketRules, mimeType: string): void {
  const allowed = bucket.allowedMimeTypes
  if (!allowed || allowed.length === 0) {
    return
  }
  const [type, subtype] = essenceOf(mimeType).split('/')
  const accepted = allowed.some((entry) => {
    const [allowedType, allowedSubtype] = essenceOf(entry).split('/')
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)
  })
  if (!type || !subtype || !accepted) {
    throw storageErrors.invalidMimeType(mimeType)
  }
}

/** The signature a (declared, allowed) type's bytes must start with in this bucket, if any. */
export function requiredSignatureOf(bucket: BucketRules, mimeType: string): Buffer | null {
  const allowed = bucket.allowedMimeTypes
  const everyTypeKnown =
    !!allowed &&
    allowed.length > 0 &&
    allowed.every((entry) => essenceOf(entry) in CONTENT_SIGNATURES)
  return everyTypeKnown ? (CONTENT_SIGNATURES[essenceOf(mimeType)] ?? null) : null
}

export type InspectionRules = {
  limit: number
  /** The bytes the content must start with, or null. */
  signature: Buffer | null
  /** Named in the error when the content does not match. */
  mimeType: string
}

export type Inspected = { size: number; eTag: string }

/**
 * Passes `source` through while counting, hashing (the S3-style ETag, an MD5) and checking it;
 * the first refusal ends the stream with the storage error. `result` is read once it is done.
 */
export function inspectBytes(
  source: AsyncIterable<Uint8Array>,
  rules: InspectionRules,
): { chunks: AsyncIterable<Uint8Array>; result: () => Inspected } {
  const hash = createHash('md5')
  let size = 0
  async function* chunks() {
    let head = Buffer.alloc(0)
    let signatureChecked = rules.signature === null
    for await (const chunk of source) {
      size += chunk.byteLength
      if (size > rules.limit) {
        throw storageErrors.entityTooLarge()
      }
      if (!signatureChecked && rules.signature) {
        head = Buffer.concat([head, chunk])
        if (head.length >= rules.signature.length) {
          if (!head.subarray(0, rules.signature.length).equals(rules.signature)) {
            throw storageErrors.contentNotOfType(essenceOf(rules.mimeType))
          }
          signatureChecked = true
        }
      }
      hash.update(chunk)
      yield chunk
    }
    if (!signatureChecked) {
      throw storageErrors.contentNotOfType(essenceOf(rules.mimeType))
    }
  }
  return { chunks: chunks(), result: () => ({ size, eTag: `"${hash.digest('hex')}"` }) }
}
