/**
 * How the next letter is written, learnt from what the seeker said about their latest ones
 * (POST /api/job-applications/feedback with subject `cover_letter`, ADR 0020): "too long" makes
 * the next one shorter, "too short" longer, "too generic" or "missing skills" makes it name more
 * of the job's skills and quote more of its requirements; their comments go to the LLM as they
 * wrote them. Recent feedback weighs more than old, so a seeker who asked for shorter letters and
 * then rated a short one "great" keeps getting short ones, and one who changes their mind is
 * heard after a letter or two.
 */
export type LetterLength = 'shorter' | 'usual' | 'longer'

export type LetterStyle = {
  length: LetterLength
  /** Name more of the job's skills and quote more of its requirement lines. */
  specific: boolean
  /** The seeker's own comments on earlier letters, newest first (at most three). */
  comments: string[]
}

export type LetterFeedback = { rating: number; reasons: string[]; comment: string | null }

export const USUAL_STYLE: LetterStyle = { length: 'usual', specific: false, comments: [] }

/** How many of the latest letter ratings shape the next letter. */
export const FEEDBACK_CONSIDERED = 5

/** Newest first: the newest counts 1, each older one 0.2 less. */
const weightOf = (index: number) => Math.max(0, 1 - index * 0.2)

export function letterStyleFrom(feedback: LetterFeedback[]): LetterStyle {
  const latest = feedback.slice(0, FEEDBACK_CONSIDERED)
  const weigh = (reason: string) =>
    latest.reduce(
      (sum, entry, index) => sum + (entry.reasons.includes(reason) ? weightOf(index) : 0),
      0,
    )
  const lengthLean = weigh('too_long') - weigh('too_short')
  return {
    length: lengthLean >= 0.5 ? 'shorter' : lengthLean <= -0.5 ? 'longer' : 'usual',
    specific: weigh('too_generic') + weigh('missing_skills') >= 0.5,
    comments: latest
      .map((entry) => entry.comment?.replace(/\s+/g, ' ').trim())
      .filter((comment): comment is string => Boolean(comment))
      .slice(0, 3)
      .map((comment) => (comment.length > 300 ? `${comment.slice(0, 299)}…` : comment)),
  }
}
