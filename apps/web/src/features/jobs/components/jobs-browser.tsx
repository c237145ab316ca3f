import type { JobFilters } from '@app/contracts'
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { SlidersHorizontal } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { jobCountQueryOptions, jobListQueryOptions } from '../api/job-queries'
import type { JobQuery } from '../api/query-keys'
import { useMediaQuery } from '../hooks/use-media-query'
import { formatShowJobs } from '../lib/deck-messages'
import {
  countActiveFilters,
  filtersFromSearch,
  hasAnyFilter,
  jobQueryFor,
  type JobsSearch,
  type JobsView,
  type JobsSearchInput,
  searchFromFilters,
  searchParamsForApi,
} from '../lib/jobs-search'
import { FilterPanel } from './filter-panel'
import { JobDeck } from './job-deck'
import { JobList } from './job-list'
import { ModalDialog } from './modal-dialog'

type JobsBrowserProps = {
  view: JobsView
  search: JobsSearch
  /** Writes new search params into the URL (the filters live there). */
  onSearchChange: (search: JobsSearchInput) => void
}

/**
 * The deck or the list beside the filter panel: a sidebar on wide screens, a sheet behind the
 * "Filters" button on phones. With no filter in the URL the server applies the user's
 * onboarding defaults and says which; the panel shows those, and editing one makes the set
 * explicit in the URL.
 */
export function JobsBrowser({ view, search, onSearchChange }: JobsBrowserProps) {
  // The count keeps to the filters, whichever the view.
  const filterQuery: JobQuery = searchParamsForApi(search)
  const query: JobQuery = jobQueryFor(view, search)
  const urlFilters = filtersFromSearch(search)
  const namesFilters = hasAnyFilter(urlFilters)
  const jobs = useInfiniteQuery(jobListQueryOptions(query))
  const count = useQuery({
    ...jobCountQueryOptions(filterQuery),
    placeholderData: keepPreviousData,
  })
  const filters: JobFilters = namesFilters ? urlFilters : (jobs.data?.pages[0]?.filters ?? {})
  const usesOnboardingDefaults = !namesFilters && search.defaults !== 'none'
  const isWide = useMediaQuery('(min-width: 64rem)')
  const [isSheetOpen, setIsSheetOpen] = useState(false)
  const sidebar = useRef<HTMLElement>(null)

  const openFilters = () => {
    if (isWide) {
      sidebar.current?.querySelector('input')?.focus()
    } else {
      setIsSheetOpen(true)
    }
  }

  const panel = (
    <FilterPanel
      filters={filters}
      q={search.q}
      count={count.data}
      usesOnboardingDefaults={usesOnboardingDefaults}
      onFiltersChange={(next) => onSearchChange(searchFromFilters(next, search.q))}
      onSearch={(q) =>
        onSearchChange(
          namesFilters
            ? searchFromFilters(urlFilters, q)
            : { q: q || undefined, defaults: search.defaults },
        )
      }
      onResetToDefaults={() => onSearchChange({ q: search.q })}
      onClearAll={() => onSearchChange(searchFromFilters({}, search.q))}
    />
  )
  const activeFilters = countActiveFilters(filters)

  return (
    <div className="mx-auto flex w-full max-w-6xl gap-8 px-4 pb-8 lg:px-6">
      <div className="flex min-w-0 flex-1 flex-col items-center gap-4">
        <div className="flex w-full max-w-2xl items-center justify-between gap-3">
          <h1 className="text-xl font-semibold">Jobs for you</h1>
          {!isWide && (
            <Button variant="outline" onClick={openFilters}>
              <SlidersHorizontal aria-hidden="true" />
              Filters
              {activeFilters > 0 && (
                <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
                  {activeFilters}
                </span>
              )}
            </Button>
          )}
        </div>
        {view === 'deck' ? (
          <JobDeck query={query} filters={filters} onOpenFilters={openFilters} />
        ) : (
          <JobList query={query} filters={filters} onOpenFilters={openFilters} />
        )}
      </div>
      {/* After the deck in the page's order, so Tab reaches the first card before some fifty
          filter fields (issue 13); still on the left on screen. */}
      {isWide && (
        <aside
          ref={sidebar}
          aria-label="Filters"
          className="sticky top-20 order-first h-[calc(100dvh-6rem)] w-80 shrink-0 overflow-y-auto pe-3 pb-6"
        >
          {panel}
        </aside>
      )}
      {!isWide && (
        <ModalDialog
          open={isSheetOpen}
          onClose={() => setIsSheetOpen(false)}
          title="Filters"
          placement="side"
        >
          <div className="flex flex-col gap-6">
            {panel}
            <Button size="lg" className="sticky bottom-0" onClick={() => setIsSheetOpen(false)}>
              {count.data === undefined ? 'Show jobs' : formatShowJobs(count.data)}
            </Button>
          </div>
        </ModalDialog>
      )}
    </div>
  )
}
