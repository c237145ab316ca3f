import type { JobLocationFilter } from '@app/contracts'
import { Plus, X } from 'lucide-react'
import { type KeyboardEvent, useId, useMemo, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import {
  addDraft,
  listCountries,
  type PlaceDraft,
  placeKey,
  placeLabel,
  suggestedCities,
} from '@/lib/places'

type PlacePickerProps = {
  /** The places chosen so far. */
  value: readonly JobLocationFilter[]
  onChange: (places: JobLocationFilter[]) => void
  /** What is typed and not added yet; the owner keeps it (to take it on submit, say). */
  draft: PlaceDraft
  onDraftChange: (draft: PlaceDraft) => void
  /** How many places the list may hold. */
  max: number
  /** A message about the places from the owner's own checks ("Add a place…"). */
  error?: string | null
  /** The chips list's accessible name. */
  listLabel?: string
}

const selectClassName =
  'h-10 w-full min-w-0 rounded-lg border border-input bg-card px-3 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:text-sm'

/**
 * The one place picker (onboarding's job preferences and the jobs filters): a country from one
 * list of every country, then a city in it (suggestions offered, any city typed) or none for the
 * whole country. It writes `JobLocationFilter`s and shows each as `placeLabel` reads it, so a
 * place reads the same wherever it was chosen. Enter in the city field adds the place. Narrow
 * containers stack the fields; wide ones put them in a row.
 */
export function PlacePicker({
  value,
  onChange,
  draft,
  onDraftChange,
  max,
  error,
  listLabel = 'Places added',
}: PlacePickerProps) {
  const ids = { country: useId(), city: useId(), cities: useId(), error: useId() }
  const countries = useMemo(() => listCountries(), [])
  const [addError, setAddError] = useState<string | null>(null)
  const message = addError ?? error

  const add = () => {
    const added = addDraft(value, draft, max)
    if (!added.ok) {
      setAddError(added.error)
      return
    }
    setAddError(null)
    onDraftChange({ ...draft, city: '' })
    onChange(added.value)
  }
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && draft.city.trim()) {
      event.preventDefault()
      add()
    }
  }

  return (
    <div className="@container flex flex-col gap-3">
      <div className="grid gap-3 @md:grid-cols-[1fr_1fr_auto] @md:items-end">
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={ids.country}>Country</Label>
          <select
            id={ids.country}
            className={selectClassName}
            value={draft.countryCode}
            onChange={(event) => {
              setAddError(null)
              onDraftChange({ ...draft, countryCode: event.target.value })
            }}
          >
            <option value="">Choose a country</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={ids.city}>City (optional)</Label>
          <Input
            id={ids.city}
            list={ids.cities}
            value={draft.city}
            maxLength={120}
            placeholder="Anywhere in the country"
            autoComplete="address-level2"
            enterKeyHint="done"
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? ids.error : undefined}
            onChange={(event) => {
              setAddError(null)
              onDraftChange({ ...draft, city: event.target.value })
            }}
            onKeyDown={addOnEnter}
          />
          <datalist id={ids.cities}>
            {suggestedCities(draft.countryCode).map((city) => (
              <option key={city} value={city} />
            ))}
          </datalist>
        </div>
        <Button type="button" variant="outline" onClick={add} className="justify-self-start">
          <Plus aria-hidden="true" />
          Add place
        </Button>
      </div>
      {message && (
        <p id={ids.error} role="alert" className="text-sm font-medium text-destructive">
          {message}
        </p>
      )}
      {value.length > 0 && (
        <ul aria-label={listLabel} className="flex flex-wrap gap-2">
          {value.map((place) => {
            const text = placeLabel(place)
            return (
              <li
                key={placeKey(place)}
                className="flex items-center gap-1 rounded-full border bg-secondary py-1 ps-3 pe-1 text-sm text-secondary-foreground"
              >
                {text}
                <button
                  type="button"
                  aria-label={`Remove ${text}`}
                  className="flex size-7 items-center justify-center rounded-full hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                  onClick={() => {
                    setAddError(null)
                    onChange(value.filter((other) => placeKey(other) !== placeKey(place)))
                  }}
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
