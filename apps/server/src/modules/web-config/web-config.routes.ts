import type { WebConfig } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import { renderWebConfigScript } from './web-config.ts'

export function registerWebConfigRoutes(
  app: FastifyInstance,
  { webConfig }: { webConfig: WebConfig },
) {
  const script = renderWebConfigScript(webConfig)
  app.get('/config.js', async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      // Configuration may change with a restart; never let a browser keep an old one.
      .header('cache-control', 'no-store')
      .send(script),
  )
}
