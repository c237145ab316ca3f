import {
  BENEFITS,
  COMPANY_SIZES,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  JOB_TYPES,
  type JobCountResponse,
  type JobFilters,
  WORK_LOCATIONS,
} from '@app/contracts'
import { Search } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { formatJobCount } from '../lib/deck-messages'
import { hasAnyFilter } from '../lib/jobs-search'
import {
  BENEFIT_LABELS,
  COMPANY_SIZE_LABELS,
  EDUCATION_LEVEL_LABELS,
  EXPERIENCE_LEVEL_LABELS,
  JOB_TYPE_LABELS,
  WORK_LOCATION_LABELS,
} from '../lib/labels'
import { CheckboxGroup } from './checkbox-group'
import { ChipsInput } from './chips-input'
import { CountriesFilter, LocationFilter } from './location-filter'
import { SalaryFilter } from './salary-filter'

export type FilterPanelProps = {
  /** The filters in force: the URL's, or the onboarding defaults the server applied. */
  filters: JobFilters
  q: string | undefined
  /** How many jobs match, when known. */
  count: JobCountResponse | undefined
  usesOnboardingDefaults: boolean
  onFiltersChange: (filters: JobFilters) => void
  onSearch: (q: string) => void
  onResetToDefaults: () => void
  onClearAll: () => void
}

/**
 * Every filter of the jobs API, applied as it changes (a checkbox at once, typed values on
 * Enter or when the field is left), with the number of matching jobs kept current.
 */
export function FilterPanel({
  filters,
  q,
  count,
  usesOnboardingDefaults,
  onFiltersChange,
  onSearch,
  onResetToDefaults,
  onClearAll,
}: FilterPanelProps) {
  const set = <Field extends keyof JobFilters>(field: Field) => {
    return (value: JobFilters[Field]) => onFiltersChange({ ...filters, [field]: value })
  }

  return (
    <div className="flex flex-col gap-6">
      <SearchField q={q} onSearch={onSearch} />
      <div className="flex flex-col gap-2">
        <p aria-live="polite" className="text-base font-semibold tabular-nums">
          {count === undefined ? 'Counting jobs…' : formatJobCount(count)}
        </p>
        {usesOnboardingDefaults && hasAnyFilter(filters) && (
          <p className="text-sm text-muted-foreground">
            These filters come from your onboarding answers.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={onResetToDefaults}
            disabled={usesOnboardingDefaults}
          >
            Reset to my onboarding defaults
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={onClearAll}>
            Clear all
          </Button>
        </div>
      </div>
      <LocationFilter value={filters.locations} onChange={set('locations')} />
      <CountriesFilter value={filters.countries} onChange={set('countries')} />
      <CheckboxGroup
        legend="Work location"
        options={WORK_LOCATIONS}
        labels={WORK_LOCATION_LABELS}
        value={filters.workLocations}
        onChange={set('workLocations')}
      />
      <CheckboxGroup
        legend="Job type"
        options={JOB_TYPES}
        labels={JOB_TYPE_LABELS}
        value={filters.types}
        onChange={set('types')}
      />
      <CheckboxGroup
        legend="Experience level"
        options={EXPERIENCE_LEVELS}
        labels={EXPERIENCE_LEVEL_LABELS}
        value={filters.experienceLevels}
        onChange={set('experienceLevels')}
      />
      <ChipsInput
        label="Job titles"
        placeholder="e.g. Data Engineer"
        value={filters.jobTitles}
        onChange={set('jobTitles')}
      />
      <SalaryFilter value={filters.minimumSalary} onChange={set('minimumSalary')} />
      <CheckboxGroup
        legend="Education"
        options={EDUCATION_LEVELS}
        labels={EDUCATION_LEVEL_LABELS}
        value={filters.educationLevels}
        onChange={set('educationLevels')}
      />
      <CheckboxGroup
        legend="Company size"
        options={COMPANY_SIZES}
        labels={COMPANY_SIZE_LABELS}
        value={filters.companySizes}
        onChange={set('companySizes')}
      />
      <CheckboxGroup
        legend="Benefits"
        options={BENEFITS}
        labels={BENEFIT_LABELS}
        value={filters.benefits}
        onChange={set('benefits')}
      />
      <ChipsInput
        label="Companies"
        placeholder="e.g. Northwind"
        value={filters.companies}
        onChange={set('companies')}
      />
      <ChipsInput
        label="Industries"
        placeholder="e.g. Healthcare"
        value={filters.industries}
        onChange={set('industries')}
      />
    </div>
  )
}

function SearchField({
  q = '',
  onSearch,
}: {
  q: string | undefined
  onSearch: (q: string) => void
}) {
  const [draft, setDraft] = useState(q)
  const [shownQ, setShownQ] = useState(q)
  const inputId = useId()

  // The URL changed under us (a reset, a link): show its text.
  if (shownQ !== q) {
    setShownQ(q)
    setDraft(q)
  }

  return (
    <form
      role="search"
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        onSearch(draft.trim())
      }}
    >
      <label htmlFor={inputId} className="text-sm font-medium">
        Search jobs
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          type="search"
          value={draft}
          maxLength={200}
          placeholder="Title, skill or company"
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="outline" size="icon" aria-label="Search">
          <Search aria-hidden="true" />
        </Button>
      </div>
    </form>
  )
}
