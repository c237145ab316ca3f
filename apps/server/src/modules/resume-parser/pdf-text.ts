/**
 * Reading a PDF with pdf.js (through unpdf): every text item with its position, size and font
 * style, the link targets, and the number of images painted. Failures become `ResumeParseError`.
 */
import { getDocumentProxy, getResolvedPDFJS } from 'unpdf'
import { ResumeParseError } from './errors.ts'

export interface TextItem {
  text: string
  /** Left edge and baseline, in points from the page's top-left corner. */
  x: number
  y: number
  width: number
  size: number
  bold: boolean
  italic: boolean
}

export interface PdfPage {
  number: number
  width: number
  height: number
  items: TextItem[]
  links: string[]
  images: number
}

export interface PdfContent {
  pages: PdfPage[]
}

export const DEFAULT_MAX_PAGES = 10

const PDF_MAGIC = '%PDF-'

/** Whether the first KiB holds the `%PDF-` header (some writers put junk before it). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1')
  return head.includes(PDF_MAGIC)
}

const BOLD_NAME = /bold|black|heavy|semibold|demibold|extrabold|[-,]bd\b|[-,]sb\b/i
const ITALIC_NAME = /italic|oblique|[-,]it\b/i

interface FontInfo {
  name?: string
  bold?: boolean
  italic?: boolean
  black?: boolean
}

export async function readPdf(
  bytes: Uint8Array,
  maxPages: number = DEFAULT_MAX_PAGES,
): Promise<PdfContent> {
  if (!looksLikePdf(bytes)) throw new ResumeParseError('not_pdf')
  const pdfjs = await getResolvedPDFJS()
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>
  try {
    // pdf.js takes ownership of (and may detach) the buffer it is given: hand it a copy.
    doc = await getDocumentProxy(new Uint8Array(bytes), {
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      stopAtErrors: false,
      verbosity: 0,
    })
  } catch (error) {
    const name = (error as { name?: string } | null)?.name
    if (name === 'PasswordException') throw new ResumeParseError('encrypted', { cause: error })
    throw new ResumeParseError('unreadable', { cause: error })
  }
  try {
    if (doc.numPages > maxPages) throw new ResumeParseError('too_many_pages', { maxPages })
    const imageOps = new Set<number>([
      pdfjs.OPS.paintImageXObject,
      pdfjs.OPS.paintInlineImageXObject,
      pdfjs.OPS.paintImageMaskXObject,
      pdfjs.OPS.paintImageXObjectRepeat,
      pdfjs.OPS.paintInlineImageXObjectGroup,
      pdfjs.OPS.paintImageMaskXObjectGroup,
      pdfjs.OPS.paintImageMaskXObjectRepeat,
    ])
    const pages: PdfPage[] = []
    for (let number = 1; number <= doc.numPages; number++) {
      const page = await doc.getPage(number)
      const viewport = page.getViewport({ scale: 1 })
      const content = await page.getTextContent()
      // The operator list loads the page's fonts into commonObjs (for bold/italic) and tells
      // how many images are painted. It is most of the parse time, so it is read for the first
      // page (where a photo or a logo sits) and for a later page only when that page uses a
      // font the earlier pages did not load; fonts are shared by the document's pages.
      let images = 0
      const fontsLoaded = content.items.every(
        (raw) => !('fontName' in raw) || page.commonObjs.has(raw.fontName),
      )
      if (number === 1 || !fontsLoaded) {
        const operators = await page.getOperatorList()
        for (const op of operators.fnArray) if (imageOps.has(op)) images++
      }
      const fonts = new Map<string, { bold: boolean; italic: boolean }>()
      const styleOf = (fontName: string) => {
        let style = fonts.get(fontName)
        if (!style) {
          let font: FontInfo | undefined
          try {
            font = page.commonObjs.has(fontName)
              ? (page.commonObjs.get(fontName) as FontInfo)
              : undefined
          } catch {
            font = undefined
          }
          const name = font?.name ?? ''
          style = {
            bold: Boolean(font?.bold || font?.black) || BOLD_NAME.test(name),
            italic: Boolean(font?.italic) || ITALIC_NAME.test(name),
          }
          fonts.set(fontName, style)
        }
        return style
      }
      const items: TextItem[] = []
      for (const raw of content.items) {
        if (!('str' in raw)) continue
        const text = raw.str
        if (!text || !text.trim()) continue
        const [a, b, c, d, e, f] = raw.transform as number[]
        // Rotated or vertical text (a watermark, a sideways label) is not part of the reading.
        if (Math.abs(b ?? 0) > 0.01 || Math.abs(c ?? 0) > 0.01 || (a ?? 0) <= 0) continue
        const size = Math.abs(d ?? 0) || raw.height || Math.abs(a ?? 0)
        if (size <= 0) continue
        const style = styleOf(raw.fontName)
        items.push({
          text,
          x: (e ?? 0) - viewport.viewBox[0]!,
          y: viewport.viewBox[3]! - (f ?? 0),
          width: raw.width > 0 ? raw.width : text.length * size * 0.5,
          size,
          bold: style.bold,
          italic: style.italic,
        })
      }
      const links: string[] = []
      try {
        for (const annotation of (await page.getAnnotations()) as { url?: string }[]) {
          if (typeof annotation.url === 'string') links.push(annotation.url)
        }
      } catch {
        // links are a bonus
      }
      pages.push({
        number,
        width: viewport.width,
        height: viewport.height,
        items,
        links,
        images,
      })
      page.cleanup()
    }
    const characters = pages.reduce(
      (sum, page) => sum + page.items.reduce((n, item) => n + item.text.trim().length, 0),
      0,
    )
    if (characters < 20) throw new ResumeParseError('no_text')
    return { pages }
  } catch (error) {
    if (error instanceof ResumeParseError) throw error
    throw new ResumeParseError('unreadable', { cause: error })
  } finally {
    await doc.destroy().catch(() => undefined)
  }
}
