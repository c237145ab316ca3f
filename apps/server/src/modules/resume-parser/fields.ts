/**
 * From lines in reading order (each with its section) to JSON Resume fields: contact details
 * from the header, the sidebar and the contact section; entries anchored on their date lines;
 * skills and languages split from lists.
 */
import {
  afterDate,
  endsWithMonth,
  findDateRange,
  isPresent,
  parseDate,
  withoutDate,
} from './dates.ts'
import { headingKind } from './headings.ts'
import type { LayoutLine } from './layout.ts'
import type {
  JsonResume,
  JsonResumeBasics,
  JsonResumeEducation,
  JsonResumeProfile,
  JsonResumeSkill,
  JsonResumeWork,
  ResumeSectionKind,
} from './types.ts'
import {
  countryCode,
  DEGREE,
  HUMAN_LANGUAGE,
  INSTITUTION_WORDS,
  LEGAL_FORMS,
  looksLikePlace,
  STATE_SYSTEM,
  TITLE_WORDS,
} from './vocabulary.ts'

/** Degrees written in capitals ("MASTER OF SCIENCE, LOGISTIK") are degrees too. */
const DEGREE_ANY_CASE = new RegExp(DEGREE.source, 'iu')
const inCapitals = (text: string) => text === text.toUpperCase() && /\p{Lu}{2}/u.test(text)
function degreeMatch(text: string): RegExpExecArray | null {
  return DEGREE.exec(text) ?? (inCapitals(text) ? DEGREE_ANY_CASE.exec(text) : null)
}
const hasDegree = (text: string) => degreeMatch(text) !== null

export interface SectionLine extends LayoutLine {
  section: ResumeSectionKind | null
  heading: boolean
}

const EMAIL = /[\p{L}0-9._%+-]+@[\p{L}0-9.-]+\.[a-z]{2,}/iu
const PHONE = /(?:\+|00)?\(?\d[\d\s()./–-]{6,}\d/g
const URL =
  /(?<![@\p{L}0-9.])(?:https?:\/\/)?(?:www\.)?(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|de|fr|es|me|co|ai|app|page|site|xyz|info|eu|uk|ch|at|nl|tech|design|cv|online|blog|github\.io|pro|portfolio|studio)(?:\/[^\s|,;)]*)?(?![\p{L}0-9@])/giu
/** A label before the person's name: "Name:", "Nom :", an agency's "Candidate:" / "Candidate Name:". */
export const NAME_LABEL =
  /^(?:name|full name|nom|nombre|vor- und nachname|candidate(?: name)?)\s*:\s*/iu
const BULLET = /^[•●○◦▪■□➢►▸‣⁃∙·*✓✔➤→-]\s*/u
const SEPARATORS = /\s+[|·•◦⋅∙/]\s+|\s*[|·•◦⋅∙]\s*(?=\S)|\s{2,}/u

function clean(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:|·•–—-]+|[\s,;:|·•–—-]+$/g, '')
    .trim()
}

function isBullet(text: string): boolean {
  return BULLET.test(text) && !/^-\s*\d/.test(text)
}

/** Lines of a section with bullet continuations folded into their bullet. */
interface Row {
  line: SectionLine
  text: string
  bullet: boolean
}

/** A bullet with the entry's date right-aligned on its row: the date row first, then the bullet. */
function splitDatedBullets(lines: SectionLine[]): SectionLine[] {
  return lines.flatMap((line) => {
    if (line.parts.length < 2 || !isBullet(line.text)) return [line]
    const tail = line.parts.slice(1)
    const dated = tail.filter((part) => {
      const range = findDateRange(part.text)
      return range && !withoutDate(part.text, range)
    })
    if (!dated.length) return [line]
    const text = (parts: typeof line.parts) => parts.map((part) => part.text).join('  ')
    const rest = line.parts.filter((part) => !dated.includes(part))
    return [
      { ...line, parts: dated, text: text(dated), x0: dated[0]!.x0 },
      { ...line, parts: rest, text: text(rest) },
    ]
  })
}

/**
 * Icon glyphs standing alone before or after a cell's words ("▣ Sep '19 – Present", "◉ Berlin",
 * "📍 Lyon"): a drawn marker, not a piece of the entry. A glyph inside a word stays.
 */
const ICON_GLYPH = /(?<=^|\s)(?:[\p{So}\u2300-\u23FF\u25A0-\u25FF]\uFE0F?)+(?=\s|$)/gu

export function withoutIcons(text: string): string {
  return text
    .replace(ICON_GLYPH, ' ')
    .replace(/\s{3,}/g, '  ')
    .trim()
}

/** A row's texts: its line's parts, or its whole text when lines were joined into it. */
function partTexts(row: Row): string[] {
  if (row.text !== row.line.text) return [withoutIcons(row.text)].filter(Boolean)
  return row.line.parts.map((part) => withoutIcons(part.text))
}

function rowsOf(input: SectionLine[]): Row[] {
  const lines = splitDatedBullets(input)
  const rows: Row[] = []
  for (const line of lines) {
    const bullet = isBullet(line.text)
    const last = rows.at(-1)
    const continuation =
      last?.bullet &&
      !bullet &&
      line.parts.length === 1 &&
      line.x0 > last.line.x0 + 2 &&
      !findDateRange(line.text) &&
      Math.abs(line.y - last.line.y) < line.size * 2 + 4
    // A line ending with a comma, a dash or a small word goes on on the next one ("…, The
    // University of Texas at Austin," over "2016"; "Bachelor of Science in" over "Statistics").
    const unfinished =
      last &&
      !bullet &&
      /(?:,|[-–&]|\s(?:in|of|and|for|at|the|für|und|der|des|im|en|de|del|la|et|y))$/iu.test(
        last.text.trim(),
      ) &&
      line.page === last.line.page &&
      line.y > last.line.y &&
      line.y - last.line.y < line.size * 2 + 4 &&
      Math.abs(line.x0 - last.line.x0) < 3
    // A degree wrapped in a narrow card under its school ("Colorado State University" /
    // "Bachelor of Science in Computer Information" / "Systems"): a short plain tail in the
    // degree's style, that names no school, degree, date or place, goes on the degree.
    // Or the school and the degree on one line, the degree last ("The University of Texas at
    // Austin — Bachelor of Business Administration in Management Information" / "Systems"): the
    // tail is in the degree's (the line's last part's) type.
    const before = rows.at(-2)
    const lastPart = last?.line.parts.at(-1)
    const schoolFirst =
      last !== undefined &&
      last.line.parts.length <= 2 &&
      (degreeMatch(last.text)?.index ?? 0) > 0 &&
      INSTITUTION_WORDS.test(last.text.slice(0, degreeMatch(last.text)!.index)) &&
      lastPart !== undefined &&
      line.parts[0]?.bold === lastPart.bold &&
      line.parts[0]?.italic === lastPart.italic
    const degreeTail =
      last &&
      !bullet &&
      hasDegree(last.text) &&
      (schoolFirst ||
        (before !== undefined &&
          INSTITUTION_WORDS.test(before.text) &&
          !hasDegree(before.text) &&
          last.line.parts.length === 1)) &&
      !findDateRange(last.text) &&
      line.parts.length === 1 &&
      line.text.trim().split(/\s+/u).length <= 4 &&
      !INSTITUTION_WORDS.test(line.text) &&
      !hasDegree(line.text) &&
      !findDateRange(line.text) &&
      !isPlaceText(line.text) &&
      !line.text.includes(':') &&
      (schoolFirst || line.bold === last.line.bold) &&
      Math.abs(line.size - last.line.size) < 0.5 &&
      line.page === last.line.page &&
      line.y > last.line.y &&
      line.y - last.line.y < line.size * 1.8 &&
      Math.abs(line.x0 - last.line.x0) < 3
    // The same beside a date cell ("…, Wake Forest University, Winston-Salem,"  "2011" over
    // "NC"): the wrapped words go on the first cell, before the date.
    const cells = last?.line.parts
    const dateCell = cells && cells.length === 2 ? findDateRange(cells[1]!.text) : null
    const wrappedBesideDate =
      last !== undefined &&
      last.text === last.line.text &&
      !bullet &&
      dateCell !== null &&
      !withoutDate(cells![1]!.text, dateCell) &&
      /,$/u.test(cells![0]!.text.trim()) &&
      line.parts.length === 1 &&
      line.text.trim().split(/\s+/u).length <= 4 &&
      !findDateRange(line.text) &&
      line.page === last.line.page &&
      line.y > last.line.y &&
      line.y - last.line.y < line.size * 1.8 &&
      Math.abs(line.x0 - last.line.x0) < 3
    if (last && wrappedBesideDate) {
      last.text = `${cells![0]!.text.trim()} ${line.text.trim()}  ${cells![1]!.text.trim()}`
      continue
    }
    // A date cut after its month ("… • Norwegian University of Science and Technology • June"
    // over "2014"): the year alone on the next line goes back beside its month.
    const wrappedYear =
      last !== undefined &&
      !last.bullet &&
      !bullet &&
      endsWithMonth(last.text) &&
      /^(?:19|20)\d{2}\b/u.test(line.text.trim()) &&
      line.text.trim().split(/\s+/u).length <= 4 &&
      line.page === last.line.page &&
      line.y > last.line.y &&
      line.y - last.line.y < line.size * 1.8 &&
      Math.abs(line.x0 - last.line.x0) < 3
    if (last && (continuation || unfinished || degreeTail || wrappedYear)) {
      last.text = `${last.text} ${line.text}`
      continue
    }
    rows.push({ line, text: line.text, bullet })
  }
  return rows
}

// ---------------------------------------------------------------- basics

function phoneIn(text: string): string | undefined {
  for (const match of text.matchAll(PHONE)) {
    const value = match[0].trim()
    const digits = value.replace(/\D/g, '')
    if (digits.length < 7 || digits.length > 15) continue
    if (/^(?:19|20)\d{2}\s*[-–/]\s*(?:19|20)\d{2}$/.test(value)) continue
    if (/^\d{1,2}[./]\d{4}\s*[-–]\s*\d{1,2}[./]\d{4}$/.test(value)) continue
    if (!/[\s()./-]/.test(value) && !value.startsWith('+') && digits.length < 9) continue
    return value.replace(/[\s–-]+$/, '')
  }
  return undefined
}

