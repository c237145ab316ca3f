import type { FastifyReply, FastifyRequest } from 'fastify'
import { parseRange } from './byte-range.ts'
import type { ObjectRow } from './objects.repository.ts'
import type { StorageContext } from './storage-context.ts'
import { storageErrors } from './storage-errors.ts'

/**
 * Answers with an object's bytes, streamed from the byte store, with the headers Supabase's
 * renderer sends: its type (HTML is sent as plain text, so a stored page never runs on this
 * origin), length, ETag, Last-Modified, Cache-Control (or Expires for a signed URL), one
 * `Range` (206) and `If-None-Match` (304); `?download[=name]` makes it an attachment. The row
 * was read first, under the caller's role: only then are the bytes opened.
 */
export type SendOptions = {
  /** `?download` as given: '' for the stored name, else the file name to save as. */
  download: string | undefined
  /** When a signed URL stops working. */
  expires?: Date
  /** HEAD: the headers only. */
  headersOnly: boolean
}

function contentTypeOf(row: ObjectRow): string {
  const mimeType = row.metadata?.mimetype ?? 'application/octet-stream'
  return mimeType.toLowerCase().includes('text/html') ? 'text/plain' : mimeType
}

function contentDisposition(download: string): string {
  if (download === '') {
    return 'attachment;'
  }
  const encoded = encodeURIComponent(download)
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded};`
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
  reply.headers({
    'content-type': contentTypeOf(row),
    'last-modified': row.updated_at.toUTCString(),
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
  })
  if (eTag) {
    reply.header('etag', eTag)
  }
  if (options.expires) {
    reply.header('expires', options.expires.toUTCString())
  } else {
    reply.header('cache-control', row.metadata?.cacheControl ?? 'no-cache')
  }
  if (options.download !== undefined) {
    reply.header('content-disposition', contentDisposition(options.download))
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
  return reply.send(stored.stream(range ?? undefined))
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
    metadata: row.user_metadata,
    last_modified: row.updated_at,
    created_at: row.created_at,
  }
}
