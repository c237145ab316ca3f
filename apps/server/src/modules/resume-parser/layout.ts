/**
 * Layout analysis: text items → chunks (runs of items on one baseline, joined gap-aware) →
 * columns (a vertical gutter no chunk crosses over most of the page) → lines in reading order.
 */
import type { PdfPage, TextItem } from './pdf-text.ts'

export interface Chunk {
  page: number
  text: string
  x0: number
  x1: number
  /** Baseline, from the top of the page. */
  y: number
  size: number
  bold: boolean
  italic: boolean
}

export interface LayoutLine {
  page: number
  /** The chunks of the line, left to right (a title and its right-aligned date are two). */
  parts: Chunk[]
  text: string
  x0: number
  x1: number
  y: number
  size: number
  bold: boolean
  /** 0 for full width or the first column read, 1 for the second; `null` on one-column pages. */
  column: 0 | 1 | null
  /** Set when the reading moves to a new column or page block (used to restart sections). */
  blockStart: boolean
}

export interface PageLayout {
  page: number
  lines: LayoutLine[]
  columns: number
  /** The column boundary, when the page has two columns. */
  gutter: number | null
  /** Rows with three or more cells. */
  tableRows: number
}

const LETTER = /^\S$/u

/** Joins the items of one baseline into chunks: a space for a word gap, a break for a wide gap. */
/** Icon fonts (Font Awesome and the like) draw from the private use area: not text. */
const PRIVATE_USE = /[\uE000-\uF8FF]/gu

export function buildChunks(page: number, items: TextItem[]): Chunk[] {
  const sorted = items
    .map((item) =>
      PRIVATE_USE.test(item.text) ? { ...item, text: item.text.replace(PRIVATE_USE, '') } : item,
    )
    .filter((item) => item.text.trim())
    .sort((a, b) => a.y - b.y || a.x - b.x)
  const rows: TextItem[][] = []
  for (const item of sorted) {
    const row = rows.at(-1)
    const ref = row?.[0]
    if (row && ref && Math.abs(item.y - ref.y) <= 0.3 * Math.min(item.size, ref.size))
      row.push(item)
    else rows.push([item])
  }
  const chunks: Chunk[] = []
  for (const row of rows) {
    row.sort((a, b) => a.x - b.x)
    let current: (Chunk & { chars: number; boldChars: number; italicChars: number }) | null = null
    let previous: TextItem | null = null
    for (const item of row) {
      const size = Math.min(item.size, previous?.size ?? item.size)
      const gap = previous && current ? item.x - current.x1 : 0
      if (!current || !previous || gap > Math.max(1.1 * size, 6)) {
        if (current) chunks.push(finish(current))
        current = {
          page,
          text: item.text,
          x0: item.x,
          x1: item.x + item.width,
          y: item.y,
          size: item.size,
          bold: false,
          italic: false,
          chars: 0,
          boldChars: 0,
          italicChars: 0,
        }
      } else {
        const letterSpaced = LETTER.test(previous.text.trim()) && LETTER.test(item.text.trim())
        const needsSpace = gap > (letterSpaced ? 0.5 : 0.15) * size
        // A wide gap inside a chunk (tags set side by side, a tab) is kept as two spaces.
        const wide = !letterSpaced && gap > 0.55 * size
        const trimmed = wide ? current.text.trimEnd() : current.text
        const hasSpace = /\s$/.test(trimmed) || /^\s/.test(item.text)
        current.text =
          trimmed +
          (wide ? '  ' : needsSpace && !hasSpace ? ' ' : '') +
          (wide ? item.text.trimStart() : item.text)
        current.x1 = Math.max(current.x1, item.x + item.width)
        current.size = Math.max(current.size, item.size)
      }
      const n = item.text.trim().length
      current.chars += n
      if (item.bold) current.boldChars += n
      if (item.italic) current.italicChars += n
      previous = item
    }
    if (current) chunks.push(finish(current))
  }
  return chunks.filter((chunk) => chunk.text.length > 0)
}

