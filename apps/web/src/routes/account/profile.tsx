import { createFileRoute } from '@tanstack/react-router'
import { AccountSection } from '@/features/account/components/account-section'
import { AccountSubpage } from '@/features/account/components/account-subpage'
import { GeneralProfile } from '@/features/account/components/general-profile'
import { ProfessionalProfileCard } from '@/features/account/components/professional-profile-card'
import { useAccountSession } from '@/features/account/hooks/account-session'

export const Route = createFileRoute('/account/profile')({
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
