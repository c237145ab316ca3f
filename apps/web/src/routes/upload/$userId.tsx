import { createFileRoute } from '@tanstack/react-router'
import { LinkErrorView } from '@/features/auth/components/link-error-view'
import { LinkPendingView } from '@/features/auth/components/link-pending-view'
import { LinkSuccessView } from '@/features/auth/components/link-success-view'
import { useSessionFromUrlHash } from '@/features/auth/hooks/use-session-from-url-hash'

export const Route = createFileRoute('/upload/$userId')({
  component: UploadRoute,
})

function UploadRoute() {
  const { userId } = Route.useParams()
  // The link is for one user: a valid session of anyone else must not upload into their files.
  const session = useSessionFromUrlHash({ expectedUserId: userId })

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
    <LinkSuccessView
      title="Upload your resume"
      description="Your link is valid. Uploading your resume here is coming soon."
    />
  )
}
