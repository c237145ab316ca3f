/**
 * Reading one bullet: its first verb, its numbers, its results, its voice; and building a rewrite
 * from the bullet's own words. Rewrites keep every fact the seeker wrote and put what only the
 * seeker knows in [brackets]; they never add a fact.
 */
import {
  ACTION_VERBS,
  BUZZWORDS,
  FIRST_PERSON,
  IRREGULAR_PARTICIPLES,
  IRREGULAR_PAST,
  RESULT_WORDS,
  WEAK_OPENERS,
} from './lexicon.ts'

const MARKER = /^\s*(?:[-*•·–—▪◦●○■□➢►✓✔]|\d{1,2}[.)])\s*/u

/** The bullet without its marker, single-spaced. */
export function bulletText(line: string): string {
  return line.replace(MARKER, '').replace(/\s+/g, ' ').trim()
}

export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []
}

export const wordCount = (text: string): number => wordsOf(text).length

const NUMBER_WORDS =
  /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|hundreds|thousand|thousands|million|millions|billion|double|doubled|triple|tripled|half|halved|dozen|dozens)\b/i

/** Whether the bullet carries a figure: a digit, a percentage, an amount or a number word. */
export function hasNumber(text: string): boolean {
  return /\d/.test(text) || NUMBER_WORDS.test(text)
}

/** Whether the bullet states an outcome: a figure, or a result word ("resulting", "faster"). */
export function hasResult(text: string): boolean {
  return hasNumber(text) || wordsOf(text).some((word) => RESULT_WORDS.has(word))
}

/** The weak opener the bullet starts with ("responsible for"), if any. */
export function weakOpener(text: string): string | null {
  const lower = bulletText(text).toLowerCase()
  return (
    WEAK_OPENERS.find(
      (opener) => lower === opener || new RegExp(`^${escape(opener)}(?![\\p{L}])`, 'u').test(lower),
    ) ?? null
  )
}

/** Whether the bullet starts with an action verb (and not a weak opener). */
export function startsWithActionVerb(text: string): boolean {
  if (weakOpener(text)) return false
  const first = wordsOf(bulletText(text))[0]
  if (!first) return false
  if (ACTION_VERBS.has(first)) return true
  // The present of a listed verb, for a current job ("Maintain", "Manages", "Leads").
  const bare = first.replace(/(?<=[^s])s$/, '')
  if (ACTION_VERBS.has(bare)) return true
  if (['ed', 'd'].some((ending) => ACTION_VERBS.has(`${bare}${ending}`))) return true
  // Any other regular past tense reads as an action ("Digitalised", "Containerised").
  return /^[a-z][a-z-]{2,}ed$/.test(first) && !['need', 'based', 'related', 'used'].includes(first)
}

/** The buzzwords the line uses, as written in the line. */
export function buzzwordsIn(text: string): string[] {
  const lower = text.toLowerCase()
  const found: string[] = []
  for (const buzzword of BUZZWORDS) {
    const match = new RegExp(`(^|[^\\p{L}])(${escape(buzzword)})(?![\\p{L}])`, 'u').exec(lower)
    if (!match) continue
    // "highly motivated" already covers "motivated".
    if (found.some((other) => other.toLowerCase().includes(buzzword))) continue
    const at = match.index + match[1]!.length
    found.push(text.slice(at, at + buzzword.length))
  }
  return found
}

export function firstPersonIn(text: string): string[] {
  return [...new Set(wordsOf(text).filter((word) => FIRST_PERSON.has(word)))]
}

const AUXILIARY =
  /\b(was|were|is|are|been|being|be|got|get|gets|wurde|wurden|worden)\s+(?:\w+ly\s+)?([\p{L}]+)/iu

/** The passive construction in the line ("was managed"), if any. */
export function passiveIn(
  text: string,
): { auxiliary: string; participle: string; index: number } | null {
  const pattern = new RegExp(AUXILIARY.source, 'giu')
  for (const match of text.matchAll(pattern)) {
    const participle = match[2]!.toLowerCase()
    const isParticiple =
      IRREGULAR_PARTICIPLES.has(participle) ||
      (/^[a-z]{3,}ed$/.test(participle) &&
        ![
          'based',
          'interested',
          'skilled',
          'experienced',
          'dedicated',
          'excited',
          'required',
        ].includes(participle))
    if (isParticiple) return { auxiliary: match[1]!, participle: match[2]!, index: match.index }
  }
  return null
}

/** The simple past of an -ing form ("managing" → "managed"), or null if it is not one. */
export function pastOfGerund(gerund: string): string | null {
  const word = gerund.toLowerCase()
  if (
    !/^[a-z]{3,}ing$/.test(word) ||
    ['bring', 'thing', 'string', 'spring', 'king'].includes(word)
  ) {
    return word === 'bring' ? 'brought' : null
  }
  const stem = word.slice(0, -3)
  if (IRREGULAR_PAST[stem]) return IRREGULAR_PAST[stem]
  if (IRREGULAR_PAST[`${stem}e`]) return IRREGULAR_PAST[`${stem}e`]!
  if (/(.)\1$/.test(stem) && !/(ll|ss|ff|zz)$/.test(stem)) {
    const single = stem.slice(0, -1)
    if (IRREGULAR_PAST[single]) return IRREGULAR_PAST[single]
    return `${stem}ed` // planning → planned
  }
  if (/[^aeiou]y$/.test(stem)) return `${stem.slice(0, -1)}ied`
  if (/[aeiou]y$/.test(stem)) return `${stem}ed`
  // A silent e needs no care: "manag" + "ed" is "manage" + "d".
  return `${stem}ed`
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)
const lowerFirst = (text: string): string =>
  /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text

