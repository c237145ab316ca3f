/**
 * The share page's preview tags: the web app's `index.html` with Open Graph and Twitter card
 * tags for a published roast written into its `<head>`, every value HTML-escaped. Nothing else
 * of the page changes (no inline script: the app's Content-Security-Policy stays as it is).
 */
import type { RoastContent } from '@app/contracts'

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

export type RoastPageMeta = {
  title: string
  description: string
  /** The page's absolute URL. */
  url: string
  /** The preview image's absolute URL. */
  image: string
}

export function roastPageMeta(
  content: Pick<RoastContent, 'headline' | 'lines'>,
  urls: { page: string; image: string },
): RoastPageMeta {
  const first = content.lines[0] ?? ''
  return {
    title: content.headline,
    description: `${first} Parody.`.trim(),
    url: urls.page,
    image: urls.image,
  }
}

/** The tags, one per line. */
export function metaTags(meta: RoastPageMeta): string {
  const property = (name: string, value: string) =>
    `<meta property="${name}" content="${escapeHtml(value)}" />`
  const named = (name: string, value: string) =>
    `<meta name="${name}" content="${escapeHtml(value)}" />`
  return [
    property('og:type', 'article'),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', meta.url),
    property('og:image', meta.image),
    property('og:image:width', '1200'),
    property('og:image:height', '630'),
    property('og:image:alt', `${meta.title} (parody)`),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    named('twitter:image', meta.image),
  ].join('\n    ')
}

/**
 * The page with the tags before `</head>`, its `<title>` set to the headline and the generic
 * description replaced.
 */
export function injectMeta(indexHtml: string, meta: RoastPageMeta): string {
  const title = `<title>${escapeHtml(meta.title)} · Parody</title>`
  const withTitle = /<title>[\s\S]*?<\/title>/i.test(indexHtml)
    ? indexHtml.replace(/<title>[\s\S]*?<\/title>/i, () => title)
    : indexHtml.replace(/<\/head>/i, () => `${title}\n  </head>`)
  const withoutDescription = withTitle.replace(/\s*<meta name="description"[^>]*>/i, '')
  const tags = `${named('description', meta.description)}\n    ${metaTags(meta)}`
  return withoutDescription.replace(/<\/head>/i, () => `  ${tags}\n  </head>`)
}

function named(name: string, value: string) {
  return `<meta name="${name}" content="${escapeHtml(value)}" />`
}
