/**
 * Turns an email into the text the classifier reads: HTML to text, the original message of a
 * forward (its sender and subject read from the forwarded header block), quoted reply history
 * and legal footers cut off.
 */
import type { EmailMessage } from './types.ts'

export interface PreparedEmail {
  subject: string
  fromName: string
  fromAddress: string
  /** The message's own words: no quoted history, no forward headers. */
  body: string
  /** `body` without footers (unsubscribe lines, legal notices, "Powered by" lines). */
  content: string
  forwarded: boolean
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  middot: '·',
  ndash: '–',
  mdash: '—',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  hellip: '…',
  euro: '€',
  pound: '£',
  copy: '©',
}

/** A small HTML-to-text for callers that pass only `html` (mailparser already gives text). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head|title)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|li|h[1-6]|table|blockquote|section)>/gi, '\n\n')
    .replace(/<(td|th)\b[^>]*>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16))
      if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10))
      return ENTITIES[name.toLowerCase()] ?? whole
    })
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

// Lines that open a forwarded message, in the mail clients' languages.
const FORWARD_MARKER =
  /^[ \t>]*(?:-{2,}\s*(?:forwarded message|original message|weitergeleitete nachricht|ursprüngliche nachricht|message transféré|message d'origine|mensaje reenviado|mensaje original|doorgestuurd bericht|oorspronkelijk bericht|messaggio inoltrato|messaggio originale|mensagem encaminhada|mensagem original)\s*-{2,}|begin forwarded message:?|début du message réexpédié\s*:?|anfang der weitergeleiteten nachricht:?|inicio del mensaje reenviado:?|_{10,})[ \t]*$/im

const FORWARD_SUBJECT = /^\s*(?:(?:fwd?|fw|wg|tr|rv|enc|doorst|i)\s*:\s*)+/i
const REPLY_SUBJECT = /^\s*(?:(?:re|aw|sv|antw|rif|r)\s*:\s*)+/i

const HEADER_LINE =
  /^[ \t>*]*(from|von|de|van|da|sent|gesendet|envoyé|enviado|verzonden|inviato|enviada|date|datum|fecha|data|subject|betreff|objet|asunto|onderwerp|oggetto|assunto|to|an|à|a|para|aan|cc)[ \t]*:[ \t]*(.*)$/i
const FROM_KEY = /^(from|von|de|van|da)$/i
const SUBJECT_KEY = /^(subject|betreff|objet|asunto|onderwerp|oggetto|assunto)$/i

interface HeaderBlock {
  start: number
  end: number
  from?: string
  subject?: string
}

/** Finds the first block of "From: …/Subject: …" lines (at least two, one of them From). */
function findHeaderBlock(lines: string[], fromLine: number): HeaderBlock | undefined {
  for (let i = fromLine; i < lines.length; i++) {
    if (!HEADER_LINE.test(lines[i]!)) continue
    let j = i
    const block: HeaderBlock = { start: i, end: i }
    let count = 0
    while (j < lines.length) {
      const match = HEADER_LINE.exec(lines[j]!)
      if (!match) {
        // A long From or Subject value may wrap onto the next line.
        if (lines[j]!.trim() === '' || count === 0) break
        j++
        continue
      }
      const [, key, value] = match
      if (FROM_KEY.test(key!) && !block.from) block.from = value!.trim()
      if (SUBJECT_KEY.test(key!) && !block.subject) block.subject = value!.trim()
      count++
      block.end = j
      j++
    }
    if (count >= 2 && block.from && /@/.test(block.from)) return block
    i = Math.max(i, block.end)
  }
  return undefined
}

