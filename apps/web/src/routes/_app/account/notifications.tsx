import { createFileRoute } from '@tanstack/react-router'
import { AccountSection, AccountSubpage } from '@/features/account'
import { NotificationSettings } from '@/features/notifications'

export const Route = createFileRoute('/_app/account/notifications')({
  component: NotificationsRoute,
})

function NotificationsRoute() {
  return (
    <AccountSubpage
      title="Notifications"
      description="What the app tells you on this device. Emails are sent either way."
    >
      <AccountSection title="Push notifications">
        <NotificationSettings />
      </AccountSection>
    </AccountSubpage>
  )
}
