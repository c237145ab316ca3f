import { STEP_DEFINITIONS, stepsMissingFor } from '../lib/step-registry'
import { AccomplishmentStep } from './accomplishment-step'
import { InterviewGoalStep } from './interview-goal-step'
import { JobPreferencesStep } from './job-preferences-step'
import { MissingAnswers } from './missing-answers'
import { MultipleChoiceStep, SingleChoiceStep } from './choice-steps'
import { PlanReadyStep } from './plan-ready-step'
import { ProjectionStep } from './projection-step'
import { ResumeBanner } from './resume-banner'
import { SalaryStep } from './salary-step'
import type { StepProps } from './step-props'
import { SuccessStep } from './success-step'

/**
 * Picks the component for the step's kind. A step that builds on answers the user has not given
 * (reached by a deep link) lists them instead, with links, rather than guessing.
 */
export function StepView(props: StepProps) {
  const { step, wizard } = props
  const definition = STEP_DEFINITIONS[step]
  const missing = stepsMissingFor(step, wizard)
  if (missing.length > 0) {
    return <MissingAnswers step={step} missing={missing} />
  }
  switch (definition.kind) {
    case 'single-choice':
      return (
        <>
          <ResumeBanner step={step} wizard={wizard} />
          <SingleChoiceStep {...props} definition={definition} />
        </>
      )
    case 'multiple-choice':
      return <MultipleChoiceStep {...props} definition={definition} />
    case 'job-preferences':
      return <JobPreferencesStep {...props} />
    case 'accomplishment':
      return <AccomplishmentStep {...props} />
    case 'salary':
      return <SalaryStep {...props} />
    case 'interview-goal':
      return <InterviewGoalStep {...props} />
    case 'projection':
      return <ProjectionStep {...props} chart={definition.chart} />
    case 'plan-ready':
      return <PlanReadyStep {...props} />
    case 'success':
      return <SuccessStep {...props} />
  }
}
