import { createFileRoute } from '@tanstack/react-router'
import { LinkErrorView } from '@/features/auth/components/link-error-view'
import { LinkPendingView } from '@/features/auth/components/link-pending-view'
import { LinkSuccessView } from '@/features/auth/components/link-success-view'
import { useSessionFromUrlHash } from '@/features/auth/hooks/use-session-from-url-hash'

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordRoute,
})

function ForgotPasswordRoute() {
  const session = useSessionFromUrlHash()

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
    <LinkSuccessView
      title="Reset your password"
      description="Your link is valid. Choosing a new password here is coming soon."
    />
  )
}
