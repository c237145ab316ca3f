import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { LinkErrorView } from '@/features/auth/components/link-error-view'
import { LinkPendingView } from '@/features/auth/components/link-pending-view'
import { LinkSuccessView } from '@/features/auth/components/link-success-view'
import { useSessionFromUrlHash } from '@/features/auth/hooks/use-session-from-url-hash'
import { ResumeUploadView } from '@/features/resume-upload/components/resume-upload-view'

export const Route = createFileRoute('/upload/$userId')({
  component: UploadRoute,
})

/** The upload email's link lands here with a session in the hash (spec §2, §4, §5, §8). */
function UploadRoute() {
  const { userId } = Route.useParams()
  // The link is for one user: a valid session of anyone else must not upload into their files.
  const session = useSessionFromUrlHash({ expectedUserId: userId })
  const [uploaded, setUploaded] = useState(false)

  // Checked first: a finished upload ends the link's session.
  if (uploaded) {
    return (
      <LinkSuccessView
        title="Resume uploaded"
        description="Your resume is uploaded. Return to the app to see your analysis."
      />
    )
  }
  if (session.status === 'pending') {
    return <LinkPendingView />
  }
  if (session.status === 'error') {
    return (
      <LinkErrorView
        title="Upload Error"
        description="We couldn't authenticate your upload session."
        reasons={['The upload link has expired', 'The upload link is incorrect']}
        instruction="Please request a new upload link from the mobile app."
      />
    )
  }
  return (
    <ResumeUploadView
      userId={userId}
      email={session.session.user.email}
      onUploaded={() => setUploaded(true)}
    />
  )
}
