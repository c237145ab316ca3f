import path from 'node:path'

/**
 * The caching of a built site's files (the web app and the marketing site): hashed assets
 * (under `assets/`, their names change with their content) are cached for a year; everything
 * else (pages, the service worker, the manifest, icons) is revalidated on every use, so a new
 * deployment is picked up at once.
 */
export function staticCacheControl(filePath: string): string {
  return filePath.includes(`${path.sep}assets${path.sep}`)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache'
}
