import http from 'node:http'

/**
 * The benchmarks' HTTP client: node:http over a keep-alive agent, the body written as given
 * and the answer's bytes counted as they arrive (its start kept for errors, or all of it).
 *
 * Not `fetch`: on this machine the client shares two CPUs with the server and PostgreSQL, so
 * what the client spends is taken from what it measures. `fetch` (undici behind WHATWG
 * streams) spent ~155 µs of CPU per small request here, node:http ~70 µs, about what `pg`
 * spends per query in the floors the HTTP figures are divided by (measured with the CPU
 * accounting of `cpu.ts`). For a 4 MiB body `fetch` spent ~18 ms.
 */
export type HttpAnswer = { status: number; bytes: number; text: string }

/** The first characters of an answer kept for an error message (unless the whole is asked). */
const KEPT_CHARACTERS = 500

export type HttpRequest = {
  method?: string
  headers?: Record<string, string | number>
  /** Written as one part (a string) or part by part (the parts of a multipart form). */
  body?: string | Uint8Array | Uint8Array[]
  /** Keep the whole answer as text (for a JSON answer), not only its start. */
  whole?: boolean
}

export function createHttpClient(options: { maxSockets: number }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets })

  function request(url: string, init: HttpRequest = {}): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      const outgoing = http.request(url, {
        method: init.method ?? 'GET',
        headers: init.headers,
        agent,
      })
      outgoing.once('error', reject)
      outgoing.once('response', (response) => {
        let bytes = 0
        let text = ''
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length
          if (init.whole) {
            text += chunk.toString('utf8')
          } else if (text.length < KEPT_CHARACTERS) {
            text += chunk.toString('utf8', 0, Math.min(chunk.length, KEPT_CHARACTERS))
          }
        })
        response.once('error', reject)
        response.once('end', () => resolve({ status: response.statusCode ?? 0, bytes, text }))
      })
      const parts = Array.isArray(init.body) ? init.body : init.body ? [init.body] : []
      for (const part of parts) {
        outgoing.write(part)
      }
      outgoing.end()
    })
  }

  /** `request`, failing unless the answer is `expected` (any 2xx by default). */
  async function expect(url: string, init: HttpRequest, expected?: number): Promise<HttpAnswer> {
    const answer = await request(url, init)
    const ok = expected ? answer.status === expected : answer.status >= 200 && answer.status < 300
    if (!ok) {
      throw new Error(
        `${init.method ?? 'GET'} ${new URL(url).pathname} answered ${answer.status}: ${answer.text}`,
      )
    }
    return answer
  }

  /** `expect`, then the answer parsed as JSON. */
  async function expectJson<T>(url: string, init: HttpRequest, expected?: number): Promise<T> {
    const answer = await expect(url, { ...init, whole: true }, expected)
    return JSON.parse(answer.text) as T
  }

  return { request, expect, expectJson, close: () => agent.destroy() }
}
