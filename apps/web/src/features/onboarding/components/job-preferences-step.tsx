import {
  type JobLocationFilter,
  MAX_PLACES,
  type WizardJobPreferences,
  type WorkLocation,
} from '@app/contracts'
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react'
import { PlacePicker } from '@/components/place-picker'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/cn'
import { addDraft, countryOfLocale, type PlaceDraft } from '@/lib/places'
import {
  type PreferencesProblems,
  addJobTitle,
  needsPlace,
  preferencesProblems,
  toggleChoice,
} from '../lib/step-answers'
import { WORK_LOCATION_OPTIONS } from '../lib/step-registry'
import { FieldError } from './field-error'
import { RemovableChips } from './removable-chips'
import { StepNavigation } from './step-navigation'
import type { StepProps } from './step-props'

type Problems = PreferencesProblems & { titleInput?: string; placeInput?: string }

/**
 * job-preferences: the job titles, ways of working and places that become the job filters.
 * Every change is saved at once; Continue also takes a title or city still in its field, and
 * the chosen country when on-site or hybrid work has no place yet, so nothing typed is lost.
 */
export function JobPreferencesStep({ step, wizard, save, advance }: StepProps) {
  const ids = { titles: useId(), work: useId() }
  const jobTitles = wizard.jobPreferences.jobTitles ?? []
  const workLocations = wizard.jobPreferences.workLocations ?? []
  const locations = wizard.jobPreferences.locations ?? []
  const [titleText, setTitleText] = useState('')
  const [placeDraft, setPlaceDraft] = useState<PlaceDraft>(() => ({
    countryCode: locations.at(-1)?.countryCode ?? countryOfLocale(navigator.language) ?? '',
    city: '',
  }))
  const [problems, setProblems] = useState<Problems>({})

  function update(next: WizardJobPreferences) {
    save({ jobPreferences: { jobTitles, workLocations, locations, ...next } })
  }

  /** The titles with the typed one added, or null (and the reason shown) when it cannot be. */
  function titlesWithTyped(): string[] | null {
    if (!titleText.trim()) {
      return jobTitles
    }
    const added = addJobTitle(jobTitles, titleText)
    if (!added.ok) {
      setProblems((current) => ({ ...current, titleInput: added.error }))
      return null
    }
    setTitleText('')
    return added.value
  }

  /** The places with the typed city (or the country alone, when `force`) added, or null. */
  function placesWithTyped(force: boolean): JobLocationFilter[] | null {
    if (!placeDraft.city.trim() && !force) {
      return locations
    }
    const added = addDraft(locations, placeDraft, MAX_PLACES)
    if (!added.ok) {
      setProblems((current) => ({ ...current, placeInput: added.error }))
      return null
    }
    setPlaceDraft({ ...placeDraft, city: '' })
    return added.value
  }

  function clearProblems(...keys: (keyof Problems)[]) {
    setProblems((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([key]) => !keys.includes(key as keyof Problems)),
      ),
    )
  }

  function handleAddTitle() {
    clearProblems('titleInput', 'jobTitles')
    const added = addJobTitle(jobTitles, titleText)
    if (!added.ok) {
      setProblems((current) => ({ ...current, titleInput: added.error }))
      return
    }
    setTitleText('')
    update({ jobTitles: added.value })
  }

  function handleToggleWork(value: WorkLocation) {
    clearProblems('workLocations', 'locations')
    update({ workLocations: toggleChoice(workLocations, value) })
  }

  /** Enter in a text field adds what it holds instead of submitting the step. */
  function addOnEnter(add: () => void, text: string) {
    return (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Enter' && text.trim()) {
        event.preventDefault()
        add()
      }
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    setProblems({})
    const titles = titlesWithTyped()
    const places = placesWithTyped(locations.length === 0 && needsPlace(workLocations))
    const next = { jobTitles: titles ?? jobTitles, workLocations, locations: places ?? locations }
    if (!titles || !places) {
      // Keep whichever of the two typed answers could be taken.
      update(next)
      return
    }
    const found = preferencesProblems(next)
    if (Object.keys(found).length > 0) {
      update(next)
      setProblems(found)
      return
    }
    advance({ jobPreferences: next })
  }

  const titleError = problems.titleInput ?? problems.jobTitles
  const placeError = problems.placeInput ?? problems.locations
  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-1 flex-col gap-8">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-lg font-semibold">Roles you want</legend>
        <Label htmlFor={ids.titles}>Job title</Label>
        <div className="flex gap-2">
          <Input
            id={ids.titles}
            value={titleText}
            placeholder="e.g. Data analyst"
            autoComplete="organization-title"
            enterKeyHint="done"
            aria-invalid={titleError ? true : undefined}
            aria-describedby={titleError ? `${ids.titles}-error` : undefined}
            onChange={(event) => setTitleText(event.target.value)}
            onKeyDown={addOnEnter(handleAddTitle, titleText)}
          />
          <Button type="button" variant="outline" onClick={handleAddTitle}>
            Add title
          </Button>
        </div>
        <FieldError id={`${ids.titles}-error`} message={titleError} />
        <RemovableChips
          label="Job titles added"
          items={jobTitles.map((title) => ({ key: title, text: title }))}
          onRemove={(title) => update({ jobTitles: jobTitles.filter((each) => each !== title) })}
        />
      </fieldset>

      <fieldset
        className="flex flex-col gap-3"
        aria-describedby={problems.workLocations ? `${ids.work}-error` : undefined}
      >
        <legend className="mb-3 text-lg font-semibold">How do you want to work?</legend>
        <div className="grid grid-cols-3 gap-2">
          {WORK_LOCATION_OPTIONS.map((option) => {
            const isChosen = workLocations.includes(option.value)
            return (
              <label
                key={option.value}
                className={cn(
                  'flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-xl border bg-card px-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  isChosen && 'border-primary bg-primary/5',
                )}
              >
                <input
                  type="checkbox"
                  className="size-4 accent-[var(--color-primary)]"
                  checked={isChosen}
                  onChange={() => handleToggleWork(option.value)}
                />
                {option.label}
              </label>
            )
          })}
        </div>
        <FieldError id={`${ids.work}-error`} message={problems.workLocations} />
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-lg font-semibold">Where?</legend>
        <PlacePicker
          value={locations}
          onChange={(places) => {
            clearProblems('placeInput', 'locations')
            update({ locations: places })
          }}
          draft={placeDraft}
          onDraftChange={(draft) => {
            clearProblems('placeInput')
            setPlaceDraft(draft)
          }}
          max={MAX_PLACES}
          error={placeError}
        />
      </fieldset>
      <StepNavigation step={step} />
    </form>
  )
}
