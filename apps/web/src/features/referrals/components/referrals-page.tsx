import type { ReferralInvitee, ReferralsResponse } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Gift, Share2 } from 'lucide-react'
import { CopyButton } from '@/components/copy-button'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { logger } from '@/lib/logger'
import { myReferralsQuery } from '../api/referrals'
import { InviteByEmailForm } from './invite-by-email-form'
import { ReferralQrCode } from './referral-qr-code'

/** Who is looking: the route reads the session (features don't import each other). */
export type ReferralsViewer =
  { status: 'loading' } | { status: 'guest' } | { status: 'member'; userId: string }

/**
 * /referrals: the seeker's code and share link (copy, share, QR code), an invitation by email,
 * the invitees so far with what each earned, and the rules in plain words. Guests are asked to
 * create an account first: only accounts have a code to share.
 */
export function ReferralsPage({ viewer }: { viewer: ReferralsViewer }) {
  if (viewer.status === 'loading') {
    return <Loading />
  }
  if (viewer.status === 'guest') {
    return (
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Create an account to get your code</h2>
          </CardTitle>
          <CardDescription>
            Invite friends with your own referral code: when they join and finish setting up, you
            both get free credits. Guests don’t have a code yet.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to="/sign-up">Create an account</Link>
          </Button>
        </CardContent>
      </Card>
    )
  }
  return <MemberReferrals userId={viewer.userId} />
}

function Loading() {
  return (
    <p role="status" className="text-muted-foreground">
      Loading your referrals…
    </p>
  )
}

function MemberReferrals({ userId }: { userId: string }) {
  const query = useQuery(myReferralsQuery(userId))
  if (query.isPending) {
    return <Loading />
  }
  if (query.isError) {
    return (
      <div className="flex flex-col gap-3">
        <FormAlert message="We couldn’t load your referrals. Check your connection and try again." />
        <Button variant="outline" className="self-start" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  const data = query.data
  const link = new URL(data.sharePath, window.location.origin).toString()
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Your invitation link</h2>
          </CardTitle>
          <CardDescription>
            Share it with friends looking for work. You both get {data.rewardCredits} credits when
            they join.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p className="flex flex-col gap-1">
            <span className="text-sm text-muted-foreground">Your code</span>
            <span
              className="font-mono text-2xl font-bold tracking-widest"
              data-testid="referral-code"
            >
              {data.referralCode}
            </span>
          </p>
          <p className="text-sm break-all" data-testid="referral-link">
            {link}
          </p>
          <div className="flex flex-wrap gap-2">
            <CopyButton text={link} label="Copy your invitation link" className="" />
            <ShareButton link={link} />
          </div>
          <ReferralQrCode link={link} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Invite by email</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <InviteByEmailForm />
        </CardContent>
      </Card>

      <Invitees data={data} />
      <Rules data={data} />
    </div>
  )
}

/** The Web Share API's sheet, where the browser has one (phones mostly). */
function ShareButton({ link }: { link: string }) {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') {
    return null
  }
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={() => {
        navigator
          .share({ title: 'Join me on Job Search Assistant', url: link })
          .catch((error: unknown) => {
            // Closing the share sheet rejects with AbortError: not a problem.
            if (!(error instanceof DOMException && error.name === 'AbortError')) {
              logger.warn('Could not share the invitation link', error)
            }
          })
      }}
    >
      <Share2 aria-hidden="true" />
      Share
    </Button>
  )
}

const STATUS_LABELS: Record<ReferralInvitee['status'], string> = {
  pending: 'Joined: waiting for them to finish setting up',
  held: 'Under review',
  rewarded: 'Rewarded',
  rejected: 'Not eligible',
}

function Invitees({ data }: { data: ReferralsResponse }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Your invitees</h2>
        </CardTitle>
        <CardDescription>
          {data.totalCreditsEarned > 0
            ? `You have earned ${data.totalCreditsEarned} credits so far.`
            : 'Credits you earn show up here.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {data.invitees.length === 0 ? (
          <p className="text-muted-foreground">
            No one has joined with your code yet. Share your link to get started.
          </p>
        ) : (
          <ul className="flex flex-col divide-y" aria-label="Invitees">
            {data.invitees.map((invitee) => (
              <li key={invitee.id} className="flex items-center justify-between gap-3 py-3">
                <span className="flex flex-col">
                  <span className="font-medium">{invitee.name}</span>
                  <span className="text-sm text-muted-foreground">
                    {STATUS_LABELS[invitee.status]}
                  </span>
                </span>
                <span className="text-sm font-medium whitespace-nowrap">
                  {invitee.status === 'rewarded'
                    ? invitee.creditsEarned > 0
                      ? `+${invitee.creditsEarned} credits`
                      : 'Monthly limit reached'
                    : '—'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function Rules({ data }: { data: ReferralsResponse }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild className="flex items-center gap-2">
          <h2>
            <Gift aria-hidden="true" className="size-5" />
            How it works
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm">
          <li>
            Your friend opens your link (or enters your code) and creates an account within{' '}
            {data.redeemWindowDays} days of signing up. Each account can use one code, never its
            own.
          </li>
          <li>
            Once they confirm their email and finish setting up, you each get {data.rewardCredits}{' '}
            credits.
          </li>
          <li>
            You earn credits for up to {data.monthlyCap} friends a calendar month (
            {data.rewardedThisMonth} so far this month). Past that your friends still get their
            credits; you don’t.
          </li>
          <li>
            Invitations from the same device or internet connection as yours are reviewed by our
            team before anyone is rewarded.
          </li>
        </ul>
      </CardContent>
    </Card>
  )
}
