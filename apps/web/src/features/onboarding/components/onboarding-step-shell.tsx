import { Link } from '@tanstack/react-router'
import { type ReactNode, useEffect, useRef } from 'react'
import { Progress } from '@/components/ui/progress'
import { afterNextPaint } from '@/lib/has-painted'
import { STEP_DEFINITIONS, timeLeftLabel } from '../lib/step-registry'
import {
  FIRST_ONBOARDING_STEP,
  ONBOARDING_STEPS,
  type OnboardingStep,
  getStepIndex,
} from '../lib/steps'
import { type StepShellSave, SaveStatus } from './save-status'

/** The question's heading: choice groups are labelled by it. */
export const QUESTION_HEADING_ID = 'onboarding-question'

/**
 * The frame every step shares: progress with the time left, the save indicator, the question
 * as the page's heading (focused on arrival, so screen readers announce each new step), and the
 * step's own content. It needs nothing from the server: the step's question shows at once, while
 * the guest session and the answers load (issue 21: the first paint is the question).
 */
export function OnboardingStepShell({
  step,
  save,
  children,
}: {
  step: OnboardingStep
  /** The answers' saving, once the wizard is loaded (none while the step waits for it). */
  save?: StepShellSave
  children: ReactNode
}) {
  const { heading, lead } = STEP_DEFINITIONS[step]
  const stepNumber = getStepIndex(step) + 1
  const progressLabel = `Step ${stepNumber} of ${ONBOARDING_STEPS.length}`
  const headingRef = useRef<HTMLHeadingElement>(null)

  // Once the step is drawn: focusing forces a layout, which inside React's commit made the first
  // render and the page's first layout one long task on a phone (issue 21).
  useEffect(() => afterNextPaint(() => headingRef.current?.focus({ preventScroll: true })), [step])

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-xl flex-col px-4 pt-6 sm:pt-12">
      <title>{`${heading} · Onboarding`}</title>
      <header className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <p className="font-medium text-muted-foreground">{progressLabel}</p>
          <p className="text-muted-foreground">{timeLeftLabel(step)}</p>
        </div>
        <Progress value={(stepNumber / ONBOARDING_STEPS.length) * 100} aria-label={progressLabel} />
        <SaveStatus save={save} />
      </header>
      <div className="mt-4">
        <h1
          id={QUESTION_HEADING_ID}
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-balance outline-none sm:text-3xl"
        >
          {heading}
        </h1>
        <p className="mt-2 text-base text-pretty text-muted-foreground">{lead}</p>
        {step === FIRST_ONBOARDING_STEP && (
          <p className="mt-2 text-sm text-muted-foreground">
            I already have an account —{' '}
            <Link to="/sign-in" className="font-medium text-primary underline underline-offset-4">
              sign in
            </Link>
          </p>
        )}
      </div>
      <div className="mt-6 flex flex-1 flex-col">{children}</div>
    </main>
  )
}
