import { createFileRoute, Outlet, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { AppShell } from '@/components/app-shell/app-shell'
import { requireSession, safeReturnPath, useSession } from '@/features/auth'
import { PaymentFailedBanner, PaywallHost } from '@/features/billing'
import { CreditsPill } from '@/features/jobs'
import { PendingReferralRedeemer } from '@/features/referrals'

/**
 * The app shell around every signed-in area (a pathless layout: /jobs/*, /applications,
 * /account/*): the areas' navigation, the credits meter, the failed-payment banner, the paywall
 * and the skip link. For signed-in people, guests included; the signed-out go to /sign-in, which
 * also offers "continue as guest". The spec's own pages (/, /forgot-password, /upload/<id>, onboarding, sign-in and sign-up) stay
 * outside it.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: requireSession,
  component: AppLayout,
})

function AppLayout() {
  const session = useSession()

  if (session.status === 'signed-out') {
    return <SignInAndComeBack />
  }
  // The paywall is the billing feature's; the pages that need it (the deck, the Resume page,
  // Practice) open it through components/paywall-slot, without knowing the billing feature.
  const isGuest = session.status === 'signed-in' && session.session.user.is_anonymous === true
  return (
    <PaywallHost isGuest={isGuest}>
      <AppShell credits={<CreditsPill />} banner={<PaymentFailedBanner />}>
        {/* A share link's code, remembered before sign-up, is redeemed once there is an account. */}
        <PendingReferralRedeemer
          isMember={session.status === 'signed-in' && session.session.user.is_anonymous !== true}
        />
        <Outlet />
      </AppShell>
    </PaywallHost>
  )
}

/**
 * Signed out while here (another tab, an expired session): to /sign-in, carrying this page as
 * `?redirect=` (validated as the guards do), so the sign-in comes back to it. Where the app is
 * already on its way to /sign-in (the Sign out button), it is left to go there as asked.
 */
function SignInAndComeBack() {
  const router = useRouter()
  useEffect(() => {
    // Read now, not at render: a sign-out's own navigation may have started since.
    const here = router.state.location
    if (here.pathname === '/sign-in' || here.pathname.startsWith('/sign-in/')) {
      return
    }
    const path = safeReturnPath(here.href)
    void router.navigate({ to: '/sign-in', search: path ? { redirect: path } : {}, replace: true })
  }, [router])
  return null
}
