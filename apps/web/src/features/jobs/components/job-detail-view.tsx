import type { JobDetail, JobFilters } from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Building2, ExternalLink, Heart, X } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Button } from '@/components/ui/button'
import { isApiError } from '@/lib/api'
import { jobDetailQueryOptions } from '../api/job-queries'
import { jobKeys, type JobQuery } from '../api/query-keys'
import { useDeckActions } from '../hooks/use-deck-actions'
import { countryName } from '@/lib/places'
import { safeExternalUrl } from '../lib/job-formatting'
import { jobsOf, type JobPages } from '../lib/job-pages'
import { BENEFIT_LABELS, COMPANY_SIZE_LABELS, EDUCATION_LEVEL_LABELS } from '../lib/labels'
import { DeckStatus } from './deck-status'
import { JobDescription } from './job-description'
import { JobFacts } from './job-facts'
import { JobsLoadError } from './jobs-states'
import { MatchBadge } from './match-badge'
import { MatchBreakdown } from './match-breakdown'
import { MatchReasons } from './match-reasons'
import { ReportJobDialog } from './report-job-dialog'
import { SkillChips } from './skill-chips'

type JobDetailViewProps = {
  jobId: string
  /** The deck this job was opened from: Save and Pass act on it. */
  query: JobQuery
  filters: JobFilters
  /** Back to the deck, after a swipe. */
  onDone: () => void
  /** Shown when the job does not exist (or is not the caller's to see). */
  notFound: ReactNode
  /**
   * Replaces the Apply button, given the job and that button (the route composes another
   * feature here: a saved job's page offers "I applied" after its listing opened).
   */
  renderApply?: (job: JobDetail, apply: ReactNode) => ReactNode
}

/** One job in full: every fact, the match breakdown, the description, apply, save or pass. */
export function JobDetailView({
  jobId,
  query,
  filters,
  onDone,
  notFound,
  renderApply,
}: JobDetailViewProps) {
  const job = useQuery(jobDetailQueryOptions(jobId))
  const queryClient = useQueryClient()
  const actions = useDeckActions(query, { onSwiped: onDone })
  const [isReporting, setIsReporting] = useState(false)

  if (job.isPending) {
    return <DetailSkeleton />
  }
  if (job.isError) {
    return isApiError(job.error) && job.error.status === 404 ? (
      notFound
    ) : (
      <div className="h-80">
        <JobsLoadError message={job.error.message} onRetry={() => void job.refetch()} />
      </div>
    )
  }

  const detail = job.data
  // "The last card" is about the deck this job came from, as far as it is loaded.
  const isLastCard = () => {
    const deck = jobsOf(queryClient.getQueryData<JobPages>(jobKeys.list(query)))
    return deck.length === 1 && deck[0]?.id === detail.id
  }
  const applyUrl = safeExternalUrl(detail.applyUrl)
  const apply = applyUrl && (
    <Button asChild size="lg">
      <a href={applyUrl} target="_blank" rel="noopener noreferrer">
        Apply on the company's site
        <ExternalLink aria-hidden="true" />
      </a>
    </Button>
  )

  return (
    <article className="flex w-full max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-3">
        <MatchBadge match={detail.match} className="self-start" />
        <h1 className="text-3xl leading-tight font-bold tracking-tight text-balance">
          {detail.title}
        </h1>
        {detail.company && (
          <p className="flex items-center gap-2 text-lg text-muted-foreground">
            <Building2 aria-hidden="true" className="size-5" />
            {detail.company}
          </p>
        )}
        <JobFacts job={detail} className="sm:flex-row sm:flex-wrap sm:gap-x-5" />
      </header>

      <div className="flex flex-wrap gap-3">
        {renderApply ? renderApply(detail, apply) : apply}
        <Button
          size="lg"
          variant="outline"
          onClick={() => actions.save(detail, { isLastCard: isLastCard() })}
        >
          <Heart aria-hidden="true" />
          Save
        </Button>
        <Button
          size="lg"
          variant="outline"
          onClick={() => actions.pass(detail, { isLastCard: isLastCard() })}
        >
          <X aria-hidden="true" />
          Pass
        </Button>
        <Button size="lg" variant="ghost" onClick={() => setIsReporting(true)}>
          Report
        </Button>
      </div>
      <DeckStatus
        announcement={actions.announcement}
        refusal={actions.refusal}
        undoError={null}
        onDismissRefusal={actions.dismissRefusal}
        outOfCreditsSince={actions.outOfCreditsSince}
        onDismissOutOfCredits={actions.dismissOutOfCredits}
        lastSaved={actions.lastSaved}
      />

      <section
        aria-labelledby="match-heading"
        className="flex flex-col gap-4 rounded-xl border bg-card p-5"
      >
        <h2 id="match-heading" className="text-lg font-semibold">
          How well it fits: {detail.match.score}%
        </h2>
        <MatchReasons reasons={detail.match.reasons} />
        <MatchBreakdown match={detail.match} />
      </section>

      <section aria-labelledby="facts-heading" className="flex flex-col gap-3">
        <h2 id="facts-heading" className="text-lg font-semibold">
          About the job
        </h2>
        <AllFacts job={detail} />
        <SkillChips skills={detail.skills} limit={30} />
      </section>

      <section aria-labelledby="description-heading" className="flex flex-col gap-3">
        <h2 id="description-heading" className="text-lg font-semibold">
          Description
        </h2>
        <JobDescription text={detail.description} />
      </section>

      <ReportJobDialog
        job={isReporting ? detail : null}
        filters={filters}
        onClose={() => setIsReporting(false)}
      />
    </article>
  )
}

/** The facts the card leaves out. */
function AllFacts({ job }: { job: JobDetail }) {
  const places = job.locations
    .map((place) =>
      [place.name, place.countryCode && countryName(place.countryCode)].filter(Boolean).join(', '),
    )
    .filter(Boolean)
  const facts: Array<[string, string | null]> = [
    ['Places', places.length > 0 ? places.join('; ') : null],
    ['Industry', job.industry],
    ['Company size', job.companySize && COMPANY_SIZE_LABELS[job.companySize]],
    ['Education', job.educationLevel && EDUCATION_LEVEL_LABELS[job.educationLevel]],
    ['Benefits', job.benefits.map((benefit) => BENEFIT_LABELS[benefit]).join(', ') || null],
    [
      'Open until',
      job.expiresAt && new Date(job.expiresAt).toLocaleDateString('en', { dateStyle: 'long' }),
    ],
  ]
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {facts
        .filter((fact): fact is [string, string] => Boolean(fact[1]))
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-muted-foreground">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  )
}

function DetailSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the job"
      className="flex w-full max-w-3xl flex-col gap-4"
    >
      <div className="h-6 w-32 animate-pulse rounded-full bg-muted" />
      <div className="h-9 w-3/4 animate-pulse rounded bg-muted" />
      <div className="h-5 w-1/3 animate-pulse rounded bg-muted" />
      <div className="h-40 animate-pulse rounded-xl bg-muted" />
    </div>
  )
}
