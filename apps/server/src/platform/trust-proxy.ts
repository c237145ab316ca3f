/**
 * `TRUST_PROXY`: which reverse proxies in front of the server may say who the client is
 * (`X-Forwarded-For`, `-Proto`, `-Host`), handed to Fastify's `trustProxy`. Rate limits key on
 * the client address Fastify derives from it (`request.ip`), so behind a proxy without this
 * setting every user shares the proxy's address and one user's burst locks everyone out.
 *
 * - off (`false`, `0` or unset): the address of the TCP peer; forwarded headers are ignored.
 * - a hop count (`1`, `2`, …): trust that many proxies in front of the server, each appending
 *   to `X-Forwarded-For` (a load balancer, then a CDN: 2). Only safe when the server can be
 *   reached through those proxies alone (it listens on a private address): a client reaching
 *   it directly would be taken for a proxy. Fastify itself refuses bare hop counts for that
 *   reason; `fastifyTrustProxy` turns one into the function "the first N hops".
 * - addresses: a comma list of the proxies' IP addresses or CIDR ranges
 *   (`10.0.0.0/8, 192.168.1.10`), or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`.
 *
 * `true` (trust any sender) is refused: anyone reaching the server directly could then pick
 * the address they are counted under. Kept free of other imports: the configuration parses it.
 */
import { isIP } from 'node:net'

export type TrustProxy = false | number | string[]

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])
const MAX_HOPS = 16

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) {
    return true
  }
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) {
    return false
  }
  if (prefix === undefined) {
    return true
  }
  const bits = Number(prefix)
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128)
}

export function parseTrustProxy(value: string): { trustProxy: TrustProxy } | { error: string } {
  const trimmed = value.trim().toLowerCase()
  if (trimmed === '' || trimmed === 'false' || trimmed === 'off' || trimmed === '0') {
    return { trustProxy: false }
  }
  if (trimmed === 'true') {
    return {
      error:
        'true would trust any client to name its own address: give the number of proxies in front of the server (1) or their addresses',
    }
  }
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed)
    return hops <= MAX_HOPS ? { trustProxy: hops } : { error: `a hop count is at most ${MAX_HOPS}` }
  }
  const entries = trimmed
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const invalid = entries.filter((entry) => !isAddressOrRange(entry))
  if (invalid.length > 0) {
    return {
      error: `not an IP address, CIDR range or loopback/linklocal/uniquelocal: ${invalid.join(', ')}`,
    }
  }
  return { trustProxy: entries }
}

/** The setting as Fastify's `trustProxy` option takes it. */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') {
    return setting === 0 ? false : (_address, hop) => hop < setting
  }
  return setting
}
