import busboy from 'busboy'
import type { FastifyRequest } from 'fastify'
import { StorageError, storageErrors } from './storage-errors.ts'

/**
 * The file of an upload, in either body storage-js sends (protocol §3.2):
 * - raw bytes (Buffer, ArrayBuffer, stream) with the file's `Content-Type`, `Cache-Control`
 *   and `x-metadata` (base64 JSON) headers: streamed straight from the socket, never held whole;
 * - a multipart form (a Blob or File, as browsers upload) with `cacheControl`, optional
 *   `metadata` and `contentType` fields and the file under any name, streamed by busboy.
 * A `Content-Length` above the limit is refused before a byte is read.
 */
export type IncomingFile = {
  mimeType: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
  bytes: AsyncIterable<Uint8Array>
  /** Whether the chunks are the request's own, read by nothing else once handed over. */
  ownedChunks: boolean
}

/** Room for a multipart form's fields and boundaries around the file. */
const MULTIPART_ALLOWANCE = 1024 * 1024

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

function parseUserMetadata(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) {
    return null
  }
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>
    }
  } catch {
    // answered below
  }
  throw storageErrors.invalidRequest('Invalid metadata: expected a JSON object')
}

/** Printable ASCII: what can be sent back as the Cache-Control header of every download. */
const HEADER_TEXT = /^[\x20-\x7e]{0,256}$/

function checkedCacheControl(value: string): string {
  if (!HEADER_TEXT.test(value)) {
    throw storageErrors.invalidRequest('cacheControl must be printable ASCII (e.g. "3600")')
  }
  return value
}

/** The request's body as it arrives; a refusal leaves the rest unread (the error handler drains it). */
function bodyOf(request: FastifyRequest): AsyncIterable<Uint8Array> {
  return request.raw.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>
}

/**
 * The file part of a multipart form, streamed by busboy: fields sent before the file
 * (storage-js sends `cacheControl` and `metadata` first) are read, and the file's bytes are
 * handed on as they arrive, cut off at the bucket's limit.
 */
function readMultipart(
  request: FastifyRequest,
  contentType: string,
  limit: number,
): Promise<IncomingFile> {
  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fileSize: limit, fields: 20, fieldSize: MULTIPART_ALLOWANCE },
    })
  } catch {
    // busboy refuses a multipart type without its boundary (finding F3): the client's mistake.
    throw storageErrors.invalidRequest(
      'A multipart/form-data body needs its boundary: Content-Type: multipart/form-data; boundary=…',
    )
  }
  return new Promise((resolve, reject) => {
    const fields = new Map<string, string>()
    const field = (name: string) => fields.get(name) || null
    parser.on('field', (name, value) => fields.set(name, value))
    parser.on('file', (_name, stream, info) => {
      stream.once('limit', () => stream.destroy(storageErrors.entityTooLarge()))
      try {
        const cacheSeconds = field('cacheControl')
        resolve({
          mimeType: field('contentType') ?? (info.mimeType || 'application/octet-stream'),
          cacheControl: checkedCacheControl(cacheSeconds ? `max-age=${cacheSeconds}` : 'no-cache'),
          userMetadata: parseUserMetadata(field('metadata')),
          bytes: stream,
          // busboy hands over views of the request's chunks or copies of its own; either way
          // it is done with them (a view that is a whole chunk only once that chunk was parsed).
          ownedChunks: true,
        })
      } catch (error) {
        stream.resume()
        reject(error instanceof StorageError ? error : storageErrors.noContent())
      }
    })
    // Settles nothing once a file was found; otherwise the form had no file or was malformed.
    parser.once('error', () => reject(storageErrors.noContent()))
    parser.once('close', () => reject(storageErrors.noContent()))
    request.raw.pipe(parser)
  })
}

/** The incoming file of an upload whose bucket takes at most `limit` bytes. */
export async function readIncomingFile(
  request: FastifyRequest,
  limit: number,
): Promise<IncomingFile> {
  const contentType = header(request, 'content-type')
  const multipart = contentType?.toLowerCase().startsWith('multipart/form-data') ?? false
  const declaredLength = Number(header(request, 'content-length') ?? 0)
  if (declaredLength > limit + (multipart ? MULTIPART_ALLOWANCE : 0)) {
    throw storageErrors.entityTooLarge()
  }
  if (multipart && contentType) {
    return readMultipart(request, contentType, limit)
  }
  const metadata = header(request, 'x-metadata')
  return {
    mimeType: contentType || 'application/octet-stream',
    cacheControl: checkedCacheControl(header(request, 'cache-control') ?? 'no-cache'),
    userMetadata: parseUserMetadata(
      metadata === undefined ? null : Buffer.from(metadata, 'base64').toString('utf8'),
    ),
    bytes: bodyOf(request),
    ownedChunks: true,
  }
}