/** "Acme Talent <talent@acme.com>", "talent@acme.com", "Acme <mailto:talent@acme.com>". */
export function parseAddress(value: string): { name: string; address: string } {
  const angle = /^(.*?)<\s*(?:mailto:)?([^<>\s]+@[^<>\s]+)\s*>/.exec(value)
  if (angle) return { name: cleanName(angle[1]!), address: angle[2]!.toLowerCase() }
  const bare = /([^\s<>"'()[\]]+@[^\s<>"'()[\]]+\.[a-z]{2,})/i.exec(value)
  if (bare) {
    const name = cleanName(value.replace(bare[0], '').replace(/[[\]()]/g, ''))
    return { name, address: bare[1]!.toLowerCase() }
  }
  return { name: cleanName(value), address: '' }
}

function cleanName(value: string): string {
  return value
    .replace(/^[\s"'*]+|[\s"'*]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

// Where quoted history starts in a reply.
const QUOTE_INTRO = [
  /^\s*on\b.{4,160}\bwrote:\s*$/i,
  /^\s*am\b.{4,160}\bschrieb\b.*:\s*$/i,
  /^\s*le\b.{4,160}\ba écrit\s*:\s*$/i,
  /^\s*el\b.{4,160}\bescribió:\s*$/i,
  /^\s*op\b.{4,160}\bschreef\b.*:\s*$/i,
  /^\s*il giorno\b.{4,160}\bha scritto:\s*$/i,
  /^\s*(em|no dia)\b.{4,160}\bescreveu:\s*$/i,
  /^\s*-{2,}\s*(original message|ursprüngliche nachricht|message d'origine|mensaje original|oorspronkelijk bericht|messaggio originale|mensagem original)\s*-{2,}\s*$/i,
]

/**
 * Cuts quoted reply history: "> " lines and everything after "On … wrote:" and the like. With
 * `headerBlocks`, a bare "From: …/Sent: …" block under the message's own words (Outlook's reply
 * without a rule, a mobile client's quote) starts the history too: the employer's answer is on
 * top, the earlier messages of the thread below it must not decide the type.
 */
function stripQuotedHistory(text: string, headerBlocks: boolean): string {
  const lines = text.split('\n')
  const kept: string[] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (QUOTE_INTRO.some((re) => re.test(line))) break
    // Outlook puts the previous message under a rule and a From/Sent block.
    if (/^_{10,}\s*$/.test(line) && findHeaderBlock(lines.slice(i + 1, i + 3), 0)) break
    if (
      headerBlocks &&
      /^[ \t*]*(?:from|von|de|van|da)[ \t]*:/i.test(line) &&
      kept.join(' ').trim().length >= 2 &&
      findHeaderBlock(lines.slice(i, i + 8), 0)?.start === 0
    )
      break
    if (/^\s*>/.test(line)) continue
    kept.push(line)
  }
  return kept.join('\n').trim()
}

const FOOTER_LINE =
  /unsubscribe|abmelden|abbestellen|désinscri|désabonner|darte de baja|dejar de recibir|uitschrijven|disiscriv|powered by|sent (via|with)\b|this (e-?mail|message) (and any|is|was|may)|intended (solely )?for|confidential|registered (in|office)|amtsgericht|\bhrb\b|geschäftsführ|handelsregister|datenschutz|privacy|©|\bcopyright\b|do not reply|nicht antworten|ne pas répondre|no respondas|automated message|automatisch erstellt|you are receiving|you received this|sie erhalten diese|vous recevez|has recibido/i

/** Drops the sentences of footers and notices, never the rest of a paragraph they sit in. */
function stripFooters(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      FOOTER_LINE.test(line)
        ? line
            .split(/(?<=[.!?])\s+/)
            .filter((sentence) => !FOOTER_LINE.test(sentence))
            .join(' ')
        : line,
    )
    .join('\n')
    .trim()
}

/**
 * Joins prose that a mailer hard-wrapped ("…for the Senior Product Designer\nrole…"), leaving
 * short lines (greetings, signatures, addresses) on their own.
 */
function unwrapLines(text: string): string {
  const lines = text.split('\n')
  const out: string[] = []
  for (const line of lines) {
    const previous = out[out.length - 1]
    if (
      previous !== undefined &&
      previous.length >= 55 &&
      line.trim() !== '' &&
      !/[.!?:]$/.test(previous.trim()) &&
      !/^\s*(?:[-*•·]|\d+[.)])\s/.test(line)
    )
      out[out.length - 1] = `${previous.trimEnd()} ${line.trimStart()}`
    else out.push(line)
  }
  return out.join('\n')
}

/** The message as the classifier reads it; a forward is read as its original message. */
export function prepareEmail(message: EmailMessage): PreparedEmail {
  let text = (message.text ?? '').trim()
  if (!text && message.html) text = htmlToText(message.html)
  text = text.replace(/\r\n?/g, '\n').replace(/\u00a0/g, ' ')
  let subject = (message.subject ?? '').trim()
  let fromName = message.from.name ?? ''
  let fromAddress = (message.from.address ?? '').toLowerCase()
  let forwarded = false

  // Unwrap forwards, innermost first only while the outer note is short.
  for (let depth = 0; depth < 3; depth++) {
    const lines = text.split('\n')
    const marker = lines.findIndex((line) => FORWARD_MARKER.test(line))
    const isForwardSubject = FORWARD_SUBJECT.test(subject)
    const block = findHeaderBlock(lines, marker >= 0 ? marker + 1 : 0)
    if (!block) break
    const before = lines.slice(0, block.start).join('\n').replace(FORWARD_MARKER, '').trim()
    const markerLine = marker >= 0 ? lines[marker]! : ''
    // A rule or "Original Message" line also starts quoted history in replies.
    const ambiguousMarker =
      /^[\s>]*(?:_{10,}|-{2,}\s*(?:original message|ursprüngliche nachricht|message d'origine|mensaje original|oorspronkelijk bericht|messaggio originale|mensagem original)\s*-{2,})\s*$/i.test(
        markerLine,
      )
    const markerBeforeBlock =
      marker >= 0 &&
      marker < block.start &&
      block.start - marker <= 3 &&
      (!ambiguousMarker ||
        isForwardSubject ||
        (!REPLY_SUBJECT.test(subject) && lines.slice(0, marker).join('\n').trim().length < 120))
    const looksForwarded =
      markerBeforeBlock ||
      (isForwardSubject && before.length < 400) ||
      (!REPLY_SUBJECT.test(subject) && before.length < 120)
    if (!looksForwarded) break
    const original = parseAddress(block.from!)
    if (!original.address) break
    forwarded = true
    fromName = original.name
    fromAddress = original.address
    if (block.subject) subject = block.subject
    else subject = subject.replace(FORWARD_SUBJECT, '')
    text = lines
      .slice(block.end + 1)
      .join('\n')
      .trim()
  }
  subject = subject.replace(FORWARD_SUBJECT, '').trim()

  // In a forward that was not unwrapped (a long note above it), the header block is the
  // forwarded message itself, not history to cut.
  const headerBlocks = forwarded || !FORWARD_SUBJECT.test(message.subject ?? '')
  const body = unwrapLines(stripQuotedHistory(text, headerBlocks))
  return { subject, fromName, fromAddress, body, content: stripFooters(body), forwarded }
}
