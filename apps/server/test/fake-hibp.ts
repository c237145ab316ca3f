import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Test support, not used by the server: a local stand-in for Have I Been Pwned's Pwned
 * Passwords range API (https://haveibeenpwned.com/API/v3#PwnedPasswords), speaking its wire
 * format on 127.0.0.1:
 *
 * `GET /range/{first 5 hex characters of the SHA-1}` answers `text/plain` lines
 * `{the other 35 hex characters, upper case}:{times seen}` separated by CRLF. With the request
 * header `Add-Padding: true` the answer is padded with random suffixes seen 0 times, as the
 * real service does, so that its size says nothing about the prefix.
 *
 * `breach(password)` adds a password to the corpus; `pad(password)` puts its suffix in the
 * padding only (seen 0 times: not breached); `failWith(status)` makes every answer an error
 * status, `failWith('reset')` drops every connection unanswered.
 */
export type RangeRequest = { path: string; headers: IncomingHttpHeaders }

export async function startFakeHibp() {
  const seen = new Map<string, number>()
  const paddedOnly = new Set<string>()
  const requests: RangeRequest[] = []
  let failure: number | 'reset' | null = null

  const server = createServer((request, response) => {
    requests.push({ path: request.url ?? '', headers: request.headers })
    const match = /^\/range\/([0-9A-Fa-f]{5})$/.exec(request.url ?? '')
    if (failure === 'reset') {
      request.socket.destroy()
      return
    }
    if (failure !== null) {
      response.writeHead(failure).end()
      return
    }
    if (request.method !== 'GET' || !match) {
      response
        .writeHead(400, { 'content-type': 'text/plain' })
        .end('The hash prefix was not in a valid format')
      return
    }
    const prefix = match[1]!.toUpperCase()
    const lines: string[] = []
    for (const [hash, count] of seen) {
      if (hash.startsWith(prefix)) {
        lines.push(`${hash.slice(5)}:${count}`)
      }
    }
    if (request.headers['add-padding'] === 'true') {
      for (const hash of paddedOnly) {
        if (hash.startsWith(prefix)) {
          lines.push(`${hash.slice(5)}:0`)
        }
      }
      for (let extra = 0; extra < 20; extra++) {
        lines.push(`${randomBytes(18).toString('hex').slice(0, 35).toUpperCase()}:0`)
      }
    }
    response.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\r\n'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  const sha1 = (password: string) =>
    createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase()

  return {
    /** The range API's base, as AUTH_PASSWORD_HIBP_URL takes it. */
    rangeUrl: `http://127.0.0.1:${port}/range/`,
    requests,
    sha1,
    breach(password: string, count = 42) {
      seen.set(sha1(password), count)
    },
    pad(password: string) {
      paddedOnly.add(sha1(password))
    },
    failWith(status: number | 'reset' | null) {
      failure = status
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
