import type { FastifyRequest } from 'fastify'
import { StorageError, storageErrors } from './storage-errors.ts'

/**
 * The file of an upload, in either body storage-js sends (protocol §3.2):
 * - raw bytes (Buffer, ArrayBuffer, stream) with the file's `Content-Type`, `Cache-Control`
 *   and `x-metadata` (base64 JSON) headers: streamed straight from the socket, never held whole;
 * - a multipart form (a Blob or File, as browsers upload) with `cacheControl`, optional
 *   `metadata` and `contentType` fields and the file under any name. It is parsed by the
 *   platform's own form parser (`Response.formData()`), which holds the file in memory, so the
 *   body is cut off at the bucket's limit plus room for the form around the file.
 * A `Content-Length` above the limit is refused before a byte is read.
 */
export type IncomingFile = {
  mimeType: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
  bytes: AsyncIterable<Uint8Array>
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

/** The request's body as it arrives; a refusal leaves the rest unread (the error handler drains it). */
function bodyOf(request: FastifyRequest): AsyncIterable<Uint8Array> {
  return request.raw.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>
}

async function* capped(source: AsyncIterable<Uint8Array>, limit: number) {
  let size = 0
  for await (const chunk of source) {
    size += chunk.byteLength
    if (size > limit) {
      throw storageErrors.entityTooLarge()
    }
    yield chunk
  }
}

async function readMultipart(
  request: FastifyRequest,
  contentType: string,
  limit: number,
): Promise<IncomingFile> {
  let form: FormData
  try {
    const body = ReadableStream.from(capped(bodyOf(request), limit + MULTIPART_ALLOWANCE))
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData()
  } catch (error) {
    throw error instanceof StorageError ? error : storageErrors.noContent()
  }
  const file = [...form.values()].find((value): value is File => typeof value !== 'string')
  if (!file) {
    throw storageErrors.noContent()
  }
  if (file.size > limit) {
    throw storageErrors.entityTooLarge()
  }
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' && value !== '' ? value : null
  }
  const cacheSeconds = field('cacheControl')
  return {
    mimeType: field('contentType') ?? (file.type || 'application/octet-stream'),
    cacheControl: cacheSeconds ? `max-age=${cacheSeconds}` : 'no-cache',
    userMetadata: parseUserMetadata(field('metadata')),
    bytes: file.stream(),
  }
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
    cacheControl: header(request, 'cache-control') ?? 'no-cache',
    userMetadata: parseUserMetadata(
      metadata === undefined ? null : Buffer.from(metadata, 'base64').toString('utf8'),
    ),
    bytes: bodyOf(request),
  }
}
