import type { WizardPatch } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { LoaderCircle } from 'lucide-react'
import { type ReactNode, useCallback, useEffect } from 'react'
import { CenteredScreen } from '@/components/centered-screen'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import { onboardingSessionQuery } from '../api/onboarding-session'
import { useWizard } from '../hooks/use-wizard'
import { FIRST_ONBOARDING_STEP, type OnboardingStep, nextStepOf } from '../lib/steps'
import { OnboardingStepShell } from './onboarding-step-shell'
import { StepView } from './step-view'

/**
 * One step of the wizard at /onboarding/{step}: signs a first-time visitor in as a guest, loads
 * the wizard row, records the step as the one to resume at, and shows the step.
 */
export function OnboardingWizard({ step }: { step: OnboardingStep }) {
  const session = useQuery(onboardingSessionQuery)

  if (session.isPending) {
    return <WizardLoading label="Setting up your plan…" />
  }
  if (session.isError) {
    return (
      <WizardProblem
        message="Failed to create anonymous user"
        onRetry={() => void session.refetch()}
      >
        <Button asChild variant="link">
          <Link to="/sign-in">Sign in instead</Link>
        </Button>
      </WizardProblem>
    )
  }
  return <WizardStep key={session.data.user.id} userId={session.data.user.id} step={step} />
}

function WizardStep({ userId, step }: { userId: string; step: OnboardingStep }) {
  const navigate = useNavigate()
  const { query, wizard, saveState, save, retrySave } = useWizard(userId)
  const currentStep = wizard?.currentStep

  // Landing on the entry step (where /onboarding leads) keeps the resume point: the entry step
  // offers to go back there instead. Every other step becomes the resume point.
  useEffect(() => {
    if (currentStep !== undefined && currentStep !== step && step !== FIRST_ONBOARDING_STEP) {
      save({ currentStep: step })
    }
  }, [currentStep, step, save])

  const advance = useCallback(
    (patch?: WizardPatch) => {
      const next = nextStepOf(step)
      if (patch) {
        save(patch)
      }
      if (next) {
        void navigate({ to: '/onboarding/$step', params: { step: next } })
      }
    },
    [navigate, save, step],
  )

  if (query.isError) {
    return <WizardProblem message="Failed to fetch wizard" onRetry={() => void query.refetch()} />
  }
  if (!wizard) {
    return <WizardLoading label="Loading your answers…" />
  }
  return (
    <OnboardingStepShell step={step} saveState={saveState} onRetrySave={retrySave}>
      <StepView step={step} wizard={wizard} saveState={saveState} save={save} advance={advance} />
    </OnboardingStepShell>
  )
}

function WizardLoading({ label }: { label: string }) {
  return (
    <CenteredScreen>
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        {label}
      </p>
    </CenteredScreen>
  )
}

function WizardProblem({
  message,
  onRetry,
  children,
}: {
  message: string
  onRetry: () => void
  children?: ReactNode
}) {
  return (
    <CenteredScreen>
      <title>Onboarding</title>
      <div className="flex w-full max-w-sm flex-col gap-4">
        <h1 className="text-2xl font-bold tracking-tight">We couldn't start your plan</h1>
        <FormAlert message={message} />
        <Button onClick={onRetry}>Try again</Button>
        {children}
      </div>
    </CenteredScreen>
  )
}
