import type { User } from '@supabase/supabase-js'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { LoaderCircle } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { currentUserQuery } from '../api/current-user'
import { describeAuthError } from '../lib/describe-auth-error'
import { FormAlert } from '@/components/form-alert'
import { SignOutButton } from './sign-out-button'

/**
 * Who is signed in, as the server knows them, and the way out; `children` (the account's
 * sections) go between the two.
 */
export function AccountOverview({ userId, children }: { userId: string; children?: ReactNode }) {
  const user = useQuery(currentUserQuery(userId))

  return (
    <div className="flex flex-col gap-6">
      {user.isPending && <AccountPending />}
      {user.isError && <FormAlert message={describeAuthError(user.error)} />}
      {user.isSuccess && <AccountSummary user={user.data} />}
      {children}
      <SignOutButton />
    </div>
  )
}

export function AccountPending() {
  return (
    <div role="status" className="flex items-center gap-3 text-sm text-muted-foreground">
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-primary" />
      Loading your account…
    </div>
  )
}

function AccountSummary({ user }: { user: User }) {
  if (user.is_anonymous) {
    return (
      <section aria-label="Signed in as a guest" className="flex flex-col gap-4">
        <div className="flex flex-col items-start gap-2">
          <span className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-semibold text-secondary-foreground">
            Guest
          </span>
          <p className="text-sm text-muted-foreground">
            You're using the app as a guest. Create an account to keep your progress and use it on
            your other devices.
          </p>
        </div>
        <Button asChild size="lg">
          <Link to="/sign-up">Create an account</Link>
        </Button>
      </section>
    )
  }
  return (
    <section aria-label="Signed in account" className="flex flex-col gap-1">
      <p className="text-sm text-muted-foreground">Signed in as</p>
      <p className="text-lg font-semibold break-all">{user.email}</p>
    </section>
  )
}
