import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { importJWK, jwtVerify } from 'jose'

/**
 * A stand-in for a browser's push service (RFC 8030) on the loopback interface, for tests of
 * Web Push without Google's or Mozilla's network. It checks what a real one checks: the VAPID
 * `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292: ES256 signature by `k`, audience = this
 * origin, expiry within 24 hours, a subject), `TTL`, `Content-Encoding: aes128gcm`; and, as the
 * browser would, decrypts the payload with the subscription's own keys (RFC 8291). It answers
 * 201, or what `answer` says for an endpoint (410: the subscription is gone).
 */
export type PushedMessage = {
  /** The subscription's path on the stand-in. */
  path: string
  headers: http.IncomingHttpHeaders
  /** The VAPID JWT's claims and the public key that signed it. */
  vapid: { aud: string; sub: string; exp: number; publicKey: string }
  /** The decrypted payload. */
  payload: string
}

export type PushServiceStandIn = {
  url: string
  /** A browser-side subscription on the stand-in: the JSON a page would register. */
  subscribe: (name?: string) => {
    endpoint: string
    keys: { p256dh: string; auth: string }
  }
  received: PushedMessage[]
  /** Refusals: what went wrong with each request the stand-in did not accept. */
  refused: { path: string; reason: string }[]
  /** The status the stand-in answers at `path` from now on (default 201). */
  answer: (path: string, status: number) => void
  /** Resolves with the next accepted message (or the first already received after `since`). */
  next: (since?: number) => Promise<PushedMessage>
  close: () => Promise<void>
}

type Keys = { ecdh: ReturnType<typeof createECDH>; auth: Buffer }

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const keysByPath = new Map<string, Keys>()
  const answers = new Map<string, number>()
  const received: PushedMessage[] = []
  const refused: { path: string; reason: string }[] = []
  const waiters: (() => void)[] = []
  let origin = ''

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? '/'
      handle(path, request.headers, Buffer.concat(chunks)).then(
        (message) => {
          const status = answers.get(path) ?? 201
          if (status === 201) {
            received.push(message)
            waiters.splice(0).forEach((wake) => wake())
          }
          response.writeHead(status).end()
        },
        (error: Error) => {
          refused.push({ path, reason: error.message })
          response.writeHead(400).end(error.message)
        },
      )
    })
  })

  async function handle(
    path: string,
    headers: http.IncomingHttpHeaders,
    body: Buffer,
  ): Promise<PushedMessage> {
    const keys = keysByPath.get(path)
    if (!keys) throw new Error(`no subscription at ${path}`)
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(headers.authorization ?? '')
    if (!match) throw new Error(`no VAPID authorization: ${headers.authorization}`)
    const [, token, publicKey] = match as unknown as [string, string, string]
    const point = Buffer.from(publicKey, 'base64url')
    if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 key')
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    }
    const { payload } = await jwtVerify(token, await importJWK(jwk, 'ES256'), {
      algorithms: ['ES256'],
      audience: origin,
    })
    const now = Math.floor(Date.now() / 1000)
    if (typeof payload.exp !== 'number' || payload.exp > now + 24 * 3600) {
      throw new Error('the VAPID token must expire within 24 hours')
    }
    if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) {
      throw new Error('the VAPID token has no subject')
    }
    if (!/^\d+$/.test(String(headers.ttl ?? ''))) throw new Error('no TTL header')
    if (headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm')
    return {
      path,
      headers,
      vapid: { aud: String(payload.aud), sub: payload.sub, exp: payload.exp, publicKey },
      payload: decrypt(keys, body),
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  let count = 0

  return {
    url: origin,
    received,
    refused,
    subscribe: (name = `device-${(count += 1)}`) => {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16)
      const path = `/push/${name}`
      keysByPath.set(path, { ecdh, auth })
      return {
        endpoint: `${origin}${path}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
      }
    },
    answer: (path, status) => {
      answers.set(path, status)
    },
    next: (since = 0) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no push message within 10 s')), 10_000)
        const look = () => {
          const message = received[since]
          if (message) {
            clearTimeout(timer)
            resolve(message)
          } else {
            waiters.push(look)
          }
        }
        look()
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** RFC 8291 / RFC 8188: the browser's side of Web Push encryption, one record. */
function decrypt({ ecdh, auth }: Keys, body: Buffer): string {
  const salt = body.subarray(0, 16)
  const idLength = body[20]!
  const serverKey = body.subarray(21, 21 + idLength)
  const ciphertext = body.subarray(21 + idLength)
  // Throws on a key that is not a P-256 point: refused like a real service would.
  createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: serverKey.subarray(1, 33).toString('base64url'),
      y: serverKey.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  })
  const shared = ecdh.computeSecret(serverKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey])
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16))
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ])
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2)
  if (end < 0) throw new Error('no record delimiter')
  return padded.subarray(0, end).toString('utf8')
}
