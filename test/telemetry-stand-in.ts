/**
 * A local stand-in for the analytics (PostHog) and error-reporting (Sentry) services: an HTTP
 * server that accepts whatever it is sent, answers as the real ones do (200, CORS open), and
 * records each request with its body decoded:
 * - PostHog: JSON, or gzip (`compression=gzip-js`, or a body that starts as gzip does) or base64 (`compression=base64`, a form
 *   field `data`), one event or a batch;
 * - Sentry: envelopes, newline-separated JSON (a header line, then item header and payload lines).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'

export type RecordedRequest = {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  /** The body as received, decompressed when it was gzip. */
  text: string
}

export type AnalyticsEvent = {
  event: string
  properties: Record<string, unknown>
  [key: string]: unknown
}

export type SentryEnvelope = {
  header: Record<string, unknown>
  items: { header: Record<string, unknown>; payload: unknown }[]
  /** The whole envelope as sent, to search for what must not be there. */
  raw: string
}

export type TelemetryStandIn = {
  url: string
  /** A Sentry DSN pointing at this stand-in (project 42). */
  dsn: string
  requests: RecordedRequest[]
  /** Every analytics event received, in order. */
  analyticsEvents: () => AnalyticsEvent[]
  /** Every Sentry envelope received, in order. */
  envelopes: () => SentryEnvelope[]
  /** The error events (items of type `event`) of every envelope. */
  errorEvents: () => Record<string, unknown>[]
  close: () => Promise<void>
}

function decodeAnalyticsBody(request: RecordedRequest, raw: Buffer): unknown[] {
  const compression = request.query.get('compression')
  let json: string
  const gzipped = raw[0] === 0x1f && raw[1] === 0x8b
  if (compression === 'gzip-js' || compression === 'gzip' || gzipped) {
    json = gunzipSync(raw).toString('utf8')
  } else if (compression === 'base64') {
    const form = new URLSearchParams(raw.toString('utf8'))
    json = Buffer.from(form.get('data') ?? '', 'base64').toString('utf8')
  } else {
    const text = raw.toString('utf8')
    json = text.startsWith('data=') ? (new URLSearchParams(text).get('data') ?? '') : text
  }
  if (!json.trim()) return []
  const parsed: unknown = JSON.parse(json)
  const batch = Array.isArray(parsed)
    ? parsed
    : typeof parsed === 'object' && parsed !== null && 'batch' in parsed
      ? (parsed as { batch: unknown[] }).batch
      : [parsed]
  return batch
}

export function parseEnvelope(raw: string): SentryEnvelope {
  const lines = raw.split('\n').filter((line) => line.length > 0)
  const header = JSON.parse(lines.shift() ?? '{}') as Record<string, unknown>
  const items: SentryEnvelope['items'] = []
  while (lines.length > 0) {
    const itemHeader = JSON.parse(lines.shift() ?? '{}') as Record<string, unknown>
    const payloadLine = lines.shift() ?? ''
    let payload: unknown = payloadLine
    try {
      payload = JSON.parse(payloadLine)
    } catch {
      // an attachment: kept as text
    }
    items.push({ header: itemHeader, payload })
  }
  return { header, items, raw }
}

function isSentryRequest(request: RecordedRequest): boolean {
  return /\/api\/\d+\/(envelope|store)\/?$/.test(request.path)
}

export async function startTelemetryStandIn(): Promise<TelemetryStandIn> {
  const requests: RecordedRequest[] = []
  const analytics: AnalyticsEvent[] = []
  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://stand-in')
      const raw = Buffer.concat(chunks)
      const encoding = incoming.headers['content-encoding']
      const body = encoding === 'gzip' ? gunzipSync(raw) : raw
      const recorded: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        text: body.toString('utf8'),
      }
      requests.push(recorded)
      if (recorded.method === 'POST' && !isSentryRequest(recorded)) {
        try {
          analytics.push(...(decodeAnalyticsBody(recorded, body) as AnalyticsEvent[]))
        } catch {
          // not an analytics batch: kept in `requests` only
        }
      }
      response.writeHead(200, {
        'access-control-allow-origin': incoming.headers.origin ?? '*',
        'access-control-allow-credentials': 'true',
        'access-control-allow-headers': incoming.headers['access-control-request-headers'] ?? '*',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'content-type': 'application/json',
      })
      response.end(isSentryRequest(recorded) ? '{}' : '{"status":1}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  const envelopes = () =>
    requests
      .filter((request) => isSentryRequest(request))
      .map((request) => parseEnvelope(request.text))
  return {
    url,
    dsn: `http://publickey@127.0.0.1:${port}/42`,
    requests,
    analyticsEvents: () => [...analytics],
    envelopes,
    errorEvents: () =>
      envelopes().flatMap((envelope) =>
        envelope.items
          .filter((item) => item.header.type === 'event')
          .map((item) => item.payload as Record<string, unknown>),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
