import { useMutation, useQuery } from '@tanstack/react-query'
import { FileText, Mail } from 'lucide-react'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import { emailUploadLink, latestProfessionalProfileQuery } from '../api/professional-profile'
import { describeAccountError } from '../lib/describe-account-error'
import { AnalysisStatus } from './analysis-status'
import { LoadingLine } from './loading-line'
import { Notice } from './notice'

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

/**
 * The professional profile in use (the latest), or an empty state; either way a way to add a
 * resume from a computer: an emailed link to the upload page. Guests have no address to send
 * it to, so they are asked to create an account instead.
 */
export function ProfessionalProfileCard({
  userId,
  email,
}: {
  userId: string
  /** The account's address, or null for a guest. */
  email: string | null
}) {
  const profile = useQuery(latestProfessionalProfileQuery(userId))
  const uploadLink = useMutation({ mutationFn: emailUploadLink })

  if (profile.isPending) {
    return <LoadingLine label="Loading your professional profile…" />
  }
  if (profile.isError) {
    return <FormAlert message={describeAccountError(profile.error)} />
  }
  return (
    <div className="flex flex-col gap-4">
      {profile.data ? (
        <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3">
          <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="flex min-w-0 flex-col gap-0.5">
            <p className="font-medium break-all">
              {profile.data.originalFileName ??
                profile.data.fileName ??
                profile.data.linkedinUrl ??
                'Your resume'}
            </p>
            <p className="text-sm text-muted-foreground">
              Updated {DATE_FORMAT.format(new Date(profile.data.updatedAt))}
            </p>
          </div>
        </div>
      ) : null}
      {profile.data?.fileName ? (
        <AnalysisStatus profileId={profile.data.id} profileUpdatedAt={profile.data.updatedAt} />
      ) : null}
      {profile.data ? null : (
        <div className="flex flex-col gap-1 rounded-lg border border-dashed p-4 text-center">
          <p className="font-medium">No resume yet</p>
          <p className="text-sm text-pretty text-muted-foreground">
            Add your resume and we'll build your professional profile from it.
          </p>
        </div>
      )}
      {email ? (
        <>
          <FormAlert message={uploadLink.error && describeAccountError(uploadLink.error)} />
          <Notice
            message={
              uploadLink.isSuccess
                ? `We sent an upload link to ${email}. Open it on the computer that has your resume.`
                : null
            }
          />
          <PendingButton
            variant="outline"
            className="sm:self-start"
            pending={uploadLink.isPending}
            pendingLabel="Sending your link…"
            onClick={() => uploadLink.mutate()}
          >
            <Mail aria-hidden="true" />
            {profile.data ? 'Email me a link to upload a new resume' : 'Email me an upload link'}
          </PendingButton>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          Create an account to get an upload link by email.
        </p>
      )}
    </div>
  )
}
