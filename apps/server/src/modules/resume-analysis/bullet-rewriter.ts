/**
 * Rewritten bullets from the configured LLM (ADR 0024's seam, issue 15): when `LLM_BASE_URL` is
 * set, the review's findings about one bullet (no action verb, no result, too long, passive,
 * buzzwords) get a rewrite beside the rule-built suggestion. Offline (the default) there is no
 * rewriter and the review stands as the rules wrote it.
 *
 * A generator may invent; a resume must not. So the prompt forbids new facts and asks for
 * bracketed placeholders where a figure is missing, and each answer is checked: a rewrite with
 * a number the seeker's line does not have (outside brackets) is dropped, as is one that is empty
 * or longer than the 30 words a bullet should stay under.
 */
import type { BulletRewriter, RewriteRequest } from '../resume-review/index.ts'
import type { TextGenerator } from '../cover-letters/index.ts'

const MAX_WORDS = 30

const SYSTEM = `You improve bullets of a job seeker's resume. For each item you get the bullet as they wrote it, the problem found and a suggestion.
Rewrite each bullet as one line that starts with a strong past-tense action verb and states the result.
Never add a fact, number, tool, employer or outcome that is not in the bullet: where a figure is missing, write a placeholder in square brackets, e.g. "[number]%" or "[time saved]".
Keep it under ${MAX_WORDS} words. Answer only with JSON: {"rewrites": ["...", "..."]}, one string per item, in order.`

export function llmBulletRewriter(generator: TextGenerator): BulletRewriter {
  return async (requests) => {
    const answer = await generator.generate([
      { role: 'system', content: SYSTEM },
      {
        role: 'user',
        content: JSON.stringify(
          requests.map((request) => ({
            bullet: request.line,
            problem: request.code,
            suggestion: request.suggestion,
          })),
        ),
      },
    ])
    const rewrites = readRewrites(answer)
    return requests.map((request, index) => checkedRewrite(request, rewrites[index]))
  }
}

/** The `rewrites` array of the first JSON object in the answer (models wrap JSON in prose). */
function readRewrites(answer: string): unknown[] {
  const start = answer.indexOf('{')
  const end = answer.lastIndexOf('}')
  if (start < 0 || end <= start) return []
  try {
    const parsed = JSON.parse(answer.slice(start, end + 1)) as { rewrites?: unknown }
    return Array.isArray(parsed.rewrites) ? parsed.rewrites : []
  } catch {
    return []
  }
}

const numbersOf = (text: string) => new Set(text.match(/\d+(?:[.,]\d+)?/g) ?? [])

/** The rewrite if it adds no figure of its own and stays a bullet's length, else null. */
export function checkedRewrite(request: RewriteRequest, rewrite: unknown): string | null {
  if (typeof rewrite !== 'string') return null
  const text = rewrite.replace(/\s+/g, ' ').trim()
  if (!text || text.split(' ').length > MAX_WORDS) return null
  const own = numbersOf(request.line)
  const outsideBrackets = text.replace(/\[[^\]]*\]/g, '')
  for (const number of numbersOf(outsideBrackets)) {
    if (!own.has(number)) return null
  }
  return text
}
