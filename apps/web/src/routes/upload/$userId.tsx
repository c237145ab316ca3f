import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { SecondFactorStep } from '@/features/account'
import {
  AuthScreen,
  LinkErrorView,
  LinkPendingView,
  LinkSuccessView,
  needsSecondFactor,
  useSessionFromUrlHash,
} from '@/features/auth'
import { ResumeUploadView } from '@/features/resume-upload'
import { Button } from '@/components/ui/button'

export const Route = createFileRoute('/upload/$userId')({
  staticData: { backendClient: 'auth-link' },
  component: UploadRoute,
})

/** The upload email's link lands here with a session in the hash (spec §2, §4, §5, §8). */
function UploadRoute() {
  const { userId } = Route.useParams()
  // The link is for one user: a valid session of anyone else must not upload into their files.
  const session = useSessionFromUrlHash({ expectedUserId: userId })
  const [uploaded, setUploaded] = useState(false)
  const navigate = useNavigate()
  // The link signs in with the email alone (aal1): an account with two-step verification gives
  // its authenticator code here first, since the server takes no file from such a session.
  const accessToken = session.status === 'success' ? session.session.access_token : null
  const secondFactor = useQuery({
    queryKey: ['auth', 'second-factor-owed', accessToken],
    queryFn: needsSecondFactor,
    enabled: accessToken !== null,
  })

  // Checked first: a finished upload ends the link's session.
  if (uploaded) {
    return (
      <LinkSuccessView
        title="Resume uploaded"
        description="Your resume is uploaded. Return to the app to see your analysis."
        action={
          // The link's session has ended: the profile page asks this browser to sign in first.
          <Button asChild className="w-full">
            <Link to="/account/profile">Open your profile</Link>
          </Button>
        }
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
  if (secondFactor.isPending) {
    return <LinkPendingView />
  }
  if (secondFactor.data) {
    return (
      <AuthScreen
        title="Two-step verification"
        description="Enter the code from your authenticator app to upload your resume."
        icon={<ShieldCheck aria-hidden="true" />}
      >
        <SecondFactorStep
          onVerified={() => void secondFactor.refetch()}
          onSignedOut={() => void navigate({ to: '/sign-in', replace: true })}
        />
      </AuthScreen>
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