function profileFor(raw: string): JsonResumeProfile | { url: string } | null {
  let value = raw.trim().replace(/[.,;:]+$/, '')
  if (/^mailto:|^tel:/i.test(value)) return null
  if (!/^https?:\/\//i.test(value)) value = `https://${value}`
  value = value.replace(/\/+$/, '')
  let url: URL
  try {
    url = new globalThis.URL(value)
  } catch {
    return null
  }
  const host = url.hostname.replace(/^www\./, '').toLowerCase()
  const path = url.pathname.split('/').filter(Boolean)
  const networks: [RegExp, string][] = [
    [/(^|\.)linkedin\.com$/, 'LinkedIn'],
    [/^github\.com$/, 'GitHub'],
    [/^gitlab\.com$/, 'GitLab'],
    [/^(twitter|x)\.com$/, 'Twitter'],
    [/^stackoverflow\.com$/, 'Stack Overflow'],
    [/^behance\.net$/, 'Behance'],
    [/^dribbble\.com$/, 'Dribbble'],
    [/^medium\.com$/, 'Medium'],
    [/^xing\.com$/, 'XING'],
  ]
  for (const [pattern, network] of networks) {
    if (!pattern.test(host)) continue
    if (path.length === 0) return null
    const username = network === 'LinkedIn' && path[0] === 'in' ? path[1] : path.at(-1)
    if (!username) return null
    return {
      network,
      username,
      url: `https://${network === 'LinkedIn' ? 'www.' : ''}${host}${url.pathname.replace(/\/+$/, '')}`,
    }
  }
  return { url: `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}` }
}

function parseLocation(text: string): JsonResumeBasics['location'] {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  const city = parts[0]
  const last = parts.length > 1 ? parts.at(-1)! : undefined
  const code = last ? countryCode(last) : countryCode(city ?? '')
  if (parts.length === 1) return code ? { countryCode: code, address: text } : { city }
  const location: NonNullable<JsonResumeBasics['location']> = { city }
  if (code) location.countryCode = code
  if (parts.length === 3) location.region = parts[1]
  else if (!code && last) location.region = last
  return location
}

/** Glyphs set before contact items ("☎ +1 …", "⌂ Toronto, ON", "✉ …"): separators too. */
const CONTACT_GLYPHS = /\s*[\p{So}\u2300-\u23FF]\s*/u

function segmentsOf(line: LayoutLine): string[] {
  return line.parts
    .flatMap((part) => part.text.split(SEPARATORS))
    .flatMap((segment) => segment.split(CONTACT_GLYPHS))
    .map(clean)
    .filter(Boolean)
}

function basicsFrom(
  lines: SectionLine[],
  nameLine: SectionLine | undefined,
  links: string[],
): JsonResumeBasics {
  const basics: JsonResumeBasics = {}
  const contactLines = lines.filter(
    (line) =>
      !line.heading &&
      (line.section === null || line.section === 'contact') &&
      !agencyLines(lines).has(line),
  )
  const agency = agencyContact(lines)
  const all = lines.filter((line) => !line.heading && !agency.lines.has(line))
  const foreign = (value: string) =>
    agency.domains.some((domain) => value.toLowerCase().includes(domain))
  // "Hannah Becker — Personalreferentin": the name, and the headline set beside it.
  const [name, ...headline] = nameLine
    ? nameLine.text.replace(NAME_LABEL, '').split(/\s+[—–|·•]\s+|\s{2,}/u)
    : []
  if (name) basics.name = clean(name)
  if (headline.length) basics.label = clean(headline.join(' '))
  const text = (set: SectionLine[]) => set.map((line) => line.text)
  for (const candidate of [...text(contactLines), ...text(all)]) {
    const email = EMAIL.exec(candidate)?.[0]
    if (email && !foreign(email)) {
      basics.email = email.replace(/^mailto:/i, '')
      break
    }
  }
  for (const candidate of [...contactLines, ...all.slice(0, 60)]) {
    if (candidate.section && !['contact', 'summary'].includes(candidate.section)) continue
    const found = candidate.parts
      .map((part) => phoneIn(part.text.replace(EMAIL, ' ')))
      .find(Boolean)
    if (found) {
      basics.phone = found
      break
    }
  }
  // Links: the PDF's link annotations, then URLs written out in the text.
  const urls: string[] = []
  const linkBlock = linksBlockLines(lines)
  all.forEach((line, index) => {
    const inLinks = linkBlock.has(line)
    if (line.section && !['contact', 'summary', null].includes(line.section) && !inLinks) return
    let text = line.text.replace(EMAIL, ' ')
    // A URL wrapped in a narrow column: "linkedin.com/in/anna-" / "schmidt-pflege (LinkedIn)".
    const next = all[index + 1]
    if (/[-/_.=]$/.test(text) && URL.test(text) && next && next.section === line.section) {
      const head = /^\S+/.exec(next.text)?.[0]
      if (head && !head.includes('@')) text += head
    }
    URL.lastIndex = 0
    let found = false
    for (const match of text.matchAll(URL)) {
      found = true
      if (!foreign(match[0])) urls.push(match[0])
    }
    // A site under a top-level domain outside the list ("owenharris.engineering"), alone as a
    // contact item.
    if (!found && (line.section === null || line.section === 'contact' || inLinks))
      for (const segment of segmentsOf(line))
        if (BARE_DOMAIN.test(segment) && !foreign(segment)) urls.push(segment)
  })
  // Link annotations name profiles; a bare annotated site may be anywhere in the text.
  for (const link of links)
    if (/linkedin|github|gitlab|behance|dribbble|xing/i.test(link)) urls.push(link)
  const profiles: JsonResumeProfile[] = []
  for (const raw of urls) {
    if (raw.includes('@')) continue
    const profile = profileFor(raw)
    if (!profile) continue
    if ('network' in profile) {
      if (!profiles.some((p) => p.network === profile.network)) profiles.push(profile)
    } else if (!basics.url && !/mailto|linkedin|github/i.test(profile.url)) {
      basics.url = profile.url
    }
  }
  if (basics.url && basics.email && basics.url.includes(basics.email.split('@')[1]!)) {
    // an email domain is not a website
  }
  if (profiles.length) basics.profiles = profiles
  // Label: the line under the name, when it is not contact details.
  if (nameLine && !basics.label) {
    const index = lines.indexOf(nameLine)
    const next = lines[index + 1]
    if (
      next &&
      !next.heading &&
      next.section === nameLine.section &&
      next.parts.length === 1 &&
      !EMAIL.test(next.text) &&
      !phoneIn(next.text) &&
      !URL.test(next.text) &&
      !looksLikePlace(next.text) &&
      next.text.split(/\s+/).length <= 14
    )
      basics.label = clean(next.text)
    URL.lastIndex = 0
  }
  // Location: a place among the contact segments, else a labelled one in a profile table above
  // the first entries ("Location: Toronto, ON" under an agency's "Candidate: …").
  const firstEntries = all.findIndex((line) =>
    ['experience', 'education'].includes(line.section ?? ''),
  )
  const placeLines = [
    ...contactLines,
    ...all
      .slice(0, firstEntries < 0 ? all.length : firstEntries)
      .filter((line) => line.section !== null && PLACE_LABEL.test(line.text)),
  ]
  outer: for (const strict of [true, false]) {
    // The item before, on this line or the contact line right above it (a Details block's
    // "Bilbao, Bizkaia" over "Spain").
    let before: { value: string; line: SectionLine } | undefined
    for (const line of placeLines) {
      const segments = segmentsOf(line)
      // The name's own line only when contact items sit beside the name ("Aisha Khan ⌂ Toronto").
      if (line === nameLine && segments.length < 2) continue
      const contactish = !strict && (segments.length > 1 || line.section === 'contact')
      for (const segment of segments) {
        const previous = before
        before = undefined
        // A labelled item ("Home: Toronto, ON", "Domicilio: Ciudad de México"): the value.
        const value = segment.replace(/^[\p{L}][\p{L} '’.-]{1,30}:\s*(?=\S)/u, '')
        if (EMAIL.test(value) || phoneIn(value) || /\d/.test(value)) continue
        if (value === basics.label || value === basics.name) continue
        // The name's initials in a photo circle ("EG" for Elena García López) are no country.
        if (isInitials(value, basics.name)) continue
        if (looksLikePlace(value, contactish)) {
          const place = placeBeforeCountry(previous, value, line, lines)
          basics.location = parseLocation(place ? `${place}, ${value}` : value)
          break outer
        }
        before = { value, line }
      }
    }
  }
  const summary = lines
    .filter((line) => line.section === 'summary' && !line.heading)
    .map((line) => line.text)
  if (summary.length) basics.summary = clean(summary.join(' '))
  return basics
}

/** "EG", "EGL" for "Elena García López": a person's initials (all words', or first and last). */
function isInitials(value: string, name: string | undefined): boolean {
  if (!name || !/^\p{Lu}{2,4}$/u.test(value)) return false
  const initials = name
    .split(/[\s-]+/u)
    .map((word) => word.normalize('NFKD').charAt(0).toUpperCase())
    .filter((letter) => /\p{Lu}/u.test(letter))
  if (initials.length < 2) return false
  const firstLast = `${initials[0]!}${initials.at(-1)!}`
  return (
    value === initials.join('') || value === firstLast || value === initials.slice(0, 2).join('')
  )
}

/**
 * A country named alone after a place ("Bilbao, Bizkaia" / "Spain" in a sidebar's Details block,
 * "Leeds · United Kingdom"): the place before it, on the same line or on the line right above in
 * the same section, is the city; the country alone is no city.
 */
function placeBeforeCountry(
  previous: { value: string; line: SectionLine } | undefined,
  value: string,
  line: SectionLine,
  lines: SectionLine[],
): string | undefined {
  if (!previous || !countryCode(value) || value.includes(',')) return undefined
  if (countryCode(previous.value) || !looksLikePlace(previous.value, true)) return undefined
  if (previous.line !== line) {
    const above = lines[lines.indexOf(line) - 1]
    if (above !== previous.line || above.section !== line.section || above.page !== line.page)
      return undefined
    if (line.y - above.y > line.size * 2.5) return undefined
  }
  return previous.value
}

/** The lines under a heading that names links ("Links", "Websites"), whatever its section. */
function linksBlockLines(lines: SectionLine[]): Set<SectionLine> {
  const found = new Set<SectionLine>()
  let open = false
  for (const line of lines) {
    if (line.heading) open = LINKS_HEADING.test(line.text.trim())
    else if (open) found.add(line)
  }
  return found
}

const LINKS_HEADING = /^(?:links|websites?|web|online|portfolio|social(?: media)?)$/iu

/** A bare domain as a whole contact item, any top-level domain but a file's extension. */
const BARE_DOMAIN =
  /^(?:https?:\/\/)?(?:www\.)?[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?!(?:js|ts|jsx|tsx|py|rb|rs|go|sh|md|txt|pdf|docx?|net|exe|css|html?)$)[a-z]{2,24}(?:\/[^\s]*)?$/u

/** A labelled place: "Location: Toronto, ON", "Address: …", "Based in: …". */
const PLACE_LABEL =
  /^(?:location|address|based in|residence|home|wohnort|adresse|ville|ciudad)\s*:\s*\S/iu

/** A line naming who presents the candidate: an agency's consultant, not the candidate. */
const PRESENTED_BY =
  /\b(?:presented|submitted|prepared|represented|introduced|put forward)\s+by\b|\b(?:consultant|recruiter)\s*:|\bregistered in (?:england|scotland|wales|northern ireland|ireland)\b|\b(?:company|registration|reg\.?)\s+(?:no|number)\b/iu

const agencyCache = new WeakMap<SectionLine[], Set<SectionLine>>()

/**
 * The lines of an agency's own contact: a "Presented by <consultant>" line (or a footer with the
 * agency's registration number) and the contact-only lines set right under it (the consultant's
 * phone and email). An agency's reformatted CV removes the candidate's contact; its own is not
 * the candidate's.
 */
function agencyLines(lines: SectionLine[]): Set<SectionLine> {
  const cached = agencyCache.get(lines)
  if (cached) return cached
  const found = new Set<SectionLine>()
  lines.forEach((line, index) => {
    if (!PRESENTED_BY.test(line.text)) return
    found.add(line)
    for (const next of lines.slice(index + 1, index + 4)) {
      if (next.page !== line.page || next.y - line.y > line.size * 3) break
      const segments = segmentsOf(next)
      if (!segments.length) break
      if (!segments.every((segment) => EMAIL.test(segment) || phoneIn(segment) !== undefined))
        continue
      found.add(next)
    }
  })
  agencyCache.set(lines, found)
  return found
}

/** The agency's lines and the domains of their emails and sites (the agency's, anywhere). */
function agencyContact(lines: SectionLine[]): { lines: Set<SectionLine>; domains: string[] } {
  const found = agencyLines(lines)
  const domains = new Set<string>()
  for (const line of found) {
    for (const match of line.text.matchAll(new RegExp(EMAIL.source, 'giu')))
      domains.add(match[0].split('@')[1]!.toLowerCase())
    URL.lastIndex = 0
    for (const match of line.text.replace(EMAIL, ' ').matchAll(URL)) {
      const host = /^(?:https?:\/\/)?(?:www\.)?([^/\s]+)/iu.exec(match[0])?.[1]
      if (host) domains.add(host.toLowerCase())
    }
  }
  // Webmail and profile hosts are everyone's: never the agency's alone.
  const shared =
    /^(?:gmail|googlemail|outlook|hotmail|yahoo|icloud|proton|gmx|web|linkedin|github)\./u
  return { lines: found, domains: [...domains].filter((domain) => !shared.test(domain)) }
}

// ---------------------------------------------------------------- entries

interface Entry {
  header: string[]
  /** Header lines' chunks, split on separators. */
  pieces: string[]
  startDate?: string
  endDate?: string
  current: boolean
  highlights: string[]
  location?: string
}

function isHeaderish(row: Row, bodySize: number): boolean {
  if (row.bullet) return false
  const words = row.text.split(/\s+/).length
  // A school's line may run long ("The University of Texas at Austin — Bachelor of Business
  // Administration in Management Information Systems").
  const school = hasDegree(row.text) || INSTITUTION_WORDS.test(row.text)
  if (words > (school ? 20 : 14)) return false
  if (/[.!?]$/.test(row.text) && words > 6) return false
  // (In plain type too, when it names both the school and the degree, a dash between them.)
  const both =
    hasDegree(row.text) && INSTITUTION_WORDS.test(row.text) && /\s[—–|]\s/u.test(row.text)
  return row.line.bold || row.line.size > bodySize + 0.4 || words <= (both ? 20 : 10)
}

/** Marks a piece the splitting recognised as a place ("Sydney, NSW" after a company). */
const PLACE_MARK = '\u2063'
const isPlacePiece = (piece: string) => piece.startsWith(PLACE_MARK) || looksLikePlace(piece)
/** Marks a piece written as a title ("Title @ Company", "Title at Company"). */
const TITLE_MARK = '\u2064'
const unmark = (piece: string) => piece.replace(PLACE_MARK, '').replace(TITLE_MARK, '')

const roleOf = (text: string) =>
  TITLE_WORDS.test(text)
    ? 'title'
    : hasDegree(text)
      ? 'degree'
      : INSTITUTION_WORDS.test(text)
        ? 'school'
        : LEGAL_FORMS.test(text)
          ? 'company'
          : null

const REGIONISH = (text: string) => /^[A-Z]{2,3}$/.test(text) || countryCode(text) !== undefined
/** A place without its state or country code ("Olive Branch, MS" → "Olive Branch": "MS" is no degree there). */
const placeHead = (text: string) => {
  const parts = text.split(/,\s*/u)
  return parts.length >= 2 && REGIONISH(parts.at(-1)!.trim()) ? parts.slice(0, -1).join(', ') : text
}

/** A whole text that is a place: "Berlin", "Chicago, IL", "Lyon, France", "Austin, TX, USA". */
function isPlaceText(text: string): boolean {
  if (!looksLikePlace(text) || roleOf(text)) return false
  const parts = text.split(/,\s+/)
  if (parts.length === 1) return true
  // "Town, Town" is a place only for a short town name that does not end with the other one:
  // "CHU de Bordeaux, Bordeaux", "Estudio Ribera Arquitectos, Valencia" are a name and its town.
  if (parts.length === 2)
    return (
      REGIONISH(parts[1]!) ||
      (looksLikePlace(parts[0]!, true) &&
        parts[0]!.split(/\s+/u).length <= 2 &&
        !parts[0]!.toLowerCase().endsWith(` ${parts[1]!.toLowerCase()}`))
    )
  return parts.length === 3 && REGIONISH(parts[1]!) && REGIONISH(parts[2]!)
}

/** Words that open a city's name of several words ("New York", "San José", "Le Mans"). */
const CITY_PREFIX =
  /^(?:new|san|santa|santo|são|los|las|saint|st\.?|sankt|rio|buenos|hong|tel|kuala|cape|salt|port|le|la|el|den|bad|fort|mexico|ciudad)$/iu
const CITY_JOINER = /^(?:de|del|da|do|la|le|am|an|der|sur|upon|on|im)$/u

/**
 * "Acme Corp Toronto, ON", "Deutsche Bank Frankfurt am Main, Germany": an organisation's name
 * (one that cannot be a place) followed by "City, ST" or "City, Country" in one run of text. The city is the last capitalised word, with the words that
 * open a city's name before it ("New York", "Ciudad de México").
 */
function splitTrailingCity(head: string): [string, string] | null {
  const words = head.split(/\s+/)
  if (words.length < 2) return null
  let start = words.length - 1
  if (!/^\p{Lu}/u.test(words[start]!)) return null
  while (start > 0) {
    const before = words[start - 1]!
    if (CITY_JOINER.test(before) && start - 2 >= 0 && /^\p{Lu}/u.test(words[start - 2]!)) start -= 2
    else if (CITY_PREFIX.test(before)) start -= 1
    else break
  }
  const name = words.slice(0, start).join(' ')
  const city = words.slice(start).join(' ')
  if (!name || roleOf(city) || !looksLikePlace(city, true)) return null
  return [name, city]
}

/** "Title, Company, City, ST" → the title, the company and the place (marked). */
/** A market a role covers, written after the title ("Sales Director, APAC"): part of the title. */
const MARKET = /^(?:APAC|EMEA|DACH|LATAM|AMER|AMERICAS|NORAM|MEA|CEE|APJ|ANZ|Nordics|Benelux)$/u

/** A department or function a title names after its comma ("Director, Treasury Operations"). */
const DEPARTMENT =
  /^(?:[\p{Lu}&][\p{L}&-]*\s+){0,3}(?:operations|finance|sales|marketing|engineering|strategy|treasury|payments|risk|compliance|human resources|analytics|procurement|supply chain|quality|audit|tax|legal|accounts|business development|customer success)$/iu

/** A ward, unit or course after a title's comma: "Cardiac Step-Down Unit", "Medical-Surgical", "CS 136". */
const UNIT =
  /^(?:[\p{Lu}&][\p{L}&-]*\s+){0,3}(?:unit|ward|icu|department|medical-surgical|surgical|pediatrics|paediatrics|oncology|cardiology|emergency)$|^(?:\p{Lu}{2,5})\s?\d{2,4}[A-Z]?$/iu

function splitCommas(piece: string): string[] {
  let parts = piece.split(/,\s+/).map((part) => part.trim())
  for (let i = parts.length - 1; i > 0; i--)
    if (MARKET.test(parts[i]!) && TITLE_WORDS.test(parts[i - 1]!))
      parts.splice(i - 1, 2, `${parts[i - 1]!}, ${parts[i]!}`)
  // "Director, Treasury Operations, Northern Trust": a title's department, a name after it.
  for (let i = parts.length - 2; i > 0; i--)
    if (DEPARTMENT.test(parts[i]!) && !roleOf(parts[i]!) && TITLE_WORDS.test(parts[i - 1]!))
      parts.splice(i - 1, 2, `${parts[i - 1]!}, ${parts[i]!}`)
  if (parts.length === 1) return parts
  // "Shopify Toronto, ON": the name and a place run together before the region or country.
  if (parts.length === 2 && REGIONISH(parts[1]!) && !looksLikePlace(piece)) {
    const split = splitTrailingCity(parts[0]!)
    if (split) return [split[0], `${PLACE_MARK}${split[1]}, ${parts[1]}`]
  }
  let place: string | undefined
  for (const k of [2, 1]) {
    if (parts.length <= k) continue
    const tail = parts.slice(-k)
    const last = tail.at(-1)!
    const code = /^[A-Z]{2,3}$/.test(last) || countryCode(last) !== undefined
    const ok =
      k === 2
        ? code && looksLikePlace(tail.join(', ')) && !roleOf(tail[0]!)
        : (countryCode(last) !== undefined ||
            /^(remote|hybrid|remoto|télétravail)$/i.test(last) ||
            (parts.length >= 3 && looksLikePlace(last, true))) &&
          !roleOf(last)
    if (ok) {
      place = tail.join(', ')
      parts = parts.slice(0, -k)
      break
    }
  }
  const out: string[] = []
  if (parts.length === 1) out.push(parts[0]!)
  else {
    const roles = parts.map(roleOf)
    const first = roles[0]
    const last = roles.at(-1)
    if ((first === 'title' || first === 'degree') && last !== first)
      out.push(parts.slice(0, -1).join(', '), parts.at(-1)!)
    else if ((last === 'title' || last === 'degree') && first !== last)
      out.push(parts[0]!, parts.slice(1).join(', '))
    else if (parts.length === 2 && looksLikePlace(parts[1]!, true) && !roles[1]) {
      out.push(parts[0]!)
      place = place ? `${parts[1]}, ${place}` : parts[1]
    } else out.push(...parts)
  }
  if (place) out.push(PLACE_MARK + place)
  return out
}

export function splitPieces(text: string): string[] {
  return (
    text
      .split(/\s+[|·•◦⋅∙]\s+|\s*\|\s*|\s{2,}/u)
      // A sentence's full stop after the last piece ("Analyst, Shopify, Toronto, ON."), not an
      // abbreviation's ("Acme Inc.", "S.A.").
      .map((whole) => whole.replace(/(?<!\b(?:Inc|Ltd|Co|Corp|Jr|Sr|St|Bros|[\p{Lu}]))\.$/u, ''))
      .flatMap((whole, _, wholes): string[] => {
        // "Northern Trust | Director, Treasury Operations": beside a name in its own cell, a
        // title's comma opens its department ("Senior Manager, Payment Operations"), not another
        // field: a department after it, no title in the other cells.
        const qualified = /^([^,]+),\s+([^,]+)$/u.exec(whole)
        // So is a unit or a course after a title's comma, beside a name or dates only ("Charge
        // Nurse, Cardiac Step-Down Unit", "Teaching Assistant, CS 136").
        const named = wholes.filter((other) => !findDateRange(other) || other === whole)
        if (
          qualified &&
          named.length <= 2 &&
          TITLE_WORDS.test(qualified[1]!) &&
          !roleOf(qualified[2]!) &&
          UNIT.test(qualified[2]!) &&
          !looksLikePlace(qualified[2]!) &&
          named.every(
            (other) => other === whole || (!TITLE_WORDS.test(other) && !looksLikePlace(other)),
          )
        )
          return [TITLE_MARK + whole]
        if (
          qualified &&
          wholes.length === 2 &&
          TITLE_WORDS.test(qualified[1]!) &&
          !roleOf(qualified[2]!) &&
          DEPARTMENT.test(qualified[2]!) &&
          wholes.every(
            (other) => other === whole || (!TITLE_WORDS.test(other) && !findDateRange(other)),
          )
        )
          return [TITLE_MARK + whole]
        // "…, University of Manitoba, Winnipeg, MB — GPA 4.1/4.5": the grade after a dash is a
        // piece of its own, so the dash splits nothing before it.
        const graded = /^(.+?)\s+[–—]\s+((?:GPA|CGPA|Grade|Score)\b[^–—]*)$/iu.exec(whole)
        if (graded) return [...splitPieces(graded[1]!), graded[2]!]
        // "Shopify (Toronto, ON)": a place in brackets after a name.
        const bracket = /^(.*?)\s*\(([^()]+)\)$/u.exec(whole)
        if (bracket && looksLikePlace(bracket[2]!, true) && !roleOf(placeHead(bracket[2]!)))
          return [...(bracket[1] ? splitPieces(bracket[1]) : []), PLACE_MARK + bracket[2]!]
        const piece = whole
        // "MSc Data Science at / from TU Delft": a degree and its school.
        const from = /^(.+?)\s+(?:at|from|@|an der|am|à l['’]|à|en la|de la)\s+(.+)$/u.exec(piece)
        if (from && hasDegree(from[1]!) && INSTITUTION_WORDS.test(from[2]!))
          return [from[1]!, ...splitCommas(from[2]!)]
        const at = /^(.+?)\s+(@|at|bei|chez)\s+(.+)$/u.exec(piece)
        // A title that is also a degree ("Ingénieur", "Ingeniero") still works at a company; a
        // degree at a school was taken above. "bei" / "chez" name an employer after any short
        // title, known word or not ("Recruiterin bei Airbus", "Masseur-kinésithérapeute chez …").
        const atTitle =
          at &&
          (at[2] === '@' ||
            TITLE_WORDS.test(at[1]!) ||
            (/^(?:bei|chez)$/u.test(at[2]!) && at[1]!.split(/\s+/u).length <= 4) ||
            // Resume.io's "Team Member at Tim Hortons, Winnipeg": a short capitalised title,
            // known word or not, before a capitalised name.
            (at[2] === 'at' &&
              at[1]!.split(/\s+/u).length <= 4 &&
              /^\p{Lu}/u.test(at[1]!) &&
              /^\p{Lu}/u.test(at[3]!) &&
              !/\d/u.test(at[1]!) &&
              !looksLikePlace(at[1]!))) &&
          !INSTITUTION_WORDS.test(at[1]!) &&
          !(hasDegree(at[1]!) && (!TITLE_WORDS.test(at[1]!) || INSTITUTION_WORDS.test(at[3]!)))
        if (at && atTitle) {
          // "… at Tim Hortons, Steinbach, MB": the employer to the first comma, then its place.
          const [employer, place] = [at[3]!.split(/,\s+/u)[0]!, at[3]!.split(/,\s+/u).slice(1)]
          const town = place.join(', ')
          if (
            place.length > 0 &&
            !INSTITUTION_WORDS.test(at[3]!) &&
            looksLikePlace(town, true) &&
            !roleOf(town) &&
            !looksLikePlace(employer)
          )
            return [TITLE_MARK + at[1]!, employer, PLACE_MARK + town]
          return [TITLE_MARK + at[1]!, ...splitCommas(at[3]!)]
        }
        // Spanish "en" before the employer ("Analista de datos en Telefónica"), weaker: it also
        // names a field ("Grado en Ingeniería"), so only a title before a capitalised name.
        const en = /^(.+?)\s+en\s+(\p{Lu}.+)$/u.exec(piece)
        const enTitle =
          en &&
          TITLE_WORDS.test(en[1]!) &&
          !INSTITUTION_WORDS.test(en[1]!) &&
          !INSTITUTION_WORDS.test(en[2]!) &&
          !hasDegree(en[2]!) &&
          (!hasDegree(en[1]!) || en[1]!.split(/\s+/u).length >= 2)
        if (en && enTitle) return [TITLE_MARK + en[1]!, ...splitCommas(en[2]!)]
        // "Company, City — Title": a place after the company's comma closes its side, whatever
        // dash the name holds ("Charité – Universitätsmedizin Berlin, Berlin — Pflegerin").
        const placed = /^(.+?),\s+([^,]+(?:,\s+[^,]+)?)\s+[–—]\s+([^–—]+)$/u.exec(piece)
        if (placed) {
          const [head, place, right] = [placed[1]!, placed[2]!, placed[3]!]
          const isPlace = looksLikePlace(place, true) && !roleOf(place)
          const headIsName = !TITLE_WORDS.test(head) || TITLE_WORDS.test(right)
          if (isPlace && headIsName && !isPlaceText(right)) return [head, PLACE_MARK + place, right]
        }
        const dash = /^(.+?)\s+[–—-]\s+(.+)$/u.exec(piece)
        if (dash) {
          const [left, right] = [dash[1]!, dash[2]!]
          if (looksLikePlace(right, true) && !looksLikePlace(left) && !roleOf(right))
            return [...splitCommas(left), PLACE_MARK + right]
          // A dash inside a comma list is part of a name ("Nurse, Charité – Universitätsmedizin"),
          // unless the title stands alone after it ("Shopify, Toronto, ON — Data Analyst").
          if (!left.includes(',') && TITLE_WORDS.test(left) !== TITLE_WORDS.test(right))
            return [left, ...splitCommas(right)]
          if (!right.includes(',') && TITLE_WORDS.test(right) && !TITLE_WORDS.test(left))
            return [...splitCommas(left), right]
          // "FH Technikum Wien — Bachelor of Science, Elektronik": a name before a dash, the
          // degree (and its field) after it.
          if (degreeMatch(right)?.index === 0 && !hasDegree(left) && /^\p{Lu}/u.test(left))
            return [...splitCommas(left), right]
          // "Bachelor of Science – University of Toronto": two roles either side of the dash.
          const [l, r] = [roleOf(left), roleOf(right)]
          if (l && r && l !== r) return [...splitCommas(left), ...splitCommas(right)]
        }
        // "HR Operations Manager • Intercom, Dublin • June 2021 – Present": a title and one
        // other cell between bullets (or middle dots), that cell "Name, Town": the employer
        // before the comma, its town after it (read whole, it has the shape of "Town, Town").
        const employerTown = /^([^,]+),\s+([^,]+)$/u.exec(piece)
        if (
          employerTown &&
          /\s[·•◦⋅∙]\s/u.test(text) &&
          named.length === 2 &&
          named.some((other) => other !== whole && TITLE_WORDS.test(other)) &&
          !TITLE_WORDS.test(piece) &&
          !REGIONISH(employerTown[2]!) &&
          !roleOf(employerTown[2]!) &&
          looksLikePlace(employerTown[2]!, true)
        )
          return [employerTown[1]!, PLACE_MARK + employerTown[2]!]
        if (isPlaceText(piece)) return [PLACE_MARK + piece]
        return splitCommas(piece)
      })
      .map((piece) =>
        /^[\u2063\u2064]/.test(piece) ? piece[0]! + clean(piece.slice(1)) : clean(piece),
      )
      .filter((piece) => unmark(piece).length > 0)
  )
}

/**
 * A header text's pieces around its date: "Seit 2018 · Zürich" puts a place after the date, so
 * a lone name there is the place even when it is not known as one.
 */
/**
 * A completion word before a school's date: "concluído em", "completed in", "abgeschlossen";
 * or the word that makes it a date to come ("Expected Apr 2028", "voraussichtlich 2027").
 */
const COMPLETED_BEFORE_DATE =
  /(?:^|[\s–—,|·-]+)(?:conclu[íi]d[oa]|completed|graduated|finished|expected|anticipated|voraussichtlich|prévue?|previst[oa]|abgeschlossen|obtenue?|termin[ée]e?|ukończon[eoay]|finalizad[oa]|graduad[oa]|formad[oa]|diplômée?)(?:\s+(?:em|in|en|w|im|on|au|el|le))?$/iu

function piecesAround(text: string): string[] {
  const range = findDateRange(text)
  if (!range) return splitPieces(text)
  // "Title, Company, City (2019–2021)": the brackets go with the date.
  // A separator left before the date ("Chicago, IL · Sep 2016") goes too.
  // So does a completion word that introduces the date ("– concluído em 2017", "completed in").
  const before = splitPieces(
    text
      .slice(0, range.index)
      .replace(/[\s([·|•]+$/u, '')
      .replace(COMPLETED_BEFORE_DATE, '')
      .replace(/[\s([·|•]+$/u, ''),
  )
  const after = afterDate(text, range).replace(/^\s*[)\]]/u, '')
  // "Chicago, Illinois | Mar 2023 – Present", "Bordeaux | Oct 2018 – Present": a line of its own
  // that is a place and its dates, the bar between, nothing after; the header above names the
  // job. (A name that reads as a place and as nothing else: no role, no title.)
  const lead = /^\s*([^|·•]+?)\s+[|·•]\s*$/u.exec(text.slice(0, range.index))?.[1]
  if (
    lead &&
    !after.trim() &&
    looksLikePlace(lead, true) &&
    !roleOf(placeHead(lead)) &&
    !/\d/u.test(lead) &&
    lead.split(/,\s*/u).length <= 2
  )
    return [PLACE_MARK + lead]
  // After a separator, or alone in its own cell right of the date ("06/2020 - Presente   Madrid").
  const place = /^(?:\s*[·|•,–—-]|\s{2,})\s*(.+)$/u.exec(after)?.[1]?.trim()
  if (place && looksLikePlace(place, true) && !roleOf(place) && !place.includes('  '))
    return [...before, PLACE_MARK + place]
  return [...before, ...splitPieces(after)]
}

/**
 * A row's pieces. The last cell of a date line, set far right of the date ("06/2020 - Presente"
 * … "Madrid" at the column's edge), is a place when it reads as one, known or not; a name right
 * beside a date cell (a timeline's gutter) stays a name.
 */
function rowPieces(row: Row): string[] {
  const texts = partTexts(row)
  const parts = row.line.parts
  return texts.flatMap((text, i) => {
    const last = parts[i - 1]
    const part = parts[i]!
    // Or, nearer, a cell set in the date's own type after a word gap ("March 2019 – Ongoing"
    // · pin · "Bergen" on one small line): a title or a company set beside a date has its own.
    const dateStyled =
      last !== undefined &&
      Math.abs(part.size - last.size) < 0.3 &&
      part.bold === last.bold &&
      part.italic === last.italic &&
      part.x0 - last.x1 > 1.5 * part.size
    const placeCell =
      texts.length === parts.length &&
      i === parts.length - 1 &&
      i > 0 &&
      findDateRange(last!.text) !== null &&
      (part.x0 - last!.x1 > 6 * part.size || (dateStyled && i === 1)) &&
      !findDateRange(text) &&
      looksLikePlace(text, true) &&
      !roleOf(text)
    return placeCell ? [PLACE_MARK + text] : piecesAround(text)
  })
}

/** A tenure alone on its line ("10 years 7 months", "8 months"): how long, at one company. */
const TENURE =
  /^\(?\d+\s+(?:years?|yrs?)(?:\s+\d+\s+(?:months?|mos?))?\)?$|^\(?\d+\s+(?:months?|mos?)\)?$/iu

function entriesOf(lines: SectionLine[], bodySize: number, education: boolean): Entry[] {
  // Roles nested under one company (LinkedIn): the company once, its whole tenure under it, then
  // each role's title over its dates. The tenure line goes; the company line heads the group.
  const all = rowsOf(lines)
  const groupRows = new Set<Row>()
  const rows = all.filter((row, index) => {
    const above = all[index - 1]
    const tenure =
      !education &&
      TENURE.test(row.text.trim()) &&
      above !== undefined &&
      !above.bullet &&
      !findDateRange(above.text) &&
      !TENURE.test(above.text.trim())
    if (tenure) groupRows.add(above)
    return !tenure
  })
  const anchors: number[] = []
  rows.forEach((row, index) => {
    if (row.bullet) return
    const range = findDateRange(row.text)
    if (!range) return
    const rest = withoutDate(row.text, range)
    // A lone year inside running words ("Moved 120 courses onto Moodle during the 2020
    // closures", a bullet wrapped onto a line of its own) is no entry's date.
    const lone = !range.endDate && !range.current && /^\d{4}$/u.test(range.startDate ?? '')
    // So is one after a lower-case word with more words after its comma or bracket ("Finished
    // 128% of target in 2021, top of a team of 11", "renewal of 2024 (£610k over three years)").
    if (lone && /\p{Ll}\s+(?:19|20)\d{2}(?:\s+\p{Ll}|,\s+\p{Ll}|\s+\(\S)/u.test(row.text)) return
    // "… since 2023" closing a sentence ("Literacy leader for the junior school since 2023", a
    // bullet without its mark): running words in lower case before it, no date of its own cell.
    const since = /^(\S.*\p{Ll})\s+(?:since|seit|depuis|desde|sinds)\s+\S+(?:\s+\S+)?$/iu.exec(
      row.text.trim(),
    )
    if (
      since &&
      range.current &&
      !range.endDate &&
      since[1]!.split(/\s+/u).filter((word) => /^\p{Ll}/u.test(word)).length >= 2
    )
      return
    const school = education && (hasDegree(rest) || INSTITUTION_WORDS.test(rest))
    if (rest.split(/\s+/).length > (school ? 24 : 12)) return
    anchors.push(index)
  })
  // A company line over its roles (an executive resume): `COMPANY · City ‖ 2012 – Present`, maybe
  // a line describing the company, then each role's title with its own years in brackets
  // ("Vice President, Manufacturing Operations (2019 – Present)"), every role within the span.
  // The company line is no entry of its own: it names the employer (and place) of each role.
  const companyOf = new Map<Row, Row>()
  const companyRows = new Set<Row>()
  if (!education) {
    for (let k = 0; k < anchors.length; k++) {
      const row = rows[anchors[k]!]!
      const span = findDateRange(row.text)
      if (!span?.startDate || /\(\s*[^()]*\d{4}[^()]*\)\s*$/u.test(row.text)) continue
      const roles: number[] = []
      for (let m = k + 1; m < anchors.length; m++) {
        const role = rows[anchors[m]!]!
        const range = findDateRange(role.text)
        const bracketed = /^(.*\S)\s*\(\s*[^()]*\d{4}[^()]*\)\s*$/u.exec(role.text)
        const within =
          range?.startDate !== undefined &&
          range.startDate >= span.startDate.slice(0, 4) &&
          (span.current ||
            (!range.current && (range.endDate ?? range.startDate) <= (span.endDate ?? '')))
        if (!bracketed || !within || role.bullet) break
        roles.push(m)
      }
      // Between the company line and its first role: a description line at most, no bullet.
      const gap = roles.length ? rows.slice(anchors[k]! + 1, anchors[roles[0]!]) : []
      if (!roles.length || gap.length > 1 || gap.some((r) => r.bullet)) continue
      for (const m of roles) companyOf.set(rows[anchors[m]!]!, row)
      companyRows.add(row)
      anchors.splice(k, 1)
      k += roles.length - 1
    }
  }
  if (education && anchors.length === 0) {
    rows.forEach((row, index) => {
      if (!row.bullet && INSTITUTION_WORDS.test(row.text)) anchors.push(index)
    })
  }
  const entries: Entry[] = []
  // How many header lines an entry needs besides its date line: two roles (company and title,
  // or school and degree), less those the date line itself holds.
  // A date line that gives the place in a cell of its own ("Sep 2022 — Present   Bilbao" under
  // "Técnico, Instalaciones Ebro"): the lines above it name no place, so a name shaped like one
  // ("Instalaciones Ebro", "CHU de Bordeaux", "Arquitecta, Estudio Ribera") is a role there.
  const placeCellOf = (row: Row) => {
    if (education) return false
    const pieces = rowPieces(row)
    return pieces.length > 0 && pieces.every((piece) => piece.startsWith(PLACE_MARK))
  }
  // "INTERCOM · DUBLIN ‖ 2021 – Present" over a bold title line: a name, a middle dot (or bar),
  // then one name that may be a town, neither a title: the company and its place.
  const dotPlaces = new Map<Row, string>()
  if (!education)
    rows.forEach((row, index) => {
      const range = findDateRange(row.text)
      if (!range || row.bullet || !row.line.bold) return
      const split = /^(.+?)\s+[·•|]\s+([^·•|]+?)[\s·•|(]*$/u.exec(row.text.slice(0, range.index))
      if (!split) return
      const [head, tail] = [split[1]!.trim(), split[2]!.trim()]
      if (TITLE_WORDS.test(tail) || roleOf(placeHead(tail))) return
      const town = tail.replace(/\s*\([^()]+\)$/u, '')
      if (!looksLikePlace(town, true) || looksLikePlace(head) || /\d/u.test(tail)) return
      // The title under it, in bold (after the company's description line, if any).
      const below = [rows[index + 1], rows[index + 2]]
      const titleRow = below[0] && !below[0].line.bold ? below[1] : below[0]
      // (Under a company line over its roles, the role's line says it whatever its weight.)
      if (!titleRow || titleRow.bullet || (!titleRow.line.bold && !companyRows.has(row))) return
      // A title before the dot ("Data Analyst · Shopify") when the line under it is none; a
      // firm's legal form ("Brandt & Partner") or working freelance is no title there.
      const headTitle =
        TITLE_WORDS.test(head) && !LEGAL_FORMS.test(head) && !SELF_EMPLOYED.test(head)
      if (headTitle && !TITLE_WORDS.test(titleRow.text)) return
      const titleRange = findDateRange(titleRow.text)
      if (titleRange && !/\(\s*[^()]*\d{4}[^()]*\)\s*$/u.test(titleRow.text)) return
      dotPlaces.set(row, clean(tail))
    })
  const piecesOf = (row: Row) => {
    const tail = dotPlaces.get(row)
    const pieces = rowPieces(row)
    if (tail === undefined) return pieces
    // The town's pieces ("BOSTON" and "MA", "HALLE" and "SAALE") are one place piece.
    const inTail = (piece: string) => tail.includes(unmark(piece))
    const first = pieces.findIndex(inTail)
    return first < 0
      ? pieces
      : [
          ...pieces.slice(0, first).filter((p) => !inTail(p)),
          PLACE_MARK + tail,
          ...pieces.slice(first).filter((p) => !inTail(p)),
        ]
  }
  const headerPieces = (row: Row, placed: boolean) =>
    placed && !row.bullet && !findDateRange(row.text)
      ? piecesOf(row).flatMap((piece) =>
          piece.startsWith(PLACE_MARK) ? unmark(piece).split(/,\s+/u) : [piece],
        )
      : piecesOf(row)
  const needOf = (row: Row, placed = false) => {
    // ("Máster, Logística Integral" has the shape of "Town, Region": a degree names no place.)
    const pieces = headerPieces(row, placed).filter(
      (piece) => !isPlacePiece(piece) || (education && hasDegree(unmark(piece))),
    )
    if (pieces.length === 0) return 2
    if (education) {
      const degree = pieces.some((piece) => hasDegree(piece))
      // "Bachelor of Science, Elektronik, FH Technikum Wien": a short name last, after a degree
      // and its field, is the school (read as a town by its shape).
      const all = rowPieces(row)
      const school =
        pieces.some((piece) => INSTITUTION_WORDS.test(piece)) ||
        (degree &&
          all.length === 3 &&
          hasDegree(all[0]!) &&
          all[2]!.startsWith(PLACE_MARK) &&
          !findDateRange(row.text))
      if (school || degree) return 2 - Number(school) - Number(degree)
      return Math.max(0, 2 - pieces.length)
    }
    const title = pieces.some((piece) => TITLE_WORDS.test(piece))
    if (title && pieces.length === 1) return 1
    return Math.max(0, 2 - pieces.length)
  }
  // Date first (a date column on the left, or dates above the title): the header follows the date.
  // (A group's company line is where its first role's entry starts.)
  const firstAnchor = anchors[0]
  const firstCompany = firstAnchor === undefined ? undefined : companyOf.get(rows[firstAnchor]!)
  const first = firstCompany ? rows.indexOf(firstCompany) : firstAnchor
  const dateFirst =
    first !== undefined &&
    needOf(rows[first]!) > 0 &&
    !rows.slice(0, first).some((row) => isHeaderish(row, bodySize)) &&
    rows.slice(first + 1, first + 3).some((row) => isHeaderish(row, bodySize))
  let boundary = -1
  let group: Row | null = null
  anchors.forEach((anchor, k) => {
    const row = rows[anchor]!
    const range = findDateRange(row.text)
    const next = anchors[k + 1] ?? rows.length
    const companyRow = companyOf.get(row)
    if (companyRow) {
      // A role under its company's line: the title before its bracketed years, the company's
      // names and place from its line; the body runs to the next role or company line.
      const title = /^(.*\S)\s*\(\s*[^()]*\d{4}[^()]*\)\s*$/u.exec(row.text)![1]!
      let end = next
      for (let j = anchor + 1; j < next; j++)
        if (companyRows.has(rows[j]!)) {
          end = j
          break
        }
      if (end === next && !dateFirst && k + 1 < anchors.length && !companyOf.has(rows[next]!)) {
        let taken = 0
        const nextNeed = needOf(rows[next]!)
        for (let j = next - 1; j > anchor && taken < nextNeed; j--) {
          if (!isHeaderish(rows[j]!, bodySize)) break
          taken++
          end = j
        }
      }
      const company = headerPieces(companyRow, false)
      const place = company.find((piece) => piece.startsWith(PLACE_MARK))
      const body = rows.slice(anchor + 1, end)
      boundary = end - 1
      entries.push({
        header: [companyRow.text, row.text],
        pieces: [...company.filter((piece) => !piece.startsWith(PLACE_MARK)), TITLE_MARK + title],
        startDate: range?.startDate,
        endDate: range?.current ? undefined : range?.endDate,
        current: range?.current ?? false,
        highlights: bodyText(body),
        location: place ? unmark(place) : undefined,
      })
      return
    }
    const header: Row[] = []
    const need = needOf(row)
    // What a header line adds: its pieces that are not places, at most the two roles.
    const placed = placeCellOf(row)
    const roles = (candidate: Row, above = false) =>
      Math.min(2, Math.max(1, 2 - needOf(candidate, above && placed)))
    let found = 2 - need
    const before: Row[] = []
    if (!dateFirst) {
      let j = anchor - 1
      for (; j > boundary && found < 2; j--) {
        const candidate = rows[j]!
        if (!isHeaderish(candidate, bodySize)) break
        // A plain line indented under the entry's date line is a bullet whose mark is drawn.
        const indented =
          row.line.parts.length === 1 && candidate.line.x0 > row.line.x0 + 8 && !candidate.line.bold
        if (indented) break
        before.unshift(candidate)
        found += roles(candidate, true)
      }
      // Two pieces found but no job title among them ("KPMG México | Ciudad de México" over the
      // date): the title line just above belongs to the entry too.
      // (A title the splitting marked, "Team Member at Tim Hortons", is one too.)
      const titled = [...before, row].some(
        (r) =>
          TITLE_WORDS.test(r.text) ||
          headerPieces(r, false).some((piece) => piece.startsWith(TITLE_MARK)),
      )
      const above = rows[j]
      if (!education && !titled && j > boundary && above && isHeaderish(above, bodySize))
        if (TITLE_WORDS.test(above.text) && !findDateRange(above.text)) before.unshift(above)
      // The first role of a group: its company's line is just above its title.
      const company = rows[anchor - before.length - 1]
      if (company && groupRows.has(company) && !before.includes(company)) before.unshift(company)
    }
    // Within a group, a role's one line above its dates is its whole title ("Director, Treasury
    // Operations"); the group's company is its employer. A company of one role (two lines above
    // its dates) closes the group.
    let nested: { company: string; title: string } | null = null
    // (In an open group, a line set further above the title than the title is above its dates
    // is the last role's text, not this one's company.)
    if (group && before.length === 2 && !groupRows.has(before[0]!)) {
      const [top, title] = before as [Row, Row]
      if (title.line.y - top.line.y > 1.4 * (row.line.y - title.line.y)) before.shift()
    }
    if (before.length > 0 && groupRows.has(before[0]!) && before.length === 2) {
      group = before[0]!
      nested = { company: before[0]!.text, title: before[1]!.text }
    } else if (before.length === 1 && group && !groupRows.has(before[0]!))
      nested = { company: group.text, title: before[0]!.text }
    else if (before.length > 0) group = null
    header.push(...before)
    header.push(row)
    let cursor = anchor + 1
    const after: Row[] = []
    let location: string | undefined
    while (cursor < next && found < 2) {
      const candidate = rows[cursor]!
      if (!isHeaderish(candidate, bodySize)) break
      after.push(candidate)
      found += roles(candidate)
      cursor++
    }
    // LinkedIn's location line under the dates; not the line right above the next entry's
    // dates when that entry needs a header line ("Personal Banker, Chase" over "Evanston,
    // Illinois | Jul 2005 – …" reads as a place, but it names the next job).
    const nextHeader = k + 1 < anchors.length && cursor === next - 1 && needOf(rows[next]!) > 0
    if (cursor < next && !nextHeader && !rows[cursor]!.bullet && isPlaceText(rows[cursor]!.text)) {
      location = rows[cursor]!.text
      cursor++
    }
    header.push(...after)
    // The entry's body runs to the next entry's header.
    let end = next
    if (k + 1 < anchors.length && !dateFirst) {
      const nextNeed = companyOf.has(rows[next]!) ? 0 : needOf(rows[next]!)
      const nextPlaced = placeCellOf(rows[next]!)
      let taken = 0
      for (let j = next - 1; j >= cursor && taken < nextNeed; j--) {
        if (!isHeaderish(rows[j]!, bodySize)) break
        taken += nextPlaced ? Math.min(2, Math.max(1, 2 - needOf(rows[j]!, true))) : 1
        end = j
      }
      // (A group's company line above the next role's title is no highlight of this one.)
      if (end > cursor && groupRows.has(rows[end - 1]!)) end--
    }
    // (Nor is a company line over its roles, nor what follows it.)
    for (let j = cursor; j < end; j++)
      if (companyRows.has(rows[j]!)) {
        end = j
        break
      }
    const body = rows.slice(cursor, end)
    boundary = end - 1
    const pieces: string[] = []
    for (const headerRow of header)
      if (nested && before.includes(headerRow)) continue
      else pieces.push(...headerPieces(headerRow, before.includes(headerRow) && placed))
    if (nested) pieces.unshift(nested.company, TITLE_MARK + nested.title)
    entries.push({
      header: header.map((h) => h.text),
      pieces,
      startDate: range?.startDate,
      endDate: range?.current ? undefined : range?.endDate,
      current: range?.current ?? false,
      highlights: bodyText(body),
      location,
    })
  })
  return entries
}

/**
 * A company line ending with a place this document names elsewhere (the seeker's own city,
 * another entry's place): "Otto Group Hamburg" beside "Hamburg, Germany" in the contact block is
 * "Otto Group" in Hamburg. The document is its own gazetteer; a name with no such place stays.
 */
const LEGAL_FORM_END =
  /^(?:Inc\.?|LLC|LLP|Ltd\.?|Corp\.?|Co\.|PLC|plc|GmbH|AG|KG|SE|UG|mbH|SA|S\.A\.|SAS|SARL|S\.L\.|SL|SRL|BV|NV|Oy|AB|ASA|ApS|Pty)$/u

export function splitKnownPlace(company: string, places: string[]): [string, string] | null {
  for (const place of places) {
    if (!place || company.length <= place.length + 1 || !company.endsWith(place)) continue
    const head = company.slice(0, -place.length)
    // Not after a joiner ("Hospices Civils de Lyon") nor in a name a dash already split.
    if (!/\s$/u.test(head) || /[,(–—-]/u.test(head)) continue
    if (/\s(?:de|del|des|du|di|da|do|of|von|der|la|le|am|an|im|in|at|y|et|and|&)\s+$/iu.test(head))
      continue
    const name = head.trim()
    if (name.split(/\s+/).length > 5 || roleOf(place)) continue
    // A name whose last word is an organisation noun often goes on with its town ("DRK
    // Kliniken Berlin", "Charité – Universitätsmedizin Berlin"); a legal form ends a name.
    const last = name.split(/\s+/).at(-1)!
    if (LEGAL_FORMS.test(last) && !LEGAL_FORM_END.test(last)) continue
    return [name, place]
  }
  return null
}

const AT_COMPANY = /^@\s+(?=\S)/u
/** Working for oneself, named where the employer goes: "Freelance", "Self-employed". */
const SELF_EMPLOYED =
  /^(?:freelance|self[- ]employed|independent|freiberuflich|selbstst(?:ä|a)ndig|ind(?:é|e)pendante?|aut(?:ó|o)nom[oa]|libero professionista)$/iu

function workFrom(entries: Entry[], knownPlaces: string[] = []): JsonResumeWork[] {
  const resolved = entries.map((entry) => {
    let location = entry.location
    const remaining: string[] = []
    // Two places, and no name besides them ("Masseur-kinésithérapeute, CHU de Bordeaux" /
    // "Bordeaux | Sep 2015 – …", "Personal Banker, Chase" / "Evanston, Illinois | …"): the last,
    // on its line of place and dates, is the place; the header's "place" holds the job's names.
    const marked = entry.pieces.filter((piece) => piece.startsWith(PLACE_MARK))
    const named = entry.pieces.filter((piece) => !isPlacePiece(piece))
    const pieces =
      !location && marked.length === 2 && named.length <= 1
        ? entry.pieces.flatMap((piece) =>
            piece === marked[0] ? unmark(piece).split(/,\s+/u) : [piece],
          )
        : entry.pieces
    for (const piece of pieces) {
      if (!location && isPlacePiece(piece) && !TITLE_WORDS.test(piece)) location = unmark(piece)
      else if (!piece.startsWith(PLACE_MARK)) remaining.push(piece)
    }
    // "Freelance | Graphic Designer": working for oneself, alone in its piece, fills the
    // employer's place; the other piece is the title.
    const selfIndex =
      remaining.length >= 2 ? remaining.findIndex((p) => SELF_EMPLOYED.test(unmark(p))) : -1
    let titleIndex = remaining.findIndex((p) => p.startsWith(TITLE_MARK))
    if (titleIndex < 0)
      titleIndex = remaining.findIndex(
        (p, i) => i !== selfIndex && TITLE_WORDS.test(p) && !LEGAL_FORMS.test(p),
      )
    if (titleIndex < 0 && selfIndex >= 0 && remaining.length === 2) titleIndex = 1 - selfIndex
    // A title word beside an organisation word ("Software Engineer") is still the title when the
    // entry's other line is "Company, City" (read as a place first, split further down).
    if (titleIndex < 0 && (remaining.length > 1 || location?.includes(','))) {
      const titled = remaining.filter((p) => TITLE_WORDS.test(p))
      if (titled.length === 1) titleIndex = remaining.indexOf(titled[0]!)
    }
    // "@ Shopify Toronto, ON": the at-sign names the employer.
    const atIndex = remaining.findIndex((p) => AT_COMPANY.test(p))
    if (atIndex >= 0 && atIndex === titleIndex)
      titleIndex = remaining.findIndex((p, i) => i !== atIndex && TITLE_WORDS.test(p))
    const companyIndex =
      atIndex >= 0
        ? atIndex
        : selfIndex >= 0 && selfIndex !== titleIndex
          ? selfIndex
          : remaining.findIndex(
              (p, i) => i !== titleIndex && LEGAL_FORMS.test(p) && !TITLE_WORDS.test(p),
            )
    return { entry, location, remaining, titleIndex, companyIndex }
  })
  // Entries of one section share their layout: where the cues placed the title (before or
  // after the company) decides for the entries without cues.
  let titleFirst = 0
  for (const r of resolved) {
    if (r.remaining.length < 2) continue
    if (r.titleIndex >= 0) titleFirst += r.titleIndex === 0 ? 1 : -1
    else if (r.companyIndex >= 0) titleFirst += r.companyIndex === 0 ? -1 : 1
  }
  // The places the document names: the entries' own, each one's city, longest first.
  const places = [
    ...new Set(
      [...knownPlaces, ...resolved.map((r) => r.location)]
        .filter((place): place is string => Boolean(place))
        .flatMap((place) => [place, place.split(/,\s*/)[0]!])
        .filter((place) => /^\p{Lu}/u.test(place)),
    ),
  ].sort((a, b) => b.length - a.length)
  // Every entry's first line a town alone ("Leeds", "Wakefield"): the towns of a table's employer
  // cells, set on the cell's second line.
  const withLines = entries.filter((entry) => entry.highlights.length > 0)
  const townsUnderHeaders =
    withLines.length >= 2 &&
    withLines.every(
      (entry) => looksLikePlace(entry.highlights[0]!, true) && !roleOf(entry.highlights[0]!),
    )
  return resolved.map(({ entry, location: place, remaining, titleIndex, companyIndex }) => {
    const work: JsonResumeWork = {}
    let location = place
    let position = titleIndex >= 0 ? remaining[titleIndex] : undefined
    let company = companyIndex >= 0 ? remaining[companyIndex] : undefined
    const rest = remaining.filter((_, i) => i !== titleIndex && i !== companyIndex)
    if (!company && !position) {
      if (titleFirst > 0) [position, company] = [rest.shift(), rest.shift()]
      else [company, position] = [rest.shift(), rest.shift()]
    } else if (!company) company = rest.shift()
    else if (!position) position = rest.shift()
    if (!location && rest.length && looksLikePlace(rest[0]!, true)) location = rest.shift()
    // No company, and a "place" of two parts whose tail is a town, not a region or country
    // ("BBVA, Madrid", "Hotel Arts Barcelona, Barcelona"): the head is the employer.
    if (!company && location) {
      const parts = location.split(/,\s*/)
      if (parts.length === 2 && !REGIONISH(parts[1]!) && parts[0] !== parts[1]) {
        company = parts[0]
        location = parts[1]
      }
    }
    // A title and one other name read as a place by its shape alone, no company ("Team Member,
    // Tim Hortons", "Masseur-kinésithérapeute, CHU de Bordeaux" under its dates): a job names its
    // employer before its town, so the name is the employer, unless the document names it as a
    // place elsewhere (the person's town, another entry's).
    if (
      !company &&
      position &&
      location &&
      !location.includes(',') &&
      !countryCode(location) &&
      !/^(?:remote|hybrid|remoto|télétravail|homeoffice)\b/iu.test(location) &&
      !places.some((p) => p !== place && p.toLowerCase() === location!.toLowerCase())
    ) {
      company = location
      location = undefined
    }
    if (company && AT_COMPANY.test(company)) {
      // The at-sign marks the employer, so a place the document names ends it whatever the
      // name's words ("@ Charité – Universitätsmedizin Berlin Berlin").
      company = company.replace(AT_COMPANY, '')
      const place = places.find((p) => company!.length > p.length + 1 && company!.endsWith(` ${p}`))
      if (place && !location) {
        company = company.slice(0, -place.length).trim()
        location = place
      }
    }
    if (company && !company.startsWith(TITLE_MARK)) {
      const split = splitKnownPlace(unmark(company), places)
      if (split && !location) {
        company = split[0]
        location ??= split[1]
      }
    }
    if (company) work.name = unmark(company)
    if (position) work.position = unmark(position)
    if (location) work.location = location
    if (entry.startDate) work.startDate = entry.startDate
    if (entry.endDate) work.endDate = entry.endDate
    const highlights = bulletsOf(entry.highlights, work, townsUnderHeaders)
    if (highlights.length) work.highlights = highlights
    return work
  })
}

/** The text of an entry's body rows, bullet marks taken off. */
function bodyText(body: Row[]): string[] {
  return body
    .filter((b) => b.bullet || b.text.length > 0)
    .map((b) => clean(b.text.replace(BULLET, '')))
}

/** A word no bullet ends on: the line it closes was wrapped ("Raised pick rate from 165 to"). */
const WRAPPED_LINE_END =
  /\b(?:a|an|the|to|of|and|or|for|with|in|on|at|by|from|into|per|than|across|over|under|via)$/iu

/**
 * An entry's bullets from its body lines: a line that ends on a word no sentence ends on goes on
 * in the next ("… from 165 to" / "190 cases an hour"), and the entry's town on a line of its own
 * under its header (its place again, or `townFirst`: every entry of the section opens on one) is
 * the entry's place, not a bullet.
 */
function bulletsOf(lines: string[], work: JsonResumeWork, townFirst: boolean): string[] {
  const bullets: string[] = []
  for (const [index, line] of lines.entries()) {
    const previous = bullets.at(-1)
    if (previous !== undefined && WRAPPED_LINE_END.test(previous)) {
      bullets[bullets.length - 1] = `${previous} ${line}`
    } else if (index === 0 && (line === work.location || (!work.location && townFirst))) {
      work.location ??= line
    } else {
      bullets.push(line)
    }
  }
  return bullets
}

// ---------------------------------------------------------------- labelled entries

/**
 * What a labelled field of an entry holds. Forms, federal resumes and some builders write an
 * entry as "Label: value" lines ("Employer: Norconsult", "Dates of Employment: 09/2021 to
 * Present", "Institution: …", "Major: …"): the label names the field in any of the languages.
 */
type FieldRole =
  | 'company'
  | 'position'
  | 'place'
  | 'dates'
  | 'start'
  | 'finish'
  | 'institution'
  | 'degree'
  | 'area'
const FIELD_LABELS: [FieldRole, RegExp][] = [
  [
    'dates',
    /^(?:dates?(?: of (?:employment|attendance|study|service))?|employment dates|period|duration|zeitraum|dauer|période|dates d['’]emploi|periodo|período|fechas?|datas?|okres|okres zatrudnienia|czas trwania|období)$/iu,
  ],
  [
    'start',
    /^(?:start(?:ing)?(?: date)?|from|since|began|von|seit|beginn|eintritt|du|début|depuis|desde|inicio|início)$/iu,
  ],
  [
    'finish',
    /^(?:end(?: date)?|to|until|bis|ende|austritt|au|fin|hasta|fim|até|completed|completion(?: date)?|graduated|graduation(?: date| year)?|date (?:completed|awarded|of graduation)|abschlussjahr|obtenu|obtention|année d['’]obtention|finalizado|graduación|conclusão)$/iu,
  ],
  [
    'company',
    /^(?:employer|company|organi[sz]ation|agency|firm|arbeitgeber(?:in)?|firma|unternehmen|betrieb|employeur|entreprise|société|organisme|empresa|empleador|organización|empregador|entidad|pracodawca|nazwa firmy|zaměstnavatel)(?: name)?$/iu,
  ],
  [
    'position',
    /^(?:(?:job |position |official )?title|position|role|job|occupation|funktion|stelle|tätigkeit|berufsbezeichnung|poste|fonction|intitulé(?: du poste)?|puesto|cargo|função|stanowisko|pozice)$/iu,
  ],
  [
    'place',
    /^(?:location|city|place|ort|standort|arbeitsort|lieu|ville|localisation|ubicación|ciudad|lugar|localidade|cidade|local|miejscowość|miasto|lokalizacja)$/iu,
  ],
  [
    'institution',
    /^(?:institution|school|university|college|institute|school name|hochschule|universität|schule|bildungseinrichtung|einrichtung|établissement|école|université|institución|universidad|centro|escuela|instituição|universidade|escola|uczelnia|szkoła|škola)$/iu,
  ],
  [
    'degree',
    /^(?:degree|degree type|qualification|diploma|award|abschluss|diplôme|titre|título|titulación|grado|grau|tytuł|stopień|tytuł zawodowy|titul)$/iu,
  ],
  [
    'area',
    /^(?:major|field(?: of study)?|subject|speciali[sz]ation|concentration|program(?:me)?|course|fachrichtung|studiengang|studienfach|fach|schwerpunkt|spécialité|domaine|filière|especialidad|carrera|especialização|curso|kierunek|specjalizacja|specjalność|obor)$/iu,
  ],
]

/** "Label: value" → the field it names, `null` role for a label we do not read ("Supervisor:"). */
export function labelledField(
  text: string,
): { role: FieldRole | null; value: string; label: string } | null {
  const match = /^([\p{L}][\p{L}'’ /-]{0,40}?)\s*:\s*(.*)$/u.exec(text.trim())
  if (!match) return null
  const label = match[1]!.replace(/\s+/g, ' ').trim()
  const value = clean(match[2]!)
  const role = FIELD_LABELS.find(([, pattern]) => pattern.test(label))?.[0] ?? null
  return { role, value, label }
}

type Field = { role: FieldRole | null; value: string; label: string } | null

/** "Shopify, Toronto, ON", "Bosch – Stuttgart": a name with a place after its first comma or dash. */
function splitNamePlace(value: string): [string, string] | null {
  const commas = [...value.matchAll(/\s*,\s*/gu)]
  const cuts = commas.length ? commas : [...value.matchAll(/\s+[–—-]\s+/gu)]
  for (const cut of cuts) {
    const [name, place] = [value.slice(0, cut.index), value.slice(cut.index + cut[0].length)]
    if (looksLikePlace(place, true) && !looksLikePlace(name)) return [name.trim(), place.trim()]
  }
  return null
}
const nameThenPlace = (value: string) => splitNamePlace(value) !== null

/**
 * The fields labels we have no word for name, read from their values across the section
 * ("Zaměstnavatel: Shopify, Toronto, ON", "Pozice: Data Analyst", "Škola: University of
 * Toronto"): a label whose values mostly hold a title word is the title, a company word or a
 * "Name, City" the company; in education, an institution word the school, a degree the degree.
 * When one of the entry's two names is found so, the other is the label with short values found
 * in most entries (bold first), and in education a last short label is the field of study.
 */
function rolesByValue(
  fields: Field[],
  education: boolean,
  bold: boolean[],
): Map<string, FieldRole> {
  const byLabel = new Map<string, { values: string[]; bold: number }>()
  fields.forEach((field, i) => {
    if (!field || field.role || !field.value || field.label.split(' ').length > 3) return
    const entry = byLabel.get(field.label) ?? { values: [], bold: 0 }
    entry.values.push(field.value)
    if (bold[i]) entry.bold++
    byLabel.set(field.label, entry)
  })
  const roles = new Map<string, FieldRole>()
  const known = new Set(fields.map((field) => field?.role).filter((role) => role))
  const most = (values: string[], test: (value: string) => boolean) =>
    values.filter(test).length >= Math.max(1, values.length * 0.6)
  const short = (values: string[]) =>
    values.every(
      (value) =>
        value.split(/\s+/u).length <= 8 && !/[.!?]$/u.test(value) && /\p{L}{2}/u.test(value),
    )
  const [first, second] = education
    ? (['institution', 'degree'] as const)
    : (['company', 'position'] as const)
  const isFirst = education
    ? (value: string) => INSTITUTION_WORDS.test(value)
    : (value: string) => LEGAL_FORMS.test(value) || nameThenPlace(value)
  const isSecond = education
    ? (value: string) => hasDegree(value)
    : (value: string) => TITLE_WORDS.test(value) && !LEGAL_FORMS.test(value)
  for (const [label, { values }] of byLabel) {
    if (!short(values)) continue
    if (!known.has(second) && ![...roles.values()].includes(second) && most(values, isSecond))
      roles.set(label, second)
    else if (!known.has(first) && ![...roles.values()].includes(first) && most(values, isFirst))
      roles.set(label, first)
  }
  const found = new Set([...known, ...roles.values()])
  const rest = [...byLabel]
    .filter(([label, { values }]) => !roles.has(label) && short(values))
    .sort(([, a], [, b]) => b.values.length - a.values.length || b.bold - a.bold)
  // (Only in a form none of whose names the vocabulary labels: "Hours per week: 40" beside a
  // known "Employer:" is no title.)
  if (known.has(first) || known.has(second)) return roles
  for (const role of [first, second] as FieldRole[]) {
    if (found.has(role) || !(found.has(first) || found.has(second)) || rest.length === 0) continue
    roles.set(rest.shift()![0], role)
    found.add(role)
  }
  if (education && found.has('institution') && !found.has('area') && rest.length > 0)
    roles.set(rest.shift()![0], 'area')
  return roles
}

interface LabelledEntry {
  fields: Partial<Record<FieldRole, string>>
  /** The plain line just above the entry's first label (a title in capitals), and its row. */
  heading?: string
  headingRow?: number
  highlights: string[]
}

/**
 * Entries written as labelled fields, or `null` when the section does not name its
 * company (or school) with a label. An entry starts at a label its current entry already has;
 * the plain line set apart just above its first label is its heading (the job title of a
 * federal resume, "SENIOR STRUCTURAL ENGINEER" over "Employer: …"). A plain date line inside
 * an entry without dates gives them; plain lines are the body.
 */
function labelledEntries(
  lines: SectionLine[],
  bodySize: number,
  education: boolean,
): LabelledEntry[] | null {
  const rows = rowsOf(lines)
  const fields = rows.map((row) => {
    const field = row.bullet ? null : labelledField(row.text)
    // "Bachelor of Science: Statistics, University of Toronto  May 2013" (ResumeGenius): a degree
    // before the colon with its field, school or date after it is the entry's line, no label.
    if (
      education &&
      field &&
      degreeMatch(field.label)?.index === 0 &&
      (/,/u.test(field.value) || findDateRange(field.value))
    )
      return null
    // A label we have no word for whose value is a date range is the period ("Okres: …").
    if (field && !field.role && field.label.split(' ').length <= 3) {
      const range = findDateRange(field.value)
      if (range && (range.endDate || range.current) && range.index === 0)
        return { ...field, role: 'dates' as const }
    }
    return field
  })
  const byValue = rolesByValue(
    fields,
    education,
    rows.map((row) => row.line.parts.at(-1)?.bold === true),
  )
  fields.forEach((field, i) => {
    const role = field && !field.role ? byValue.get(field.label) : undefined
    if (field && role) fields[i] = { ...field, role }
  })
  // The section names its company (school) with a label, or its title (degree) with one: then
  // the line set apart above the labels is the company (school).
  const anchors: FieldRole[] = education ? ['institution', 'degree'] : ['company', 'position']
  const labelled = (role: FieldRole) =>
    fields.filter((field) => field?.role === role && field.value)
  const anchor = anchors.find((role) => labelled(role).length > 0)
  if (!anchor) return null
  if (anchor === anchors[1] && labelled(anchor).length < 2 && rows.length > 6) return null
  const setApart = (row: Row) =>
    row.line.bold ||
    row.line.size > bodySize + 0.4 ||
    (row.text === row.text.toUpperCase() && /\p{Lu}{2}/u.test(row.text)) ||
    TITLE_WORDS.test(row.text) ||
    (education && (hasDegree(row.text) || INSTITUTION_WORDS.test(row.text)))
  const entries: LabelledEntry[] = []
  let current: LabelledEntry | undefined
  rows.forEach((row, i) => {
    const field = fields[i]
    if (field?.role && field.value) {
      if (!current || current.fields[field.role] !== undefined) {
        current = { fields: {}, highlights: [] }
        entries.push(current)
        const above = rows[i - 1]
        // The heading may carry the entry's dates ("2016 – 2018 Universität Hamburg", a date
        // column read on the heading's row): the dates are the period, the rest the heading.
        const aboveRange = above ? findDateRange(above.text) : null
        const headingText =
          above && aboveRange ? clean(withoutDate(above.text, aboveRange)) : above?.text
        if (
          above &&
          headingText &&
          !fields[i - 1] &&
          !above.bullet &&
          (!aboveRange || /\p{L}{3}/u.test(headingText)) &&
          isHeaderish(above, bodySize) &&
          (i === 1 || setApart(above))
        ) {
          current.heading = clean(headingText)
          current.headingRow = i - 1
          if (aboveRange) current.fields.dates = aboveRange.text
          const previous = entries.at(-2)
          if (previous?.highlights.at(-1) === clean(above.text.replace(BULLET, '')))
            previous.highlights.pop()
        }
      }
      current.fields[field.role] = field.value
      return
    }
    if (!current) return
    const range = row.bullet ? null : findDateRange(row.text)
    const noDates = !current.fields.dates && !current.fields.start && !current.fields.finish
    if (range && noDates && withoutDate(row.text, range).split(/\s+/).length <= 3) {
      current.fields.dates = row.text
      return
    }
    if (!field && row.text.trim()) current.highlights.push(clean(row.text.replace(BULLET, '')))
  })
  return entries
}

const COLUMN_YEAR = /^(?:year|jahr|année|año|ano|anno|rok|jaar|date|datum|fecha|data)$/iu

/** The field a table's column header names ("Degree", "School", "Year", "Hochschule"…). */
function columnRole(cell: string): FieldRole | null {
  const text = clean(cell)
  if (COLUMN_YEAR.test(text)) return 'finish'
  return labelledField(`${text}:`)?.role ?? null
}

/**
 * A table under a header row whose cells all name fields ("Degree | School | Year", "Abschluss |
 * Hochschule | Jahr"): each row's cells are read by the column they sit in; a cell wrapped over two
 * lines, or a cell centred beside a wrapped one, belongs to the row it sits in (lines closer than
 * 1.6 lines apart). Null when the section has no such header.
 */
function tableEntries(lines: SectionLine[]): LabelledEntry[] | null {
  const at = lines.findIndex(
    (line) => line.parts.length >= 2 && line.parts.every((part) => columnRole(part.text) !== null),
  )
  if (at < 0) return null
  const header = lines[at]!
  const columns = header.parts.map((part) => ({ role: columnRole(part.text)!, x0: part.x0 }))
  if (new Set(columns.map((column) => column.role)).size < 2) return null
  const entries: LabelledEntry[] = []
  let current: LabelledEntry | undefined
  let lastY = -Infinity
  for (const line of lines.slice(at + 1)) {
    if (line.page !== header.page || line.column !== header.column) break
    if (!current || line.y - lastY > 1.6 * line.size) {
      current = { fields: {}, highlights: [] }
      entries.push(current)
    }
    lastY = line.y
    for (const part of line.parts) {
      let column = columns[0]!
      for (const candidate of columns) if (candidate.x0 <= part.x0 + 2) column = candidate
      const text = clean(part.text)
      const before = current.fields[column.role]
      current.fields[column.role] = before ? `${before} ${text}` : text
    }
  }
  return entries.length ? entries : null
}

/** An entry's dates from its labelled fields. */
function labelledDates(fields: LabelledEntry['fields']): {
  startDate?: string
  endDate?: string
  current: boolean
} {
  if (fields.dates) {
    const range = findDateRange(fields.dates)
    if (range) return { startDate: range.startDate, endDate: range.endDate, current: range.current }
  }
  const one = (text: string | undefined) =>
    text ? (findDateRange(text)?.startDate ?? parseDate(text)) : undefined
  const startDate = one(fields.start)
  const current = fields.finish !== undefined && isPresent(fields.finish)
  return { startDate, endDate: current ? undefined : one(fields.finish), current }
}

function labelledWork(entries: LabelledEntry[]): JsonResumeWork[] {
  return entries.map(({ fields, heading, highlights }) => {
    const work: JsonResumeWork = {}
    let company = fields.company ?? (fields.position ? heading : undefined)
    const position = fields.position ?? (fields.company ? heading : undefined)
    let place = fields.place
    // A heading "Company – City" / "Company, City": the place after the name is the place.
    if (!fields.company && company) {
      const pieces = splitPieces(company)
      const last = pieces.at(-1)
      if (pieces.length === 2 && (isPlacePiece(last!) || looksLikePlace(unmark(last!), true))) {
        company = unmark(pieces[0]!)
        place ??= unmark(last!)
      }
    }
    // A labelled "Company, City" with no place label: the place after the name is the place.
    const split = fields.company && !place ? splitNamePlace(fields.company) : null
    if (split) [company, place] = split
    if (company) work.name = company
    if (position) work.position = position
    if (place) work.location = place
    const dates = labelledDates(fields)
    if (dates.startDate) work.startDate = dates.startDate
    if (dates.endDate && !dates.current) work.endDate = dates.endDate
    if (highlights.length) work.highlights = highlights
    return work
  })
}

function labelledEducation(entries: LabelledEntry[]): JsonResumeEducation[] {
  return entries.map(({ fields, heading }) => {
    const education: JsonResumeEducation = {}
    const institution = fields.institution ?? (fields.degree ? heading : undefined)
    if (institution) education.institution = institution
    const degree = fields.degree ?? (fields.institution ? heading : undefined)
    if (degree) {
      if (fields.area) {
        education.studyType = degree
        education.area = fields.area
      } else Object.assign(education, degreeAndArea(degree))
    } else if (fields.area) education.area = fields.area
    const dates = labelledDates(fields)
    if (dates.startDate && dates.endDate) {
      education.startDate = dates.startDate
      education.endDate = dates.endDate
    } else if (dates.endDate) education.endDate = dates.endDate
    else if (dates.startDate && !dates.current && !fields.start) education.endDate = dates.startDate
    else if (dates.startDate) education.startDate = dates.startDate
    return education
  })
}

/** "Bachelor of Science in Statistics": the degree, then its field. */
function degreeAndArea(degree: string): Pick<JsonResumeEducation, 'studyType' | 'area'> {
  const match = degreeMatch(degree)
  if (!match) return { studyType: degree }
  let [start, studyType] = [match.index, match[0].trim()]
  let end = start + match[0].length
  const rest = degree.slice(end)
  // "Bachelor in Arts culinaires": a lower-case word after the subject goes on with it; the
  // subject opens the field, the degree is the word before "in".
  // "BA (Hons) in English Literature": the honours are part of the degree.
  const honours = /^\s*\((?:Hons|Honours|Hon)\.?\)/u.exec(rest)
  if (honours) {
    studyType = `${studyType}${honours[0]}`
    end += honours[0].length
  }
  const subject = /^(.+?)\s+in\s+\p{Lu}\p{L}*$/u.exec(studyType)
  if (subject && /^\s+\p{Ll}/u.test(rest) && !/^\s+(?:and|of|in|with|for|at|from)\b/u.test(rest))
    [studyType, end] = [subject[1]!, start + subject[1]!.length]
  // "Master MEEF in Mathématiques": a name in capitals right after the degree is part of it.
  const named = /^\s+(\p{Lu}{2,6})(?=\s*(?:$|,|\s(?:in|of|en|de|im)\s))/u.exec(degree.slice(end))
  if (named && !inCapitals(degree)) {
    studyType = `${studyType} ${named[1]!}`
    end += named[0].length
  }
  start = Math.max(0, start)
  const area = clean(
    `${degree.slice(0, start)} ${degree.slice(end)}`
      .replace(/^\s*(?:\([^)]*\))?\s*(?:in|of|en|im|de|,|:|–|-)\s+/iu, '')
      .replace(/^\([^)]*\)\s*/, ''),
  )
  return area ? { studyType, area } : { studyType }
}

const GRADE_PIECE = /^(?:GPA|CGPA|Grade|Score)\b/iu

function educationFrom(entries: Entry[]): JsonResumeEducation[] {
  return entries.map((entry) => {
    const education: JsonResumeEducation = {}
    let degree: string | undefined
    const others: string[] = []
    let campus: string | undefined
    for (const [i, marked] of entry.pieces.entries()) {
      if (marked === campus) continue
      const piece = unmark(marked)
      const match = degreeMatch(piece)
      const school = INSTITUTION_WORDS.test(piece) && (!match || match.index > 0)
      // "University of California, Berkeley": a state's university names its campus after the
      // comma (read as a place); at a school, the campus is part of the name.
      const after = entry.pieces[i + 1]
      const town = after?.startsWith(PLACE_MARK) ? unmark(after).split(/,\s*/u) : []
      if (
        !education.institution &&
        school &&
        STATE_SYSTEM.test(piece) &&
        town.length >= 1 &&
        !REGIONISH(town[0]!) &&
        town.slice(1).every(REGIONISH)
      ) {
        education.institution = `${piece}, ${town[0]!}`
        campus = after
      } else if (!education.institution && school) education.institution = piece
      else if (!degree && match) degree = piece
      // (A grade, "GPA 4.1/4.5", is neither the field nor the school.)
      else if (!isPlacePiece(marked) && !GRADE_PIECE.test(piece)) others.push(piece)
    }
    if (!education.institution && others.length) {
      // "Bachelor of Science, Elektronik" over "FH Technikum Wien": a piece beside the degree on
      // its row is its field; the school is a piece from another row.
      const degreeRow = degree ? entry.header.find((row) => row.includes(degree)) : undefined
      let apart = others.findIndex((piece) => !degreeRow || !degreeRow.includes(piece))
      // All on the degree's row ("Técnico Superior, Automatización · IES Virgen del Pilar"): the
      // piece right after the degree is its field; the school is another.
      if (apart < 0 && degree && others.length >= 2) {
        const at = entry.pieces.findIndex((marked) => unmark(marked) === degree)
        const follower = at >= 0 ? entry.pieces[at + 1] : undefined
        const field =
          follower === undefined || !degreeRow?.includes(`${degree}, ${unmark(follower)}`)
            ? -1
            : others.indexOf(unmark(follower))
        if (field >= 0) apart = others.findIndex((_, i) => i !== field)
      }
      // "Bachelier, Comptabilité, HELMo": the degree, its field and, last, the school, whose
      // short name reads as a town; only the field is left over, so the last piece is the school.
      const last = entry.pieces.at(-1)
      const atEnd =
        others.length === 1 && degree && last?.startsWith(PLACE_MARK) ? unmark(last) : undefined
      if (atEnd && degreeRow?.includes(`${degree}, ${others[0]!}, ${atEnd}`))
        education.institution = atEnd
      else {
        const [school] = others.splice(Math.max(0, apart), 1)
        education.institution = school
      }
    }
    if (degree) {
      if (others.length) {
        // "Master, Data Science": the degree piece whole, the field beside it.
        education.studyType = degree
        education.area = others.shift()
      } else Object.assign(education, degreeAndArea(degree))
    }
    if (entry.startDate && entry.endDate) {
      education.startDate = entry.startDate
      education.endDate = entry.endDate
    } else if (entry.startDate && !entry.current) education.endDate = entry.startDate
    else if (entry.startDate) education.startDate = entry.startDate
    return education
  })
}

// ---------------------------------------------------------------- lists

/** Labels in a skills section whose items are no skills. */
const NOT_SKILLS =
  /^(?:certifications?|certificates?|licen[cs]es?(?: (?:and|&) certifications?)?|interests|hobbies|awards|honou?rs|activities|volunteering|references|zertifikate|hobbys|interessen|centres d'intérêt|loisirs|aficiones|intereses)$/iu

const LANGUAGE_LINE = /^(?:spoken languages|sprachen|langues|idiomas)\s*:\s*(.+)$/iu

/** Marks set before each item of a list or grid of skills. */
const ITEM_MARKS = /\s*[,;•·|●▪◦∙✓✔☑➤►▸‣◆◇■□]\s*|\s{2,}|\s+[–—/]\s+/u

/** A rating drawn as dots or stars ("● ● ● ○ ○", "★★★★☆"): the level, not a skill. */
const RATING = /(?:[●○◯◉⬤★☆✩✪⚫⚪]\s*){2,}/gu
/** "Python — Expert", "Deutsch (Muttersprache)", "SQL: 90%": a level after the skill. */
const LEVEL =
  /\s*(?:[-–—:(]\s*(?:expert|advanced|intermediate|beginner|basic|proficient|fluent|native|experte|fortgeschritten|grundkenntnisse|sehr gut|gut|avancé|courant|débutant|intermédiaire|avanzado|intermedio|básico|experto)|[-–—:(]?\s*(?:\d{1,3}\s*%|\d\s*\/\s*\d{1,2}))\)?(?=\s*(?:[,;•·|]|\s{2}|$))/giu

/**
 * An annotation in brackets after a skill: how long ("Python (5 years)", "SAP (3 Jahre)",
 * "Excel (+10 años)", "Go [2 yrs]") or how well ("(Expert)", "(B2)", "(80%)"). Not the skill.
 */
const ANNOTATION =
  /\s*[([]\s*(?:[<>~+]|more than|over|plus de|más de|mehr als|über)?\s*\d+(?:[.,]\d+)?\s*\+?\s*(?:years?|yrs?|months?|mos?|jahre?n?|monate?n?|ans?|mois|años?|anos?|meses|mes)(?![\p{L}])[^)\]]*[)\]]|\s*[([]\s*(?:expert|advanced|intermediate|beginner|basic|proficient|fluent|native|experte|fortgeschritten|grundkenntnisse|sehr gut|gut|avancé|courant|débutant|intermédiaire|confirmé|avanzado|intermedio|básico|experto|nativo|[ABC][12]|\d{1,3}\s*%|\d\s*\/\s*\d{1,2})\s*[)\]]/giu

/**
 * A level written as words in its own cell beside the skill ("SAP    Excellent", "Go    Very
 * Good", "Excel    Sehr gut"): a rating, never a skill of its own.
 */
const LEVEL_WORDS =
  /^(?:(?:very |quite )?(?:good|strong|skilled|experienced|advanced|proficient)|excellent|expert|master|fair|basic|skill?ful|beginner|novice|intermediate|competent|familiar|native|fluent|(?:sehr )?gut|ausgezeichnet|hervorragend|experte|fortgeschritten|grundkenntnisse|mittel|(?:très )?bon(?:ne)?|excellente?|avancée?|intermédiaire|débutante?|confirmée?|notions|(?:muy )?buen[oa]|excelente|avanzad[oa]|intermedi[oa]|básic[oa]|experto|experta|nativ[oa])$/iu

/**
 * A level word under each skill (Resume.io: "AWS" over a small grey "Expert"), joined to it when
 * the list's lines were read as one: "AWS Expert" is AWS.
 */
const LEVEL_AFTER = /(?<=\S)\s+(?:Expert|Experienced|Skill?ful|Intermediate|Beginner|Novice)$/u

function listItems(text: string): string[] {
  return (
    text
      // A list written as a sentence ("SQL, Python, Looker."): its full stop ends the list.
      .replace(/(?<=[,;][^,;]*\S)\.\s*$/u, '')
      .replace(ANNOTATION, '')
      .replace(RATING, '  ')
      .replace(LEVEL, '')
      .split(ITEM_MARKS)
      .map((item) => clean(item.replace(/^\/\s+|\s+\/$/g, '').replace(LEVEL_AFTER, '')))
      .filter((item) => item.length > 0 && item.length <= 60 && !LEVEL_WORDS.test(item))
  )
}

/** A list's item marks, at its end and at its start (a wrap falls between two items there). */
const LIST_MARK = /[•·|●▪◦∙◆◇■□]|\s\/\s/u
const LIST_END = /(?:[,;•·|●▪◦∙◆◇■□]|\s\/)\s*$/u
const LIST_START = /^\s*(?:[,;•·|●▪◦∙◆◇■□✓✔☑➤►▸‣]|\/\s)/u

function skillsFrom(
  lines: SectionLine[],
  /** The right edge of the text block (page and column) a line sits in. */
  rightEdge: (line: SectionLine) => number,
): { skills: JsonResumeSkill[]; languages: string[] } {
  const skills: JsonResumeSkill[] = []
  const languages: string[] = []
  const loose: string[] = []
  const merged: Row[] = []
  let tail: Row['line'] | undefined
  const rows = rowsOf(lines)
  // The list's usual step from one line to the next (one item a line): a line set closer under
  // the one before than that is the rest of its item ("18th Edition Wiring" / "Regulations").
  const steps = rows
    .slice(1)
    .map((row, i) => [rows[i]!.line, row.line] as const)
    .filter(([a, b]) => a.page === b.page && a.column === b.column && b.y > a.y)
    .map(([a, b]) => b.y - a.y)
    .sort((a, b) => a - b)
  const step = steps.length >= 3 ? steps[Math.floor(steps.length / 2)]! : null
  for (const row of rows) {
    const previous = merged.at(-1)
    if (previous && !row.bullet && !/^[^:]{2,40}:/.test(row.text)) {
      const prev = previous.line
      const lastPart = prev.parts.at(-1)!
      // The rest of a table cell, under the cell; or a list wrapped at the column's edge.
      const underCell =
        prev.parts.length >= 2 &&
        Math.abs(row.line.x0 - lastPart.x0) < 3 &&
        row.line.x0 > prev.parts[0]!.x0 + 3 &&
        !row.line.bold
      // Wrapped: the line ends near the edge, or the next line's first word would not have fit
      // on it (a plain-text list wrapped at 80 columns ends a word's width short of the edge).
      // (Measured on the list's last line so far: a list may wrap more than once.)
      const end = tail ?? prev
      const charWidth = (end.x1 - end.x0) / Math.max(1, end.text.length)
      const firstWord = row.text.trim().split(/[\s,;•·|●▪◦∙◆◇■□]/u)[0] ?? ''
      const nextFits =
        end.x1 + charWidth * (firstWord.length + 1) <= rightEdge(end) + charWidth * 0.5
      // A list of commas may also wrap a little short of the edge; a list of bullets, bars or
      // spaced slashes ("A/B" / "Testing" in a narrow column) only where the word did not fit.
      const commas = /[,;]/.test(previous.text)
      const wrapped =
        (commas || LIST_MARK.test(previous.text)) &&
        !LIST_END.test(previous.text) &&
        !LIST_START.test(row.text) &&
        ((commas && end.x1 >= rightEdge(end) - 2 * end.size) || !nextFits) &&
        row.line.bold === end.bold &&
        row.line.x0 >= end.x0 - 2 &&
        Math.abs(row.line.y - end.y) < end.size * 2
      const unmarked = (text: string) => !/[,;]/u.test(text) && !LIST_MARK.test(text)
      const tight =
        step !== null &&
        previous === merged.at(-1) &&
        tail === undefined &&
        !previous.bullet &&
        unmarked(previous.text) &&
        unmarked(row.text) &&
        row.line.parts.length === 1 &&
        prev.parts.length === 1 &&
        row.line.bold === prev.bold &&
        row.line.page === prev.page &&
        row.line.column === prev.column &&
        Math.abs(row.line.x0 - prev.x0) < 2 &&
        row.line.y - prev.y > 0 &&
        row.line.y - prev.y < step - 0.2 * row.line.size
      if (underCell || wrapped || tight) {
        previous.text = `${previous.text} ${row.text}`
        tail = row.line
        continue
      }
    }
    merged.push({ ...row })
    tail = undefined
  }
  // Group labels set in bold above their items ("Cloud", "Programación  Herramientas") name
  // groups; they are not skills themselves.
  const plain = merged.some((row) => !row.line.bold)
  for (const row of merged) {
    const text = row.text.replace(BULLET, '').trim()
    if (
      plain &&
      !row.bullet &&
      row.line.parts.every((part) => part.bold) &&
      !/[,;•·|:]/.test(text) &&
      text.split(/\s+/).length <= 8
    )
      continue
    // ("Sprachen: Java, Kotlin": programming languages are skills; a spoken one names itself.)
    const language = LANGUAGE_LINE.exec(text)
    if (language && listItems(language[1]!).some((item) => HUMAN_LANGUAGE.test(item))) {
      languages.push(...listItems(language[1]!))
      continue
    }
    const category = /^([^:]{2,40}):\s*(.+)$/u.exec(text)
    // "Certifications: …", "Interests: …" in a "Skills & Interests" section are not skills.
    if (category && NOT_SKILLS.test(clean(category[1]!))) continue
    if (category) {
      const keywords = listItems(category[2]!)
      if (
        /^(?:languages?|sprachen|langues|idiomas)$/iu.test(clean(category[1]!)) &&
        keywords.some((keyword) => HUMAN_LANGUAGE.test(keyword))
      ) {
        languages.push(...keywords)
        continue
      }
      skills.push({ name: clean(category[1]!), keywords })
      continue
    }
    // A label cell beside its list: "Skills | GAAP, Excel, …", "Languages  Python, Go".
    const [label, list] = row.line.parts
    if (
      row.line.parts.length === 2 &&
      label!.text.split(/\s+/).length <= 3 &&
      ((label!.bold && !list!.bold) || /[,;•·|]/.test(list!.text))
    ) {
      const listText = text.slice(text.indexOf(list!.text.slice(0, 8)))
      skills.push({ name: clean(label!.text), keywords: listItems(listText) })
      continue
    }
    // The same with the label and the list in one chunk, a wide gap between them.
    const spaced = /^([^,;:|•·]{2,40}?)\s{2,}(\S.*[,;•·|].*)$/u.exec(text)
    if (spaced && spaced[1]!.split(/\s+/).length <= 3) {
      skills.push({ name: clean(spaced[1]!), keywords: listItems(spaced[2]!) })
      continue
    }
    loose.push(...listItems(text))
  }
  if (loose.length) skills.push({ name: 'Skills', keywords: loose })
  return { skills, languages }
}

function languagesFrom(items: string[]): NonNullable<JsonResume['languages']> {
  return items.map((item) => {
    const match = /^([\p{L} ]+?)\s*(?:\(([^)]+)\)|[:–—-]\s*(.+))$/u.exec(item)
    if (match) return { language: match[1]!.trim(), fluency: (match[2] ?? match[3])!.trim() }
    return { language: item }
  })
}

// ---------------------------------------------------------------- chronological event tables

/**
 * A row of a chronological table: "Year | Month | event" ("2017 | 9 | Joined Tesco (Welwyn Garden
 * City) as Graduate Planner", "2018 | 12 | Left Tesco", "2014 | Entered University of Leeds"), as
 * a rirekisho, a Lebenslauf in table form or a timeline writes a career: one event a row, the job
 * or school opened by one row and closed by a later one.
 */
const EVENT_ROW = /^((?:19|20)\d{2})(?:\s+(0?[1-9]|1[0-2]))?\s+(\p{L}.*)$/u
const JOB_START =
  /^(?:joined|started (?:at|with|work(?:ing)? at)|began (?:work(?:ing)? )?(?:at|with)|hired (?:by|at)|employed (?:by|at)|eintritt (?:bei|in)|einstieg bei|entrée (?:chez|à)|embauche chez|ingres[oó] (?:en|a)|incorporación a|entrou (?:na|no|em))\s+(.+)$/iu
const SCHOOL_START =
  /^(?:entered|enrolled (?:at|in)|admitted to|began stud(?:ies|ying) at|started stud(?:ies|ying) at|studienbeginn an|inscription à|ingreso (?:en|a) la)\s+(.+)$/iu
const SCHOOL_END =
  /^(?:graduated(?: from)?|completed (?:studies at )?|finished (?:studies at )?|abschluss (?:an|der|des)|diplômée? (?:de|d['’])|egres[oó] de|titulad[oa] (?:en|por))\s*(.+)$/iu
const JOB_END =
  /^(?:left|resigned(?: from)?|retired(?: from)?|quit|departed(?: from)?|ended (?:work|employment) (?:at|with)|austritt (?:bei|aus)|départ de|salida de|sa[ií] d[aeo])\s+(.+)$/iu
const PROMOTED =
  /^(?:promoted to|appointed(?: as)?|befördert zu(?:m|r)?|promue? (?:au poste de|à)|ascendid[oa] a)\s+(.+)$/iu
const STILL =
  /^(?:currently (?:employed|working|enrolled)|still employed|present|to date|bis heute|en poste|actualmente|atualmente)\b/iu

interface EventRow {
  date: string
  text: string
  section: ResumeSectionKind | null
  x0: number
}

/** The rows of a chronological table, a wrapped event's next line joined to it. */
function eventRows(lines: SectionLine[]): EventRow[] {
  const rows: EventRow[] = []
  let last: EventRow | null = null
  for (const line of lines) {
    if (line.heading) {
      last = null
      continue
    }
    const text = clean(line.text)
    const match = EVENT_ROW.exec(text)
    if (match) {
      const month = match[2] ? `-${match[2].padStart(2, '0')}` : ''
      const event = match[3]!.trim()
      const x0 = line.parts.find((part) => part.text.trim().startsWith(event.split(' ')[0]!))?.x0
      last = { date: `${match[1]}${month}`, text: event, section: line.section, x0: x0 ?? line.x0 }
      rows.push(last)
      continue
    }
    // A line set under the event's text, not itself an event, goes on with it.
    const aligned = last && Math.abs(line.x0 - last.x0) < 2 && line.parts.length === 1
    if (
      last &&
      aligned &&
      !STILL.test(text) &&
      /[,\p{Ll}]$|\s(?:in|of|and|und|et|de|en|y)$/u.test(last.text)
    ) {
      last.text = `${last.text} ${text}`
      continue
    }
    if (last && STILL.test(text)) rows.push({ ...last, text: 'still', date: '' })
    last = null
  }
  return rows
}

const sameName = (a: string, b: string) =>
  a.toLowerCase().replace(/\s+/g, ' ') === b.toLowerCase().replace(/\s+/g, ' ')

/**
 * Work and education read from a chronological event table, when the document has one (at least
 * three rows open or close a job or a school); `null` otherwise.
 */
export function eventEntries(
  lines: SectionLine[],
): { work: JsonResumeWork[]; education: JsonResumeEducation[] } | null {
  const rows = eventRows(lines)
  const known = rows.filter((row) =>
    [JOB_START, SCHOOL_START, SCHOOL_END, JOB_END].some((re) => re.test(row.text)),
  )
  if (known.length < 3) return null
  const work: (JsonResumeWork & { open: boolean })[] = []
  const schools: (JsonResumeEducation & { open: boolean })[] = []
  const openJob = (name?: string) =>
    [...work].reverse().find((job) => job.open && (!name || sameName(job.name ?? '', name))) ??
    (name ? undefined : undefined)
  for (const row of rows) {
    let match: RegExpExecArray | null
    if (row.text === 'still') continue
    const schoolish = (rest: string) =>
      !/\sas\s/iu.test(rest) &&
      (row.section === 'education' ||
        (row.section !== 'experience' && INSTITUTION_WORDS.test(rest)))
    if ((match = SCHOOL_START.exec(row.text)) && schoolish(match[1]!)) {
      schools.push({ institution: clean(match[1]!), startDate: row.date, open: true })
    } else if ((match = SCHOOL_END.exec(row.text))) {
      const rest = clean(match[1]!)
      const open = [...schools]
        .reverse()
        .find(
          (school) =>
            school.open &&
            rest.toLowerCase().startsWith((school.institution ?? '').toLowerCase()) &&
            /^(?:,|$|\s)/u.test(rest.slice((school.institution ?? '').length)),
        )
      let institution = open?.institution
      let degree = institution ? rest.slice(institution.length).replace(/^\s*,\s*/u, '') : ''
      if (!institution) {
        const comma = rest.search(/,\s*/u)
        institution = comma > 0 ? rest.slice(0, comma) : rest
        degree = comma > 0 ? rest.slice(comma).replace(/^\s*,\s*/u, '') : ''
      }
      const school = open ?? { institution, open: false }
      if (!open) schools.push(school)
      school.open = false
      school.endDate = row.date.slice(0, 4)
      if (degree) Object.assign(school, degreeAndArea(clean(degree)))
    } else if ((match = JOB_START.exec(row.text) ?? SCHOOL_START.exec(row.text))) {
      const job = /^(.+?)\s*(?:\(([^)]*)\))?(?:\s+(?:as|als|comme|como)\s+(.+))?$/iu.exec(
        clean(match[1]!),
      )!
      const entry: JsonResumeWork & { open: boolean } = {
        name: clean(job[1]!),
        startDate: row.date,
        open: true,
      }
      if (job[3]) entry.position = clean(job[3])
      // The bracket after the employer is its place ("Joined Tesco (Welwyn Garden City)").
      if (job[2] && !roleOf(job[2])) entry.location = clean(job[2])
      work.push(entry)
    } else if ((match = JOB_END.exec(row.text))) {
      const job = openJob(clean(match[1]!)) ?? [...work].reverse().find((j) => j.open)
      if (job) {
        job.open = false
        job.endDate = row.date
      }
    } else if ((match = PROMOTED.exec(row.text))) {
      const job = [...work].reverse().find((j) => j.open)
      if (job) {
        job.open = false
        job.endDate = row.date
        work.push({ name: job.name, position: clean(match[1]!), startDate: row.date, open: true })
      }
    }
  }
  const strip = <T extends { open: boolean }>({ open: _open, ...rest }: T) => rest
  return {
    work: work.map(strip).reverse(),
    education: schools.map(strip).reverse(),
  }
}

// ---------------------------------------------------------------- prose

/** Before a job's title in a sentence: "worked as", "has been", "als", "le poste de", "como". */
const PROSE_TITLE = /(?:^|\s)(?:as|has been|is|was|als|comme|le poste de|a été|est|como|fue)\s+/iu
/** Before its employer: "at", "bei", "chez"; else "en", "for", "with" (weaker: titles hold them). */
const PROSE_EMPLOYER = [/\s+(?:at|bei|chez)\s+/iu, /\s+(?:en|for|with|für|pour|para)\s+/iu]
/** Before a school: "at", "an der", "à", "en". */
const PROSE_SCHOOL = /\s+(?:at|an der|an|à|en|from)\s+(?!\d)/iu
const QUOTED = /[«„“"]\s*([^«»„“”"]+?)\s*[»“”"]/u

/**
 * The sentences of a text, the lines joined ("… at Mott" / "MacDonald in Bristol."); a short line
 * with no full stop (a headline) stands alone.
 */
function sentencesOf(texts: string[]): string[] {
  return texts
    .map((text) => {
      const value = text.replace(/\s+/gu, ' ').trim()
      return value.split(' ').length < 6 && !/[.!?,;:]$/u.test(value) ? `${value}\n` : value
    })
    .join(' ')
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\d])|\n/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0)
}

/**
 * A career written as prose, one sentence a job ("Since April 2020, Owen has been Senior Civil
 * Engineer at Arup in Cardiff.", "Von Oktober 2015 bis März 2019 arbeitete Anna als … bei … in
 * Berlin.", "Desde marzo 2018, Javier trabaja como … en Opel España (Figueruelas)."): a sentence
 * that opens with a date range, then a title after "as / als / comme / como / has been / le poste
 * de", an employer after "at / bei / chez / en", and a place after "in / à" or in brackets. A
 * sentence that opens with a year and names a degree (in quotes, or a degree word) at a school is
 * a school. Read only when no other reader found a job.
 */
function proseEntries(texts: string[]): {
  work: JsonResumeWork[]
  education: JsonResumeEducation[]
} {
  const work: JsonResumeWork[] = []
  const education: JsonResumeEducation[] = []
  for (const sentence of sentencesOf(texts)) {
    const range = findDateRange(sentence)
    if (!range || range.index > 12) continue
    const rest = sentence.slice(range.end).replace(/[.]$/u, '')
    if (range.endDate || range.current) {
      const title = PROSE_TITLE.exec(rest)
      if (!title) continue
      const afterTitle = rest.slice(title.index + title[0].length)
      const employer = PROSE_EMPLOYER.map((marker) => marker.exec(afterTitle)).find(Boolean)
      if (!employer) continue
      const position = clean(afterTitle.slice(0, employer.index))
      let company = afterTitle.slice(employer.index + employer[0].length)
      let place: string | undefined
      const bracket = /\s*\(([^)]+)\)\s*$/u.exec(company)
      const at = /\s+(?:in|à|a|en)\s+([\p{Lu}][^()]*?)(?:\s+tätig)?$/u.exec(company)
      if (bracket) [company, place] = [company.slice(0, bracket.index), bracket[1]]
      else if (at && looksLikePlace(at[1]!, true))
        [company, place] = [company.slice(0, at.index), at[1]]
      company = clean(company.replace(/\s+tätig$/u, ''))
      if (!position || !company || position.split(/\s+/u).length > 8) continue
      const job: JsonResumeWork = { name: company, position }
      if (place) job.location = clean(place)
      if (range.startDate) job.startDate = range.startDate
      if (range.endDate && !range.current) job.endDate = range.endDate
      work.push(job)
      continue
    }
    // A school: a year, then a degree (quoted, or a degree word) and the school after "at / à".
    const quoted = QUOTED.exec(rest)
    const degreeAt = quoted ? null : degreeMatch(rest)
    if (!quoted && !degreeAt) continue
    const from = quoted ? quoted.index + quoted[0].length : rest.indexOf(degreeAt![0])
    const tail = rest.slice(from)
    const schoolAt = PROSE_SCHOOL.exec(tail)
    if (!schoolAt) continue
    const institution = clean(
      tail.slice(schoolAt.index + schoolAt[0].length).replace(/\s+ab$/u, ''),
    )
    const degree = clean(
      quoted
        ? quoted[1]!
        : rest.slice(from, from + schoolAt.index).replace(/^(?:an?|the)\s+/iu, ''),
    )
    if (!institution || !degree) continue
    const school: JsonResumeEducation = { institution, ...degreeAndArea(degree) }
    if (range.startDate) school.endDate = range.startDate.slice(0, 4)
    education.push(school)
  }
  return { work, education }
}

/** Skills listed in a sentence ("Areas of expertise include SQL, Python, dbt.", "Ses domaines : …"). */
function proseSkills(texts: string[]): string[] {
  for (const sentence of sentencesOf(texts)) {
    const body = sentence.replace(/[.]$/u, '')
    const colon = body.indexOf(':')
    const lead = colon >= 0 ? body.slice(0, colon) : ''
    if (lead && headingKind(lead) === 'languages') continue
    let list = colon >= 0 ? body.slice(colon + 1) : body
    const verb = /\b(?:include|includes|gehören|umfassen|comprennent|incluyen|sont|son)\s+/iu.exec(
      list,
    )
    if (colon < 0 && !verb) continue
    if (verb) list = list.slice(verb.index + verb[0].length)
    const items = list.split(/\s*,\s*/u).map((item) => clean(item))
    if (items.length < 3 || items.some((item) => !item || item.split(/\s+/u).length > 4)) continue
    return items
  }
  return []
}

export function resumeFrom(
  lines: SectionLine[],
  nameLine: SectionLine | undefined,
  links: string[],
  bodySize: number,
): JsonResume {
  const of = (kind: ResumeSectionKind) =>
    lines.filter((line) => line.section === kind && !line.heading && line !== nameLine)
  const basics = basicsFrom(lines, nameLine, links)
  const events = eventEntries(lines.filter((line) => line !== nameLine))
  const labelledJobs = labelledEntries(of('experience'), bodySize, false)
  const work = events?.work.length
    ? events.work
    : labelledJobs
      ? labelledWork(labelledJobs)
      : workFrom(entriesOf(of('experience'), bodySize, false), [basics.location?.city ?? ''])
  const labelledSchools =
    labelledEntries(of('education'), bodySize, true) ?? tableEntries(of('education'))
  const education = events?.education.length
    ? events.education
    : labelledSchools
      ? labelledEducation(labelledSchools)
      : educationFrom(entriesOf(of('education'), bodySize, true))
  const edges = new Map<string, number>()
  const blockOf = (line: SectionLine) => `${line.page}:${line.column}`
  for (const line of lines)
    edges.set(blockOf(line), Math.max(edges.get(blockOf(line)) ?? 0, line.x1))
  // Full-width text (a narrow column that runs on alone below the other one, a one-column
  // page) is measured against the lines that share its left edge, not the page's widest line.
  // (Three lines at least: a lone line is no column.)
  const fullEdge = (line: SectionLine) => {
    const aligned = lines.filter(
      (other) =>
        other.page === line.page && other.column === null && Math.abs(other.x0 - line.x0) <= 2,
    )
    return aligned.length >= 3
      ? Math.max(...aligned.map((other) => other.x1))
      : (edges.get(blockOf(line)) ?? line.x1)
  }
  const { skills, languages: languageItems } = skillsFrom(of('skills'), (line) =>
    line.column === null ? fullEdge(line) : (edges.get(blockOf(line)) ?? line.x1),
  )
  // A career told as prose (a biography): read from its sentences when no reader found a job.
  // (Also when it tells as many jobs as they found, or two or more in a document of prose, most
  // of its text in lines of eight words or more: the readers of entries then read sentences.)
  const prose = lines
    .filter((line) => line !== nameLine && !line.heading && line.section !== 'contact')
    .map((line) => line.text)
  const told = proseEntries(prose)
  const chars = (texts: string[]) => texts.reduce((sum, text) => sum + text.length, 0)
  const long = chars(prose.filter((text) => text.trim().split(/\s+/u).length >= 8))
  if (
    told.work.length > 0 &&
    (told.work.length >= work.length || (told.work.length >= 2 && long >= chars(prose) * 0.6))
  ) {
    work.splice(0, work.length, ...told.work)
    if (told.education.length > 0 || work.length === 0)
      education.splice(0, education.length, ...told.education)
    if (skills.length === 0) {
      const keywords = proseSkills(prose)
      if (keywords.length) skills.push({ name: 'Skills', keywords })
    }
  }
  const resume: JsonResume = { basics, work, education, skills }
  const languageLines = rowsOf(of('languages')).flatMap((row) =>
    listItems(clean(row.text.replace(BULLET, ''))),
  )
  const languages = languagesFrom([...languageLines, ...languageItems])
  if (languages.length) resume.languages = languages
  const certificates = rowsOf(of('certificates')).map((row) => {
    const text = clean(row.text.replace(BULLET, ''))
    const range = findDateRange(text)
    const name = range ? withoutDate(text, range) : text
    return range?.startDate ? { name, date: range.startDate } : { name }
  })
  if (certificates.length) resume.certificates = certificates
  return resume
}

export { parseDate }
