/**
 * A local stand-in for an OpenAI-compatible chat completions API (OpenAI, Ollama, llama.cpp's
 * server): `POST /v1/chat/completions`. Tests choose how it answers and read what it was sent.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeLlmMode =
  | { kind: 'letter'; text: string }
  | { kind: 'status'; status: number }
  | { kind: 'slow'; delayMs: number }

export type FakeLlm = {
  /** The API's base URL, as LLM_BASE_URL takes it (`…/v1`). */
  baseUrl: string
  mode: FakeLlmMode
  requests: { headers: IncomingHttpHeaders; body: Record<string, unknown> }[]
  close: () => Promise<void>
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const fake: Omit<FakeLlm, 'baseUrl' | 'close'> = {
    mode: { kind: 'status', status: 500 },
    requests: [],
  }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end()
        return
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
      fake.requests.push({ headers: request.headers, body })
      const mode = fake.mode
      const answer = (text: string) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-fake',
            object: 'chat.completion',
            model: body.model,
            choices: [
              { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: text } },
            ],
          }),
        )
      if (mode.kind === 'letter') answer(mode.text)
      else if (mode.kind === 'status') {
        response.writeHead(mode.status, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ error: { message: 'fake failure' } }))
      } else {
        const timer = setTimeout(() => answer('too late'), mode.delayMs)
        response.on('close', () => clearTimeout(timer))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const started: FakeLlm = Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
  return started
}
