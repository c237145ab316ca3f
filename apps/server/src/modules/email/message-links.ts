/**
 * The web links of a message, in the order they appear: the `href`s of its HTML body, then the
 * URLs written in its plain text, each once. Only http(s) links count, so a list of them is safe
 * to render as anchors (no `javascript:` or `data:` URL gets through).
 */
import { unescapeHtml } from './html.ts'

const HREF = /\shref="([^"]*)"/gi
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/gi
const WEB_URL = /^https?:\/\//i

export function linksIn(message: { text: string; html: string | null }): string[] {
  const fromHtml = [...(message.html ?? '').matchAll(HREF)].map((match) =>
    unescapeHtml(match[1] ?? ''),
  )
  const fromText = [...message.text.matchAll(URL_IN_TEXT)].map((match) =>
    // A sentence's closing punctuation is not part of the link it ends with.
    match[0].replace(/[.,;:!?)]+$/, ''),
  )
  return [...new Set([...fromHtml, ...fromText])].filter((link) => WEB_URL.test(link))
}
