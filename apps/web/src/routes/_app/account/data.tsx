import { createFileRoute, useNavigate } from '@tanstack/react-router'
import {
  AccountSection,
  AccountSubpage,
  AnalyticsPreference,
  DataExport,
  DeleteAccount,
} from '@/features/account'

export const Route = createFileRoute('/_app/account/data')({
  component: DataRoute,
})

function DataRoute() {
  const navigate = useNavigate()
  return (
    <AccountSubpage title="Your data" description="Take a copy of your data, or delete it all.">
      <AccountSection title="Download your data">
        <DataExport />
      </AccountSection>
      <AccountSection title="Usage analytics">
        <AnalyticsPreference />
      </AccountSection>
      <AccountSection title="Delete your account" tone="destructive">
        <DeleteAccount onDeleted={() => navigate({ to: '/account-deleted', replace: true })} />
      </AccountSection>
    </AccountSubpage>
  )
}
