import type { JobCard } from '@app/contracts'
import { Building2, Compass } from 'lucide-react'
import type { ReactNode } from 'react'
import { formatOutsideFilters } from '../lib/job-formatting'
import { JobFacts } from './job-facts'
import { MatchBadge } from './match-badge'
import { MatchReasons } from './match-reasons'
import { SkillChips } from './skill-chips'

type JobCardContentProps = {
  job: JobCard
  titleId: string
  /** The card's menu, top right. */
  menu?: ReactNode
}

/**
 * What a deck card shows: match, title, company, the facts, why it fits (and what does not),
 * whether it lies outside the filters (a widened deck, ADR 0015), skills, a summary.
 */
export function JobCardContent({ job, titleId, menu }: JobCardContentProps) {
  const outside = formatOutsideFilters(job.outsideFilters)
  return (
    <div className="flex h-full flex-col gap-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <MatchBadge match={job.match} />
        {menu}
      </div>
      <div>
        <h2 id={titleId} className="text-xl leading-tight font-semibold text-balance">
          {job.title}
        </h2>
        {job.company && (
          <p className="mt-1.5 flex items-center gap-1.5 text-base text-muted-foreground">
            <Building2 aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{job.company}</span>
          </p>
        )}
      </div>
      <JobFacts job={job} />
      <MatchReasons reasons={job.match.reasons} concerns={job.match.concerns} />
      {outside && (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <Compass aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{outside}</span>
        </p>
      )}
      <SkillChips skills={job.skills} />
      {job.summary && (
        <p className="line-clamp-3 min-h-0 text-sm text-muted-foreground">{job.summary}</p>
      )}
    </div>
  )
}
