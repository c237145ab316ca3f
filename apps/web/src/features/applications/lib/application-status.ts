import { APPLICATION_STATUSES, type ApplicationStatus } from '@app/contracts'

/**
 * An application's stages, as the tracker names them. The list itself is the contract's
 * (`APPLICATION_STATUSES`, the `job_applications.status` check): the status follows from its
 * events by a database trigger.
 */
export { APPLICATION_STATUSES, type ApplicationStatus } from '@app/contracts'

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  SAVED: 'Saved',
  APPLIED: 'Applied',
  INTERVIEW: 'Interview',
  OFFER: 'Offer',
  REJECTED: 'Rejected',
  WITHDRAWN: 'Withdrawn',
}

/** What an application needs to say when it last moved. */
export type ApplicationDates = {
  status: ApplicationStatus
  createdAt: string
  appliedAt: string | null
  latestEventAt: string | null
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })

function formatDate(iso: string): string {
  return DATE.format(new Date(iso))
}

/**
 * "Saved on 3 Nov 2026", "Applied on 5 Nov 2026", "Interview since 9 Nov 2026": the step the
 * application is at and the day it got there (the latest event's, else when it was saved).
 */
export function describeStage({
  status,
  createdAt,
  appliedAt,
  latestEventAt,
}: ApplicationDates): string {
  if (status === 'SAVED') {
    return `Saved on ${formatDate(createdAt)}`
  }
  if (status === 'APPLIED') {
    return `Applied on ${formatDate(appliedAt ?? latestEventAt ?? createdAt)}`
  }
  return `${STATUS_LABELS[status]} since ${formatDate(latestEventAt ?? createdAt)}`
}

/** How many applications are at each stage. */
export function countByStatus(
  applications: ReadonlyArray<{ status: ApplicationStatus }>,
): Record<ApplicationStatus, number> {
  const counts = Object.fromEntries(APPLICATION_STATUSES.map((status) => [status, 0])) as Record<
    ApplicationStatus,
    number
  >
  for (const application of applications) {
    counts[application.status] += 1
  }
  return counts
}
