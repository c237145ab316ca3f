import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import { generalProfileQuery } from '../api/profile'
import { describeAccountError } from '../lib/describe-account-error'
import { EmailChangeForm } from './email-change-form'
import { GeneralProfileForm } from './general-profile-form'
import { LoadingLine } from './loading-line'

/**
 * The general profile: the name form once the profile is loaded ("Profile not found" or
 * "Failed to fetch profile" otherwise), and the account's email, which a guest does not have
 * until they create an account.
 */
export function GeneralProfile({
  userId,
  email,
}: {
  userId: string
  /** The account's address, or null for a guest. */
  email: string | null
}) {
  const profile = useQuery(generalProfileQuery(userId))

  if (profile.isPending) {
    return <LoadingLine label="Loading your profile…" />
  }
  if (profile.isError) {
    return <FormAlert message={describeAccountError(profile.error)} />
  }
  return (
    <div className="flex flex-col gap-6">
      <GeneralProfileForm userId={userId} profile={profile.data} />
      <div className="border-t pt-6">
        {email ? (
          <EmailChangeForm currentEmail={email} />
        ) : (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-muted-foreground">
              You're using the app as a guest. Create an account to add your email.
            </p>
            <Button asChild variant="outline" className="sm:self-start">
              <Link to="/sign-up">Create an account</Link>
            </Button>
          </div>
        )}
      </div>
    </div>
  )
}
