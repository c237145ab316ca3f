/**
 * Layout analysis: text items → chunks (runs of items on one baseline, joined gap-aware) →
 * columns (a vertical gutter no chunk crosses over most of the page) → lines in reading order.
 */
import { findDateRange } from './dates.ts'
import { headingKind } from './headings.ts'
import { DEGREE, looksLikePlace, TITLE_WORDS } from './vocabulary.ts'
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
  /** Whether its first and its last word are bold (a run can change type midway). */
  boldStart?: boolean
  boldEnd?: boolean
  /** The text split as "Company  Title" where a plain tail after a long dash may be a town. */
  dashTitle?: string
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
  /**
   * 0 for the first column read, 1 for the second (2 for a third); `null` for full-width text and
   * on one-column pages.
   */
  column: number | null
  /** Text flowing on from the previous column (a newspaper's columns of equal width). */
  flows?: boolean
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
    // Letters drawn one by one: the usual gap between two letters of a word (0 for small caps
    // set letter by letter, wider for letter-spaced headings); a word gap is wider than that.
    const letterGaps: number[] = []
    for (let i = 1; i < row.length; i++) {
      const [a, b] = [row[i - 1]!, row[i]!]
      if (LETTER.test(a.text.trim()) && LETTER.test(b.text.trim()))
        letterGaps.push(b.x - (a.x + a.width))
    }
    letterGaps.sort((a, b) => a - b)
    const letterGap = letterGaps.length >= 3 ? letterGaps[Math.floor(letterGaps.length / 2)]! : null
    // The row's own word space, in em: the narrowest gap that is a word gap. A monospaced font
    // (code spans) or a justified line spaces words 0.6 em apart, which is wide for a
    // proportional font: there, only a gap clearly wider than the row's word space is wide.
    let wordSpace = Infinity
    for (let i = 1; i < row.length; i++) {
      const [a, b] = [row[i - 1]!, row[i]!]
      const em = (b.x - (a.x + a.width)) / Math.min(a.size, b.size)
      if (em > 0.15 && em <= Math.max(1.1, 6 / Math.min(a.size, b.size)))
        wordSpace = Math.min(wordSpace, em)
    }
    const wideEm = wordSpace <= 0.8 ? Math.max(0.55, wordSpace * 1.3) : 0.55
    let current: Building | null = null
    let previous: TextItem | null = null
    let styled: TextItem | null = null
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
          styleBreak: null,
          boldStart: undefined,
          boldEnd: undefined,
        }
      } else {
        const letterSpaced = LETTER.test(previous.text.trim()) && LETTER.test(item.text.trim())
        const needsSpace = letterSpaced
          ? gap > (letterGap === null ? 0.5 * size : Math.max(0, letterGap) + 0.15 * size)
          : gap > 0.15 * size
        // A wide gap inside a chunk (tags set side by side, a tab) is kept as two spaces.
        const wide = !letterSpaced && gap > wideEm * size
        const trimmed = wide ? current.text.trimEnd() : current.text
        const hasSpace = /\s$/.test(trimmed) || /^\s/.test(item.text)
        // Where a plain run follows a styled one after a word gap ("*Shopify* Toronto, ON").
        // (A space drawn as its own item carries no style: the last visible item's counts.)
        if (
          (needsSpace || hasSpace) &&
          item.text.trim() &&
          !item.bold &&
          !item.italic &&
          (styled?.bold || styled?.italic)
        )
          current.styleBreak = trimmed.length
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
      if (n > 0) {
        styled = item
        current.boldStart ??= item.bold
        current.boldEnd = item.bold
      }
    }
    if (current) chunks.push(finish(current))
  }
  return chunks.filter((chunk) => chunk.text.length > 0)
}

type Building = Chunk & {
  chars: number
  boldChars: number
  italicChars: number
  /** Where the last plain run after a styled one begins in `text`. */
  styleBreak: number | null
  dashTitle?: string
}

/**
 * A place set in a plain font after a styled name in one run ("*Shopify* Toronto, ON", "**CHU de
 * Bordeaux** Bordeaux"): kept apart by a wide gap, as if it were its own cell. Body-sized text
 * only (a name in large type is not split).
 */
function splitStyledPlace(chunk: Building): string {
  const at = chunk.styleBreak
  if (at === null || chunk.size > 13) return chunk.text
  const head = chunk.text.slice(0, at).trimEnd()
  const tail = chunk.text.slice(at).trim()
  // "**Company** — Title" (a bold name, a long dash, a plain title; the Tech Interview Handbook's
  // entry line): split where the bold ends, a dash inside the name ("Charité – Universitätsmedizin
  // Berlin") staying with it, and the title kept whole ("Teaching Assistant, CS 136").
  // A tail that may be a town ("**Vivantes** — Berlin", "— Olive Branch, MS") is decided by its
  // line (`splitDashTitles`): beside a date cell it is the title, else a place spelled as one.
  const titled = /^[—–]\s+(\S.*)$/u.exec(tail)
  // (Not a degree: "**School** — *Degree, Field*" is read at its dash as before; "MS" after a
  // town is its state.)
  const plain = chunk.italicChars === 0 && chunk.boldChars > 0
  if (
    head &&
    titled &&
    plain &&
    titled[1]!.split(/\s+/u).length <= 10 &&
    (!DEGREE.test(titled[1]!) || looksLikePlace(titled[1]!))
  ) {
    if (!looksLikePlace(titled[1]!, true) || TITLE_WORDS.test(titled[1]!))
      return `${head}  ${titled[1]!}`
    chunk.dashTitle = `${head}  ${titled[1]!}`
  }
  if (!head || /\d/.test(tail) || tail.split(/\s+/).length > 5) return chunk.text
  if (!looksLikePlace(tail, true) || TITLE_WORDS.test(tail)) return chunk.text
  return `${head}  ${tail}`
}

