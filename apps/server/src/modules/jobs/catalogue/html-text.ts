/**
 * A posting's HTML, made safe to show (sanitize-html with an allow-list of text formatting
 * and links) and turned into plain text for search, signals and skill extraction.
 */
import sanitizeHtml from 'sanitize-html'

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'div',
    'p',
    'br',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'a',
    'code',
    'pre',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Headings stay below the page's own heading.
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    section: 'div',
    article: 'div',
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer', target: '_blank' }),
  },
  // Empty paragraphs ("<p>&nbsp;</p>", a common spacer) carry nothing.
  exclusiveFilter: (frame) => frame.tag === 'p' && !frame.text.trim(),
}

const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} }

/** sanitize-html escapes exactly these in text; undoing them gives the text itself. */
function unescapeSanitizedText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
}

/** Safe HTML: formatting, lists and links only; links open in a new tab without a referrer. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, ALLOWED).trim()
}

/**
 * One level of HTML entities decoded ("&lt;p&gt;Caf&amp;eacute;" → "<p>Caf&eacute;"), as
 * Greenhouse sends its content: sanitize-html's parser decodes them, and its escaping of the
 * three characters it escapes is undone.
 */
export function decodeEntities(text: string): string {
  return unescapeSanitizedText(sanitizeHtml(text, TEXT_ONLY))
}

/** The plain text of sanitised HTML: paragraphs and list items on lines of their own. */
export function htmlToText(safeHtml: string): string {
  const withBreaks = safeHtml
    .replace(/<br \/>/g, '\n')
    .replace(/<li>/g, '\n• ')
    .replace(/<\/(div|p|h[2-4]|ul|ol|blockquote|pre)>|<hr \/>/g, '\n\n')
  return unescapeSanitizedText(sanitizeHtml(withBreaks, TEXT_ONLY))
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** Plain text as safe HTML: blank-line separated paragraphs, single breaks kept. */
export function textToHtml(text: string): string {
  const escape = (line: string) =>
    line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${paragraph.split('\n').map(escape).join('<br />')}</p>`)
    .join('')
}
