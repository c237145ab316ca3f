/**
 * The seam for a text generator (ADR 0024): offline, every finding's `rewrite` is null and the
 * rule-built `suggestion` stands. When the cover letters' text generator is configured, the
 * caller (the analysis worker) may pass a `BulletRewriter` built on it; `withRewrites` asks it
 * once for the findings that quote a bullet and keeps whatever it answers that is not empty.
 * Failures leave the offline review as it was: the rewriter is an extra, never a dependency.
 */
import type { ResumeFindingCode, ResumeReview } from '@app/contracts'

export type RewriteRequest = {
  code: ResumeFindingCode
  /** The bullet as the seeker wrote it. */
  line: string
  /** The rule-built suggestion (placeholders in brackets): the generator must not add facts. */
  suggestion: string
}

/** Answers one rewrite per request, in order; null (or an empty string) for none. */
export type BulletRewriter = (requests: RewriteRequest[]) => Promise<(string | null)[]>

/** The findings a generator may rewrite: those about one bullet of the seeker's. */
export const REWRITABLE_CODES: ReadonlySet<ResumeFindingCode> = new Set([
  'weak_bullet_no_action_verb',
  'bullet_no_result',
  'bullet_too_long',
  'passive_voice',
  'buzzword',
])

export async function withRewrites(
  review: ResumeReview,
  rewriter: BulletRewriter,
): Promise<ResumeReview> {
  const targets = review.findings
    .map((finding, index) => ({ finding, index }))
    .filter(({ finding }) => REWRITABLE_CODES.has(finding.code) && finding.lines.length > 0)
  if (targets.length === 0) return review
  let answers: (string | null)[]
  try {
    answers = await rewriter(
      targets.map(({ finding }) => ({
        code: finding.code,
        line: finding.lines.join(' '),
        suggestion: finding.suggestion,
      })),
    )
  } catch {
    return review
  }
  const findings = review.findings.slice()
  targets.forEach(({ finding, index }, at) => {
    const answer = answers[at]?.trim()
    if (answer) findings[index] = { ...finding, rewrite: answer }
  })
  return { ...review, findings }
}
