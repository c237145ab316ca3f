/**
 * Sends fuzz requests to a running server and judges each answer: a 5xx fails, and so does a
 * 4xx whose body carries no stable code in its surface's shape (`code` for the product API,
 * PostgREST, Storage and GoTrue's 2024 format; `error_code` in GoTrue's legacy format; `error`
 * with `error_description` on GoTrue's OAuth-style paths). A HEAD answer has no body to judge.
 */
import http from 'node:http'
import net from 'node:net'
import type { FuzzRequest } from './arbitraries.ts'

export type Verdict = 'ok' | 'server_error' | 'no_code' | 'transport'

export type FuzzOutcome = {
  request: FuzzRequest
  status: number
  verdict: Verdict
  /** The start of the answer's body, for the report. */
  excerpt: string
}

const READ_LIMIT = 64 * 1024
const TIMEOUT_MS = 15_000

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string }

function send(baseUrl: string, request: FuzzRequest): Promise<Answer> {
  const url = new URL(baseUrl)
  if (request.raw) {
    return sendRaw(url, request)
  }
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.target,
        headers: {
          ...request.headers,
          connection: 'close',
          // Node sends a DELETE's body with neither a length nor chunks unless told its length.
          ...(request.body ? { 'content-length': String(request.body.length) } : {}),
        },
        timeout: TIMEOUT_MS,
      },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          if (body.length < READ_LIMIT) {
            body += chunk
          }
        })
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        )
        response.on('error', reject)
      },
    )
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')))
    outgoing.on('error', reject)
    if (request.body) {
      outgoing.end(request.body)
    } else {
      outgoing.end()
    }
  })
}

function sendRaw(url: URL, request: FuzzRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(
        Buffer.from(
          `${request.target}\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`,
          'latin1',
        ),
      )
    })
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error('timed out')))
    let answer = ''
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8')
    })
    socket.on('error', reject)
    socket.on('close', () => {
      const [head = '', ...rest] = answer.split('\r\n\r\n')
      resolve({
        status: Number(head.split(' ')[1] ?? 0),
        headers: {},
        body: rest.join('\r\n\r\n'),
      })
    })
  })
}

/**
 * Whether an error answer names a stable code, in any surface's documented shape: in its JSON
 * body, or, for an HTML page shown to a browser (the marketing site's 404 page), in the
 * `x-error-code` header.
 */
export function carriesCode(body: string, headers: http.IncomingHttpHeaders = {}): boolean {
  const headerCode = headers['x-error-code']
  if (
    typeof headerCode === 'string' &&
    headerCode !== '' &&
    String(headers['content-type']).startsWith('text/html')
  ) {
    return true
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return false
  }
  if (typeof parsed !== 'object' || parsed === null) {
    return false
  }
  const fields = parsed as Record<string, unknown>
  const nonEmpty = (value: unknown) => typeof value === 'string' && value.length > 0
  return (
    nonEmpty(fields.code) ||
    nonEmpty(fields.error_code) ||
    (nonEmpty(fields.error) && nonEmpty(fields.error_description))
  )
}

export async function fuzzOnce(baseUrl: string, request: FuzzRequest): Promise<FuzzOutcome> {
  try {
    const { status, headers, body } = await send(baseUrl, request)
    const excerpt = body.slice(0, 300)
    if (status >= 500 || status === 0) {
      return { request, status, verdict: 'server_error', excerpt }
    }
    if (status >= 400 && request.method !== 'HEAD' && !carriesCode(body, headers)) {
      return { request, status, verdict: 'no_code', excerpt }
    }
    return { request, status, verdict: 'ok', excerpt }
  } catch (error) {
    return { request, status: 0, verdict: 'transport', excerpt: (error as Error).message }
  }
}

/** Runs every request, `concurrency` at a time, in order of the list. */
export async function fuzzAll(
  baseUrl: string,
  requests: FuzzRequest[],
  concurrency: number,
  beforeEach?: (index: number) => Promise<void>,
): Promise<FuzzOutcome[]> {
  const outcomes = new Array<FuzzOutcome>(requests.length)
  let next = 0
  const worker = async () => {
    for (;;) {
      const index = next++
      const request = requests[index]
      if (!request) {
        return
      }
      await beforeEach?.(index)
      outcomes[index] = await fuzzOnce(baseUrl, request)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return outcomes
}

export type FuzzReport = {
  requests: number
  byStatusClass: Record<string, number>
  serverErrors: number
  withoutCode: number
  transportErrors: number
  byRoute: { route: string; requests: number; serverErrors: number; withoutCode: number }[]
  failures: FuzzOutcome[]
}

export function summarise(outcomes: FuzzOutcome[]): FuzzReport {
  const byStatusClass: Record<string, number> = {}
  const routes = new Map<
    string,
    { route: string; requests: number; serverErrors: number; withoutCode: number }
  >()
  for (const outcome of outcomes) {
    const statusClass = outcome.status === 0 ? 'none' : `${Math.floor(outcome.status / 100)}xx`
    byStatusClass[statusClass] = (byStatusClass[statusClass] ?? 0) + 1
    const row = routes.get(outcome.request.route) ?? {
      route: outcome.request.route,
      requests: 0,
      serverErrors: 0,
      withoutCode: 0,
    }
    row.requests += 1
    row.serverErrors += outcome.verdict === 'server_error' ? 1 : 0
    row.withoutCode += outcome.verdict === 'no_code' ? 1 : 0
    routes.set(row.route, row)
  }
  const failures = outcomes.filter((outcome) => outcome.verdict !== 'ok')
  return {
    requests: outcomes.length,
    byStatusClass,
    serverErrors: outcomes.filter((outcome) => outcome.verdict === 'server_error').length,
    withoutCode: outcomes.filter((outcome) => outcome.verdict === 'no_code').length,
    transportErrors: outcomes.filter((outcome) => outcome.verdict === 'transport').length,
    byRoute: [...routes.values()].sort((a, b) => a.route.localeCompare(b.route)),
    failures,
  }
}

/** The report as text: totals, the table by route, and each failure with what reproduces it. */
export function formatReport(report: FuzzReport, seed: number): string {
  const lines = [
    `fuzz: ${report.requests} requests (seed ${seed}): ${report.serverErrors} answered 5xx, ` +
      `${report.withoutCode} 4xx without a code, ${report.transportErrors} without an answer`,
    `by status: ${Object.entries(report.byStatusClass)
      .sort()
      .map(([statusClass, count]) => `${statusClass} ${count}`)
      .join(', ')}`,
    '',
    'route'.padEnd(58) + 'requests   5xx   4xx without code',
    ...report.byRoute.map(
      (row) =>
        row.route.padEnd(58) +
        String(row.requests).padStart(8) +
        String(row.serverErrors).padStart(6) +
        String(row.withoutCode).padStart(8),
    ),
  ]
  for (const failure of report.failures.slice(0, 40)) {
    lines.push(
      '',
      `✗ ${failure.verdict} ${failure.status} on ${failure.request.method} ${failure.request.target.slice(0, 300)}`,
      `  headers: ${JSON.stringify(failure.request.headers).slice(0, 400)}`,
      `  body: ${failure.request.body ? JSON.stringify(failure.request.body.subarray(0, 200).toString('latin1')) : 'none'}`,
      `  answer: ${failure.excerpt}`,
    )
  }
  return lines.join('\n')
}
