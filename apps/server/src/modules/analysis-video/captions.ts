/**
 * Captions of the narration as WebVTT, so the video can be followed with the sound off (as most
 * phone videos are watched) and by people who do not hear it. Each scene's line is cut into
 * sentences (and long sentences at commas), each shown for its share of the line's spoken time.
 */

export type CaptionLine = { text: string; start: number; seconds: number }

/** A cue longer than this many characters is cut at a comma when it has one. */
const MAX_CUE_CHARS = 90

function pieces(text: string): string[] {
  const sentences = text
    .match(/[^.!?]+[.!?]*/g)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [text]
  return sentences.flatMap((sentence) => {
    if (sentence.length <= MAX_CUE_CHARS || !sentence.includes(',')) return [sentence]
    const parts: string[] = []
    let current = ''
    for (const clause of sentence.split(/(?<=,)\s+/)) {
      if (current && (current + ' ' + clause).length > MAX_CUE_CHARS) {
        parts.push(current)
        current = clause
      } else {
        current = current ? `${current} ${clause}` : clause
      }
    }
    return current ? [...parts, current] : parts
  })
}

function timestamp(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000))
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor((ms % 3_600_000) / 60_000)
  const s = Math.floor((ms % 60_000) / 1000)
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`
}

/** `<` and `&` would start markup in a cue: written as entities. */
const escapeCue = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')

export function captionsVtt(lines: CaptionLine[]): string {
  const cues: string[] = []
  for (const line of lines) {
    const parts = pieces(line.text)
    const total = parts.reduce((sum, part) => sum + part.length, 0) || 1
    let at = line.start
    for (const part of parts) {
      const length = (line.seconds * part.length) / total
      cues.push(`${timestamp(at)} --> ${timestamp(at + length)}\n${escapeCue(part)}`)
      at += length
    }
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`
}
