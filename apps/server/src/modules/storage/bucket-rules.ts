import { createHash } from 'node:crypto'
import {
  type ContentRule,
  detectType,
  essenceOf,
  isGenericType,
  isSendableMediaType,
  showsDeclaredType,
  SNIFF_BYTES,
} from './content-types.ts'
import { storageErrors } from './storage-errors.ts'

/**
 * What a bucket accepts (its `file_size_limit` and `allowed_mime_types`), checked on the way
 * in: the declared type against the allowed ones (`type/*` wildcards as on Supabase), the size
 * while the bytes stream (413 as soon as the limit is passed, nothing buffered), and the bytes
 * against the declared type (`content-types.ts`): a signature read from the first bytes by
 * `file-type`, or valid UTF-8 without NUL for plain text. A renamed file is refused whatever
 * type it claims. When the client names no type (none, or `application/octet-stream`), the
 * bytes name it, and a bucket with a list must allow what they show.
 */
export type BucketRules = {
  id: string
  fileSizeLimit: number | null
  allowedMimeTypes: string[] | null
}

export { essenceOf } from './content-types.ts'

/** The largest object the bucket takes: its own limit, within the server's. */
export function sizeLimitOf(bucket: BucketRules, serverLimit: number): number {
  return bucket.fileSizeLimit === null ? serverLimit : Math.min(bucket.fileSizeLimit, serverLimit)
}

/** Whether the bucket lists the types it takes (a bucket without a list takes any). */
export function hasTypeList(bucket: BucketRules): boolean {
  return !!bucket.allowedMimeTypes && bucket.allowedMimeTypes.length > 0
}

/** Refuses a type that cannot be a Content-Type header (finding F6): it could never be served. */
export function checkSendable(mimeType: string): void {
  if (!isSendableMediaType(mimeType)) {
    throw storageErrors.unsendableMimeType()
  }
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

/**
 * The checks a declared type can take before a byte is read: sendable, and allowed by the
 * bucket unless the bytes are to name it.
 */
export function checkDeclaredType(bucket: BucketRules, mimeType: string): void {
  checkSendable(mimeType)
  if (!isGenericType(mimeType)) {
    checkMimeType(bucket, mimeType)
  }
}

export type InspectionRules = {
  limit: number
  /** What the bytes must show; `detect` names the type from them (a generic declared type). */
  content: ContentRule | { kind: 'detect' }
}

export type Inspected = {
  size: number
  eTag: string
  /** The type the first bytes show (`file-type`), when it was read; null when none. */
  detected: string | null
}

/** Reads whether `chunk` continues valid UTF-8 text without NUL. */
function textChecker() {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const valid = (read: () => void) => {
    try {
      read()
      return true
    } catch {
      return false
    }
  }
  return {
    push: (chunk: Uint8Array) =>
      !chunk.includes(0) && valid(() => decoder.decode(chunk, { stream: true })),
    end: () => valid(() => decoder.decode()),
  }
}

/**
 * Passes `source` through while counting, hashing (the S3-style ETag, an MD5) and checking it;
 * the first refusal ends the stream with the storage error. `result` is read once it is done.
 * The first `SNIFF_BYTES` are kept to read the type from; nothing else is held.
 */
export function inspectBytes(
  source: AsyncIterable<Uint8Array>,
  rules: InspectionRules,
): { chunks: AsyncIterable<Uint8Array>; result: () => Inspected } {
  const hash = createHash('md5')
  const { content } = rules
  const sniff = content.kind === 'signature' || content.kind === 'detect'
  const text = content.kind === 'text' ? textChecker() : null
  const notOfType = () =>
    storageErrors.contentNotOfType(content.kind === 'signature' ? content.declared : 'text/plain')
  let size = 0
  let detected: string | null = null

  async function checkHead(head: Uint8Array) {
    detected = await detectType(head)
    if (content.kind === 'signature' && !showsDeclaredType(content.declared, detected)) {
      throw notOfType()
    }
  }

  async function* chunks() {
    let head: Buffer | null = sniff ? Buffer.alloc(0) : null
    for await (const chunk of source) {
      size += chunk.byteLength
      if (size > rules.limit) {
        throw storageErrors.entityTooLarge()
      }
      if (text && !text.push(chunk)) {
        throw notOfType()
      }
      if (head) {
        head = Buffer.concat([head, chunk])
        if (head.length >= SNIFF_BYTES) {
          await checkHead(head.subarray(0, SNIFF_BYTES))
          head = null
        }
      }
      hash.update(chunk)
      yield chunk
    }
    if (head) {
      await checkHead(head)
    }
    if (text && !text.end()) {
      throw notOfType()
    }
  }
  return {
    chunks: chunks(),
    result: () => ({ size, eTag: `"${hash.digest('hex')}"`, detected }),
  }
}
