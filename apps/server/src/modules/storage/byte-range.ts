import type { ByteRange } from './byte-store.ts'

/**
 * The one `Range: bytes=…` of a download (RFC 9110 §14): the range to send, `'unsatisfiable'`
 * (answered 416) when it starts past the end, or null to send the whole object: no header, a
 * unit other than bytes, several ranges or a malformed one, all of which a server may ignore.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!match) {
    return null
  }
  const [, first = '', last = ''] = match
  if (first === '' && last === '') {
    return null
  }
  if (first === '') {
    // The last N bytes.
    const length = Number(last)
    return length === 0 || size === 0
      ? 'unsatisfiable'
      : { start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (last !== '' && Number(last) < start) {
    return null
  }
  return start >= size ? 'unsatisfiable' : { start, end }
}
