/**
 * The web app's page as the server sends it for every client-side route (issue 21): the built
 * index.html with the runtime configuration written into it, in place of the
 * `<script src="/config.js">` the build carries. A phone then starts the app without first
 * waiting on a render-blocking request. The page is made once, when the server starts (the
 * configuration is fixed for a process), and compressed then: brotli and gzip, as the build does
 * for its other files.
 *
 * /config.js stays: the service worker's shell (the build's own index.html) loads it, and keeps
 * the last one for starts without a network.
 */
import { createHash } from 'node:crypto'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** The build's tag for the runtime configuration (Vite leaves it as index.html wrote it). */
const CONFIG_SCRIPT_TAG = /<script src="\/config\.js"\s*><\/script>/

export type AppPage = { identity: Buffer; br: Buffer; gzip: Buffer }

/**
 * The page with `configScript` inline, or null when the build has no config tag to replace
 * (then the file is sent as built).
 */
export function buildAppPage(indexHtml: string, configScript: string): AppPage | null {
  if (!CONFIG_SCRIPT_TAG.test(indexHtml)) {
    return null
  }
  // A function replacement: `$` in the configuration must stay as it is.
  const html = indexHtml.replace(CONFIG_SCRIPT_TAG, () => `<script>${configScript}</script>`)
  const identity = Buffer.from(html)
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: zlib.Z_BEST_COMPRESSION }),
  }
}

/** The CSP source that lets exactly `script` run inline: its SHA-256, as CSP spells it. */
export function inlineScriptSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`
}

const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip']

/** Sends the page in the best encoding the browser accepts; never cached (a deploy shows at once). */
export function sendAppPage(request: FastifyRequest, reply: FastifyReply, page: AppPage) {
  const accepted = request.headers['accept-encoding']
  const encoding = accepted ? negotiate(accepted.toLowerCase(), ENCODINGS) : null
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8')
  if (encoding) {
    reply.header('content-encoding', encoding)
    return reply.send(page[encoding])
  }
  return reply.send(page.identity)
}