function finish(chunk: Chunk & { chars: number; boldChars: number; italicChars: number }): Chunk {
  return {
    page: chunk.page,
    text: chunk.text
      .replace(/ {3,}/g, '  ')
      .replace(/[^\S ]+/g, ' ')
      .trim(),
    x0: chunk.x0,
    x1: chunk.x1,
    y: chunk.y,
    size: chunk.size,
    bold: chunk.boldChars > chunk.chars / 2,
    italic: chunk.italicChars > chunk.chars / 2,
  }
}

const centre = (chunk: Chunk) => (chunk.x0 + chunk.x1) / 2

interface Gutter {
  x: number
  /** Index range [start, end) of the chunks (sorted top-down) the two columns span. */
  start: number
  end: number
}

/**
 * The vertical gutter of a two-column page: the x no chunk crosses over the longest run of the
 * page (top-down) with text on both sides. A right-hand strip of dates or places sitting on the
 * rows of the left-hand text is a table of entries, not a column.
 */
export function findGutter(chunks: Chunk[], pageWidth: number): Gutter | null {
  if (chunks.length < 8) return null
  const sorted = [...chunks].sort((a, b) => a.y - b.y || a.x0 - b.x0)
  const left = Math.min(...sorted.map((c) => c.x0))
  const right = Math.max(...sorted.map((c) => c.x1))
  const span = right - left
  if (span < pageWidth * 0.4) return null
  let best: (Gutter & { score: number }) | null = null
  for (let x = left + span * 0.12; x <= right - span * 0.12; x += 2) {
    let runStart = 0
    const consider = (start: number, end: number) => {
      if (end - start < 8) return
      let leftCount = 0
      let rightCount = 0
      for (let i = start; i < end; i++) {
        if (centre(sorted[i]!) < x) leftCount++
        else rightCount++
      }
      if (leftCount < 3 || rightCount < 3) return
      const height = sorted[end - 1]!.y - sorted[start]!.y
      const score = height * 1000 + Math.min(leftCount, rightCount)
      if (!best || score > best.score) best = { x, start, end, score }
    }
    for (let i = 0; i < sorted.length; i++) {
      const chunk = sorted[i]!
      if (chunk.x0 < x - 1 && chunk.x1 > x + 1) {
        consider(runStart, i)
        runStart = i + 1
      }
    }
    consider(runStart, sorted.length)
  }
  const found = best as (Gutter & { score: number }) | null
  if (!found) return null
  const run = sorted.slice(found.start, found.end)
  const allHeight = sorted.at(-1)!.y - sorted[0]!.y
  const runHeight = run.at(-1)!.y - run[0]!.y
  if (runHeight < allHeight * 0.35) return null
  // Centre the gutter in the empty band around it.
  const leftEdge = Math.max(...run.filter((c) => centre(c) < found.x).map((c) => c.x1))
  const rightEdge = Math.min(...run.filter((c) => centre(c) >= found.x).map((c) => c.x0))
  const x = (leftEdge + rightEdge) / 2
  const leftSide = run.filter((c) => centre(c) < x)
  const rightSide = run.filter((c) => centre(c) >= x)
  if (!isColumnPair(leftSide, rightSide)) return null
  return { x, start: found.start, end: found.end }
}

const DATEISH =
  /\b(19|20)\d{2}\b|\b(present|current|now|heute|aujourd|actualidad|actual|presente)\b|^[\p{L} .'-]+,\s*[\p{L} .'-]+$/iu

function sameRow(a: Chunk, b: Chunk): boolean {
  return Math.abs(a.y - b.y) <= 0.5 * Math.min(a.size, b.size)
}

