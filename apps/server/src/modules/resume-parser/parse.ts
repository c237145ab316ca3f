/**
 * `parseResumePdf`: a PDF's bytes → JSON Resume, its lines in reading order and its layout facts.
 */
import { findDateRange } from './dates.ts'
import { detectHeading, headingKind, headingStyleLines, sectionByContent } from './headings.ts'
import {
  bareStackedDates,
  joinWrappedDates,
  layoutPage,
  marginKey,
  readCardGrid,
  repeatedMargins,
  splitMarginHeadings,
  type LayoutLine,
} from './layout.ts'
import { labelledField, NAME_LABEL, resumeFrom, type SectionLine } from './fields.ts'
import { DEFAULT_MAX_PAGES, readPdf } from './pdf-text.ts'
import type { ParsedResume, ResumeSectionKind } from './types.ts'
import { HUMAN_LANGUAGE } from './vocabulary.ts'

export interface ParseOptions {
  /** Pages above this fail with `too_many_pages` (default 10). */
  maxPages?: number
}

const PAGE_FOOTER =
  /^(?:page|seite|página|pagina)\s*\d+\s*(?:(?:of|von|de|sur|\/)\s*\d+)?$|^\d+\s*(?:\/|of|von|de|sur)\s*\d+$|^[-–]?\s*\d{1,2}\s*[-–]?$/iu

/** The most common text size, weighted by characters. */
function bodySizeOf(lines: LayoutLine[]): number {
  const weights = new Map<number, number>()
  for (const line of lines) {
    for (const part of line.parts) {
      const size = Math.round(part.size * 2) / 2
      weights.set(size, (weights.get(size) ?? 0) + part.text.length)
    }
  }
  let best = 10
  let weight = -1
  for (const [size, w] of weights) if (w > weight) [best, weight] = [size, w]
  return best
}

/**
 * A footer line at the page's foot that holds a page number in a cell of its own beside other
 * cells ("JobHarbour · Candidate ref JH-12345" ‖ "Page 1 of 1"): a site's or a printer's running
 * footer, even on a one-page document where nothing repeats. One holding the person's contact (an
 * email, a link, a phone number) stays.
 */
function isRunningFooter(line: LayoutLine): boolean {
  if (line.parts.length < 2 || !line.parts.some((part) => PAGE_FOOTER.test(part.text.trim())))
    return false
  return !/@|www\.|https?:|\.(?:com|org|net|io|dev)\b|(?:\d\D{0,2}){7}/iu.test(line.text)
}

/** A level word alone on its line, under a skill (Resume.io's sidebar). */
const SKILL_LEVEL =
  /^(?:expert|experienced|skill?ful|intermediate|beginner|novice|advanced|proficient)$/iu

