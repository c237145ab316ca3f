import type { RedeemReferralResponse } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { isApiError } from '@/lib/api'
import { logger } from '@/lib/logger'
import { redeemReferralCode, referralKeys } from '../api/referrals'
import { forgetReferralCode, pendingReferralCode } from '../lib/referral-storage'

type Notice = { tone: 'good' | 'info'; text: string }

/** One redeem per page load, even when the component mounts twice. */
let attempted = false

/**
 * Redeems the code of a share link opened before signing up, once the visitor has an account
 * (not as a guest), then forgets it. What happened is said in a dismissible notice; nothing
 * here ever stops the app. A network failure keeps the code for the next visit.
 */
export function PendingReferralRedeemer({ isMember }: { isMember: boolean }) {
  const [notice, setNotice] = useState<Notice | null>(null)
  const queryClient = useQueryClient()

  useEffect(() => {
    const code = pendingReferralCode()
    if (!isMember || !code || attempted) {
      return
    }
    attempted = true
    redeemReferralCode(code).then(
      (result) => {
        forgetReferralCode()
        setNotice({ tone: 'good', text: successText(result) })
        void queryClient.invalidateQueries({ queryKey: referralKeys.all })
        void queryClient.invalidateQueries({ queryKey: ['credits'] })
      },
      (error: unknown) => {
        if (isApiError(error) && error.status === 0) {
          attempted = false
          logger.warn('Could not redeem the referral code; will retry later', error)
          return
        }
        forgetReferralCode()
        setNotice({ tone: 'info', text: failureText(error) })
      },
    )
  }, [isMember, queryClient])

  if (!notice) {
    return null
  }
  return (
    <div
      role="status"
      className="mx-auto mt-3 flex w-full max-w-3xl items-start gap-3 rounded-lg border bg-card px-4 py-3 text-sm"
      data-tone={notice.tone}
    >
      <p className="flex-1">{notice.text}</p>
      <button
        type="button"
        onClick={() => setNotice(null)}
        aria-label="Dismiss"
        className="rounded-sm p-0.5 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  )
}

function successText(result: RedeemReferralResponse): string {
  if (result.status === 'rewarded') {
    return `Your invitation is accepted: you and your friend each got ${result.rewardCredits} credits.`
  }
  if (result.status === 'held') {
    return 'Your invitation is accepted. We review some invitations before rewarding them; this can take a few days.'
  }
  return `Your invitation is accepted: confirm your email and finish setting up, and you and your friend each get ${result.rewardCredits} credits.`
}

function failureText(error: unknown): string {
  if (!isApiError(error)) {
    return 'We couldn’t use your invitation code this time.'
  }
  switch (error.code) {
    case 'referral_already_redeemed':
      return 'Your account has already used an invitation code, so this one was not added.'
    case 'referral_own_code':
      return 'That was your own invitation link: share it with friends instead.'
    case 'referral_too_late':
      return 'Invitation codes can only be used in the first 30 days after signing up, so this one was not added.'
    case 'referral_code_invalid':
      return 'The invitation code you opened doesn’t exist any more, so it was not added.'
    default:
      return 'We couldn’t use your invitation code this time.'
  }
}
