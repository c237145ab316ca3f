import type { Wizard, WizardPatch } from '@app/contracts'
import type { SaveState } from '../lib/save-queue'
import type { OnboardingStep } from '../lib/steps'

/** What every step component gets from the wizard. */
export type StepProps = {
  step: OnboardingStep
  /** The answers, unsaved ones included. */
  wizard: Wizard
  saveState: SaveState<WizardPatch>
  /** Stores answers now (optimistically) without leaving the step. */
  save: (patch: WizardPatch) => void
  /** Stores `patch`, if given, and moves to the next step. */
  advance: (patch?: WizardPatch) => void
}
