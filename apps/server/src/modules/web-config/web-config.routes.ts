import type { FastifyInstance } from 'fastify'

/** GET /config.js: `configScript` (renderWebConfigScript), the web app's runtime configuration. */
export function registerWebConfigRoutes(
  app: FastifyInstance,
  { configScript }: { configScript: string },
) {
  app.get('/config.js', async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      // Configuration may change with a restart; never let a browser keep an old one.
      .header('cache-control', 'no-store')
      .send(configScript),
  )
}
