import { crc32, deflateSync } from 'node:zlib'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { TestApp } from '../../../test/test-app.ts'

/** What the Storage integration suites share: signed-in users and files worth uploading. */
export type SignedInUser = { id: string; accessToken: string; supabase: SupabaseClient }

export async function signUp(testApp: TestApp, email: string): Promise<SignedInUser> {
  const supabase = testApp.client()
  const { data, error } = await supabase.auth.signUp({ email, password: 'correct-horse-battery' })
  if (error || !data.user || !data.session) {
    throw new Error(`sign-up of ${email} failed: ${error?.message ?? 'no session'}`)
  }
  return { id: data.user.id, accessToken: data.session.access_token, supabase }
}

/** A small but real PDF document whose text is `text`. */
export function pdf(text: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n` +
      `2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  )
}

export async function bytesOf(blob: Blob | null): Promise<Buffer> {
  return blob ? Buffer.from(await blob.arrayBuffer()) : Buffer.alloc(0)
}

/**
 * The smallest files of each format the buckets take, as their first bytes show them (what the
 * Storage service reads with `file-type`): enough to be recognised, not to be played.
 */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A real 1×1 PNG image. */
export function png(): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(1, 0)
  header.writeUInt32BE(1, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

export const mediaFiles = {
  /** One MPEG-1 layer III frame header and silence. */
  mp3: () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]),
  /** An ISO media file (`ftyp isom`), as a browser's MP4 recorder writes. */
  mp4: () =>
    Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypisom', 'latin1'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2', 'latin1'),
      Buffer.from([0, 0, 0, 8]),
      Buffer.from('free', 'latin1'),
    ]),
  /** An EBML header with DocType `webm`, as MediaRecorder writes. */
  webm: () =>
    Buffer.from([
      0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2,
      0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87,
      0x81, 0x04, 0x42, 0x85, 0x81, 0x02,
    ]),
  /** A RIFF WAVE header. */
  wav: () =>
    Buffer.concat([
      Buffer.from('RIFF', 'latin1'),
      Buffer.from([36, 0, 0, 0]),
      Buffer.from('WAVEfmt ', 'latin1'),
      Buffer.alloc(40),
    ]),
  /** A JFIF JPEG start and end. */
  jpeg: () =>
    Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff,
      0xd9,
    ]),
}

/** Files that would run script if a browser rendered them as the app (issue 12, S1). */
export const scriptedFiles = {
  svg: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  html: '<!doctype html><html><body><script>alert(1)</script></body></html>',
  xhtml:
    '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body><script>alert(1)</script></body></html>',
}
