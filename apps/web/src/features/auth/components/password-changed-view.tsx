import { Link } from '@tanstack/react-router'
import { CircleCheck } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { AuthScreen } from './auth-screen'

/** The end of a password reset, by the email's link or by its code: on to sign in. */
export function PasswordChangedView() {
  return (
    <AuthScreen
      title="Password changed"
      description="Your password has been changed. You can now sign in with it, in the app or here."
      icon={<CircleCheck aria-hidden="true" />}
    >
      <Button asChild size="lg" className="w-full">
        <Link to="/sign-in">Sign in</Link>
      </Button>
    </AuthScreen>
  )
}
