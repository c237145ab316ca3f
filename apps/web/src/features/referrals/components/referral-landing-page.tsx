import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Gift } from 'lucide-react'
import { useEffect } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { isApiError } from '@/lib/api'
import { publicReferralCodeQuery } from '../api/referrals'
import { forgetReferralCode, normalizeCode, rememberReferralCode } from '../lib/referral-storage'

/** Who opened the link: the route reads the session (features don't import each other). */
export type ReferralLandingViewer = 'loading' | 'signed-out' | 'guest' | 'member'

/**
 * /r/{code}: a friend's invitation. The code is remembered in this browser and redeemed once
 * the visitor has an account (PendingReferralRedeemer); this page says who invited them and
 * sends them to create one.
 */
export function ReferralLandingPage({
  code,
  viewer,
}: {
  code: string
  viewer: ReferralLandingViewer
}) {
  const normalized = normalizeCode(code)
  const query = useQuery(publicReferralCodeQuery(normalized))
  const invalid = isApiError(query.error) && query.error.code === 'referral_code_invalid'

  useEffect(() => {
    if (query.isSuccess) {
      rememberReferralCode(query.data.referralCode)
    } else if (invalid) {
      forgetReferralCode()
    }
  }, [query.isSuccess, query.data, invalid])

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center gap-6 px-4 py-10">
      <title>You’re invited</title>
      <Card>
        <CardHeader>
          <Gift aria-hidden="true" className="size-8 text-primary" />
          {query.isPending ? (
            <p role="status" className="text-muted-foreground">
              Checking your invitation…
            </p>
          ) : query.isSuccess ? (
            <>
              <CardTitle asChild>
                <h1 className="text-2xl">
                  {query.data.inviterFirstName
                    ? `${query.data.inviterFirstName} invited you`
                    : 'You’re invited'}
                </h1>
              </CardTitle>
              <CardDescription>
                Job Search Assistant finds jobs that fit you, prepares your applications and helps
                you practise interviews. Create your account, confirm your email and finish setting
                up: you and your friend each get free credits.
              </CardDescription>
            </>
          ) : (
            <>
              <CardTitle asChild>
                <h1 className="text-2xl">
                  {invalid
                    ? 'This invitation link isn’t valid'
                    : 'We couldn’t check this invitation'}
                </h1>
              </CardTitle>
              <CardDescription>
                {invalid
                  ? 'Check the link with the friend who sent it. You can still create an account without it.'
                  : 'Check your connection and reload the page. You can still create an account.'}
              </CardDescription>
            </>
          )}
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {viewer === 'member' ? (
            <Button asChild size="lg">
              <Link to="/jobs">Open the app</Link>
            </Button>
          ) : (
            <>
              <Button asChild size="lg">
                <Link to="/sign-up">Create your account</Link>
              </Button>
              {viewer === 'signed-out' && (
                <Button asChild variant="outline" size="lg">
                  <Link to="/start">Try it first as a guest</Link>
                </Button>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </main>
  )
}