function finish(chunk: Building): Chunk {
  return {
    page: chunk.page,
    text: splitStyledPlace(chunk)
      .replace(/ {3,}/g, '  ')
      .replace(/[^\S ]+/g, ' ')
      .trim(),
    x0: chunk.x0,
    x1: chunk.x1,
    y: chunk.y,
    size: chunk.size,
    bold: chunk.boldChars > chunk.chars / 2,
    italic: chunk.italicChars > chunk.chars / 2,
    boldStart: chunk.boldStart ?? false,
    boldEnd: chunk.boldEnd ?? false,
    ...(chunk.dashTitle ? { dashTitle: chunk.dashTitle } : {}),
  }
}

/**
 * "**Company** — Recruiterin" beside its dates: the plain words after the dash are the title
 * even where they could name a town, since a date cell on the line leaves the place no other
 * line, unless a short line at the same left edge right under it holds the title (the classic
 * `**Company** — Town ‖ dates` over the title; a town with the title and dates under it has no
 * date cell beside it).
 */
function splitDashTitles(lines: LayoutLine[]): LayoutLine[] {
  return lines.map((line, index) => {
    const dashed = line.parts.find((part) => part.dashTitle)
    if (!dashed) return line
    // No date cell: a town spelled as one ("Olive Branch, MS") is the company's place cell.
    if (!line.parts.some((part) => dateOnly(part.text))) {
      const tail = dashed.dashTitle!.split('  ').at(-1)!
      if (!looksLikePlace(tail)) return line
      const parts = line.parts.map((part) =>
        part === dashed ? { ...part, text: dashed.dashTitle! } : part,
      )
      return { ...line, parts, text: parts.map((part) => part.text).join('  ') }
    }
    const below = lines[index + 1]
    const titleBelow =
      below !== undefined &&
      below.page === line.page &&
      below.column === line.column &&
      below.y - line.y < line.size * 2.2 &&
      Math.abs(below.x0 - line.x0) < 3 &&
      Math.abs(below.size - line.size) <= 0.5 &&
      below.text.trim().split(/\s+/u).length <= 6 &&
      !findDateRange(below.text) &&
      !/[.;:]$/u.test(below.text.trim())
    if (titleBelow) return line
    const parts = line.parts.map((part) =>
      part.dashTitle ? { ...part, text: part.dashTitle } : part,
    )
    return { ...line, parts, text: parts.map((part) => part.text).join('  ') }
  })
}

const centre = (chunk: Chunk) => (chunk.x0 + chunk.x1) / 2

interface Gutter {
  x: number
  /** Index range [start, end) of the chunks (sorted top-down) the two columns span. */
  start: number
  end: number
  /** The left side is a label column (section labels or dates beside the right side's blocks). */
  labels: boolean
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
  // The tallest run per candidate x.
  const candidates: (Omit<Gutter, 'labels'> & { score: number; height: number })[] = []
  for (let x = left + span * 0.12; x <= right - span * 0.12; x += 2) {
    let runStart = 0
    let best: (Omit<Gutter, 'labels'> & { score: number; height: number }) | null = null
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
      if (!best || score > best.score) best = { x, start, end, score, height }
    }
    for (let i = 0; i < sorted.length; i++) {
      const chunk = sorted[i]!
      if (chunk.x0 < x - 1 && chunk.x1 > x + 1) {
        consider(runStart, i)
        runStart = i + 1
      }
    }
    consider(runStart, sorted.length)
    if (best) candidates.push(best)
  }
  if (!candidates.length) return null
  // Among the tall runs, a real column starts its lines on one left edge; a split that cuts
  // right-aligned dates off their titles leaves a ragged right side (its chunks start anywhere):
  // the run whose right side has the most chunks starting on its left edge wins.
  const tallest = Math.max(...candidates.map((c) => c.height))
  let found: (typeof candidates)[number] | undefined
  let foundQuality = -1
  for (const candidate of candidates) {
    if (candidate.height < tallest * 0.75) continue
    const rightSide = sorted
      .slice(candidate.start, candidate.end)
      .filter((c) => centre(c) >= candidate.x)
    const edge = Math.min(...rightSide.map((c) => c.x0))
    const aligned = rightSide.filter((c) => c.x0 - edge < 3).length
    const quality = aligned * 1e6 + candidate.score
    if (quality > foundQuality) [found, foundQuality] = [candidate, quality]
  }
  if (!found) return null
  found = widerBandLeft(sorted, candidates, found, tallest) ?? found
  const run = sorted.slice(found.start, found.end)
  const allHeight = sorted.at(-1)!.y - sorted[0]!.y
  const runHeight = run.at(-1)!.y - run[0]!.y
  if (runHeight < allHeight * 0.35) return null
  // Centre the gutter in the empty band around it.
  const leftEdge = Math.max(...run.filter((c) => centre(c) < found.x).map((c) => c.x1))
  const rightEdge = Math.min(...run.filter((c) => centre(c) >= found.x).map((c) => c.x0))
  const x = (leftEdge + rightEdge) / 2
  let leftSide = run.filter((c) => centre(c) < x)
  let rightSide = run.filter((c) => centre(c) >= x)
  let [start, end] = [found.start, found.end]
  // The columns run only where both sides hold text. When one side stops early (a block of
  // contact details at the top right of a page whose lines are all short, a sidebar that ends
  // near the top of page 2), the text above and below that band is read full width.
  const extent = (side: Chunk[]) => [
    Math.min(...side.map((c) => c.y)),
    Math.max(...side.map((c) => c.y)),
  ]
  const [[leftTop, leftBottom], [rightTop, rightBottom]] = [extent(leftSide), extent(rightSide)]
  const [top, bottom] = [Math.max(leftTop!, rightTop!), Math.min(leftBottom!, rightBottom!)]
  if (bottom - top < runHeight * 0.35) {
    while (start < end && sorted[start]!.y < top - 1) start++
    while (end > start && sorted[end - 1]!.y > bottom + 1) end--
    const band = sorted.slice(start, end)
    leftSide = band.filter((c) => centre(c) < x)
    rightSide = band.filter((c) => centre(c) >= x)
    if (!leftSide.length || !rightSide.length) return null
  }
  // Headings centred on the page whose text follows on the other side (an ATS export's centred
  // section titles over short left-aligned lines) say the page is one column there.
  const both = [...leftSide, ...rightSide].sort((a, b) => a.y - b.y)
  const spanning = both.filter((c) => {
    if (!isLabelHeading(c.text) || Math.abs(centre(c) - pageWidth / 2) >= pageWidth * 0.02)
      return false
    const below = both.find((o) => o.y > c.y + 1)
    return below !== undefined && centre(below) < x !== centre(c) < x
  })
  // (Centred, not left-aligned: headings of different lengths start at different x.)
  const starts = spanning.map((c) => c.x0)
  if (spanning.length >= 2 && Math.max(...starts) - Math.min(...starts) >= pageWidth * 0.015)
    return null
  if (isLabelColumn(leftSide, rightSide)) return { x, start, end, labels: true }
  if (!isColumnPair(leftSide, rightSide)) return null
  return { x, start, end, labels: false }
}

