/**
 * A small word-wrapper over the canvas's `measureText`: greedy, breaks after a hyphen when a
 * hyphenated word does not fit, inside a word only when a piece alone is wider than the line, and
 * ends with an ellipsis when lines run out.
 */
export type Measure = { measureText(text: string): { width: number } }

/** The pieces a line may break between: words, and the parts of hyphenated words. */
function pieces(text: string): { text: string; glued: boolean }[] {
  return text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => word.split(/(?<=-)(?=.)/).map((part, i) => ({ text: part, glued: i > 0 })))
}

export function wrapText(
  ctx: Measure,
  text: string,
  maxWidth: number,
  maxLines = Infinity,
): string[] {
  const lines: string[] = []
  let line = ''
  const fits = (candidate: string) => ctx.measureText(candidate).width <= maxWidth
  for (const piece of pieces(text)) {
    const candidate = line ? `${line}${piece.glued ? '' : ' '}${piece.text}` : piece.text
    if (fits(candidate)) {
      line = candidate
      continue
    }
    if (line) {
      lines.push(line)
    }
    line = piece.text
    // A piece wider than the line (a long URL, a long name): cut it where it stops fitting.
    while (!fits(line)) {
      let cut = line.length - 1
      while (cut > 1 && !fits(`${line.slice(0, cut)}-`)) {
        cut -= 1
      }
      lines.push(`${line.slice(0, cut)}-`)
      line = line.slice(cut)
    }
  }
  if (line) {
    lines.push(line)
  }
  if (lines.length <= maxLines) {
    return lines
  }
  const kept = lines.slice(0, maxLines)
  let last = kept[maxLines - 1]!
  while (last.length > 0 && !fits(`${last}…`)) {
    last = last.slice(0, -1).trimEnd()
  }
  kept[maxLines - 1] = `${last.replace(/[\s,.;:-]+$/, '')}…`
  return kept
}

/** Whether every piece of `text` fits on a line of its own (no word would be cut). */
export function piecesFit(ctx: Measure, text: string, maxWidth: number): boolean {
  return pieces(text).every((piece) => ctx.measureText(piece.text).width <= maxWidth)
}
