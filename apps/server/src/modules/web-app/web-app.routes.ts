import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../platform/errors/app-error.ts'
import { sendRouteNotFound } from '../../platform/errors/error-handler.ts'

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
 * route (the SPA fallback), never cached so a new deployment is picked up at once.
 */
export async function registerWebAppRoutes(app: FastifyInstance, { distDir }: { distDir: string }) {
  const isBuilt = existsSync(path.join(distDir, 'index.html'))
  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // Pages and bundles are small: a Range header is ignored (200, whole file). An
      // unsatisfiable one must never turn into an error (issue 12, F4).
      acceptRanges: false,
      setHeaders: (reply, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`)
        reply.header(
          'cache-control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
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
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}
