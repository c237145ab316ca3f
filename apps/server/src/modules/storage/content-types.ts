import { fileTypeFromBuffer } from 'file-type'

/**
 * What a stored file's type means on the way in and on the way out (finding S1 of issue 12).
 *
 * On the way in, the type a client declares is only a claim: `checkContentOf` says how its
 * bytes must prove it (the `file-type` package reads their signature; plain text must be UTF-8
 * without NUL), so a page renamed `.png` or an SVG sent as `image/png` is refused.
 *
 * On the way out, only a short list of inert types is served as itself (`servedTypeOf`): PDF,
 * audio, video, PNG, JPEG, WebP, plain text and WebVTT captions (which a `<track>` needs as
 * `text/vtt`), none of which a browser runs script from.
 * Everything else (HTML, SVG, XHTML, XML, JavaScript, an unknown or unsendable type) goes out
 * as `application/octet-stream`, an attachment. Every content answer also carries `nosniff`
 * and a sandboxing Content-Security-Policy (`CONTENT_SECURITY_HEADERS`), so even a file
 * served inline runs in an opaque origin with no script, whatever a browser makes of it.
 */

/** Headers on every answer that carries an object's bytes. */
export const CONTENT_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
} as const

/** The generic type: "some bytes"; never served inline. */
export const OCTET_STREAM = 'application/octet-stream'

/** How many leading bytes `file-type` reads to name a type (its own "reasonable" size). */
export const SNIFF_BYTES = 4100

/** Types served inline besides every `audio/*` and `video/*`. */
const INERT_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'text/plain',
  'text/vtt',
])

const TOKEN = "[a-z0-9!#$&^_.+'*`|~-]+"
const QUOTED = '"[\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]*"'
/**
 * A media type that can be sent as a header as it is: `type/subtype` and `; name=value`
 * parameters, printable ASCII only (RFC 9110 §8.3.1). Anything else (a non-Latin-1 letter, a
 * control character, a line break) cannot be a Content-Type header and is refused on upload.
 */
const MEDIA_TYPE = new RegExp(
  `^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED}))*[ \\t]*;?$`,
  'i',
)
/** Longer than any real media type; a longer one is refused. */
export const MAX_MEDIA_TYPE_LENGTH = 255

/** `Application/PDF; charset=x` → `application/pdf`. */
export function essenceOf(mimeType: string): string {
  return (mimeType.split(';')[0] ?? '').trim().toLowerCase()
}

export function isSendableMediaType(mimeType: string): boolean {
  return mimeType.length <= MAX_MEDIA_TYPE_LENGTH && MEDIA_TYPE.test(mimeType)
}

/** True when the client named no type of its own: the bytes then decide it. */
export function isGenericType(mimeType: string): boolean {
  const essence = essenceOf(mimeType)
  return essence === '' || essence === OCTET_STREAM
}

export function isInertType(mimeType: string): boolean {
  const essence = essenceOf(mimeType)
  return INERT_TYPES.has(essence) || essence.startsWith('audio/') || essence.startsWith('video/')
}

/** How an object goes out: its own type when inert and sendable, else bytes to save. */
export type ServedType = { contentType: string; attachment: boolean }

export function servedTypeOf(stored: string | null | undefined): ServedType {
  if (stored && isSendableMediaType(stored) && isInertType(stored)) {
    return { contentType: stored.trim(), attachment: false }
  }
  return { contentType: OCTET_STREAM, attachment: true }
}

/**
 * Names one format goes by. A browser's recorder says `audio/webm` or `audio/mp4` where
 * `file-type` reads the container (`video/webm`, `video/mp4`); a declared type and what the
 * bytes show match when they are in one group.
 */
const SAME_FORMAT: string[][] = [
  ['application/pdf', 'application/x-pdf'],
  ['image/png', 'image/apng', 'image/x-png'],
  ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  ['image/webp'],
  ['audio/mpeg', 'audio/mp3', 'audio/mpeg3', 'audio/x-mpeg', 'audio/mpga'],
  ['audio/mp4', 'audio/x-m4a', 'audio/m4a', 'video/mp4', 'audio/aac-mp4'],
  ['video/mp4', 'video/x-m4v', 'audio/mp4', 'audio/x-m4a', 'application/mp4'],
  ['audio/webm', 'video/webm', 'video/matroska', 'video/x-matroska', 'audio/x-matroska'],
  ['audio/ogg', 'audio/opus', 'video/ogg', 'application/ogg', 'audio/vorbis'],
  ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
  ['audio/aac', 'audio/x-aac', 'audio/aacp'],
  ['audio/flac', 'audio/x-flac'],
]

function sameFormat(declared: string, detected: string): boolean {
  return (
    declared === detected ||
    SAME_FORMAT.some((group) => group.includes(declared) && group.includes(detected))
  )
}

/**
 * What the bytes of a declared type must show:
 * - `text`: plain text, valid UTF-8 without NUL (no signature to read);
 * - `signature`: a binary format `file-type` knows, read from the first bytes;
 * - `none`: a type we cannot check, which is never served inline (`servedTypeOf`): a bucket
 *   that wants its files checked lists only checkable types.
 */
export type ContentRule =
  { kind: 'text' } | { kind: 'signature'; declared: string } | { kind: 'none' }

export function contentRuleOf(declared: string): ContentRule {
  const essence = essenceOf(declared)
  if (essence === 'text/plain') {
    return { kind: 'text' }
  }
  if (isInertType(essence) || SAME_FORMAT.some((group) => group.includes(essence))) {
    return { kind: 'signature', declared: essence }
  }
  return { kind: 'none' }
}

/** The type `file-type` reads in these first bytes (its essence), or null. */
export async function detectType(head: Uint8Array): Promise<string | null> {
  try {
    const found = await fileTypeFromBuffer(head)
    return found ? essenceOf(found.mime) : null
  } catch {
    return null // bytes too malformed to read are not of any type we accept
  }
}

/** Whether bytes that read as `detected` may be stored as `declared` (a signature rule). */
export function showsDeclaredType(declared: string, detected: string | null): boolean {
  if (detected === null) {
    return false
  }
  if (sameFormat(declared, detected)) {
    return true
  }
  // An audio or video type file-type has no name for: any audio or video container will do.
  const known = SAME_FORMAT.some((group) => group.includes(declared))
  const family = declared.split('/')[0]
  return !known && (family === 'audio' || family === 'video') && detected.startsWith(`${family}/`)
}
