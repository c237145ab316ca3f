import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../platform/errors/app-error.ts'
import { sendRouteNotFound } from '../../platform/errors/error-handler.ts'
import { staticCacheControl } from '../../platform/static-cache.ts'
import { buildAppPage, sendAppPage } from './app-page.ts'

/**
 * Paths owned by the APIs: a miss there is a JSON 404, never the web app's HTML. Auth owns
 * /auth/v1 only: /auth/callback is a page of the web app.
 */
const API_PREFIXES = ['/api/', '/auth/v1/', '/rest/', '/storage/', '/health']

function isWebAppNavigation(request: FastifyRequest) {
  const pathname = request.url.split('?')[0] ?? '/'
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !API_PREFIXES.some(
      (prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix),
    ) &&
    // A missing script or image must stay a 404, not turn into the HTML page.
    !path.extname(pathname)
  )
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every client-side
 * route (the SPA fallback) with the runtime configuration (`configScript`, the body of
 * /config.js) written into it, never cached so a new deployment is picked up at once; each
 * compressed, brotli or gzip as the browser accepts (issue 21).
 */
export async function registerWebAppRoutes(
  app: FastifyInstance,
  { distDir, configScript }: { distDir: string; configScript: string },
) {
  const indexPath = path.join(distDir, 'index.html')
  const isBuilt = existsSync(indexPath)
  const page = isBuilt ? buildAppPage(readFileSync(indexPath, 'utf8'), configScript) : null
  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // Pages and bundles are small: a Range header is ignored (200, whole file). An
      // unsatisfiable one must never turn into an error (issue 12, F4).
      acceptRanges: false,
      // The build writes a .br and a .gz beside every compressible file (apps/web/scripts/
      // precompress.ts): sent as they are to a browser that accepts them, with
      // `vary: accept-encoding`; the SPA fallback below too. Anything else gets the file itself.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', staticCacheControl(filePath))
      },
    })
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (!isWebAppNavigation(request)) {
      return sendRouteNotFound(request, reply)
    }
    if (!isBuilt) {
      throw new AppError(
        'service_unavailable',
        `The web app is not built (no ${distDir}/index.html); run npm run build`,
      )
    }
    if (page) {
      return sendAppPage(request, reply, page)
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}
