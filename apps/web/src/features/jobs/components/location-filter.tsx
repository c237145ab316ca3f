import type { JobLocationFilter } from '@app/contracts'
import { useId, useMemo, useState } from 'react'
import { PlacePicker } from '@/components/place-picker'
import { Label } from '@/components/ui/label'
import { countryName, listCountries, type PlaceDraft } from '@/lib/places'
import { Chips } from './chips'

type LocationFilterProps = {
  value: readonly JobLocationFilter[] | undefined
  onChange: (value: JobLocationFilter[] | undefined) => void
}

const MAX_LOCATIONS = 20
const selectClassName =
  'h-10 w-full rounded-lg border border-input bg-card px-3 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:text-sm'

/**
 * Places to search in, with the app's one place picker (the one onboarding uses): a country,
 * then a city in it or none for the whole country. A place chosen in onboarding reads the same
 * here.
 */
export function LocationFilter({ value = [], onChange }: LocationFilterProps) {
  const [draft, setDraft] = useState<PlaceDraft>({ countryCode: '', city: '' })
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">Locations</legend>
      <PlacePicker
        value={value}
        onChange={(places) => onChange(places.length > 0 ? places : undefined)}
        draft={draft}
        onDraftChange={setDraft}
        max={MAX_LOCATIONS}
        listLabel="Locations"
      />
    </fieldset>
  )
}

type CountriesFilterProps = {
  value: readonly string[] | undefined
  onChange: (value: string[] | undefined) => void
}

/** Whole countries by code (the `countries` filter): chosen from the list, shown as chips. */
export function CountriesFilter({ value = [], onChange }: CountriesFilterProps) {
  const selectId = useId()
  const countries = useMemo(() => listCountries(), [])
  const remove = (code: string) => {
    const next = value.filter((item) => item !== code)
    onChange(next.length > 0 ? next : undefined)
  }
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={selectId}>Countries</Label>
      <select
        id={selectId}
        className={selectClassName}
        value=""
        onChange={(event) => {
          const code = event.target.value
          if (code && !value.includes(code)) {
            onChange([...value, code])
          }
        }}
      >
        <option value="">Add a country</option>
        {countries
          .filter((country) => !value.includes(country.code))
          .map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
      </select>
      <Chips label="Countries" items={value} itemLabel={countryName} onRemove={remove} />
    </div>
  )
}