function isColumnPair(leftSide: Chunk[], rightSide: Chunk[]): boolean {
  for (const [small, other] of [
    [rightSide, leftSide],
    [leftSide, rightSide],
  ] as const) {
    const aligned = small.filter((c) => other.some((o) => sameRow(c, o))).length
    // Table cells share their row's baseline exactly; a cell alone on its row with nothing
    // beside it (a table's heading row) fits a table too.
    const onBaseline = (c: Chunk, o: Chunk) => Math.abs(o.y - c.y) <= 0.2 * Math.min(c.size, o.size)
    const tableCells = small.filter((c) => other.some((o) => onBaseline(c, o))).length
    const consistent = small.filter(
      (c) =>
        other.some((o) => onBaseline(c, o)) ||
        !other.some((o) => Math.abs(o.y - c.y) < 1.1 * Math.max(c.size, o.size)),
    ).length
    const shortDates = small.filter(
      (c) => DATEISH.test(c.text) && c.text.split(/\s+/).length <= 6,
    ).length
    // Cells of a table (or dates beside entries): nearly every one sits on a row of the other side.
    if (tableCells >= 3 && consistent >= small.length * 0.85) return false
    if (aligned >= small.length * 0.7 && shortDates >= small.length * 0.5) return false
  }
  return true
}

function groupLines(chunks: Chunk[], column: 0 | 1 | null): LayoutLine[] {
  const sorted = [...chunks].sort((a, b) => a.y - b.y || a.x0 - b.x0)
  const rows: Chunk[][] = []
  for (const chunk of sorted) {
    const row = rows.at(-1)
    if (row && sameRow(row[0]!, chunk)) row.push(chunk)
    else rows.push([chunk])
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x0 - b.x0)
    const chars = row.reduce((n, c) => n + c.text.length, 0)
    const boldChars = row.reduce((n, c) => n + (c.bold ? c.text.length : 0), 0)
    return {
      page: row[0]!.page,
      parts: row,
      text: row.map((c) => c.text).join('  '),
      x0: row[0]!.x0,
      x1: Math.max(...row.map((c) => c.x1)),
      y: row[0]!.y,
      size: Math.max(...row.map((c) => c.size)),
      bold: boldChars > chars / 2,
      column,
      blockStart: false,
    }
  })
}

/** One page's lines in reading order: full-width text above, the columns one after the other, then below. */
export function layoutPage(page: PdfPage): PageLayout {
  const chunks = buildChunks(page.number, page.items)
  const gutter = findGutter(chunks, page.width)
  let lines: LayoutLine[]
  if (!gutter) {
    lines = groupLines(chunks, null)
    if (lines[0]) lines[0].blockStart = true
  } else {
    const sorted = [...chunks].sort((a, b) => a.y - b.y || a.x0 - b.x0)
    const above = sorted.slice(0, gutter.start)
    const run = sorted.slice(gutter.start, gutter.end)
    const below = sorted.slice(gutter.end)
    const blocks = [
      groupLines(above, null),
      groupLines(
        run.filter((c) => centre(c) < gutter.x),
        0,
      ),
      groupLines(
        run.filter((c) => centre(c) >= gutter.x),
        1,
      ),
      groupLines(below, null),
    ]
    lines = []
    for (const block of blocks) {
      if (block[0]) block[0].blockStart = true
      lines.push(...block)
    }
  }
  const tableRows = lines.filter((line) => line.parts.length >= 3).length
  return { page: page.number, lines, columns: gutter ? 2 : 1, gutter: gutter?.x ?? null, tableRows }
}

/** Text in the top or bottom 8% of the page that recurs on every page (numbers aside). */
export function repeatedMargins(pages: PdfPage[], layouts: PageLayout[]): Set<string> {
  const repeated = new Set<string>()
  if (pages.length < 2) return repeated
  const key = (text: string) => text.replace(/\d+/g, '#').toLowerCase()
  const counts = new Map<string, number>()
  layouts.forEach((layout, index) => {
    const height = pages[index]!.height
    const seen = new Set<string>()
    for (const line of layout.lines) {
      if (line.y < height * 0.08 || line.y > height * 0.92) seen.add(key(line.text))
    }
    for (const text of seen) counts.set(text, (counts.get(text) ?? 0) + 1)
  })
  for (const [text, count] of counts) if (count >= pages.length) repeated.add(text)
  return repeated
}

export function marginKey(text: string): string {
  return text.replace(/\d+/g, '#').toLowerCase()
}
