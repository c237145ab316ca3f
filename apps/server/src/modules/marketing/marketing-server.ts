import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'

/**
 * The marketing home page: a separate static site on its own port. Its calls to action link to
 * `/open-app`, which leads to the web app wherever this deployment serves it.
 */
export async function buildMarketingServer(options: {
  distDir: string
  appUrl: string
  logger: FastifyBaseLogger
}): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: options.logger.child({ component: 'marketing' }) })
  app.get('/open-app', async (_request, reply) => reply.redirect(options.appUrl, 302))

  const isBuilt = existsSync(path.join(options.distDir, 'index.html'))
  if (isBuilt) {
    await app.register(fastifyStatic, { root: options.distDir })
  }
  app.setNotFoundHandler(async (_request, reply) => {
    const notFoundPage = path.join(options.distDir, '404.html')
    if (existsSync(notFoundPage)) {
      return reply.status(404).sendFile('404.html')
    }
    return reply
      .status(isBuilt ? 404 : 503)
      .type('text/plain')
      .send(isBuilt ? 'Not found' : 'The marketing site is not built; run npm run build')
  })
  return app
}
