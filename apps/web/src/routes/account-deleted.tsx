import { createFileRoute, Link } from '@tanstack/react-router'
import { CircleCheck } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { AuthScreen } from '@/features/auth'
import { env } from '@/lib/env'

export const Route = createFileRoute('/account-deleted')({
  component: AccountDeletedRoute,
})

/** Where deleting the account ends: outside /account, since the session is gone. */
function AccountDeletedRoute() {
  return (
    <AuthScreen
      title="Your account is deleted"
      description="Your account, your data and your files are gone. Thank you for using the app."
      icon={<CircleCheck aria-hidden="true" />}
    >
      <div className="flex flex-col gap-3">
        <Button asChild size="lg">
          <a href={env.PUBLIC_MARKETING_URL}>Back to Home</a>
        </Button>
        <Button asChild variant="ghost" size="lg">
          <Link to="/sign-up">Create a new account</Link>
        </Button>
      </div>
    </AuthScreen>
  )
}
