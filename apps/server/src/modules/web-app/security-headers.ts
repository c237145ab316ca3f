/**
 * Security headers (issue 12, item 2), set on every answer of the app's server:
 * - every answer: `X-Content-Type-Options: nosniff`; HSTS when the request came over HTTPS
 *   (directly, or through a trusted proxy's `X-Forwarded-Proto`: `TRUST_PROXY`);
 * - pages (HTML) that set no policy of their own: a strict Content-Security-Policy (scripts only
 *   from this origin, no inline script, no eval), `frame-ancestors 'none'` (and
 *   `X-Frame-Options: DENY` for older browsers), a Permissions-Policy that gives the microphone
 *   to this origin only, `Cross-Origin-Opener-Policy: same-origin`, and `Referrer-Policy`:
 *   `no-referrer` on the pages whose URL carries tokens, `strict-origin-when-cross-origin` on
 *   the others;
 * - everything else (JSON, redirects, files): `Referrer-Policy: no-referrer` unless the answer
 *   set its own. The Auth redirects (`/auth/v1/verify`, `/auth/v1/callback`) carry tokens.
 * A route that sets its own `Content-Security-Policy` (the development mailbox, storage's
 * object answers) keeps it.
 */
import type { WebConfig } from '@app/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { inlineScriptSource } from './app-page.ts'

/** Pages opened from a link whose URL holds tokens (in the hash, or a one-time token). */
const TOKEN_PAGES = [/^\/forgot-password\/?$/, /^\/upload\//, /^\/auth\/callback\/?$/]

/** A year, and subdomains: what a site served only over HTTPS asks of browsers. */
const HSTS = 'max-age=31536000; includeSubDomains'

/** Powerful features: the microphone for practice interviews, from this origin; none other. */
export const PERMISSIONS_POLICY =
  'microphone=(self), camera=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), display-capture=()'

function originOf(url: string | undefined): string | null {
  if (!url) {
    return null
  }
  try {
    const { origin } = new URL(url)
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}

/**
 * The web app's policy. Scripts: `/config.js` and the build's hashed modules, all from this
 * origin, and the inline scripts the server itself writes into pages (`inlineScripts`: the
 * runtime configuration), each allowed by its hash (the build has no inline script). Styles allow inline: the UI's primitives set
 * `style` attributes and insert `<style>` elements (scroll locking, positioning), which carry
 * no script. Connections: this origin plus where the app calls out: the Supabase-compatible
 * backend, the product API, user files when served from their own origin
 * (`STORAGE_PUBLIC_URL`), analytics and error reporting.
 */
export function webAppContentSecurityPolicy(
  webConfig: WebConfig,
  options: { storagePublicUrl?: string; inlineScripts?: string[] } = {},
): string {
  const errorReportingDsn = webConfig.PUBLIC_ERROR_REPORTING_DSN
  const connect = new Set(['self'])
  const origins = [
    originOf(webConfig.PUBLIC_SUPABASE_URL),
    originOf(webConfig.PUBLIC_API_BASE_URL),
    originOf(options.storagePublicUrl),
    originOf(webConfig.PUBLIC_ANALYTICS_HOST),
    originOf(
      errorReportingDsn.includes('@')
        ? errorReportingDsn.replace(/\/\/[^@/]*@/, '//')
        : errorReportingDsn,
    ),
  ]
  for (const origin of origins) {
    if (origin && origin !== originOf(webConfig.PUBLIC_APP_URL)) {
      connect.add(origin)
    }
  }
  const storage = originOf(options.storagePublicUrl)
  const sources = (list: Set<string> | string[]) =>
    [...list].map((source) => (source === 'self' ? "'self'" : source)).join(' ')
  const files = ['self', 'data:', 'blob:', ...(storage ? [storage] : [])]
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...(options.inlineScripts ?? []).map(inlineScriptSource)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    `img-src ${sources(files)}`,
    `media-src ${sources(files)}`,
    "font-src 'self' data:",
    `connect-src ${sources(connect)}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

function isHtml(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type')
  return typeof type === 'string' && type.toLowerCase().startsWith('text/html')
}

/** Sets the headers of an HTML page, keeping a policy the route set itself. */
export function setPageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  contentSecurityPolicy: string,
) {
  const pathname = request.url.split('?')[0] ?? '/'
  if (!reply.hasHeader('content-security-policy')) {
    reply.header('content-security-policy', contentSecurityPolicy)
  }
  reply.header('x-frame-options', 'DENY')
  reply.header('permissions-policy', PERMISSIONS_POLICY)
  reply.header('cross-origin-opener-policy', 'same-origin')
  if (!reply.hasHeader('referrer-policy')) {
    reply.header(
      'referrer-policy',
      TOKEN_PAGES.some((page) => page.test(pathname))
        ? 'no-referrer'
        : 'strict-origin-when-cross-origin',
    )
  }
}

/**
 * Registers the headers on every answer of `app` (register it on the root, before the routes:
 * its hook then runs before any route's own, which may still override it).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { contentSecurityPolicy: string },
) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff')
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', HSTS)
    }
    if (isHtml(reply)) {
      setPageHeaders(request, reply, options.contentSecurityPolicy)
    } else if (!reply.hasHeader('referrer-policy')) {
      reply.header('referrer-policy', 'no-referrer')
    }
    return payload
  })
}
