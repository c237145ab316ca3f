import type { JobLocationFilter } from '@app/contracts'
import { Plus } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { countryName } from '../lib/job-formatting'
import { COUNTRY_OPTIONS, suggestedCities } from '../lib/places'
import { Chips } from './chips'

type LocationFilterProps = {
  value: readonly JobLocationFilter[] | undefined
  onChange: (value: JobLocationFilter[] | undefined) => void
}

const MAX_LOCATIONS = 20
const selectClassName =
  'h-10 w-full rounded-lg border border-input bg-card px-3 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:text-sm'

/** "Berlin, Germany" or "Germany (whole country)". */
function locationLabel(location: JobLocationFilter): string {
  return location.isCountry
    ? `${location.name} (whole country)`
    : `${location.name}, ${countryName(location.countryCode)}`
}

/**
 * Places to search in: pick a country, then either the whole country or a city in it (with
 * suggestions; any city can be typed).
 */
export function LocationFilter({ value = [], onChange }: LocationFilterProps) {
  const [countryCode, setCountryCode] = useState('')
  const [isCountry, setIsCountry] = useState(false)
  const [city, setCity] = useState('')
  const ids = { country: useId(), city: useId(), cities: useId(), kind: useId() }
  const name = isCountry ? countryName(countryCode) : city.trim()
  const canAdd = countryCode !== '' && name !== '' && value.length < MAX_LOCATIONS

  const add = () => {
    const location = { name, countryCode, isCountry }
    const isNew = !value.some(
      (item) => locationLabel(item).toLowerCase() === locationLabel(location).toLowerCase(),
    )
    if (canAdd && isNew) {
      onChange([...value, location])
    }
    setCity('')
  }
  const remove = (location: JobLocationFilter) => {
    const next = value.filter((item) => item !== location)
    onChange(next.length > 0 ? next : undefined)
  }

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">Locations</legend>
      <Chips label="Locations" items={value} itemLabel={locationLabel} onRemove={remove} />
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.country}>Country</Label>
        <select
          id={ids.country}
          className={selectClassName}
          value={countryCode}
          onChange={(event) => setCountryCode(event.target.value)}
        >
          <option value="">Choose a country</option>
          {COUNTRY_OPTIONS.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
      <div role="radiogroup" aria-labelledby={ids.kind} className="flex flex-col gap-2">
        <span id={ids.kind} className="sr-only">
          Search in
        </span>
        <div className="flex gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={ids.kind}
              className="size-4 accent-primary"
              checked={!isCountry}
              onChange={() => setIsCountry(false)}
            />
            A city
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={ids.kind}
              className="size-4 accent-primary"
              checked={isCountry}
              onChange={() => setIsCountry(true)}
            />
            The whole country
          </label>
        </div>
      </div>
      {!isCountry && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.city}>City</Label>
          <Input
            id={ids.city}
            list={ids.cities}
            value={city}
            maxLength={120}
            placeholder={countryCode ? suggestedCities(countryCode)[0] : 'Choose a country first'}
            disabled={!countryCode}
            onChange={(event) => setCity(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                add()
              }
            }}
          />
          <datalist id={ids.cities}>
            {suggestedCities(countryCode).map((suggestion) => (
              <option key={suggestion} value={suggestion} />
            ))}
          </datalist>
        </div>
      )}
      <Button
        type="button"
        variant="outline"
        onClick={add}
        disabled={!canAdd}
        className="self-start"
      >
        <Plus aria-hidden="true" />
        Add location
      </Button>
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
        {COUNTRY_OPTIONS.filter((country) => !value.includes(country.code)).map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
      <Chips label="Countries" items={value} itemLabel={countryName} onRemove={remove} />
    </div>
  )
}
