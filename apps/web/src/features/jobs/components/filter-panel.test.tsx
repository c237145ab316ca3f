// @vitest-environment jsdom
/**
 * The filter panel as the jobs pages use it: beside the deck in JobsBrowser, with the filters
 * living in the URL (the /jobs route's search params, checked by JobsSearchSchema). Choosing
 * filters must write the right search params, and the jobs API must then be asked for them.
 * Only the network is fake (the product API); the router, the panel and the search encoding are
 * the app's.
 */
import type { JobFilters } from '@app/contracts'
import { createRoute, useNavigate } from '@tanstack/react-router'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type FakeNetwork,
  installFakeNetwork,
  json,
  TEST_API_BASE_URL,
} from '../../../../test/fake-fetch'
import { type RenderedApp, renderRoutes } from '../../../../test/render'
import { JobsSearchSchema } from '../lib/jobs-search'
import { JobsBrowser } from './jobs-browser'

const JOBS = `${TEST_API_BASE_URL}/jobs`

let network: FakeNetwork
/** The filters the server says it applied when the URL names none (the onboarding defaults). */
let onboardingDefaults: JobFilters

beforeEach(() => {
  network = installFakeNetwork()
  onboardingDefaults = {}
  network.on('GET', JOBS, () => json({ jobs: [], nextCursor: null, filters: onboardingDefaults }))
  network.on('GET', `${JOBS}/count`, () => json({ count: 12, capped: false }))
  // A wide screen: the panel is the sidebar, always in view.
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: true,
    media,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
})

// Every request the page made had an answer in the test: nothing unexpected was asked.
afterEach(() => {
  expect(network.unanswered).toEqual([])
})

/** /jobs as routes/jobs/index.tsx wires it: the search params in, navigate to change them. */
async function renderJobsPage(path = '/jobs'): Promise<RenderedApp> {
  const app = await renderRoutes({
    path,
    routes: (root) => {
      const jobsRoute = createRoute({
        getParentRoute: () => root,
        path: '/jobs',
        validateSearch: JobsSearchSchema,
        component: function JobsPage() {
          const search = jobsRoute.useSearch()
          const navigate = useNavigate()
          return (
            <JobsBrowser
              view="deck"
              search={search}
              onSearchChange={(next) => void navigate({ to: '/jobs', search: next, replace: true })}
            />
          )
        },
      })
      return [jobsRoute]
    },
  })
  await screen.findByText('12 jobs match')
  return app
}

const panel = () => within(screen.getByRole('complementary', { name: 'Filters' }))
const group = (legend: string) => within(panel().getByRole('group', { name: legend }))
const searchOf = (app: RenderedApp) => app.router.state.location.search as Record<string, unknown>

/** The query string of the last jobs list request. */
function lastJobsQuery(): URLSearchParams {
  const requests = network.requests('GET', JOBS)
  const last = requests.at(-1)
  if (!last) {
    throw new Error('The jobs list was never asked for')
  }
  return last.url.searchParams
}

