/**
 * A tiny deterministic random source: the same seed (the interview id) always picks the same
 * questions, so an interview can be rebuilt and a test can pin its output; different seeds vary.
 * FNV-1a turns the seed into 32 bits, mulberry32 steps from there (both public-domain classics,
 * written here from their definitions).
 */
export type Random = () => number

function hashSeed(seed: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** A generator of numbers in [0, 1), fixed by `seed`. */
export function seededRandom(seed: string): Random {
  let state = hashSeed(seed)
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A shuffled copy (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
  }
  return copy
}

/** One item, chosen by `random`. */
export function pick<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length)]!
}
