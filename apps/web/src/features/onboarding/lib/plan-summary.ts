import { type Wizard, defaultJobFiltersFromWizard } from '@app/contracts'
import { STEP_DEFINITIONS, WORK_LOCATION_OPTIONS } from './step-registry'
import type { OnboardingStep } from './steps'

/**
 * The plan-ready step's "Your job filters" in words: what the default job filters
 * (`defaultJobFiltersFromWizard`) will search for, each with the step that changes it.
 */
export type FilterLine = { label: string; value: string; step: OnboardingStep }

/** The label a choice step shows for an answer. */
export function answerLabel(step: OnboardingStep, value: string | number): string {
  const definition = STEP_DEFINITIONS[step]
  const options =
    definition.kind === 'single-choice' || definition.kind === 'multiple-choice'
      ? definition.options
      : []
  return options.find((option) => option.value === value)?.label ?? String(value)
}

export function describeJobFilters(wizard: Wizard): FilterLine[] {
  const filters = defaultJobFiltersFromWizard(wizard)
  const workStyles = (filters.workLocations ?? []).map(
    (value) => WORK_LOCATION_OPTIONS.find((option) => option.value === value)?.label ?? value,
  )
  const places = (filters.locations ?? []).map((place) => place.name)
  return [
    { label: 'Roles', value: filters.jobTitles?.join(', ') ?? 'Any', step: 'job-preferences' },
    {
      label: 'Job types',
      value: filters.types?.map((type) => answerLabel('job-types', type)).join(', ') ?? 'Any',
      step: 'job-types',
    },
    {
      label: 'Where',
      value: [workStyles.join(', '), places.join(', ')].filter(Boolean).join(' · ') || 'Anywhere',
      step: 'job-preferences',
    },
    {
      label: 'Level',
      value: filters.experienceLevels
        ? answerLabel('experience-level', filters.experienceLevels[0] ?? '')
        : 'Any',
      step: 'experience-level',
    },
    {
      label: 'Pay',
      value: filters.minimumSalary
        ? `From ${filters.minimumSalary.toLocaleString('en-US')} a year`
        : 'Any',
      step: 'minimum-salary',
    },
  ]
}
