import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowRight, CircleCheck, MailCheck } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { onboardingSessionQuery } from '../api/onboarding-session'
import type { GuestUpgradeResult } from '../api/guest-upgrade'
import { APP_HOME_PATH } from '../lib/onboarding-paths'
import { OnboardingMessagesPanel } from './onboarding-messages-panel'
import { MissingAnswers } from './missing-answers'
import type { StepProps } from './step-props'
import { UpgradeAccountForm } from './upgrade-account-form'

/**
 * success: the first tips of the plan, the invitation to create an account (guests only; the
 * upgrade keeps the same user and every answer) and the way into the product.
 */
export function SuccessStep({ step, wizard, saveState }: StepProps) {
  const session = useQuery(onboardingSessionQuery)
  const [upgraded, setUpgraded] = useState<GuestUpgradeResult | null>(null)

  if (!wizard.completedAt) {
    return <MissingAnswers step={step} missing={['plan-ready']} />
  }
  const isGuest = session.data?.user.is_anonymous ?? false
  // The tips are made when the completion reaches the server; wait for it before asking.
  const isCompletionStored = saveState.unsaved?.completedAt === undefined

  return (
    <div className="flex flex-1 flex-col gap-6 pb-8">
      {isCompletionStored ? (
        <OnboardingMessagesPanel userId={wizard.userId} />
      ) : (
        <p role="status" className="text-muted-foreground">
          Preparing your tips…
        </p>
      )}

      {isGuest && upgraded === null && (
        <section aria-labelledby="keep-plan" className="rounded-xl border bg-card p-5 shadow-sm">
          <h2 id="keep-plan" className="text-lg font-semibold">
            Keep your plan
          </h2>
          <p className="mt-1 mb-4 text-sm text-muted-foreground">
            Create an account to open your plan on any device. Your answers stay as they are.
          </p>
          <UpgradeAccountForm onUpgraded={setUpgraded} />
        </section>
      )}
      {upgraded && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl border border-success/40 bg-success/10 p-4 text-sm"
        >
          {upgraded === 'account-ready' ? (
            <>
              <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
              Your account is ready. Your plan and answers are in it.
            </>
          ) : (
            <>
              <MailCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
              Check your inbox: the link we sent finishes your account.
            </>
          )}
        </p>
      )}

      <Button asChild size="lg" variant={isGuest && upgraded === null ? 'outline' : 'default'}>
        <Link to={APP_HOME_PATH}>
          Continue to the app
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  )
}
