/**
 * The share pages, outside /api (issue 17, ADR 0027): registered before the web app's routes.
 * - GET /roasted-by-trump/analysis/{id} and /roasted-by-trump/video/{id}: the web app's
 *   `index.html` with the published roast's preview tags; the plain page with 404 when the roast
 *   (or the shared video) is unknown or not published (the SPA then shows its not-found page);
 * - GET /roasted-by-trump/analysis/{id}/preview.png: the 1200×630 preview image; 404 likewise.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Database } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import { injectMeta, roastPageMeta } from './page-meta.ts'
import { cachedRoastPreview } from './preview-image.ts'
import { findPublicRoast, findPublicRoastOfVideo, roastPagePath } from './roasts.service.ts'

export type RoastPageDeps = {
  db: Database
  /** The built web app (its `index.html`). */
  distDir: string
  /** The app's public URL, for the absolute links in the tags. */
  appUrl: string
}

export function registerRoastPageRoutes(app: FastifyInstance, deps: RoastPageDeps) {
  const appUrl = deps.appUrl.replace(/\/+$/, '')

  async function indexHtml(): Promise<string> {
    try {
      return await readFile(path.join(deps.distDir, 'index.html'), 'utf8')
    } catch {
      throw new AppError(
        'service_unavailable',
        `The web app is not built (no ${deps.distDir}/index.html); run npm run build`,
      )
    }
  }

  async function sendPage(
    reply: FastifyReply,
    roast: Awaited<ReturnType<typeof findPublicRoast>>,
    pagePath: string,
  ) {
    const html = await indexHtml()
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8')
    if (!roast) {
      // The page a browser shows, and the stable code an HTML error answer carries in a header.
      return reply.status(404).header('x-error-code', 'roast_not_found').send(html)
    }
    const meta = roastPageMeta(roast.content, {
      page: `${appUrl}${pagePath}`,
      image: `${appUrl}${roastPagePath(roast.id)}/preview.png`,
    })
    return reply.send(injectMeta(html, meta))
  }

  app.get('/roasted-by-trump/analysis/:id', async (request, reply) => {
    const { id } = request.params as { id: string }
    return sendPage(reply, await findPublicRoast(deps.db, id), roastPagePath(id))
  })

  app.get('/roasted-by-trump/video/:id', async (request, reply) => {
    const { id } = request.params as { id: string }
    const roast = await findPublicRoastOfVideo(deps.db, id)
    return sendPage(reply, roast, `/roasted-by-trump/video/${encodeURIComponent(id)}`)
  })

  app.get('/roasted-by-trump/analysis/:id/preview.png', async (request, reply) => {
    const { id } = request.params as { id: string }
    const roast = await findPublicRoast(deps.db, id)
    if (!roast) {
      throw new AppError('roast_not_found', 'Roast not found')
    }
    const image = cachedRoastPreview(
      { roastId: roast.id, publishedAt: roast.published_at! },
      roast.content,
    )
    return reply.header('cache-control', 'public, max-age=300').type('image/png').send(image)
  })
}
