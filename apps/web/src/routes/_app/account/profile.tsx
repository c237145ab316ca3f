import { createFileRoute } from '@tanstack/react-router'
import {
  AccountSection,
  AccountSubpage,
  GeneralProfile,
  ProfessionalProfileCard,
  useAccountSession,
} from '@/features/account'

export const Route = createFileRoute('/_app/account/profile')({
  component: ProfileRoute,
})

function ProfileRoute() {
  const { user } = useAccountSession()
  const email = user.is_anonymous ? null : (user.email ?? null)
  return (
    <AccountSubpage title="Profile" description="How you appear in the app, and your resume.">
      <AccountSection title="General profile">
        <GeneralProfile userId={user.id} email={email} />
      </AccountSection>
      <AccountSection
        title="Professional profile"
        description="Built from your latest resume: the one used for your job matches."
      >
        <ProfessionalProfileCard userId={user.id} email={email} />
      </AccountSection>
    </AccountSubpage>
  )
}
