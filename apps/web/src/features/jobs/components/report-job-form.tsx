import {
  type JobCard,
  type JobFilters,
  JOB_REPORT_REASONS,
  type JobReportRequest,
  JobReportRequestSchema,
} from '@app/contracts'
import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { useReportJob } from '../api/report-job'
import { describeJob } from '../lib/job-formatting'
import { REPORT_REASON_LABELS } from '../lib/labels'

type ReportValues = Pick<JobReportRequest, 'reason' | 'details'>

/** The report's reason and details, sent with the filters in use; thanks once it is sent. */
export function ReportJobForm({
  job,
  filters,
  onClose,
}: {
  job: JobCard
  filters: JobFilters
  onClose: () => void
}) {
  const form = useForm<ReportValues>({
    resolver: zodResolver(JobReportRequestSchema.pick({ reason: true, details: true })),
    defaultValues: { details: '' },
  })
  const report = useReportJob()
  const detailsId = useId()
  const reasonError = form.formState.errors.reason?.message && 'Choose a reason.'

  if (report.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status">Thanks. We'll look into {describeJob(job)}.</p>
        <Button onClick={onClose} className="self-end">
          Done
        </Button>
      </div>
    )
  }
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) =>
        void form.handleSubmit((values) =>
          report.mutate({ jobId: job.id, report: { ...values, filters } }),
        )(event)
      }
    >
      <p className="text-sm text-muted-foreground">{describeJob(job)}</p>
      <FormAlert message={report.error?.message} />
      <fieldset className="flex flex-col gap-2" aria-invalid={reasonError ? true : undefined}>
        <legend className="mb-2 text-sm font-medium">What's wrong with it?</legend>
        {JOB_REPORT_REASONS.map((reason) => (
          <label
            key={reason}
            className="flex items-center gap-3 rounded-lg border px-3 py-2 text-sm has-checked:border-primary has-checked:bg-primary/5"
          >
            <input
              type="radio"
              value={reason}
              className="size-4 accent-primary"
              {...form.register('reason')}
            />
            {REPORT_REASON_LABELS[reason]}
          </label>
        ))}
        {reasonError && <p className="text-sm font-medium text-destructive">{reasonError}</p>}
      </fieldset>
      <div className="flex flex-col gap-2">
        <Label htmlFor={detailsId}>Details (optional)</Label>
        <textarea
          id={detailsId}
          rows={3}
          maxLength={2000}
          className="w-full rounded-lg border border-input bg-card px-3 py-2 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:text-sm"
          {...form.register('details')}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <PendingButton type="submit" pending={report.isPending} pendingLabel="Sending…">
          Send report
        </PendingButton>
      </div>
    </form>
  )
}
