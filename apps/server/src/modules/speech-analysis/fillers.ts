/**
 * Fillers, hedges and immediate repetitions in a transcript, each with character offsets
 * `[start, end)` so a UI can highlight them. The rules for the ambiguous words are in
 * docs/decisions/0025-speech-analysis.md; they favour recall (a coach would rather point at
 * one "like" too many than miss a habit) but keep the common content uses out.
 */
import { type TranscriptWord, transcriptWords } from './transcript-words.ts'

export type TextMark = {
  /** Canonical lower-case form: "um", "like", "you know", "i mean". */
  word: string
  start: number
  end: number
}

/** Always fillers, whatever surrounds them. Spelling variants map to one key. */
const ALWAYS: [RegExp, string][] = [
  [/^u+m+$/, 'um'],
  [/^u+h+m*$/, 'uh'],
  [/^e+r+m+$/, 'erm'],
  [/^e+r+$/, 'er'],
  [/^a+h+$/, 'ah'],
  [/^h+m+$/, 'hmm'],
  [/^m+h*m+$/, 'mm'],
  [/^e+h+$/, 'eh'],
]
const ALWAYS_WORDS = new Set(['basically', 'literally'])

const SUBJECTS = new Set([
  'i',
  'you',
  'we',
  'they',
  'he',
  'she',
  'people',
  'who',
  "i'd",
  "we'd",
  "you'd",
  "they'd",
])
/** "like" after these is a verb or a preposition of comparison, not a filler. */
const LIKE_CONTENT_BEFORE = new Set([
  ...SUBJECTS,
  'would',
  'should',
  'could',
  'might',
  'to',
  'do',
  'does',
  'did',
  "don't",
  "doesn't",
  "didn't",
  'really',
  'also',
  'not',
  'always',
  'never',
  'still',
  'look',
  'looks',
  'looked',
  'looking',
  'sound',
  'sounds',
  'sounded',
  'seem',
  'seems',
  'seemed',
  'feel',
  'feels',
  'felt',
  'feeling',
  'something',
  'anything',
  'nothing',
  'things',
  'thing',
  'stuff',
  'more',
  'much',
  'exactly',
  'tools',
  'companies',
  'languages',
  'frameworks',
  'projects',
  'ones',
  'what',
  'much',
  'most',
  'very',
  'taste',
  'tastes',
  'acted',
  'act',
  'acts',
  'behave',
  'behaves',
  'treat',
  'treated',
  'dress',
  'dressed',
  'smell',
  'smells',
  'talk',
  'talked',
  'think',
  'thinking',
  'lot',
  'would',
])
const DETERMINERS = new Set([
  'a',
  'an',
  'the',
  'this',
  'that',
  'these',
  'those',
  'what',
  'which',
  'any',
  'some',
  'every',
  'each',
  'one',
  'same',
  'different',
  'no',
  'all',
  'many',
  'another',
  'other',
  'our',
  'my',
  'your',
  'their',
  'his',
  'her',
  'its',
  'whatever',
  'certain',
  'right',
  'wrong',
  'new',
  'first',
])
/** Hedge phrases (multi-word ones are matched first). */
const HEDGES: string[][] = [
  ["i'm", 'not', 'sure'],
  ['i', 'am', 'not', 'sure'],
  ['not', 'sure'],
  ['i', 'think'],
  ['i', 'guess'],
  ['i', 'suppose'],
  ['i', 'believe'],
  ['i', 'feel', 'like'],
  ['sort', 'of'],
  ['kind', 'of'],
  ['kinda'],
  ['sorta'],
  ['maybe'],
  ['perhaps'],
  ['probably'],
  ['possibly'],
  ['somewhat'],
  ['might'],
  ['a', 'little', 'bit'],
  ['more', 'or', 'less'],
  ['i', 'would', 'say'],
  ["i'd", 'say'],
]

const ends = (mark: string) => /[.!?;:]/.test(mark)
const pauses = (mark: string) => /[,.!?;:—–-]/.test(mark) || mark.includes('...')

function mark(words: TranscriptWord[], from: number, count: number, word: string): TextMark {
  return { word, start: words[from]!.start, end: words[from + count - 1]!.end }
}

