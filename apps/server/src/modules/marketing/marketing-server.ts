import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import helmet from '@fastify/helmet'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify'
import { registerErrorHandling } from '../../platform/errors/error-handler.ts'
import { edgeServerOptions, registerInputGuard } from '../../platform/errors/input-guard.ts'
import { staticCacheControl } from '../../platform/static-cache.ts'
import { fastifyTrustProxy, type TrustProxy } from '../../platform/trust-proxy.ts'

/**
 * The marketing site's Content-Security-Policy: a static page with no script at all, its
 * styles and images from this origin.
 */
export const MARKETING_CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
}

/** The marketing page asks for no powerful feature. */
const PERMISSIONS_POLICY = 'microphone=(), camera=(), geolocation=(), payment=(), usb=()'

function wantsHtml(request: FastifyRequest) {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  )
}

/**
 * The marketing home page: a separate static site on its own port. Its calls to action link to
 * `/open-app`, which leads to the web app wherever this deployment serves it. Every answer
 * carries the security headers (helmet: CSP, no framing, nosniff, referrer policy; HSTS only
 * over HTTPS); a browser that misses a page sees the 404 page, any other client JSON with a
 * code; a Range header is ignored (issue 12, F4).
 */
export async function buildMarketingServer(options: {
  distDir: string
  appUrl: string
  logger: FastifyBaseLogger
  /** Proxies trusted to say the request came over HTTPS (`TRUST_PROXY`); default none. */
  trustProxy?: TrustProxy
}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger.child({ component: 'marketing' }),
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    ...edgeServerOptions(),
  })
  registerInputGuard(app)
  registerErrorHandling(app)
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: MARKETING_CONTENT_SECURITY_POLICY },
    // Sent below, and only over HTTPS: a browser told so over plain HTTP would lock a
    // development install out of http://localhost.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  })
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY)
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains')
    }
    return payload
  })
  // The app's /start sends a signed-in visitor to the deck and a new one to onboarding.
  const startUrl = new URL('start', options.appUrl.replace(/\/?$/, '/')).href
  app.get('/open-app', async (_request, reply) => reply.redirect(startUrl, 302))

  const isBuilt = existsSync(path.join(options.distDir, 'index.html'))
  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      acceptRanges: false,
      // The build's .br and .gz beside each page and stylesheet, as the browser accepts
      // (issue 21); the stylesheet's hashed name lets it be cached for a year, pages never.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', staticCacheControl(filePath))
      },
    })
  }
  // Read once and sent as text: a file sent as a file would answer a conditional request
  // (If-None-Match) with an empty 404.
  const notFoundPage = path.join(options.distDir, '404.html')
  const notFoundHtml = existsSync(notFoundPage) ? readFileSync(notFoundPage, 'utf8') : null
  app.setNotFoundHandler(async (request, reply) => {
    if (wantsHtml(request) && notFoundHtml !== null) {
      // A page for people; its code rides in a header for anything that checks.
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .header('x-error-code', 'route_not_found')
        .send(notFoundHtml)
    }
    return isBuilt
      ? reply.status(404).send({
          code: 'route_not_found',
          message: `No route for ${request.method} ${request.url.split('?')[0]}`,
        })
      : reply.status(503).send({
          code: 'service_unavailable',
          message: 'The marketing site is not built; run npm run build',
        })
  })
  return app
}
