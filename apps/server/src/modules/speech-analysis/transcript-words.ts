/**
 * Words of a transcript with their character offsets. A word is a run of letters or digits,
 * kept whole across an inner apostrophe (don't, I'm, team's), hyphen (follow-up, 24-hour),
 * decimal point or thousands separator (3.5, 1,200) and a leading currency sign or trailing
 * percent/unit letters stay with their number ($40k, 30%). Punctuation alone is not a word.
 */
export type TranscriptWord = {
  text: string
  /** Lower case, curly apostrophes made straight. */
  lower: string
  start: number
  end: number
  /** Punctuation between the previous word and this one (trimmed), '' if none. */
  before: string
  /** Punctuation between this word and the next one (trimmed), '' if none. */
  after: string
}

const WORD = /[$£€]?[\p{L}\p{N}]+(?:(?:['’-]|[.,](?=\p{N}))[\p{L}\p{N}]+)*%?/gu

export function transcriptWords(text: string): TranscriptWord[] {
  const words: TranscriptWord[] = []
  for (const match of text.matchAll(WORD)) {
    const start = match.index
    words.push({
      text: match[0],
      lower: match[0].toLowerCase().replace(/’/g, "'"),
      start,
      end: start + match[0].length,
      before: '',
      after: '',
    })
  }
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!
    const gapBefore = text.slice(i > 0 ? words[i - 1]!.end : 0, word.start)
    word.before = gapBefore.replace(/\s+/g, '')
    const next = words[i + 1]
    word.after = text.slice(word.end, next ? next.start : text.length).replace(/\s+/g, '')
  }
  return words
}

/** Number of words spoken, as counted for the speaking rate. */
export const countWords = (text: string) => transcriptWords(text).length
