import type { FastifyReply, FastifyRequest } from 'fastify'
import { parseRange } from './byte-range.ts'
import { CONTENT_SECURITY_HEADERS, servedTypeOf } from './content-types.ts'
import type { ObjectRow } from './objects.repository.ts'
import type { StorageContext } from './storage-context.ts'
import { storageErrors } from './storage-errors.ts'

/**
 * Answers with an object's bytes, streamed from the byte store, with the headers Supabase's
 * renderer sends: its type, length, ETag, Last-Modified, Cache-Control (or Expires for a signed
 * URL), one `Range` (206) and `If-None-Match` (304); `?download[=name]` makes it an attachment.
 * The row was read first, under the caller's role: only then are the bytes opened.
 *
 * No user file runs as the app (issue 12, S1): every answer (200, 206, 304, HEAD) carries
 * `nosniff` and `Content-Security-Policy: default-src 'none'; sandbox`, and only inert types
 * (PDF, audio, video, PNG, JPEG, WebP, plain text) keep their own type; anything else (HTML,
 * SVG, XHTML, a type that cannot be a header) is sent as `application/octet-stream`, an
 * attachment named after the object.
 */
export type SendOptions = {
  /** `?download` as given: '' for the stored name, else the file name to save as. */
  download: string | undefined
  /** When a signed URL stops working. */
  expires?: Date
  /** HEAD: the headers only. */
  headersOnly: boolean
}

/** `?download` as the query gives it: a repeated one counts once. */
export function downloadParam(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' ? first : undefined
}

function attachment(fileName: string): string {
  if (fileName === '') {
    return 'attachment;'
  }
  const encoded = encodeURIComponent(fileName)
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded};`
}

/** What was stored as Cache-Control, when it can be sent back as a header. */
function cacheControlOf(row: ObjectRow): string {
  const stored = row.metadata?.cacheControl
  return stored && /^[\x20-\x7e]{1,256}$/.test(stored) ? stored : 'no-cache'
}

export async function sendObject(
  ctx: StorageContext,
  request: FastifyRequest,
  reply: FastifyReply,
  row: ObjectRow,
  options: SendOptions,
) {
  const stored = await ctx.store.open(row.bucket_id, row.name)
  if (!stored) {
    // A row whose bytes are gone (a removal interrupted before its commit).
    throw storageErrors.noSuchKey()
  }
  const eTag = row.metadata?.eTag
  const served = servedTypeOf(row.metadata?.mimetype)
  reply.headers({
    ...CONTENT_SECURITY_HEADERS,
    'content-type': served.contentType,
    'last-modified': row.updated_at.toUTCString(),
    'accept-ranges': 'bytes',
  })
  if (eTag) {
    reply.header('etag', eTag)
  }
  if (options.expires) {
    reply.header('expires', options.expires.toUTCString())
  } else {
    reply.header('cache-control', cacheControlOf(row))
  }
  if (options.download !== undefined) {
    reply.header('content-disposition', attachment(options.download))
  } else if (served.attachment) {
    reply.header('content-disposition', attachment(row.name.split('/').pop() ?? ''))
  }

  if (eTag && request.headers['if-none-match'] === eTag) {
    await stored.close()
    return reply.status(304).send()
  }
  const range = parseRange(request.headers.range, stored.size)
  if (range === 'unsatisfiable') {
    await stored.close()
    throw storageErrors.invalidRange(stored.size)
  }
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${stored.size}`)
      .header('content-length', range.end - range.start + 1)
  } else {
    reply.status(200).header('content-length', stored.size)
  }
  if (options.headersOnly) {
    await stored.close()
    return reply.send()
  }
  const length = range ? range.end - range.start + 1 : stored.size
  // A client already gone gets no buffer: its response's 'close' (which gives one back) is past.
  const gone = reply.raw.destroyed || reply.raw.socket?.destroyed !== false
  const lent = stored.readInto && !gone ? ctx.serveBuffers.borrow(length) : null
  if (!lent || !stored.readInto) {
    // Larger than a pooled buffer, every one lent, or a store that only streams.
    return reply.send(stored.stream(range ?? undefined))
  }
  const reading = stored.readInto(lent, range ?? undefined)
  // Given back once the answer is written out or the client is gone, and the read into it has
  // ended (a client may leave while it runs): until then the file or the socket may use it.
  reply.raw.once('close', () => {
    void reading.catch(() => undefined).finally(() => ctx.serveBuffers.giveBack(lent))
  })
  try {
    await reading
  } catch (error) {
    // Answered as an error: not with the object's length.
    reply.removeHeader('content-length').removeHeader('content-range')
    throw error
  }
  return reply.send(lent)
}

/** `GET /object/info/…`: the object's properties as Supabase's info renderer lists them. */
export function objectInfo(row: ObjectRow) {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: row.metadata?.size ?? null,
    content_type: row.metadata?.mimetype ?? null,
    cache_control: row.metadata?.cacheControl ?? null,
    etag: row.metadata?.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: row.updated_at,
    created_at: row.created_at,
  }
}
