/**
 * The spec's limits on what analytics captures of an element (§9), enforced on every event
 * before it leaves, whatever the SDK's own defaults become: at most 255 characters of an
 * element's text and 1,024 of each attribute value. Emails and tokens in those texts and in
 * the event's URLs are masked as in error reports (the reset and upload pages carry a session
 * in their hash).
 */
import { maskPersonalData, scrubUrl } from '@app/contracts'

export const MAX_ELEMENT_TEXT = 255
export const MAX_ATTRIBUTE_VALUE = 1024

/** Properties holding a URL or a path. */
const URL_PROPERTY = /(url|referrer|pathname|href)$/i

function limit(text: string, max: number): string {
  return maskPersonalData(text).slice(0, max)
}

type Element = Record<string, unknown>

function limitElement(element: Element): Element {
  const copy: Element = { ...element }
  for (const [key, value] of Object.entries(copy)) {
    if (typeof value !== 'string') continue
    if (key === '$el_text' || key === 'text') {
      copy[key] = limit(value, MAX_ELEMENT_TEXT)
    } else if (key.startsWith('attr__') || key === 'href') {
      copy[key] = key.endsWith('href')
        ? scrubUrl(value).slice(0, MAX_ATTRIBUTE_VALUE)
        : limit(value, MAX_ATTRIBUTE_VALUE)
    }
  }
  return copy
}

/** One `key="value"` pair of `$elements_chain` (quotes inside values are backslash-escaped). */
const CHAIN_PAIR = /([\w$-]+)="((?:[^"\\]|\\.)*)"/g

/** `$elements_chain` with each element's text and attribute values cut to the limits. */
export function limitElementsChain(chain: string): string {
  return chain.replace(CHAIN_PAIR, (_match, key: string, value: string) => {
    if (key === 'nth-child' || key === 'nth-of-type') {
      return `${key}="${value}"`
    }
    const max = key === 'text' ? MAX_ELEMENT_TEXT : MAX_ATTRIBUTE_VALUE
    const unescaped = value.replace(/\\"/g, '"')
    const limited =
      key === 'href' || key === 'attr__href' ? scrubUrl(unescaped) : limit(unescaped, max)
    return `${key}="${limited.slice(0, max).replace(/"/g, '\\"')}"`
  })
}

/** An analytics event's properties within the spec's limits, URLs and texts masked. */
export function limitEventProperties(properties: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...properties }
  for (const [key, value] of Object.entries(copy)) {
    if (key === '$el_text' && typeof value === 'string') {
      copy[key] = limit(value, MAX_ELEMENT_TEXT)
    } else if (key === '$elements' && Array.isArray(value)) {
      copy[key] = value.map((element: unknown) =>
        element && typeof element === 'object' ? limitElement(element as Element) : element,
      )
    } else if (key === '$elements_chain' && typeof value === 'string') {
      copy[key] = limitElementsChain(value)
    } else if (URL_PROPERTY.test(key) && typeof value === 'string') {
      copy[key] = scrubUrl(value)
    } else if (key === '$external_click_url' && typeof value === 'string') {
      copy[key] = scrubUrl(value)
    }
  }
  return copy
}
