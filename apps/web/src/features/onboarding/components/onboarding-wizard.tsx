import type { WizardPatch } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { LoaderCircle } from 'lucide-react'
import { type ReactNode, Suspense, lazy, useCallback, useEffect, useState } from 'react'
import { CenteredScreen } from '@/components/centered-screen'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import { useHasPainted } from '@/lib/has-painted'
import { onboardingSessionQuery } from '../api/onboarding-session'
import { useWizard } from '../hooks/use-wizard'
import { FIRST_ONBOARDING_STEP, type OnboardingStep, nextStepOf } from '../lib/steps'
import { OnboardingStepShell } from './onboarding-step-shell'
import type { StepShellSave } from './save-status'

/**
 * The steps' own screens (seventeen of them, with their forms and charts) are downloaded beside
 * the guest session, not before the step's question can show (issue 21).
 */
const loadStepView = () => import('./step-view')
const StepView = lazy(() => loadStepView().then(({ StepView }) => ({ default: StepView })))

/**
 * One step of the wizard at /onboarding/{step}: signs a first-time visitor in as a guest, loads
 * the wizard row, records the step as the one to resume at, and shows the step. The step's frame
 * (progress, question) stays mounted from the first paint on; only what is under the question
 * changes as the session and the answers arrive.
 */
export function OnboardingWizard({ step }: { step: OnboardingStep }) {
  const painted = useHasPainted()
  const session = useQuery({ ...onboardingSessionQuery, enabled: painted })
  const [save, setSave] = useState<StepShellSave>()
  useEffect(() => {
    if (painted) void loadStepView()
  }, [painted])

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
  return (
    <OnboardingStepShell step={step} save={save}>
      {session.isPending ? (
        <LoadingStatus label="Setting up your plan…" />
      ) : (
        <WizardStep
          key={session.data.user.id}
          userId={session.data.user.id}
          step={step}
          onSaveChange={setSave}
        />
      )}
    </OnboardingStepShell>
  )
}

function WizardStep({
  userId,
  step,
  onSaveChange,
}: {
  userId: string
  step: OnboardingStep
  /** The frame's save indicator shows this step's saving. */
  onSaveChange: (save: StepShellSave) => void
}) {
  const navigate = useNavigate()
  const { query, wizard, saveState, save, retrySave } = useWizard(userId)
  const currentStep = wizard?.currentStep

  useEffect(() => {
    onSaveChange({ state: saveState, onRetry: retrySave })
  }, [onSaveChange, saveState, retrySave])

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
    return (
      <div className="flex flex-col gap-4">
        <FormAlert message="Failed to fetch wizard" />
        <Button onClick={() => void query.refetch()}>Try again</Button>
      </div>
    )
  }
  if (!wizard) {
    return <LoadingStatus label="Loading your answers…" />
  }
  return (
    <Suspense fallback={<LoadingStatus label="Loading your answers…" />}>
      <StepView step={step} wizard={wizard} saveState={saveState} save={save} advance={advance} />
    </Suspense>
  )
}

function LoadingStatus({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-muted-foreground">
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      {label}
    </p>
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
