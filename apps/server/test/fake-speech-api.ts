/**
 * A local stand-in for an OpenAI-compatible speech API (OpenAI, whisper.cpp's server,
 * faster-whisper servers): `POST /v1/audio/transcriptions` (a multipart form with the
 * recording) answers `{text}`, `POST /v1/audio/speech` answers audio. Tests choose the
 * transcript or a failure and read what was sent.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeSpeechApi = {
  /** The API's base URL, as STT_BASE_URL and TTS_BASE_URL take it (`…/v1`). */
  baseUrl: string
  /** What a transcription answers: a text, or an HTTP status to fail with. */
  transcript: { text: string } | { status: number }
  /** The transcription requests: the form's fields and the file's size and type. */
  transcriptions: { fields: Record<string, string>; fileBytes: number; fileType: string }[]
  speechRequests: Record<string, unknown>[]
  close: () => Promise<void>
}

/** A tiny valid MP3 frame header stands in for spoken audio. */
const FAKE_MP3 = Buffer.from([0xff, 0xfb, 0x90, 0x64, ...new Array<number>(413).fill(0)])

export async function startFakeSpeechApi(): Promise<FakeSpeechApi> {
  const fake = {
    transcript: { status: 500 } as FakeSpeechApi['transcript'],
    transcriptions: [] as FakeSpeechApi['transcriptions'],
    speechRequests: [] as FakeSpeechApi['speechRequests'],
  }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => void answer(Buffer.concat(chunks)))
    const answer = async (body: Buffer) => {
      if (request.method === 'POST' && request.url === '/v1/audio/transcriptions') {
        const form = await new Response(body, {
          headers: { 'content-type': request.headers['content-type'] ?? '' },
        }).formData()
        const fields: Record<string, string> = {}
        let fileBytes = 0
        let fileType = ''
        for (const [name, value] of form) {
          if (typeof value === 'string') fields[name] = value
          else {
            fileBytes = value.size
            fileType = value.type
          }
        }
        fake.transcriptions.push({ fields, fileBytes, fileType })
        const answer = fake.transcript
        if ('text' in answer) {
          response.writeHead(200, { 'content-type': 'application/json' })
          response.end(JSON.stringify({ text: answer.text }))
        } else {
          response.writeHead(answer.status, { 'content-type': 'application/json' })
          response.end(JSON.stringify({ error: { message: 'fake failure' } }))
        }
        return
      }
      if (request.method === 'POST' && request.url === '/v1/audio/speech') {
        fake.speechRequests.push(JSON.parse(body.toString('utf8')) as Record<string, unknown>)
        response.writeHead(200, { 'content-type': 'audio/mpeg' }).end(FAKE_MP3)
        return
      }
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}