/** The filler occurrences of a transcript, in order. */
export function findFillers(text: string): TextMark[] {
  const words = transcriptWords(text)
  const marks: TextMark[] = []
  /** Whether word i starts a clause: first word, after . ! ? ; : or after an opening filler. */
  const clauseStart: boolean[] = []
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!
    const prev = words[i - 1]
    const next = words[i + 1]
    const next2 = words[i + 2]
    const atStart =
      i === 0 || ends(w.before) || (clauseStart[i - 1] === true && marks.at(-1)?.end === prev?.end)
    clauseStart[i] = atStart
    const lower = w.lower
    const always = ALWAYS.find(([pattern]) => pattern.test(lower))
    if (always) {
      marks.push(mark(words, i, 1, always[1]))
      continue
    }
    if (ALWAYS_WORDS.has(lower)) {
      marks.push(mark(words, i, 1, lower))
      continue
    }
    if (lower === 'actually') {
      // Counted every time: in spoken answers it is padding ("actually," / "I actually think")
      // far more often than content ("what actually happened"), and a missed filler costs more
      // than a flagged one (ADR 0025).
      marks.push(mark(words, i, 1, lower))
      continue
    }
    if (lower === 'you' && next?.lower === 'know' && w.after === '') {
      const before = prev?.lower ?? ''
      const question =
        [
          'do',
          'did',
          "don't",
          'if',
          'as',
          'would',
          'will',
          'could',
          'should',
          'to',
          'let',
          'does',
          'what',
        ].includes(before) && !pauses(w.before)
      const object =
        next2 &&
        next.after === '' &&
        [
          'what',
          'how',
          'why',
          'where',
          'when',
          'who',
          'whether',
          'if',
          'that',
          'about',
          'him',
          'her',
          'them',
          'it',
          'this',
          'the',
          'a',
          'an',
          'your',
          'my',
          'our',
          'their',
          'each',
        ].includes(next2.lower)
      if (!question && !object) {
        marks.push(mark(words, i, 2, 'you know'))
        i++
        clauseStart[i] = atStart
        continue
      }
    }
    if (lower === 'i' && next?.lower === 'mean' && w.after === '') {
      const before = prev?.lower ?? ''
      const content =
        (['what', 'that', 'which', 'if', 'do', "don't", 'did'].includes(before) &&
          !pauses(w.before)) ||
        (next2 && next.after === '' && ['to', 'it', 'that', 'what'].includes(next2.lower))
      if (!content) {
        marks.push(mark(words, i, 2, 'i mean'))
        i++
        clauseStart[i] = atStart
        continue
      }
    }
    if ((lower === 'kind' || lower === 'sort') && next?.lower === 'of' && w.after === '') {
      const before = prev?.lower ?? ''
      if (!(DETERMINERS.has(before) && !pauses(w.before))) {
        marks.push(mark(words, i, 2, `${lower} of`))
        i++
        continue
      }
    }
    if (lower === 'kinda' || lower === 'sorta') {
      const before = prev?.lower ?? ''
      if (!(DETERMINERS.has(before) && !pauses(w.before)))
        marks.push(mark(words, i, 1, lower === 'kinda' ? 'kind of' : 'sort of'))
      continue
    }
    if (lower === 'like') {
      const before = prev?.lower ?? ''
      const commaAround = pauses(w.after) || (pauses(w.before) && !ends(w.before))
      const likeISaid =
        atStart &&
        next &&
        ['i', 'we', 'you'].includes(next.lower) &&
        next2 &&
        ['said', 'mentioned', 'say'].includes(next2.lower)
      const contentUse = !pauses(w.before) && LIKE_CONTENT_BEFORE.has(before)
      if (!likeISaid && (commaAround || atStart || !contentUse)) {
        // Left: "tools like Jenkins" (a noun before, no pause) is a comparison.
        const nounComparison =
          !commaAround &&
          !atStart &&
          ![
            'was',
            'is',
            'were',
            "it's",
            "that's",
            'and',
            'but',
            'so',
            'just',
            'like',
            'are',
            "i'm",
            "we're",
            "they're",
            "he's",
            "she's",
            'be',
            'been',
            'totally',
            'um',
            'uh',
            'then',
            'or',
            'because',
          ].includes(before)
        if (!nounComparison) {
          marks.push(mark(words, i, 1, 'like'))
          continue
        }
      }
    }
    if (lower === 'so' && atStart) {
      // "So far", "so that", "so much": content even at the start.
      if (!(
        next &&
        w.after === '' &&
        ['far', 'that', 'much', 'many', 'long', 'few'].includes(next.lower)
      )) {
        marks.push(mark(words, i, 1, 'so'))
        continue
      }
    }
    if (lower === 'well' && atStart && pauses(w.after)) {
      marks.push(mark(words, i, 1, 'well'))
      continue
    }
    if (lower === 'okay' || lower === 'ok') {
      if (atStart && pauses(w.after) && i + 1 < words.length) {
        marks.push(mark(words, i, 1, 'okay'))
        continue
      }
    }
    if (lower === 'right') {
      const tag =
        w.after.startsWith('?') || (pauses(w.before) && !ends(w.before) && pauses(w.after))
      const opener = atStart && pauses(w.after) && i + 1 < words.length
      if (tag || opener) {
        marks.push(mark(words, i, 1, 'right'))
        continue
      }
    }
  }
  return marks
}

/** Hedges ("I think", "maybe", "I'm not sure"…), longest phrase first. */
export function findHedges(text: string): TextMark[] {
  const words = transcriptWords(text)
  const marks: TextMark[] = []
  for (let i = 0; i < words.length; i++) {
    for (const phrase of HEDGES) {
      if (i + phrase.length > words.length) continue
      if (!phrase.every((p, k) => words[i + k]!.lower === p)) continue
      if (phrase.slice(0, -1).some((_, k) => words[i + k]!.after !== '')) continue
      if (
        (phrase[0] === 'kind' || phrase[0] === 'sort') &&
        DETERMINERS.has(words[i - 1]?.lower ?? '')
      )
        continue
      marks.push(mark(words, i, phrase.length, phrase.join(' ')))
      i += phrase.length - 1
      break
    }
  }
  return marks
}

/** Legitimate doubles that are not stumbles. */
const LEGIT_DOUBLES = new Set([
  'had',
  'that',
  'very',
  'really',
  'no',
  'bye',
  'so',
  'yeah',
  'ha',
  'knock',
])

/** Immediate repetitions ("I I", "the the"), marking the repeated pair. */
export function findRepeatedWords(text: string): TextMark[] {
  const words = transcriptWords(text)
  const marks: TextMark[] = []
  for (let i = 1; i < words.length; i++) {
    const a = words[i - 1]!
    const b = words[i]!
    if (a.lower !== b.lower || LEGIT_DOUBLES.has(a.lower) || ends(a.after)) continue
    if (ALWAYS.some(([pattern]) => pattern.test(a.lower))) continue
    if (/^\p{N}/u.test(a.lower)) continue
    marks.push({ word: a.lower, start: a.start, end: b.end })
  }
  return marks
}

/** `{word: n}` counts of marks. */
export function countMarks(marks: TextMark[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const m of marks) counts[m.word] = (counts[m.word] ?? 0) + 1
  return counts
}