describe('the filter panel writes the search params', () => {
  it('as a comma list in the vocabulary’s order when boxes are ticked, and asks the API', async () => {
    const app = await renderJobsPage()

    await app.user.click(group('Work location').getByRole('checkbox', { name: 'Hybrid' }))
    await app.user.click(group('Work location').getByRole('checkbox', { name: 'Remote' }))
    await app.user.click(group('Job type').getByRole('checkbox', { name: 'Contract' }))

    expect(searchOf(app)).toEqual({ workLocations: 'REMOTE,HYBRID', types: 'CONTRACT' })
    expect(app.router.state.location.href).toContain('workLocations=REMOTE%2CHYBRID')
    await waitFor(() =>
      expect(lastJobsQuery().getAll('workLocations')).toEqual(['REMOTE', 'HYBRID']),
    )
    expect(lastJobsQuery().getAll('types')).toEqual(['CONTRACT'])
    expect(group('Work location').getByRole('checkbox', { name: 'Remote' })).toHaveProperty(
      'checked',
      true,
    )
  })

  it('as the whole catalogue (defaults=none) once the last filter is unticked', async () => {
    const app = await renderJobsPage('/jobs?types=FULL_TIME')
    const fullTime = group('Job type').getByRole('checkbox', { name: 'Full-time' })
    expect(fullTime).toHaveProperty('checked', true)

    await app.user.click(fullTime)

    expect(searchOf(app)).toEqual({ defaults: 'none' })
    await waitFor(() => expect(lastJobsQuery().get('defaults')).toBe('none'))
    expect(lastJobsQuery().has('types')).toBe(false)
  })

  it('with typed job titles as a list, each once, and the salary as a number', async () => {
    const app = await renderJobsPage()
    const titles = panel().getByRole('textbox', { name: 'Job titles' })

    await app.user.type(titles, 'Data Engineer{Enter}')
    await app.user.type(titles, '  data engineer {Enter}')
    await app.user.type(titles, 'Analyst, BI{Enter}')
    await app.user.type(panel().getByRole('textbox', { name: /Minimum salary/ }), '€55,000')
    await app.user.tab()

    expect(searchOf(app)).toEqual({
      jobTitles: ['Data Engineer', 'Analyst, BI'],
      minimumSalary: 55000,
    })
    await waitFor(() => expect(lastJobsQuery().get('minimumSalary')).toBe('55000'))
    expect(lastJobsQuery().getAll('jobTitles')).toEqual(['Data Engineer', 'Analyst, BI'])

    await app.user.click(panel().getByRole('button', { name: 'Remove Data Engineer' }))
    expect(searchOf(app)).toEqual({ jobTitles: ['Analyst, BI'], minimumSalary: 55000 })
  })

  it('with a place, the free text kept beside the filters, and Clear all keeping only the text', async () => {
    const app = await renderJobsPage()

    await app.user.selectOptions(panel().getByRole('combobox', { name: 'Country' }), 'DE')
    await app.user.type(panel().getByRole('combobox', { name: 'City (optional)' }), 'Berlin')
    await app.user.click(panel().getByRole('button', { name: 'Add place' }))
    await app.user.type(panel().getByRole('searchbox', { name: 'Search jobs' }), ' rust {Enter}')

    expect(searchOf(app)).toEqual({ locations: ['Berlin|DE|city'], q: 'rust' })
    await waitFor(() => expect(lastJobsQuery().get('q')).toBe('rust'))
    expect(lastJobsQuery().getAll('locations')).toEqual(['Berlin|DE|city'])

    await app.user.click(panel().getByRole('button', { name: 'Clear all' }))
    expect(searchOf(app)).toEqual({ q: 'rust', defaults: 'none' })
  })
})

describe('with the onboarding defaults in force (no filter in the URL)', () => {
  it('shows the server’s defaults, and a change makes the whole set explicit in the URL', async () => {
    onboardingDefaults = { types: ['FULL_TIME'], jobTitles: ['Data Engineer'] }
    const app = await renderJobsPage()
    await screen.findByText('These filters come from your onboarding answers.')
    expect(group('Job type').getByRole('checkbox', { name: 'Full-time' })).toHaveProperty(
      'checked',
      true,
    )
    expect(lastJobsQuery().has('types')).toBe(false)

    await app.user.click(group('Work location').getByRole('checkbox', { name: 'Remote' }))

    expect(searchOf(app)).toEqual({
      types: 'FULL_TIME',
      workLocations: 'REMOTE',
      jobTitles: ['Data Engineer'],
    })
    await waitFor(() => expect(lastJobsQuery().getAll('types')).toEqual(['FULL_TIME']))
    expect(lastJobsQuery().getAll('workLocations')).toEqual(['REMOTE'])
  })

  it('goes back to them on "Reset to my onboarding defaults", keeping the free text', async () => {
    const app = await renderJobsPage('/jobs?q=rust&types=CONTRACT')
    const reset = panel().getByRole('button', { name: 'Reset to my onboarding defaults' })
    expect(reset).toHaveProperty('disabled', false)

    await app.user.click(reset)

    expect(searchOf(app)).toEqual({ q: 'rust' })
    await waitFor(() => expect(lastJobsQuery().has('types')).toBe(false))
    expect(lastJobsQuery().get('q')).toBe('rust')
    expect(lastJobsQuery().has('defaults')).toBe(false)
  })
})
