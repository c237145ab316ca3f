import type { JobCard } from '@app/contracts'
import { Banknote, Briefcase, Clock, MapPin } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { formatPlace, formatPostedDate, formatSalary } from '../lib/job-formatting'
import { EXPERIENCE_LEVEL_LABELS, JOB_TYPE_LABELS } from '../lib/labels'

/** Where, pay, type and age of a job: the line every card, row and detail view shows. */
export function JobFacts({ job, className }: { job: JobCard; className?: string }) {
  const place = formatPlace(job)
  const salary = formatSalary(job.salary)
  const kind = [
    job.jobType && JOB_TYPE_LABELS[job.jobType],
    job.experienceLevel && EXPERIENCE_LEVEL_LABELS[job.experienceLevel],
  ]
    .filter(Boolean)
    .join(' · ')
  const posted = formatPostedDate(job.postedAt, new Date())

  return (
    <ul className={cn('flex flex-col gap-1.5 text-sm text-muted-foreground', className)}>
      {place && <Fact icon={<MapPin />}>{place}</Fact>}
      {salary && (
        <Fact icon={<Banknote />}>
          <span className="font-medium text-foreground">{salary}</span>
        </Fact>
      )}
      {kind && <Fact icon={<Briefcase />}>{kind}</Fact>}
      {posted && <Fact icon={<Clock />}>{posted}</Fact>}
    </ul>
  )
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2 [&_svg]:size-4 [&_svg]:shrink-0">
      <span aria-hidden="true" className="contents">
        {icon}
      </span>
      <span className="min-w-0 truncate">{children}</span>
    </li>
  )
}
