import {
  RESUME_REVIEW_CATEGORY_LABELS,
  type ResumeAnalysisInput,
  type ResumeFinding,
  type ResumeReview,
} from '@app/contracts'
import { CircleAlert, Sparkles, ThumbsUp } from 'lucide-react'
import type { ReactNode } from 'react'
import { Progress } from '@/components/ui/progress'
import { cn } from '@/lib/cn'
import { groupFindings, hasLayoutFacts, SEVERITY_LABELS } from '../lib/review-groups'
import { CopyButton } from '@/components/copy-button'

const GRADE_TONE: Record<ResumeReview['grade'], string> = {
  A: 'bg-success/15 text-success-text',
  B: 'bg-success/10 text-success-text',
  C: 'bg-secondary text-secondary-foreground',
  D: 'bg-destructive/10 text-destructive',
  F: 'bg-destructive/15 text-destructive',
}

/**
 * The review: the overall grade, the five sub-scores as bars with their one-line reason, the
 * findings grouped by sub-score and severity (the quoted line, why, the suggested rewrite with
 * a Copy button), and the strengths; then `children` (the page puts the review's video there).
 */
export function ResumeReviewView({
  review,
  input,
  children,
}: {
  review: ResumeReview
  input: ResumeAnalysisInput
  children?: ReactNode
}) {
  const groups = groupFindings(review)
  return (
    <section aria-labelledby="review-heading" className="flex flex-col gap-6">
      <h2 id="review-heading" className="text-xl font-semibold">
        Review
      </h2>
      <div className="flex items-center gap-4 rounded-xl border bg-card p-4 sm:p-6">
        <div
          className={cn(
            'flex size-20 shrink-0 flex-col items-center justify-center rounded-2xl',
            GRADE_TONE[review.grade],
          )}
          data-testid="review-grade"
        >
          <span className="sr-only">Grade </span>
          <span className="text-5xl leading-none font-bold">{review.grade}</span>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-2xl font-semibold tabular-nums">
            {review.score}
            <span className="text-base font-normal text-muted-foreground"> / 100</span>
          </p>
          <p className="text-sm text-pretty">{review.summary}</p>
        </div>
      </div>

      <ul
        className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6"
        aria-label="Sub-scores"
      >
        {review.subScores.map((subScore) => (
          <li key={subScore.category} className="flex flex-col gap-1.5">
            <div className="flex items-baseline justify-between gap-3">
              <span className="font-medium">{subScore.label}</span>
              <span className="text-sm tabular-nums">{subScore.score} / 100</span>
            </div>
            <Progress
              value={subScore.score}
              aria-label={`${subScore.label}: ${subScore.score} out of 100`}
            />
            <p className="text-sm text-pretty text-muted-foreground">{subScore.summary}</p>
          </li>
        ))}
      </ul>

      {!hasLayoutFacts(input) && (
        <p className="rounded-lg border bg-muted/40 p-3 text-sm text-pretty">
          This review comes from LinkedIn’s data export, which has no page layout: nothing about
          columns, tables or headers was checked. Upload your resume as a PDF for a layout check.
        </p>
      )}

      <section aria-labelledby="findings-heading" className="flex flex-col gap-4">
        <h3 id="findings-heading" className="text-lg font-semibold">
          What to improve
        </h3>
        {groups.length === 0 ? (
          <p className="rounded-lg border bg-card p-4 text-sm">
            Nothing to fix: every check passed. Keep the resume as it is, and tailor it to each job
            with the match below.
          </p>
        ) : (
          groups.map((group) => (
            <section
              key={group.category}
              aria-label={RESUME_REVIEW_CATEGORY_LABELS[group.category]}
              className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:p-6"
            >
              <h4 className="font-semibold">
                {RESUME_REVIEW_CATEGORY_LABELS[group.category]}
                <span className="font-normal text-muted-foreground">
                  {' '}
                  · {group.count} {group.count === 1 ? 'finding' : 'findings'}
                </span>
              </h4>
              {group.bySeverity.map(({ severity, findings }) => (
                <div key={severity} className="flex flex-col gap-3">
                  <p
                    className={cn(
                      'text-xs font-semibold tracking-wide uppercase',
                      severity === 'high' ? 'text-destructive' : 'text-muted-foreground',
                    )}
                  >
                    {SEVERITY_LABELS[severity]}
                  </p>
                  <ul className="flex flex-col gap-3">
                    {findings.map((finding, index) => (
                      <FindingItem key={`${finding.code}-${index}`} finding={finding} />
                    ))}
                  </ul>
                </div>
              ))}
            </section>
          ))
        )}
      </section>

      <section aria-labelledby="strengths-heading" className="flex flex-col gap-3">
        <h3 id="strengths-heading" className="text-lg font-semibold">
          Already strong
        </h3>
        {review.strengths.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No strengths stand out yet: the suggestions above are where to start.
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {review.strengths.map((strength) => (
              <li
                key={strength.code}
                className="flex items-start gap-2 rounded-lg border bg-card p-3 text-sm"
              >
                <ThumbsUp aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success-text" />
                <div className="flex min-w-0 flex-col gap-1">
                  <p>{strength.text}</p>
                  {strength.lines[0] && (
                    <blockquote className="border-l-2 pl-3 text-muted-foreground italic">
                      {strength.lines[0]}
                    </blockquote>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {children}
    </section>
  )
}

function FindingItem({ finding }: { finding: ResumeFinding }) {
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border p-3 text-sm"
      data-testid="finding"
      data-code={finding.code}
    >
      {finding.lines.length > 0 && (
        <blockquote className="flex flex-col gap-1 border-l-2 border-destructive/40 pl-3 break-words text-muted-foreground italic">
          {finding.lines.map((line, index) => (
            <p key={index}>“{line}”</p>
          ))}
        </blockquote>
      )}
      <p className="flex items-start gap-2 text-pretty">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        {finding.explanation}
      </p>
      <div className="flex flex-col gap-2 rounded-md bg-muted/50 p-3">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Suggestion
        </p>
        <p className="text-pretty break-words">{finding.suggestion}</p>
        {finding.rewrite && (
          <p className="flex items-start gap-2 text-pretty">
            <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {finding.rewrite}
          </p>
        )}
        <CopyButton text={finding.rewrite ?? finding.suggestion} label="Copy suggestion" />
      </div>
    </li>
  )
}
