/**
 * Job-title normalisation: a raw title from a feed ("Sr. Software Engineer II (Remote)") to the
 * O*NET occupation it names ("Software Developers", 15-1252.00).
 *
 * Every occupation title, alternate title and reported title is reduced to a key: its words
 * (title-words.ts) without seniority and work-arrangement words, plural endings folded
 * ("developers" → "developer"). A raw title is reduced the same way and
 * 1. looked up exactly; several occupations sharing a key are ranked by how many of O*NET's
 *    sources name the title (an occupation's own title counts most);
 * 2. otherwise matched by cosine similarity of IDF-weighted words against every key, so
 *    "Backend Engineer, Payments Platform" still finds "Back End Engineer". Below
 *    `MIN_SIMILARITY` the title stays unmatched rather than guessed.
 * Both the whole title and each of its parts ("Software Engineer, Payments") are tried.
 */
import { titleParts, titleWords } from '../title-words.ts'
import { loadOccupations, loadOccupationTitles } from './onet-data.ts'

export type TitleMatch = {
  code: string
  /** The occupation's title, e.g. "Software Developers". */
  title: string
  /** 1 for an exact match, the cosine similarity (0–1) otherwise. */
  score: number
}

/** Words saying how senior or how the job is done, not what it is. */
const IGNORED_WORDS = new Set([
  'senior',
  'junior',
  'principal',
  'staff',
  'entry',
  'level',
  'mid',
  'experienced',
  'intern',
  'internship',
  'werkstudent',
  'trainee',
  'i',
  'ii',
  'iii',
  'iv',
  '1',
  '2',
  '3',
  '4',
  'remote',
  'hybrid',
  'onsite',
  'full',
  'part',
  'time',
  'contract',
  'temporary',
  'permanent',
  'freelance',
  'm',
  'w',
  'f',
  'd',
  'x',
])

const MIN_SIMILARITY = 0.6
/** An occupation's own title outweighs any alternate title naming it. */
const OCCUPATION_TITLE_WEIGHT = 10

function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) {
    return `${word.slice(0, -3)}y`
  }
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) {
    return word.slice(0, -1)
  }
  return word
}

function keyWords(title: string): string[] {
  return titleWords(title)
    .filter((word) => !IGNORED_WORDS.has(word))
    .map(stem)
}

type TitleIndex = {
  /** key → occupation code → weight */
  byKey: Map<string, Map<string, number>>
  /** word → keys containing it */
  postings: Map<string, string[]>
  idf: Map<string, number>
}

let index: TitleIndex | undefined

function titleIndex(): TitleIndex {
  if (index) {
    return index
  }
  const byKey = new Map<string, Map<string, number>>()
  const add = (title: string, code: string, weight: number) => {
    const key = keyWords(title).join(' ')
    if (!key) {
      return
    }
    const codes = byKey.get(key) ?? new Map<string, number>()
    codes.set(code, (codes.get(code) ?? 0) + weight)
    byKey.set(key, codes)
  }
  for (const occupation of loadOccupations().values()) {
    // "Kindergarten Teachers, Except Special Education" is also just "Kindergarten Teachers".
    const [whole, head] = titleParts(occupation.title)
    add(whole!, occupation.code, OCCUPATION_TITLE_WEIGHT)
    if (head) {
      add(head, occupation.code, OCCUPATION_TITLE_WEIGHT / 2)
    }
  }
  for (const title of loadOccupationTitles()) {
    add(title.title, title.code, title.sources)
  }
  const postings = new Map<string, string[]>()
  for (const key of byKey.keys()) {
    for (const word of new Set(key.split(' '))) {
      const keys = postings.get(word) ?? []
      keys.push(key)
      postings.set(word, keys)
    }
  }
  const idf = new Map<string, number>()
  for (const [word, keys] of postings) {
    idf.set(word, Math.log(byKey.size / keys.length))
  }
  index = { byKey, postings, idf }
  return index
}

/**
 * The occupation a key stands for: the most-cited one; on a tie, the one whose own title shares
 * most words with the key ("UX Designer" → the designers rather than the testers), then the
 * lowest code, so the answer never depends on file order.
 */
function bestCode(codes: Map<string, number>, key: string): string {
  const words = new Set(key.split(' '))
  const occupations = loadOccupations()
  const shared = (code: string) =>
    keyWords(occupations.get(code)!.title).filter((word) => words.has(word)).length
  return [...codes]
    .map(([code, weight]) => ({ code, weight, shared: shared(code) }))
    .sort((a, b) => b.weight - a.weight || b.shared - a.shared || a.code.localeCompare(b.code))[0]!
    .code
}

function norm(words: Iterable<string>, idf: Map<string, number>): number {
  let sum = 0
  for (const word of words) {
    sum += (idf.get(word) ?? 0) ** 2
  }
  return Math.sqrt(sum)
}

function bestSimilar(words: string[], titles: TitleIndex): { key: string; score: number } | null {
  const query = new Set(words.filter((word) => titles.idf.has(word)))
  const queryNorm = norm(query, titles.idf)
  if (queryNorm === 0) {
    return null
  }
  const shared = new Map<string, number>()
  for (const word of query) {
    const weight = titles.idf.get(word)! ** 2
    for (const key of titles.postings.get(word)!) {
      shared.set(key, (shared.get(key) ?? 0) + weight)
    }
  }
  let best: { key: string; score: number } | null = null
  for (const [key, dot] of shared) {
    const score = dot / (queryNorm * norm(new Set(key.split(' ')), titles.idf))
    if (!best || score > best.score || (score === best.score && key.length < best.key.length)) {
      best = { key, score }
    }
  }
  return best
}

/** Titles already matched; feeds repeat the same titles run after run. */
const matches = new Map<string, TitleMatch | null>()
const MAX_REMEMBERED_TITLES = 50_000

/** The O*NET occupation a raw job title names, or null when none is close enough. */
export function normalizeTitle(rawTitle: string): TitleMatch | null {
  const known = matches.get(rawTitle)
  if (known !== undefined) {
    return known
  }
  const titles = titleIndex()
  const occupations = loadOccupations()
  const toMatch = (key: string, score: number): TitleMatch => {
    const code = bestCode(titles.byKey.get(key)!, key)
    return { code, title: occupations.get(code)!.title, score }
  }
  let match: TitleMatch | null = null
  const candidates = titleParts(rawTitle).map(keyWords)
  const exact = candidates.find((words) => titles.byKey.has(words.join(' ')))
  if (exact) {
    match = toMatch(exact.join(' '), 1)
  } else {
    for (const words of candidates) {
      const similar = bestSimilar(words, titles)
      if (similar && similar.score >= MIN_SIMILARITY && similar.score > (match?.score ?? 0)) {
        match = toMatch(similar.key, similar.score)
      }
    }
  }
  if (matches.size >= MAX_REMEMBERED_TITLES) {
    matches.clear()
  }
  matches.set(rawTitle, match)
  return match
}
