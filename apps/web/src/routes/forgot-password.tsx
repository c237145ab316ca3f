import { createFileRoute } from '@tanstack/react-router'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import {
  AuthScreen,
  LinkErrorView,
  LinkPendingView,
  NewPasswordForm,
  PasswordChangedView,
  useSessionFromUrlHash,
} from '@/features/auth'

export const Route = createFileRoute('/forgot-password')({
  staticData: { backendClient: 'auth-link' },
  component: ForgotPasswordRoute,
})

/** The reset email's link lands here with a session in the hash (spec §2, §4, §5, §8). */
function ForgotPasswordRoute() {
  const session = useSessionFromUrlHash()
  const [changed, setChanged] = useState(false)

  // Checked first: changing the password ends the link's session, and with it the check's data.
  if (changed) {
    return <PasswordChangedView />
  }
  if (session.status === 'pending') {
    return <LinkPendingView />
  }
  if (session.status === 'error') {
    return (
      <LinkErrorView
        title="Forgot Password Error"
        description="We couldn't authenticate your forgot password session."
        reasons={['The link has expired', 'The link is incorrect']}
        instruction="Please request a new forgot password link from the mobile app."
      />
    )
  }
  return (
    <AuthScreen
      title="Choose a new password"
      description={`For ${session.session.user.email ?? 'your account'}. You'll use it to sign in from now on.`}
      icon={<KeyRound aria-hidden="true" />}
    >
      <NewPasswordForm onChanged={() => setChanged(true)} />
    </AuthScreen>
  )
}