/** The empty band around a candidate gutter over its run: the right side's start less the left's end. */
function bandOf(sorted: Chunk[], candidate: { x: number; start: number; end: number }): number {
  const run = sorted.slice(candidate.start, candidate.end)
  const leftEnd = Math.max(...run.filter((c) => centre(c) < candidate.x).map((c) => c.x1))
  const rightStart = Math.min(...run.filter((c) => centre(c) >= candidate.x).map((c) => c.x0))
  return rightStart - leftEnd
}

/**
 * A full-height sidebar beside a main column whose entries put their dates on the left (Zety's
 * "Cascade": the dates left-aligned in a strip, the titles beside them): the strip's edge beside
 * the titles lines up more chunks than the sidebar's, but the sidebar's band is the page's gutter
 * — a tall run left of the one found, at least twice as wide and 24pt or more, whose strip
 * between the two is left-aligned (dates set on one left edge, not right-aligned under a
 * column's titles).
 */
function widerBandLeft<T extends { x: number; start: number; end: number; height: number }>(
  sorted: Chunk[],
  candidates: T[],
  found: T,
  tallest: number,
): T | null {
  const band = bandOf(sorted, found)
  let best: T | null = null
  let bestBand = Math.max(24, band * 2)
  for (const candidate of candidates) {
    if (candidate.height < tallest * 0.75 || candidate.x >= found.x - 20) continue
    const width = bandOf(sorted, candidate)
    if (width < bestBand) continue
    const strip = sorted
      .slice(candidate.start, candidate.end)
      .filter((c) => centre(c) >= candidate.x && centre(c) < found.x)
    if (strip.length < 3) continue
    const edge = Math.min(...strip.map((c) => c.x0))
    if (strip.filter((c) => c.x0 - edge < 3).length < strip.length * 0.8) continue
    ;[best, bestBand] = [candidate, width]
  }
  return best
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

function groupLines(chunks: Chunk[], column: number | null): LayoutLine[] {
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

/** The text of a chunk that is one date and nothing else ("2020", "Mar 2020", "03/2020"). */
const PURE_DATE = (text: string) => {
  const range = findDateRange(text)
  return range !== null && !range.endDate && !range.current && range.text.trim() === text.trim()
}

/** Two stacked dates as one range: "May 2020 –" over "Dec 2021", or "2018" over "2020". */
function stackedRange(first: string, second: string): string | null {
  const opened = findDateRange(first)
  if (!opened) return null
  const ends = PURE_DATE(second) || findDateRange(`2000 – ${second}`)?.current === true
  // As written ("May 2020 –" + "Dec 2021"), or two bare dates with the dash implied.
  const candidates = [`${first} ${second}`]
  if (PURE_DATE(first) && ends) candidates.push(`${first} – ${second}`)
  for (const joined of candidates) {
    const range = findDateRange(joined)
    if (!range || range.text.length <= opened.text.length) continue
    // A range runs forward; "2020" over "2018" are two entries' years.
    if (range.startDate && range.endDate && range.endDate < range.startDate) continue
    return joined
  }
  return null
}

/** "May 2020 –" over "Dec 2021": the second chunk ends the range the first one opens. */
function continuesRange(first: Chunk, second: Chunk): boolean {
  return stackedRange(first.text, second.text) !== null
}

/** Chunks stacked closely (a gap under 1.8 lines) form one block: a label, a date, a date and a place. */
function blocksOf(chunks: Chunk[]): Chunk[][] {
  const sorted = [...chunks].sort((a, b) => a.y - b.y || a.x0 - b.x0)
  const blocks: Chunk[][] = []
  for (const chunk of sorted) {
    const block = blocks.at(-1)
    const last = block?.at(-1)
    const close = last && chunk.y - last.y <= 1.8 * Math.max(chunk.size, last.size)
    // A change of type (a name above a label, a heading above a date) starts a new block.
    // Each date starts a block of its own (dates stacked one per entry).
    const dated = (c: Chunk) => findDateRange(c.text) !== null
    if (
      block &&
      last &&
      close &&
      Math.abs(chunk.size - last.size) < 1 &&
      chunk.bold === last.bold &&
      !(dated(chunk) && block.some(dated) && !continuesRange(last, chunk))
    )
      block.push(chunk)
    else blocks.push([chunk])
  }
  return blocks
}

/**
 * A left "label column": not a column to read on its own but short labels or dates, each set
 * beside the top of a block of the right-hand side (section labels in a narrow left band, a date
 * gutter beside each entry). Few short blocks of at most a few lines, most of them top-aligned
 * with a line on the right, and far fewer lines than the right side.
 */
export function isLabelColumn(leftSide: Chunk[], rightSide: Chunk[]): boolean {
  return labelColumnRule(leftSide, rightSide) || isEntryColumn(leftSide, rightSide)
}

function labelColumnRule(leftSide: Chunk[], rightSide: Chunk[]): boolean {
  if (leftSide.length === 0 || rightSide.length < 4) return false
  if (leftSide.some((c) => c.text.length > 48 || c.text.split(/\s+/).length > 7)) return false
  const blocks = blocksOf(leftSide)
  if (blocks.some((block) => block.length > 4)) return false
  if (leftSide.length > blocks.length * 2.5) return false
  const beside = (block: Chunk[]) =>
    rightSide.some((c) => Math.abs(c.y - block[0]!.y) <= 1.2 * Math.max(c.size, block[0]!.size))
  // A short heading standing alone at the left margin is a full-width heading, not a label.
  const counted = blocks.filter((block) => beside(block) || !isLabelHeading(block[0]!.text))
  if (counted.length > groupLines(rightSide, null).length * 0.6) return false
  // Labels are dates and section names; a sidebar holds contact details, skills, languages.
  const labels = counted.filter((block) => {
    const text = block.map((c) => c.text).join(' ')
    return findDateRange(text) || headingKind(text)
  })
  const aligned = labels.filter(beside).length
  // The labels sit in a narrow band (a name above them may be wider).
  const band = labels.flat()
  const leftWidth = Math.max(...band.map((c) => c.x1)) - Math.min(...band.map((c) => c.x0))
  const rightWidth =
    Math.max(...rightSide.map((c) => c.x1)) - Math.min(...rightSide.map((c) => c.x0))
  if (leftWidth > rightWidth * 0.6) return false
  return aligned >= 2 && aligned >= labels.length * 0.75 && labels.length >= counted.length * 0.6
}

const isLabelHeading = (text: string) => {
  if (headingKind(text)) return true
  const letters = text.replace(/[^\p{L}]/gu, '')
  return letters.length >= 4 && letters === letters.toUpperCase() && !/\d/.test(text)
}

/**
 * The left column's groups: chunks set close under each other (within 1.8 of their size) in
 * about the same size, a heading-like label standing alone.
 */
function entryGroupsOf(chunks: Chunk[]): Chunk[][] {
  const sorted = [...chunks].sort((a, b) => a.y - b.y || a.x0 - b.x0)
  const groups: Chunk[][] = []
  for (const chunk of sorted) {
    const group = groups.at(-1)
    const last = group?.at(-1)
    if (
      group &&
      last &&
      chunk.y - last.y <= 1.8 * Math.max(chunk.size, last.size) &&
      Math.max(chunk.size, last.size) < 1.3 * Math.min(chunk.size, last.size) &&
      !isLabelHeading(chunk.text) &&
      !isLabelHeading(group[0]!.text)
    )
      group.push(chunk)
    else groups.push([chunk])
  }
  return groups
}

/** The right-hand line set on the row of a left-hand chunk (same baseline, within half a size). */
const rowOf = (lines: { y: number; size: number }[], chunk: Chunk) =>
  lines.findIndex((line) => Math.abs(line.y - chunk.y) <= 0.5 * Math.max(line.size, chunk.size))

/**
 * A left column of entry facts (Apple Pages' "Modern": the company, its dates and city on the
 * left, the title and bullets on the right; the school and its date beside the degree): every
 * group of the left column that is not a heading starts on the row of a right-hand line with a name
 * (not a date), groups of at most four lines, at least two with their dates under the name, in a
 * band narrower than the right side.
 */
export function isEntryColumn(leftSide: Chunk[], rightSide: Chunk[]): boolean {
  if (leftSide.length < 4 || rightSide.length < 4) return false
  if (leftSide.some((c) => c.text.length > 48)) return false
  const groups = entryGroupsOf(leftSide)
  // (Text above the right side's first line, a name, is no entry.)
  const first = Math.min(...rightSide.map((c) => c.y))
  const entries = groups.filter(
    (group) => !isLabelHeading(group[0]!.text) && group[0]!.y >= first - 0.5 * group[0]!.size,
  )
  if (entries.length < 3 || entries.some((group) => group.length > 4)) return false
  // Each group opens with a name (a date first is a date gutter: the label column's case), and
  // at least two give their dates under it.
  if (entries.some((group) => findDateRange(group[0]!.text))) return false
  if (entries.filter((group) => group.slice(1).some((c) => findDateRange(c.text))).length < 2)
    return false
  if (!entries.every((group) => rowOf(rightSide, group[0]!) >= 0)) return false
  const width = (side: Chunk[]) =>
    Math.max(...side.map((c) => c.x1)) - Math.min(...side.map((c) => c.x0))
  return width(entries.flat()) <= width(rightSide) * 0.6
}

/**
 * Reads an entry column with its right-hand side: each left group's first line joins the
 * right-hand line on its row as its first part (company beside title), the group's other lines
 * (dates, city) follow that line; a group on no line's row (a heading) goes before the first
 * right-hand line below it.
 */
function mergeEntryColumn(leftSide: Chunk[], rightSide: Chunk[]): LayoutLine[] {
  const lines = groupLines(rightSide, null)
  const before = new Map<number, LayoutLine[]>()
  const after = new Map<number, LayoutLine[]>()
  const loose: LayoutLine[] = []
  for (const group of entryGroupsOf(leftSide)) {
    const rows = groupLines(group, null)
    let top = rows[0]!
    // (A heading word on a right-hand line's row, "Languages" beside "Go · Python", is a cell.)
    const row = rowOf(lines, group[0]!)
    // A name wrapped in the narrow column ("Norwegian University of" / "Science and
    // Technology") goes on in its type: one name.
    while (
      row >= 0 &&
      rows.length > 1 &&
      top.parts.length === 1 &&
      rows[1]!.parts.length === 1 &&
      rows[1]!.bold === top.bold &&
      Math.abs(rows[1]!.size - top.size) < 0.3 &&
      !findDateRange(rows[1]!.text)
    ) {
      const text = `${top.text} ${rows[1]!.text}`
      top = { ...top, text, parts: [{ ...top.parts[0]!, text }] }
      rows.splice(0, 2, top)
    }
    if (row < 0) {
      const below = lines.findIndex((line) => line.y >= top.y)
      if (below < 0) loose.push(...rows)
      else before.set(below, [...(before.get(below) ?? []), ...rows])
      continue
    }
    const line = lines[row]!
    const parts = [...top.parts, ...line.parts]
    lines[row] = {
      ...line,
      parts,
      text: parts.map((c) => c.text).join('  '),
      x0: top.x0,
      size: Math.max(line.size, top.size),
    }
    after.set(row, [...(after.get(row) ?? []), ...rows.slice(1)])
  }
  const out: LayoutLine[] = []
  lines.forEach((line, index) =>
    out.push(...(before.get(index) ?? []), line, ...(after.get(index) ?? [])),
  )
  return [...out, ...loose]
}

/**
 * Reads a label column with its right-hand side as one column: a heading label becomes its own
 * line before the right-hand line it stands beside; a date or another label becomes the first
 * part of that line (as if both sat on one row of a table).
 */
export function mergeLabelColumn(leftSide: Chunk[], rightSide: Chunk[]): LayoutLine[] {
  if (!labelColumnRule(leftSide, rightSide) && isEntryColumn(leftSide, rightSide))
    return mergeEntryColumn(leftSide, rightSide)
  const lines = groupLines(rightSide, null)
  const before = new Map<number, LayoutLine[]>()
  const loose: LayoutLine[] = []
  const blocks = blocksOf(leftSide)
  // Labels that are neither dates nor headings ("Marketing", "E-mail") are table cells; a
  // heading word in their style ("Tools" beside a list) is a cell too.
  const style = (c: Chunk) => `${Math.round(c.size)}:${c.bold}`
  const cellStyles = new Set(
    blocks
      .filter((block) => !findDateRange(block[0]!.text) && !isLabelHeading(block[0]!.text))
      .map((block) => style(block[0]!)),
  )
  for (const block of blocks) {
    const top = block[0]!
    // A date wrapped in the gutter ("01/2020 –" / "03/2022") reads as one range.
    let text = top.text
    for (const chunk of block.slice(1))
      text = stackedRange(text, chunk.text) ?? `${text}  ${chunk.text}`
    const label: Chunk = {
      ...top,
      text,
      x0: Math.min(...block.map((c) => c.x0)),
      x1: Math.max(...block.map((c) => c.x1)),
    }
    // The line beside the block's top, or the first one below it.
    let target = -1
    let distance = Infinity
    lines.forEach((line, index) => {
      const d = Math.abs(line.y - top.y)
      if (d <= 1.2 * Math.max(line.size, top.size) && d < distance) [target, distance] = [index, d]
    })
    if (target < 0) target = lines.findIndex((line) => line.y >= top.y)
    const own = groupLines([label], null)[0]!
    if (target < 0) {
      loose.push(own)
      continue
    }
    // A heading, or text set larger than its neighbour (a name), is a line of its own.
    const larger = label.size > lines[target]!.size * 1.25
    const heading =
      isLabelHeading(text) &&
      !findDateRange(text) &&
      (!cellStyles.has(style(top)) || text === text.toUpperCase())
    if (heading || larger) {
      before.set(target, [...(before.get(target) ?? []), own])
      continue
    }
    const line = lines[target]!
    lines[target] = {
      ...line,
      parts: [label, ...line.parts],
      text: [label, ...line.parts].map((c) => c.text).join('  '),
      x0: label.x0,
      size: Math.max(line.size, label.size),
    }
  }
  const out: LayoutLine[] = []
  lines.forEach((line, index) => out.push(...(before.get(index) ?? []), line))
  return [...out, ...loose]
}

/** A month written as a bare number in its own cell (a "Year | Month" table). */
const MONTH_CELL = /^(?:0?[1-9]|1[0-2])$/
// A range left open at the cell's end: a dangling dash or connector, or one followed by a month
// whose year wraps onto the cell's next line ("Feb 2017 – May" / "2021").
const OPEN_RANGE = /(?:[-–—−]|\b(?:to|bis|à|au|a|al|hasta|até|until))(?:\s*\p{L}{3,10}\.?)?\s*$/iu
const CLOSING =
  /^(?:(?:\p{L}+\.?\s*)?(?:19|20)\d{2}|(?:0?[1-9]|1[0-2])[./](?:19|20)\d{2}|\p{L}+(?:['’]\p{L}+)?\.?)$/u

/**
 * Where a date range is wrapped in its cell ("Jan 2022 –" over "Present", "2019 -" over
 * "2021"), the line's joined range; `bare` when two bare dates are stacked ("2018" over "2020").
 */
function dateJoins(lines: LayoutLine[]): ({ joined: string; bare: boolean } | null)[] {
  return lines.map((line, i) => {
    const next = lines[i + 1]
    const head = line.parts[0]
    const tail = next?.parts[0]
    if (!next || !head || !tail || next.page !== line.page || next.y <= line.y) return null
    if (next.y - line.y >= 2 * Math.max(head.size, tail.size)) return null
    if (tail.x0 >= head.x1 || tail.x1 <= head.x0) return null
    // A year with a month in the next cell ("2016 | 9 | Entered …") is a whole date of its own:
    // a chronological table's row, not half of a wrapped range.
    if (MONTH_CELL.test(line.parts[1]?.text.trim() ?? '')) return null
    if (MONTH_CELL.test(next.parts[1]?.text.trim() ?? '')) return null
    if (OPEN_RANGE.test(head.text) && CLOSING.test(tail.text.trim())) {
      const joined = stackedRange(head.text, tail.text)
      return joined ? { joined, bare: false } : null
    }
    // A bare year takes the one below only when it sits closer to it than the next entry's
    // date does (one year per row at an even pitch is a list, not a range).
    if (!PURE_DATE(head.text)) return null
    const after = lines.slice(i + 2).find((l) => l.parts[0] && findDateRange(l.parts[0].text))
    if (after && after.page === line.page && after.y - next.y <= (next.y - line.y) * 1.3)
      return null
    const joined = stackedRange(head.text, tail.text)
    return joined ? { joined, bare: true } : null
  })
}

/** How many bare stacked dates ("2018" over "2020") the lines hold. */
export function bareStackedDates(lines: LayoutLine[]): number {
  return dateJoins(lines).filter((join) => join?.bare).length
}

/**
 * Joins a date range wrapped in its cell on the entry's first line, the end moved up beside the
 * start. Bare stacked dates are joined only when the document has at least two such pairs
 * (`bareInDocument`): a lone pair of years on two rows may as well be two entries.
 */
export function joinWrappedDates(lines: LayoutLine[], bareInDocument: number): LayoutLine[] {
  const found = dateJoins(lines)
  const out: LayoutLine[] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const join = found[i]
    if (join && (!join.bare || bareInDocument >= 2)) {
      const next = lines[i + 1]!
      const parts = [{ ...line.parts[0]!, text: join.joined }, ...line.parts.slice(1)]
      out.push({ ...line, parts, text: parts.map((c) => c.text).join('  ') })
      // The tail's line keeps what else it holds, and cannot open a range itself.
      found[i + 1] = null
      const rest = next.parts.slice(1)
      if (rest.length === 0) i++
      else
        lines[i + 1] = {
          ...next,
          parts: rest,
          text: rest.map((c) => c.text).join('  '),
          x0: rest[0]!.x0,
        }
      continue
    }
    out.push(line)
  }
  return out
}

/** One page's lines in reading order: full-width text above, the columns one after the other, then below. */
const CONNECTOR = /^(?:to|until|till|bis|à|au|a|al|hasta|até|tot|t\/m|fino a)\s/iu

/** A cell that is one date and nothing else ("03/2019"). */
function loneDate(text: string): boolean {
  const range = findDateRange(text)
  return !!range && range.text.trim() === text.trim() && !range.endDate && !range.current
}

/**
 * Employment tables: a cell wrapped onto a second line ("Charité –" / "Universitätsmedizin
 * Berlin") rejoins its row, and separate From | To cells ("03/2019" | "to date") become one range.
 */
/**
 * The next line's text in a cell would have fit on the cell's line before it (its first word in
 * the room left before the next cell, an em clear of it): the line ended by choice, as in a grid
 * of short items ("C" over "C++" in a list set in three columns), not a wrapped cell. (A
 * line of which a cell opens in lower case goes on with a sentence: a justified paragraph's wide
 * gaps make cells of it.)
 */
function fitsInCell(row: LayoutLine, part: LayoutLine['parts'][number]): boolean {
  const cells = [...row.parts].sort((a, b) => a.x0 - b.x0)
  const index = cells.findIndex((cell) => Math.abs(cell.x0 - part.x0) < 2)
  const cell = cells[index]
  const next = cells[index + 1]
  if (!cell || !next) return false
  // A cell left open ("Charité –", "Bachelor of") goes on below, whatever the room.
  if (/(?:[–—,&/-]|\s(?:and|of|for|de|du|des|la|für|und|et|y|e|di))$/iu.test(cell.text.trim()))
    return false
  const text = part.text.trim()
  const first = text.split(/\s+/u)[0] ?? ''
  const wordWidth = ((part.x1 - part.x0) * first.length) / Math.max(1, text.length)
  return cell.x1 + 0.3 * part.size + wordWidth <= next.x0 - part.size
}

/** A table's column label: what a job board or an application form prints over its columns. */
const DATE_LABEL = /^(?:dates?|period|when|years?|from\s*[-–]\s*to|duration)$/iu
const WHAT_LABEL =
  /^(?:role|position|job(?:\s+title)?|title|qualification|degree|course|programme|program|award)$/iu
const WHO_LABEL =
  /^(?:employer|company|organi[sz]ation|institution|school|university|college|provider)$/iu
const PLACE_LABEL = /^(?:location|place|city|town)$/iu

/**
 * A table under a header row of column labels (`Dates | Role | Employer`, `Dates | Qualification
 * | Institution`), a job board's "Work history": the header row goes, and each row is read by its
 * labels, as the entry lines a resume writes: the role (or qualification) with its dates right,
 * then the employer (or institution) with, in a cell of its own, the town set under it in the
 * same cell. A cell's line under the row in another column (a score under the qualification, a
 * duty line spanning two cells) stays a line of its own under the entry.
 */
export function readLabelledTables(lines: LayoutLine[]): LayoutLine[] {
  const out: LayoutLine[] = []
  for (let i = 0; i < lines.length; i++) {
    const header = lines[i]!
    const labels = header.parts.map((part) => part.text.trim())
    const columnOf = (re: RegExp) => header.parts.find((part) => re.test(part.text.trim()))
    const [dates, what, who] = [columnOf(DATE_LABEL), columnOf(WHAT_LABEL), columnOf(WHO_LABEL)]
    const known = labels.every(
      (label) =>
        DATE_LABEL.test(label) ||
        WHAT_LABEL.test(label) ||
        WHO_LABEL.test(label) ||
        PLACE_LABEL.test(label),
    )
    if (header.parts.length < 3 || !known || !dates || !what || !who) {
      out.push(header)
      continue
    }
    const near = (part: { x0: number }, cell: { x0: number }) => Math.abs(part.x0 - cell.x0) < 3
    const cellsRight = Math.max(...header.parts.map((part) => part.x0))
    let j = i + 1
    const rows: LayoutLine[] = []
    const towns = new Map<LayoutLine, string>()
    let lastRow: LayoutLine | null = null
    for (; j < lines.length; j++) {
      const line = lines[j]!
      if (line.page !== header.page || line.column !== header.column) break
      if (line.x0 < header.x0 - 3 || line.size > header.size * 1.25) break
      const dated = line.parts.some((part) => near(part, dates) && findDateRange(part.text))
      const cell = line.parts.length === 1 ? line.parts[0]! : null
      const above = lines[j - 1]!
      if (
        !dated &&
        lastRow &&
        above === lastRow &&
        cell &&
        near(cell, who) &&
        cell.x0 >= cellsRight - 3 &&
        line.y - above.y < above.size * 1.6 &&
        cell.size < (lastRow.parts.find((part) => near(part, who))?.size ?? 0) - 0.5
      ) {
        // The town under the employer (or the institution's second line) in its cell.
        towns.set(lastRow, cell.text)
        continue
      }
      if (!dated && !lastRow) break
      // A cell wrapped onto the next line in its own type ("The University of Texas at" /
      // "Austin") goes on in its cell.
      const row: LayoutLine | null = lastRow
      const wrapped =
        !dated &&
        row &&
        rows.at(-1) === row &&
        line.y - above.y < above.size * 1.6 &&
        line.parts.every((part) =>
          row.parts.some(
            (other) =>
              near(part, other) &&
              other !== row.parts[0] &&
              Math.abs(other.size - part.size) <= 0.5 &&
              other.bold === part.bold,
          ),
        )
      if (row && wrapped) {
        const parts = row.parts.map((other) => {
          const more = line.parts.find((part) => near(part, other))
          return more
            ? { ...other, text: `${other.text} ${more.text}`, x1: Math.max(other.x1, more.x1) }
            : other
        })
        const joined: LayoutLine = {
          ...row,
          parts,
          text: parts.map((part) => part.text).join('  '),
        }
        rows[rows.length - 1] = joined
        const town = towns.get(row)
        if (town !== undefined) towns.set(joined, town)
        lastRow = joined
        continue
      }
      if (dated) lastRow = line
      rows.push(line)
    }
    if (!lastRow) {
      out.push(header)
      continue
    }
    // Rebuild: each dated row as two lines, the rest as they were.
    for (const line of rows) {
      const dated = line.parts.find((part) => near(part, dates) && findDateRange(part.text))
      if (!dated) {
        out.push(line)
        continue
      }
      const role = line.parts.find((part) => near(part, what))
      const employer = line.parts.find((part) => near(part, who))
      const others = line.parts.filter(
        (part) => part !== dated && part !== role && part !== employer,
      )
      const right = Math.max(line.x1, header.x1) + 40
      const dateCell = { ...dated, x0: right, x1: right + (dated.x1 - dated.x0) }
      const first = [...(role ? [role] : []), ...others, dateCell]
      out.push({
        ...line,
        parts: first,
        text: first.map((part) => part.text).join('  '),
        x0: first[0]!.x0,
        x1: dateCell.x1,
      })
      const town = towns.get(line)
      if (employer) {
        const second = [{ ...employer }]
        if (town) {
          const x0 = employer.x1 + 40
          second.push({
            ...employer,
            text: town,
            x0,
            x1: x0 + (employer.x1 - employer.x0),
            bold: false,
          })
        }
        out.push({
          ...line,
          y: line.y + line.size * 0.6,
          parts: second,
          text: second.map((part) => part.text).join('  '),
          x0: employer.x0,
          x1: second.at(-1)!.x1,
          size: employer.size,
          bold: employer.bold,
        })
      }
    }
    i = j - 1
  }
  return out
}

export function joinTableCells(lines: LayoutLine[]): LayoutLine[] {
  const out: LayoutLine[] = []
  for (const line of lines) {
    const row = out.at(-1)
    const wraps =
      row &&
      row.parts.length >= 3 &&
      line.parts.length < row.parts.length &&
      line.page === row.page &&
      line.column === row.column &&
      line.y - row.y > 0 &&
      line.y - row.y < row.size * 1.4 &&
      line.parts.every((part) =>
        row.parts.some((cell) => Math.abs(cell.x0 - part.x0) < 2 && cell.bold === part.bold),
      ) &&
      !(
        line.parts.some((part) => fitsInCell(row, part)) &&
        line.parts.every((part) => !/^\p{Ll}/u.test(part.text.trim()))
      )
    if (row && wraps) {
      const parts = row.parts.map((cell) => {
        const more = line.parts.find((part) => Math.abs(cell.x0 - part.x0) < 2)
        return more
          ? { ...cell, text: `${cell.text} ${more.text}`, x1: Math.max(cell.x1, more.x1) }
          : cell
      })
      out[out.length - 1] = { ...row, parts, text: parts.map((c) => c.text).join('  ') }
      continue
    }
    out.push(joinDateCells(line))
  }
  return out
}

/** A cell that is a date or a date range and nothing else ("2017", "09/2015 – 06/2017"). */
function dateOnly(text: string): boolean {
  const range = findDateRange(text)
  return !!range && range.text.trim() === text.trim()
}

/**
 * A gallery of cards side by side (a Notion export's education: institution, degree, year per
 * card) shares baselines across the cards, so a row holds one line of each card. A block of rows
 * whose cells all start at the first row's cell edges, with a row of dates only across the cards,
 * is read card by card: a table's dates run down a column, a gallery's run across a row.
 */
export function readCardGrid(lines: LayoutLine[]): LayoutLine[] {
  const out: LayoutLine[] = []
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i]!
    if (first.parts.length < 2 || first.parts.some((part) => dateOnly(part.text))) {
      out.push(first)
      continue
    }
    const edges = first.parts.map((part) => part.x0)
    const at = (x: number) => edges.findIndex((edge) => Math.abs(edge - x) < 3)
    let end = i + 1
    while (end < lines.length) {
      const line = lines[end]!
      const previous = lines[end - 1]!
      if (line.page !== first.page || line.column !== first.column) break
      if (line.y - previous.y > previous.size * 2.2 || line.y <= previous.y) break
      if (!line.parts.every((part) => at(part.x0) >= 0)) break
      end++
    }
    const block = lines.slice(i, end)
    const dateRow = block.findIndex(
      (line) => line.parts.length >= 2 && line.parts.every((part) => dateOnly(part.text)),
    )
    if (block.length < 3 || dateRow < 1) {
      out.push(first)
      continue
    }
    const span = block.at(-1)!.y - first.y + first.size * 2
    edges.forEach((_, column) => {
      for (const line of block) {
        const part = line.parts.find((cell) => at(cell.x0) === column)
        if (!part) continue
        out.push({
          ...line,
          parts: [part],
          text: part.text,
          x0: part.x0,
          x1: part.x1,
          y: line.y + column * span,
          bold: part.bold,
          size: part.size,
        })
      }
    })
    i = end - 1
  }
  return out
}

function joinDateCells(line: LayoutLine): LayoutLine {
  if (line.parts.length < 3) return line
  const parts: Chunk[] = []
  for (const part of line.parts) {
    const previous = parts.at(-1)
    if (previous && loneDate(previous.text) && parts.length <= 2) {
      const text = CONNECTOR.test(part.text.trim())
        ? `${previous.text} ${part.text.trim()}`
        : `${previous.text} – ${part.text.trim()}`
      const range = findDateRange(text)
      if (range && range.text.trim() === text && (range.endDate || range.current)) {
        parts[parts.length - 1] = { ...previous, text, x1: part.x1 }
        continue
      }
    }
    parts.push(part)
  }
  if (parts.length === line.parts.length) return line
  return { ...line, parts, text: parts.map((c) => c.text).join('  ') }
}

/** A column's most common left edge. */
function leftEdge(chunks: Chunk[]): number {
  const starts = new Map<number, number>()
  for (const chunk of chunks) {
    const x = Math.round(chunk.x0)
    starts.set(x, (starts.get(x) ?? 0) + 1)
  }
  return [...starts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0
}

/** The width of a column's text: from its most common left edge to where most lines end. */
function columnWidth(chunks: Chunk[]): number {
  if (chunks.length === 0) return 0
  const ends = chunks.map((c) => c.x1).sort((a, b) => a - b)
  return ends[Math.floor(ends.length * 0.9)]! - leftEdge(chunks)
}

/**
 * One side of a gutter, split again when it holds a gutter of its own over its height, but for
 * at most three chunks above or below it (a third column: a newspaper's three columns, whose
 * widest gutter is found first).
 */
function splitSide(side: Chunk[], pageWidth: number): Chunk[][] {
  const inner = findGutter(side, pageWidth)
  // (A drop cap or a kicker above the run may stand outside it.)
  if (!inner || inner.labels || inner.start > 3 || inner.end < side.length - 3) return [side]
  const sorted = [...side].sort((a, b) => a.y - b.y || a.x0 - b.x0)
  return [sorted.filter((c) => centre(c) < inner.x), sorted.filter((c) => centre(c) >= inner.x)]
}

export function layoutPage(page: PdfPage): PageLayout {
  const chunks = buildChunks(page.number, page.items)
  const gutter = findGutter(chunks, page.width)
  let lines: LayoutLine[]
  let columns = gutter ? 2 : 1
  if (!gutter) {
    lines = groupLines(chunks, null)
    if (lines[0]) lines[0].blockStart = true
  } else {
    const sorted = [...chunks].sort((a, b) => a.y - b.y || a.x0 - b.x0)
    const above = sorted.slice(0, gutter.start)
    const run = sorted.slice(gutter.start, gutter.end)
    const below = sorted.slice(gutter.end)
    const leftSide = run.filter((c) => centre(c) < gutter.x)
    const rightSide = run.filter((c) => centre(c) >= gutter.x)
    if (gutter.labels) {
      lines = [
        ...groupLines(above, null),
        ...mergeLabelColumn(leftSide, rightSide),
        ...groupLines(below, null),
      ]
      if (lines[0]) lines[0].blockStart = true
      const tableRows = lines.filter((line) => line.parts.length >= 3).length
      return { page: page.number, lines, columns: 1, gutter: null, tableRows }
    }
    const sides = [...splitSide(leftSide, page.width), ...splitSide(rightSide, page.width)]
    // Three columns or more of one width are a newspaper's: the text flows from one into the next
    // (Measured from one column's left edge to the next's; the last holds no wider text.)
    const edges = sides.map((side) => leftEdge(side))
    const slots = edges.slice(1).map((edge, i) => edge - edges[i]!)
    const flowing =
      sides.length >= 3 &&
      Math.min(...slots) > 0 &&
      Math.max(...slots) <= Math.min(...slots) * 1.25 &&
      columnWidth(sides.at(-1)!) <= Math.max(...slots) * 1.1
    columns = sides.length
    const blocks = [
      groupLines(above, null),
      ...sides.map((side, index) => groupLines(side, index)),
      groupLines(below, null),
    ]
    lines = []
    blocks.forEach((block, index) => {
      if (block[0]) block[0].blockStart = true
      if (flowing && index >= 2) for (const line of block) line.flows = index <= sides.length
      lines.push(...block)
    })
  }
  lines = joinTableCells(readLabelledTables(splitDashTitles(lines)))
  const tableRows = lines.filter((line) => line.parts.length >= 3).length
  return { page: page.number, lines, columns, gutter: gutter?.x ?? null, tableRows }
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

/** A row of chunks as a line (the shape `groupLines` gives). */
function lineOf(template: LayoutLine, row: Chunk[]): LayoutLine {
  const chars = row.reduce((n, c) => n + c.text.length, 0)
  const boldChars = row.reduce((n, c) => n + (c.bold ? c.text.length : 0), 0)
  return {
    ...template,
    parts: row,
    text: row.map((c) => c.text).join('  '),
    x0: row[0]!.x0,
    x1: Math.max(...row.map((c) => c.x1)),
    size: Math.max(...row.map((c) => c.size)),
    bold: boldChars > chars / 2,
  }
}

/**
 * Headings in a margin column level with their section's first line (a Canva "minimal" grid:
 * "E X P E R I E N C E" at the left, then "2022 — Present", then "Data Analyst" on one
 * baseline) are lines of their own, above the rest of the row: a row's first chunk that names a
 * section, set well apart from the next chunk, with the section's next line starting right of
 * it (the margin stays empty under the heading). Two such rows in the document at least, so that
 * one stray label row reads as it is.
 */
export function splitMarginHeadings(lines: LayoutLine[]): LayoutLine[] {
  const candidate = (line: LayoutLine) => {
    const [first, second] = line.parts
    return (
      !!first && !!second && second.x0 - first.x1 >= first.size * 1.5 && !!headingKind(first.text)
    )
  }
  const candidates = lines.map(candidate)
  // The next line starts right of the heading, or is the next section's row (a one-line section).
  const rows = lines.map((line, index) => {
    if (!candidates[index]) return false
    const next = lines[index + 1]
    if (!next || next.page !== line.page || next.column !== line.column) return true
    return candidates[index + 1] || next.x0 >= line.parts[0]!.x1 + line.parts[0]!.size
  })
  const count = rows.filter(Boolean).length
  if (count < 2) return lines
  // A document whose headings stand on lines of their own at that edge ("S K I L L S" over
  // "Languages    C · C++", "Tools    Git · MATLAB") has group labels there, not margin headings.
  const edges = lines.filter((_, index) => rows[index]).map((line) => line.x0)
  const standalone = lines.filter(
    (line) =>
      line.parts.length === 1 &&
      headingKind(line.text) &&
      edges.some((edge) => Math.abs(edge - line.x0) <= 2),
  ).length
  if (standalone >= count) return lines
  return lines.flatMap((line, index) => {
    if (!rows[index]) return [line]
    const [first, ...rest] = line.parts
    return [lineOf(line, [first!]), lineOf(line, rest)]
  })
}