const RESULT_PLACEHOLDER =
  'resulting in [result: a number such as % faster, hours or money saved, users or revenue gained]'

/** "team" with no size → "team of [number]". */
function withTeamSize(text: string): string {
  if (hasNumber(text)) return text
  return text.replace(/\b(team|staff|group)\b(?! of)/i, '$1 of [number]')
}

function stripEnd(text: string): string {
  return text.replace(/[\s.;,]+$/, '')
}

/**
 * A rewrite of a weak bullet: the weak opener replaced by an action verb built from the bullet's
 * own verb ("Responsible for managing the team" → "Led a team of [number] …, resulting in …").
 */
export function rewriteWeakBullet(line: string): string {
  const text = bulletText(line)
  const opener = weakOpener(text)
  let rest = opener ? text.slice(opener.length).trim() : text
  rest = stripEnd(rest.replace(/^(?:the\s+)?(?:task|tasks|duty|duties)\s+of\s+/i, ''))
  const [firstWord = '', ...others] = rest.split(' ')
  const past = pastOfGerund(firstWord.replace(/[^\p{L}]/gu, ''))
  let verb: string
  let object: string
  if (past) {
    object = others.join(' ')
    verb = past
    if (past === 'managed' && /^(?:the\s+|a\s+)?(?:team|staff|group|people)\b/i.test(object)) {
      verb = 'led'
      object = object.replace(/^the\s+/i, 'a ')
    }
  } else if (opener && /^(helped|assisted|contributed)/.test(opener)) {
    verb = '[action verb, e.g. Delivered, Built or Improved]'
    object = rest.replace(/^(?:to|with|in)\s+/i, '')
  } else {
    // A noun first ("Betreuung von …", "ICML paper …"): keep the line as written, verb in front.
    const noun = /^\p{Lu}\p{Ll}+(?:ung|ion|ment|ance|ence|age|ität|isation|ización)$/u.test(
      firstWord,
    )
    const label = noun
      ? `[action verb for “${firstWord}”, e.g. Ran, Delivered or Supervised]`
      : '[action verb, e.g. Delivered, Built or Ran]'
    return `${label} ${withTeamSize(rest)}${hasResult(rest) ? '' : `, ${RESULT_PLACEHOLDER}`}`
  }
  const body = withTeamSize(`${verb} ${lowerFirst(object)}`.trim())
  return `${capitalise(body)}${hasResult(object) ? '' : `, ${RESULT_PLACEHOLDER}`}`
}

/** A rewrite of a bullet that has an action verb but no result: the bullet plus its outcome. */
export function rewriteWithResult(line: string): string {
  return `${withTeamSize(stripEnd(bulletText(line)))}, ${RESULT_PLACEHOLDER}`
}

/** A rewrite of a passive sentence with the seeker as the doer ("Reports were prepared" → "Prepared reports"). */
export function rewritePassive(line: string): string {
  const text = stripEnd(bulletText(line))
  const passive = passiveIn(text)
  if (!passive) return text
  const before = text.slice(0, passive.index).trim()
  const after = text
    .slice(passive.index)
    .replace(/^\S+\s+(?:\w+ly\s+)?\S+/, '')
    .replace(/^\s*by (?:me|myself)\b/i, '')
    .trim()
  const participle = passive.participle.toLowerCase()
  const object = lowerFirst(before)
  return capitalise([participle, object, after].filter(Boolean).join(' '))
}

/** A long bullet cut in two at its natural seam (";", ", and", " and ", ", "), or trimmed. */
export function splitLongBullet(line: string): string[] {
  const text = stripEnd(bulletText(line))
  const seams = [/;\s+/g, /,\s+and\s+/g, /\s+and\s+/g, /,\s+/g]
  const middle = text.length / 2
  for (const seam of seams) {
    const cuts = [...text.matchAll(seam)].map((match) => ({
      at: match.index,
      length: match[0].length,
    }))
    if (cuts.length === 0) continue
    const best = cuts.reduce((a, b) => (Math.abs(a.at - middle) <= Math.abs(b.at - middle) ? a : b))
    const first = text.slice(0, best.at).trim()
    const second = text.slice(best.at + best.length).trim()
    if (wordCount(first) >= 4 && wordCount(second) >= 4) {
      return [first, capitalise(second)]
    }
  }
  const words = text.split(' ')
  return [`${words.slice(0, 20).join(' ')} …`]
}

/** The line without its buzzwords (and without the commas they leave behind). */
export function withoutBuzzwords(line: string, buzzwords: string[]): string {
  let text = bulletText(line)
  for (const buzzword of buzzwords) {
    text = text.replace(new RegExp(`(^|[^\\p{L}])${escape(buzzword)}(?![\\p{L}])`, 'iu'), '$1')
  }
  text = text
    .replace(/\s+,/g, ',')
    .replace(/,\s*,/g, ',')
    .replace(/\b(a|an|and)\s+(,|and\b)/gi, '$1')
    .replace(/^[\s,;-]+/, '')
    .replace(/\s{2,}/g, ' ')
    .trim()
  return capitalise(text.replace(/\ban ([bcdfghjklmnpqrstvwxz])/gi, 'a $1'))
}

/** The line without first-person pronouns at its start ("I managed" → "Managed"). */
export function withoutFirstPerson(line: string): string {
  const text = bulletText(line)
    .replace(/^(?:i|we|ich|je|j’|j')\s*/i, '')
    .replace(/\bmy\b/gi, 'the')
  return capitalise(text)
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