/** A line of one repeated rule character: "=====", "-----", "_____", "*****", "─────". */
const RULE_LINE = /^([=\-_~*#+─━═—–])\1{2,}$/u

const strip = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * Letter-spaced text drawn as single letters ("A I S H A K H A N") read as words: split at wider
 * gaps (two spaces) when there are any, else where the document's own words say (the email's
 * local part or a link's slug, "aisha.khan@…", spells the same letters as "aisha" + "khan");
 * else the letters joined. Text that is not letter-spaced comes back as it is.
 */
export function unLetterSpace(text: string, hints: string[]): string {
  const tokens = text.trim().split(/\s+/u)
  // Single letters, with the kerned groups a font keeps together ("D AV I D", "WATA").
  // An apostrophe or hyphen drawn as its own glyph ("O ' C O N N O R") is part of the word.
  const single = tokens.filter((token) => /^[\p{L}'’-]$/u.test(token)).length
  if (tokens.length < 4 || !tokens.every((token) => /^[\p{L}'’-]{1,4}$/u.test(token))) return text
  if (!tokens.some((token) => /\p{L}/u.test(token))) return text
  if (single < tokens.length * 0.5) return text
  if (/\S\s{2,}\S/u.test(text.trim()))
    return text
      .trim()
      .split(/\s{2,}/u)
      .map((word) => word.replace(/\s+/gu, ''))
      .join(' ')
  const letters = tokens.join('')
  const target = strip(letters).replace(/[^\p{L}]/gu, '')
  // The index in `letters` after `count` letters (apostrophes and hyphens ride along).
  const after = (count: number) => {
    let seen = 0
    for (let at = 0; at < letters.length; at++) {
      if (seen === count) return at
      if (/\p{L}/u.test(letters[at]!)) seen++
    }
    return letters.length
  }
  for (const hint of hints) {
    const words = strip(hint)
      .split(/[^\p{L}]+/u)
      .filter(Boolean)
    for (let from = 0; from < words.length; from++) {
      let joined = ''
      for (let to = from; to < words.length && joined.length < target.length; to++) {
        joined += words[to]
        if (joined !== target || to === from) continue
        const out: string[] = []
        let at = 0
        let count = 0
        for (const word of words.slice(from, to + 1)) {
          count += word.length
          const end = after(count)
          out.push(letters.slice(at, end))
          at = end
        }
        return out.join(' ')
      }
    }
  }
  // A hint word that opens or closes the letters (the surname in "d.okafor@…") is one word.
  const words = hints.flatMap((hint) => strip(hint).split(/[^\p{L}]+/u))
  for (const word of words.filter((w) => w.length >= 3 && w.length <= target.length - 2)) {
    if (target.endsWith(word)) {
      const at = after(target.length - word.length)
      return `${letters.slice(0, at)} ${letters.slice(at)}`
    }
    if (target.startsWith(word)) {
      const at = after(word.length)
      return `${letters.slice(0, at)} ${letters.slice(at)}`
    }
  }
  return letters
}

/**
 * Sections opened by a heading outside the vocabulary (set apart by its type alone) are named by
 * their content (`sectionByContent`), for the kinds the document's known headings do not name
 * already: a resume in a language we have no words for reads like one we know.
 */
function classifyUnknownSections(lines: SectionLine[], owners: number[]): void {
  const known = new Set<ResumeSectionKind>()
  for (const line of lines) {
    const kind = line.heading ? headingKind(line.text) : null
    if (kind && kind !== 'other') known.add(kind)
  }
  lines.forEach((heading, index) => {
    if (!heading.heading || heading.section !== 'other' || headingKind(heading.text)) return
    const body = lines.filter((line, at) => owners[at] === index && at !== index)
    const kind = sectionByContent(body.map((line) => line.text))
    if (!kind || known.has(kind)) return
    heading.section = kind
    for (const line of body) line.section = kind
  })
}

/** The right edge of each column's text (by page and column). */
function rightEdges(lines: LayoutLine[]): Map<string, number> {
  const edges = new Map<string, number>()
  for (const line of lines) {
    const key = `${line.page}:${line.column}`
    edges.set(key, Math.max(edges.get(key) ?? 0, line.x1))
  }
  return edges
}

/**
 * A justified line of a narrow column, its words spread to both edges ("Bachelor   of   Science
 * in"), is one run of text, not cells: three or more runs of one type, evenly spaced (the widest
 * gap at most 1.25× the narrowest, none over 4 em), the last ending at the column's right edge,
 * none a date, no contact item, with a line of its paragraph just above or below.
 */
function joinJustified(lines: LayoutLine[]): void {
  const edges = rightEdges(lines)
  lines.forEach((line, index) => {
    const parts = line.parts
    if (line.column === null || parts.length < 3) return
    const edge = edges.get(`${line.page}:${line.column}`)!
    if (Math.abs(line.x1 - edge) > 3) return
    const first = parts[0]!
    const same = parts.every(
      (part) =>
        part.bold === first.bold &&
        part.italic === first.italic &&
        Math.abs(part.size - first.size) <= 0.3 &&
        !findDateRange(part.text),
    )
    if (!same || /@|\d{3}|\.[a-z]{2,}\//iu.test(line.text)) return
    // A paragraph's line: a line of the same type just above or below it, at its left edge.
    const paragraph = [lines[index - 1], lines[index + 1]].some(
      (other) =>
        other &&
        other.page === line.page &&
        other.column === line.column &&
        Math.abs(other.x0 - line.x0) <= 2 &&
        Math.abs(other.y - line.y) <= first.size * 1.6 &&
        Math.abs(other.size - line.size) <= 0.3,
    )
    if (!paragraph) return
    const gaps = parts.slice(1).map((part, i) => part.x0 - parts[i]!.x1)
    const [min, max] = [Math.min(...gaps), Math.max(...gaps)]
    if (min <= 0 || max > 4 * first.size || max > min * 1.25 + 0.5) return
    const text = parts.map((part) => part.text.trim()).join(' ')
    lines[index] = { ...line, text, parts: [{ ...first, text, x1: line.x1 }] }
  })
}

/**
 * A headline or a dek wrapped in a narrow column ("Fachkrankenpflegerin" / "Intensivpflege",
 * "Vivantes Klinikum Neukölln —" / "Berlin"): two lines of one column in one type set apart from
 * the body (bold, italic or larger), one run each, a line apart, the first ending no
 * sentence, where the second's first word would not have fit at the end of the first (the
 * column's right edge, the first line's own character width) — one line. Body text is left as
 * it is.
 */
function joinWrappedStyled(lines: LayoutLine[], bodySize: number): void {
  const rightEdge = rightEdges(lines)
  // A heading wrapped twice ("ZHAW ZÜRCHER HOCHSCHULE" / "FÜR ANGEWANDTE" / "WISSENSCHAFTEN")
  // goes on from its last line: where that line sits and ends.
  const tails = new WeakMap<object, { y: number; x1: number; charWidth: number }>()
  for (let i = 0; i + 1 < lines.length; i++) {
    const [a, b] = [lines[i]!, lines[i + 1]!]
    if (a.column === null || a.page !== b.page || a.column !== b.column) continue
    if (b.parts.length > 1) continue
    // A styled cell beside a date cell ("Feb 2017 – May 2021  HR Advisor at …") wraps in its cell.
    const lead = a.parts.slice(0, -1).map((part) => part.text)
    if (lead.length > 1 || (lead.length === 1 && !findDateRange(lead[0]!))) continue
    const [pa, pb] = [a.parts.at(-1)!, b.parts[0]!]
    // (A run that changes type goes on in the type it ended in: "**NHS Foundation**" / "**Trust**
    // | Coordinator", "**Charité** | Fachkrankenpflegerin" / "Intensivpflege".)
    const [endBold, startBold] = [pa.boldEnd ?? pa.bold, pb.boldStart ?? pb.bold]
    if (endBold !== startBold || pa.italic !== pb.italic || Math.abs(pa.size - pb.size) > 0.3)
      continue
    const styled = pa.bold || pa.italic || pa.size > bodySize + 0.5
    const tail = tails.get(pa) ?? {
      y: a.y,
      x1: pa.x1,
      charWidth: (pa.x1 - pa.x0) / Math.max(1, pa.text.length),
    }
    if (!styled || b.y - tail.y > pa.size * 1.6 || b.y <= tail.y || Math.abs(pa.x0 - pb.x0) > 2)
      continue
    if (/[.!?:;]$/u.test(pa.text.trim()) || findDateRange(pa.text) || findDateRange(pb.text))
      continue
    // (A link or an address wrapped at its hyphen is the contact reader's.)
    if (/[@/\\]|\.[a-z]{2,}\b/iu.test(`${a.text} ${b.text}`)) continue
    const charWidth = tail.charWidth
    const firstWord = b.text.trim().split(/\s+/u)[0]!
    const edge = rightEdge.get(`${a.page}:${a.column}`)!
    if (tail.x1 + charWidth * (firstWord.length + 1) <= edge) continue
    const text = `${pa.text.trim()} ${b.text.trim()}`
    const joined = { ...pa, text, x1: Math.max(pa.x1, pb.x1) }
    tails.set(joined, { y: b.y, x1: pb.x1, charWidth })
    const parts = [...a.parts.slice(0, -1), joined]
    lines.splice(i, 2, {
      ...a,
      text: parts.map((part) => part.text).join('  '),
      x1: Math.max(a.x1, b.x1),
      parts,
    })
    i--
  }
}

/** Whether an underlined line reads as a heading: a few words, no digits, no sentence. */
function isUnderlinedHeading(text: string): boolean {
  const value = text.trim()
  return /^\p{Lu}/u.test(value) && value.split(/\s+/u).length <= 5 && !/[\d@|]|[,.;]$/u.test(value)
}

/** The name: the largest text near the top of page 1 that is not a heading or contact detail. */
function findName(
  lines: LayoutLine[],
  pageHeight: number,
  hints: string[],
): LayoutLine | undefined {
  let best: LayoutLine | undefined
  let named: LayoutLine | undefined
  // A labelled name ("Name: Anna Schmidt", "Nom : Chloé Dubois") says so itself.
  const labelled = lines.find(
    (line) =>
      line.page === 1 &&
      NAME_LABEL.test(line.text) &&
      /^\p{Lu}/u.test(line.text.replace(NAME_LABEL, '')),
  )
  if (labelled) return labelled
  for (const line of lines) {
    if (line.page !== 1 || line.y > pageHeight * 0.45) continue
    // The name may share its line with the headline: "Anna Schmidt — Pflegerin".
    const spaced = unLetterSpace(line.text, hints)
    if (spaced !== line.text && !headingKind(line.text)) {
      // Letter-spaced capitals ("A I S H A K H A N") are read as the words they spell.
      line.text = spaced
      line.parts = [{ ...line.parts[0]!, text: spaced }]
    }
    const text = line.text.split(/\s+[—–|·•]\s+|\s{2,}/u)[0]!.trim()
    const words = text.split(/\s+/)
    if (words.length < 1 || words.length > 5 || text.length > 50) continue
    if (/[@\d:|/]/.test(text) || headingKind(text)) continue
    // The document's title ("Lebenslauf", "Curriculum Vitae", "Resume") is not a name.
    const squashed = text.toLowerCase().replace(/[^\p{L}]/gu, '')
    if (
      /^(lebenslauf|curriculumvitae|cv|resume|résumé|currículum|curriculum|životopis)$/u.test(
        squashed,
      )
    )
      continue
    // An agency's cover title ("Candidate Profile", "Kandidatenprofil", "Profil candidat").
    if (
      /^(candidate(profile|summary|resume)|kandidatenprofil|profilcandidat|perfildelcandidato|profilodelcandidato|perfildocandidato|kandidaatprofiel)$/u.test(
        squashed,
      )
    )
      continue
    if (!/^\p{Lu}/u.test(text)) continue
    // Initials set large in a photo block ("AK") are no name.
    if (/^\p{Lu}{1,3}$/u.test(text)) continue
    if (!best || line.size > best.size + 0.5) best = line
    if (spelledBy(text, hints, lines) && (!named || line.size > named.size + 0.5)) named = line
  }
  // A title in a language we have no word for ("Životopis") set above the name: a line the
  // document spells again (the email's local part, a link's slug, a labelled value) beats a
  // larger one it does not.
  if (best && named && best !== named && !spelledBy(best.text, hints, lines)) return named
  return best
}

/**
 * Display type that shares a baseline with small type near the top of page 1 (a name set large on
 * the right half of a header whose left half holds contact lines) is a line of its own: the parts
 * set at 1.6 times the smallest part's size or more, after a small part, are split off.
 */
export function splitMixedSizes(lines: LayoutLine[], pageHeight: number): void {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (line.page !== 1 || line.y > pageHeight * 0.3 || line.parts.length < 2) continue
    const smallest = Math.min(...line.parts.map((part) => part.size))
    const large = line.parts.filter((part) => part.size >= smallest * 1.6)
    // Only type set beside small type to its left: a name that leads its line keeps it.
    if (large.length === 0 || large.length === line.parts.length || large[0] === line.parts[0])
      continue
    const small = line.parts.filter((part) => !large.includes(part))
    const lineOf = (parts: LayoutLine['parts']): LayoutLine => ({
      ...line,
      parts,
      text: parts.map((part) => part.text).join('  '),
      x0: parts[0]!.x0,
      x1: Math.max(...parts.map((part) => part.x1)),
      size: Math.max(...parts.map((part) => part.size)),
      bold: parts.every((part) => part.bold),
    })
    lines.splice(i, 1, lineOf(small), lineOf(large))
    i++
  }
}

/**
 * An email or a link broken mid-word at a narrow column's edge ("jess.kowalski@example.com.a" /
 * "u", "linkedin.com/in/andresvega-cali" / "dad"): a line of one short lower-case piece set right
 * under a line that is one email or URL, at its left edge and in its size, is the rest of it.
 */
export function joinBrokenContact(lines: LayoutLine[]): void {
  for (let i = 0; i + 1 < lines.length; i++) {
    const [line, next] = [lines[i]!, lines[i + 1]!]
    if (line.parts.length > 1 || next.parts.length > 1 || line.page !== next.page) continue
    const text = line.text.trim()
    if (/\s/u.test(text) || !/@|\/|\.[a-z]{2,}/u.test(text)) continue
    if (!/^[a-z0-9][a-z0-9._\-/]{0,11}$/u.test(next.text.trim())) continue
    if (Math.abs(next.size - line.size) > 0.5 || Math.abs(next.x0 - line.x0) > 2) continue
    if (next.y <= line.y || next.y - line.y > line.size * 1.8) continue
    const joined = `${text}${next.text.trim()}`
    line.text = joined
    line.parts = [{ ...line.parts[0]!, text: joined, x1: Math.max(line.x1, next.x1) }]
    lines.splice(i + 1, 1)
  }
}

/**
 * A name too long for its line at display size wraps ("ANDRÉS VEGA" / "ETXEBERRIA"): a line in the
 * name's size starting at its left edge within 1.7 of its size below, one or two words of a name,
 * is the rest of it (other lines, contact details beside the name, may come between in reading
 * order).
 */
export function joinWrappedName(lines: LayoutLine[], name: LayoutLine, hints: string[]): void {
  if (name.parts.length > 1 || /[@\d:|/]/u.test(name.text)) return
  const words = name.text.trim().split(/\s+/u).length
  const index = lines.findIndex(
    (line) =>
      line !== name &&
      line.page === name.page &&
      line.parts.length === 1 &&
      Math.abs(line.size - name.size) <= 0.5 &&
      line.y > name.y &&
      line.y - name.y <= name.size * 1.7 &&
      Math.abs(line.x0 - name.x0) <= name.size,
  )
  if (index < 0) return
  const next = lines[index]!
  const rest = unLetterSpace(next.text, hints).trim()
  const restWords = rest.split(/\s+/u)
  if (restWords.length > 2 || words + restWords.length > 5) return
  if (!/^\p{Lu}/u.test(rest) || /[@\d:|/,]/u.test(rest) || headingKind(rest)) return
  const text = `${name.text.trim()} ${rest}`
  name.text = text
  name.parts = [{ ...name.parts[0]!, text, x1: Math.max(name.x1, next.x1) }]
  name.x1 = Math.max(name.x1, next.x1)
  lines.splice(index, 1)
}

/** Whether the document spells the words of a name of two to four words elsewhere. */
function spelledBy(text: string, hints: string[], lines: LayoutLine[]): boolean {
  const words = strip(text).split(/\s+/u)
  if (words.length < 2 || words.length > 4) return false
  const spelled = hints.map((hint) => strip(hint))
  if (words.every((word) => spelled.some((hint) => hint.includes(word)))) return true
  const value = new RegExp(`:\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'u')
  // (A value under a label we read, "Cargo: Enfermera", is a field, not the name.)
  return lines.some((line) => value.test(line.text) && labelledField(line.text)?.role === null)
}

export async function parseResumePdf(
  bytes: Uint8Array,
  options: ParseOptions = {},
): Promise<ParsedResume> {
  const pdf = await readPdf(bytes, options.maxPages ?? DEFAULT_MAX_PAGES)
  const layouts = pdf.pages.map(layoutPage)
  // Date ranges wrapped in their cells, joined (bare stacked years only when the document
  // shows the pattern at least twice).
  const bare = layouts.reduce((n, layout) => n + bareStackedDates(layout.lines), 0)
  for (const layout of layouts) layout.lines = readCardGrid(joinWrappedDates(layout.lines, bare))
  const repeated = repeatedMargins(pdf.pages, layouts)
  let kept: LayoutLine[] = []
  layouts.forEach((layout, index) => {
    const height = pdf.pages[index]!.height
    for (const line of layout.lines) {
      const marginal = line.y < height * 0.08 || line.y > height * 0.92
      if (marginal && repeated.has(marginKey(line.text))) continue
      if (PAGE_FOOTER.test(line.text.trim())) continue
      if (line.y > height * 0.92 && isRunningFooter(line)) continue
      kept.push(line)
    }
  })
  kept = splitMarginHeadings(kept)
  // A rule typed as characters under a line ("EXPERIENCE" / "==========", as plain-text resumes
  // underline their headings) is no text: it goes, and marks the line above as a heading.
  const underlined = new Set<LayoutLine>()
  for (let i = kept.length - 1; i >= 0; i--) {
    if (!RULE_LINE.test(kept[i]!.text.trim())) continue
    const above = kept[i - 1]
    if (above && above.page === kept[i]!.page && above.column === kept[i]!.column)
      underlined.add(above)
    kept.splice(i, 1)
  }
  joinJustified(kept)
  joinWrappedStyled(kept, bodySizeOf(kept))
  // A heading wrapped over two lines ("Principales" / "compétences") is one heading.
  for (let i = 0; i + 1 < kept.length; i++) {
    const [a, b] = [kept[i]!, kept[i + 1]!]
    if (a.page !== b.page || a.column !== b.column || a.parts.length > 1 || b.parts.length > 1)
      continue
    if (Math.abs(a.size - b.size) > 0.5 || b.y - a.y > a.size * 1.8) continue
    const joined = `${a.text} ${b.text}`
    const kind = headingKind(joined)
    if (!kind || a.bold !== b.bold) continue
    const [kindA, kindB] = [headingKind(a.text), headingKind(b.text)]
    // Wrapped: neither half alone is a heading; or the first half ends on "and" / a hyphen
    // ("EDUCATION AND" / "TRAINING", "SCHUL- UND" / "BERUFSBILDUNG"); or a heading word goes on
    // in the same capitals with a word that is no heading ("EXPERIENCIA" / "LABORAL").
    const capitals = (text: string) => text === text.toUpperCase() && /\p{Lu}/u.test(text)
    const wrapped =
      (!kindA && !kindB) ||
      (/(?:\s(?:and|und|et|y|e|&)|-)$/iu.test(a.text.trim()) && kindB !== 'other') ||
      (kindA === kind && !kindB && capitals(a.text) && capitals(b.text))
    if (wrapped) {
      kept.splice(i, 2, { ...a, text: joined, parts: [{ ...a.parts[0]!, text: joined }] })
    }
  }
  const bodySize = bodySizeOf(kept)
  // The email's local part and the links' slugs spell the name's words (for letter-spaced names).
  const hints = [
    ...kept.flatMap((line) => line.text.match(/[\p{L}0-9._%+-]+(?=@)/gu) ?? []),
    ...pdf.pages.flatMap((page) => page.links),
    ...kept.flatMap((line) => line.text.match(/\/in\/[^\s/|]+/gu) ?? []),
  ]
  splitMixedSizes(kept, pdf.pages[0]!.height)
  joinBrokenContact(kept)
  const nameLine = findName(kept, pdf.pages[0]!.height, hints)
  if (nameLine) joinWrappedName(kept, nameLine, hints)
  // Lines set in the type of the document's known headings are headings, in any language.
  const styledHeadings = new Set(
    [
      ...headingStyleLines(
        kept.map((line) => ({ ...line, parts: line.parts.length })),
        bodySize,
      ),
    ].map((index) => kept[index]!),
  )

  // Sections: each heading opens one; a column starts over with the section it had on the page
  // before (the sidebar's and the main column's sections run separately).
  const lines: SectionLine[] = []
  let section: ResumeSectionKind | null = null
  const bySide = new Map<string, ResumeSectionKind | null>()
  let main: ResumeSectionKind | null = null
  // The heading (its index in `lines`) each section was opened by, tracked beside `section`.
  let owner = -1
  const ownerBySide = new Map<string, number>()
  let mainOwner = -1
  const owners: number[] = []
  let lastPage = 0
  let lastSide = 'full'
  // Where each side's text ended (its last line) and in which section.
  const lowestBySide = new Map<
    string,
    { page: number; side: string; y: number; section: ResumeSectionKind | null; owner: number }
  >()
  for (const line of kept) {
    const side = line.column === null ? 'full' : String(line.column)
    if (line.page !== lastPage || side !== lastSide) {
      bySide.set(lastSide, section)
      ownerBySide.set(lastSide, owner)
      if (lastSide === 'full') [main, mainOwner] = [section, owner]
      if (side === 'full' && line.page === lastPage && lastSide !== 'full') {
        // Full-width text under a band of columns goes on with the section of the column above it.
        const gutter = layouts[line.page - 1]?.gutter
        const above =
          gutter === null || gutter === undefined ? lastSide : line.x0 < gutter ? '0' : '1'
        if (bySide.has(above))
          [section, owner] = [bySide.get(above) ?? null, ownerBySide.get(above) ?? -1]
      } else if (side === 'full') {
        // A page of full-width text after a page of columns only: the text goes on from the
        // column that ran lowest on the page before (its section heading may close that page).
        const lowest = [...lowestBySide.values()]
          .filter((end) => end.page === lastPage && end.side !== 'full')
          .sort((a, b) => b.y - a.y)[0]
        if (line.page !== lastPage && main === null && lowest)
          [section, owner] = [lowest.section, lowest.owner]
        else if (line.page !== lastPage) [section, owner] = [main, mainOwner]
      } else if (line.flows && line.page === lastPage) {
        // A newspaper's next column goes on with the section the previous one ended in.
      } else if (line.page === 1) [section, owner] = [bySide.get(`p1:${side}`) ?? null, -1]
      else if (bySide.has(side))
        [section, owner] = [bySide.get(side) ?? null, ownerBySide.get(side) ?? -1]
      else [section, owner] = [main, mainOwner]
      lastPage = line.page
      lastSide = side
    }
    let kind: ResumeSectionKind | null =
      line === nameLine
        ? null
        : detectHeading(
            { text: line.text, size: line.size, bold: line.bold, parts: line.parts.length },
            bodySize,
            section !== null,
          )
    if (!kind && line !== nameLine && styledHeadings.has(line)) kind = 'other'
    // A short line underlined by a rule is a heading, in the vocabulary or not.
    if (!kind && line !== nameLine && underlined.has(line) && isUnderlinedHeading(line.text))
      kind = 'other'
    // A skill over its level word ("Diabetes Education" over a small "Expert") is no heading.
    if (kind) {
      const below = kept[kept.indexOf(line) + 1]
      if (
        below &&
        below.page === line.page &&
        below.column === line.column &&
        below.size <= line.size &&
        below.y - line.y < line.size * 2 &&
        SKILL_LEVEL.test(below.text.trim())
      )
        kind = null
    }
    // Capitals above a date are an entry's company ("BBVA", "NVIDIA"), not a new section.
    if (
      kind === 'other' &&
      !headingKind(line.text) &&
      !underlined.has(line) &&
      (section === 'experience' || section === 'education')
    ) {
      const index = kept.indexOf(line)
      const soon = kept.slice(index + 1, index + 6)
      if (soon.some((next) => findDateRange(next.text))) kind = null
    }
    // Capitals right under the name before any section are the headline ("DATA SCIENTIST").
    if (
      kind === 'other' &&
      section === null &&
      nameLine &&
      !headingKind(line.text) &&
      !styledHeadings.has(line)
    ) {
      const index = kept.indexOf(line)
      const nameIndex = kept.indexOf(nameLine)
      if (nameIndex >= 0 && index > nameIndex && index - nameIndex <= 2) kind = null
    }
    // A group label inside the skills section ("Languages" / "C • C++ • Python", "Sprachen" /
    // "Java • Kotlin", "CI/CD" / "GitHub Actions • …") set in a lesser type than the section's
    // own heading is a group of skills, not a new section: a line over a list that no vocabulary
    // names a section of its own, or a languages heading over items that name no human language.
    // A line of the list itself ("Nutrition • Diabetes Education •") is never a heading.
    if (kind && section === 'skills' && owner >= 0 && !underlined.has(line)) {
      const head = lines[owner]!
      const headType = (other: LayoutLine) =>
        Math.abs(other.size - head.size) <= 0.5 && other.bold === head.bold
      const lesser = line.size < head.size - 0.5 || (!headType(line) && line.size <= head.size)
      const index = kept.indexOf(line)
      const items: LayoutLine[] = []
      for (const next of kept.slice(index + 1, index + 4)) {
        if (next.page !== line.page || next.x0 >= line.x1 || next.x1 <= line.x0) break
        if (next.bold === line.bold && Math.abs(next.size - line.size) <= 0.3) break
        if (headType(next) || headingKind(next.text)) break
        items.push(next)
      }
      const listed = (text: string) => /[•·]|[,;|]\s*$/u.test(text)
      const spoken = items.some((next) =>
        next.text.split(/[,;•·|]|\s{2,}/u).some((item) => HUMAN_LANGUAGE.test(item.trim())),
      )
      const named = headingKind(line.text)
      const group =
        listed(line.text) ||
        (items.length > 0 &&
          (kind === 'languages'
            ? !spoken
            : (kind === 'other' && !named) ||
              ((kind === 'other' || named === 'other') && items.some((next) => listed(next.text)))))
      if (lesser && group) kind = null
      // A skill whose last word names a section ("Diabetes Education", a pill tag in a sidebar)
      // set like the skill above it, at its left edge, under the section's own heading: a skill.
      const above = lines.at(-1)
      if (
        kind &&
        lesser &&
        above !== undefined &&
        !above.heading &&
        above.section === 'skills' &&
        above.page === line.page &&
        headType(line) === headType(above) &&
        Math.abs(above.size - line.size) <= 0.3 &&
        above.bold === line.bold &&
        Math.abs(above.x0 - line.x0) < 3 &&
        line.text.trim().split(/\s+/u).length >= 2 &&
        line.text !== line.text.toUpperCase()
      )
        kind = null
    }
    if (kind) [section, owner] = [kind, lines.length]
    lowestBySide.set(side, { page: line.page, side, y: line.y, section, owner })
    owners.push(line === nameLine ? -1 : owner)
    lines.push({ ...line, section: line === nameLine ? null : section, heading: kind !== null })
  }
  // A place-and-date line closing the document ("V Toronto dne 26. 11. 2026", "Berlin, den
  // 26.11.2026"): a day, a month and a year in figures, the last line, a few words. It is where
  // and when the CV was signed, not a section's content.
  const last = lines.at(-1)
  if (
    last &&
    !last.heading &&
    last.text.trim().split(/\s+/u).length <= 8 &&
    /(?<!\d)(?:0?[1-9]|[12]\d|3[01])\.\s?(?:0?[1-9]|1[0-2])\.\s?(?:19|20)\d{2}(?!\d)/u.test(
      last.text,
    )
  ) {
    last.section = 'other'
    owners[lines.length - 1] = -1
  }
  classifyUnknownSections(lines, owners)
  // Small print closing the document (a consent clause, a footnote: long prose lines set well
  // below the body size, the last lines of the last page) belongs to no section.
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!
    const small = line.size < bodySize * 0.85
    if (line.page !== pdf.pages.length || !small || line.heading) break
    // Prose, not a list of tags: mostly words in lower case, or a sentence's full stop.
    const words = line.text.trim().split(/\s+/u)
    const lower = words.filter((word) => /^\p{Ll}/u.test(word)).length
    if (words.length >= 6 && (lower >= words.length * 0.4 || /\.\)?$/u.test(line.text.trim())))
      line.section = 'other'
  }
  const name = lines.find(
    (line) =>
      nameLine &&
      line.y === nameLine.y &&
      line.text === nameLine.text &&
      line.page === nameLine.page,
  )
  const links = pdf.pages.flatMap((page) => page.links)
  const resume = resumeFrom(lines, name, links, bodySize)
  return {
    resume,
    lines: lines.map((line) => ({
      text: line.text.replace(/\s+/g, ' '),
      page: line.page,
      section: line.section,
      heading: line.heading,
    })),
    layout: {
      pages: pdf.pages.length,
      columns: Math.max(...layouts.map((layout) => layout.columns)),
      tables: layouts.some((layout) => layout.tableRows >= 3),
      images: pdf.pages.reduce((sum, page) => sum + page.images, 0),
      repeatedHeaderOrFooter: repeated.size > 0,
    },
  }
}
