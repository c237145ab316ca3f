/**
 * "Perhaps you meant …" hints: the known name closest to a mistyped one, by edit distance,
 * when it is close enough (PostgREST suggests tables and functions at 75% similarity).
 */

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i]
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution))
    }
    previous = current
  }
  return previous[b.length] ?? 0
}

export function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length)
  return longest === 0 ? 1 : 1 - editDistance(a, b) / longest
}

export function closestName(
  name: string,
  candidates: Iterable<string>,
  minimumSimilarity = 0.75,
): string | null {
  let best: string | null = null
  let bestScore = minimumSimilarity
  for (const candidate of candidates) {
    const score = similarity(name, candidate)
    if (score >= bestScore && candidate !== name) {
      best = candidate
      bestScore = score
    }
  }
  return best
}
