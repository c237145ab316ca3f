import type { JobCard, JobFilters } from '@app/contracts'
import { lazy, Suspense } from 'react'
import { LoadingStatus } from '@/components/loading-status'
import { ModalDialog } from './modal-dialog'

/**
 * The form, downloaded when a job is first reported (issue 21): every jobs page draws this
 * dialog, closed, and the form library the form brings (15 KB brotli, and its evaluation) was
 * part of the deck's first load on a phone.
 */
const ReportJobForm = lazy(() =>
  import('./report-job-form').then(({ ReportJobForm }) => ({ default: ReportJobForm })),
)

type ReportJobDialogProps = {
  job: JobCard | null
  /** The filters in use, kept with the report for moderation. */
  filters: JobFilters
  onClose: () => void
}

/** Report a job: a reason, optional details, sent with the filters in use. */
export function ReportJobDialog({ job, filters, onClose }: ReportJobDialogProps) {
  return (
    <ModalDialog open={job !== null} onClose={onClose} title="Report this job">
      {job && (
        <Suspense fallback={<LoadingStatus />}>
          <ReportJobForm job={job} filters={filters} onClose={onClose} />
        </Suspense>
      )}
    </ModalDialog>
  )
}
