/**
 * The resume review and the job match (issue 15, ADR 0024): pure functions, no table, no network.
 * `reviewResume` grades a parsed resume with findings and rewrite suggestions; `matchResumeToJob`
 * compares a resume with one job using the cover letters' match report, so both show one score.
 */
export { reviewResume } from './review.ts'
export { matchResumeToJob, type JobToMatch, type MatchExtras } from './job-match.ts'
export { type BulletRewriter, type RewriteRequest, withRewrites } from './rewriter.ts'
// `ResumeJobMatch` is the job match of the brief (`JobMatch` in the contracts is the deck's).
export type { ResumeJobMatch, ResumeReview } from '@app/contracts'
