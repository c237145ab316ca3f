import type { ResumeJobMatch, ResumeJobMatchItem } from '@app/contracts'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CircleCheck, CircleDashed } from 'lucide-react'
import { useId, useState } from 'react'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import { Label } from '@/components/ui/label'
import { Progress } from '@/components/ui/progress'
import { matchableApplicationsQuery, matchApplication } from '../api/resume'
import { describeResumeError } from '../lib/describe-error'

/**
 * The resume against one of the seeker's saved jobs: the share of its skills and requirements
 * the resume shows, what is found and what is missing in the job's own words, and what to do.
 */
export function JobMatch({ userId, analysisId }: { userId: string; analysisId: string }) {
  const selectId = useId()
  const applications = useQuery(matchableApplicationsQuery(userId))
  const [chosen, setChosen] = useState('')
  const match = useMutation({
    mutationFn: (applicationId: string) => matchApplication(analysisId, applicationId),
  })
  const applicationId = chosen || applications.data?.[0]?.id || ''

  return (
    <section
      aria-labelledby="job-match-heading"
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="job-match-heading" className="text-xl font-semibold">
          Match against a job
        </h2>
        <p className="text-sm text-pretty text-muted-foreground">
          See which of a saved job’s skills and requirements your resume shows, in the job’s own
          words.
        </p>
      </div>
      {applications.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading your saved jobs…
        </p>
      ) : applications.isError ? (
        <FormAlert message={describeResumeError(applications.error)} />
      ) : applications.data.length === 0 ? (
        <p className="text-sm">
          Save a job first (swipe right in{' '}
          <Link to="/jobs" className="font-medium text-primary underline-offset-4 hover:underline">
            Jobs
          </Link>{' '}
          or add one in{' '}
          <Link
            to="/applications"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Saved
          </Link>
          ), then match your resume against it here.
        </p>
      ) : (
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault()
            if (applicationId) {
              match.mutate(applicationId)
            }
          }}
        >
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <Label htmlFor={selectId}>Saved job</Label>
            <select
              id={selectId}
              value={applicationId}
              onChange={(event) => {
                setChosen(event.target.value)
                match.reset()
              }}
              className="h-10 w-full min-w-0 rounded-lg border border-input bg-card px-3 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:text-sm"
            >
              {applications.data.map((application) => (
                <option key={application.id} value={application.id}>
                  {application.title}
                  {application.company ? ` · ${application.company}` : ''}
                </option>
              ))}
            </select>
          </div>
          <PendingButton type="submit" pending={match.isPending} pendingLabel="Matching…">
            Match my resume
          </PendingButton>
        </form>
      )}
      <FormAlert message={match.error && describeResumeError(match.error)} />
      {match.data && <MatchResult match={match.data.match} />}
    </section>
  )
}

function MatchResult({ match }: { match: ResumeJobMatch }) {
  return (
    <div className="flex flex-col gap-4" data-testid="job-match-result">
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">
          {match.job.title}
          {match.job.company ? ` at ${match.job.company}` : ''}
        </p>
        <p className="text-3xl font-semibold tabular-nums">
          {match.score}%<span className="text-base font-normal text-muted-foreground"> match</span>
        </p>
        <Progress value={match.score} aria-label={`Match: ${match.score}%`} />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <MatchList
          title={`Found in your resume (${match.matched.length})`}
          items={match.matched}
          found
        />
        <MatchList
          title={`Missing (${match.missing.length})`}
          items={match.missing}
          found={false}
        />
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="font-semibold">What to do</h3>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-pretty">
          {match.suggestions.map((suggestion) => (
            <li key={suggestion}>{suggestion}</li>
          ))}
        </ul>
      </div>
    </div>
  )
}

function MatchList({
  title,
  items,
  found,
}: {
  title: string
  items: ResumeJobMatchItem[]
  found: boolean
}) {
  const Icon = found ? CircleCheck : CircleDashed
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {found ? 'Nothing yet.' : 'Nothing: well done.'}
        </p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {items.map((item, index) => (
            <li key={`${item.label}-${index}`} className="flex items-start gap-2">
              <Icon
                aria-hidden="true"
                className={
                  found
                    ? 'mt-0.5 size-4 shrink-0 text-success-text'
                    : 'mt-0.5 size-4 shrink-0 text-muted-foreground'
                }
              />
              <div className="flex min-w-0 flex-col gap-0.5">
                <span className="font-medium break-words">
                  {item.label}
                  <span className="font-normal text-muted-foreground">
                    {' '}
                    · {item.kind === 'skill' ? 'skill' : 'requirement'}
                  </span>
                </span>
                {item.quote && <q className="break-words text-muted-foreground">{item.quote}</q>}
                {found && item.evidence && (
                  <span className="text-muted-foreground">Your resume: {item.evidence}</span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
