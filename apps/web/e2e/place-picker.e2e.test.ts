import { describe, expect, it } from 'vitest'
import { storedSessionUserId } from './accounts.ts'
import { setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * One place picker (issue 13): places chosen in onboarding's job preferences become the jobs
 * filters, where the same picker shows them the same way: "Berlin, Germany", "France (anywhere)".
 */
const app = setUpAppInBrowser()

const db = setUpStackDatabase(app)

const PLACES = ['Berlin, Germany', 'France (anywhere)']

describe('the place picker', () => {
  it('a place chosen in onboarding reads the same in the jobs filters', async () => {
    const page = app.page
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/onboarding/job-search-status')
    await expect.poll(() => storedSessionUserId(page)).not.toBeNull()
    const userId = (await storedSessionUserId(page)) ?? ''

    await page.goto('/onboarding/job-preferences')
    await page.getByLabel('Job title').fill('Data analyst')
    await page.getByLabel('Job title').press('Enter')
    await page.getByRole('checkbox', { name: 'Hybrid' }).check()
    await page.getByLabel('Country').selectOption('DE')
    await page.getByLabel('City (optional)').fill('Berlin')
    await page.getByLabel('City (optional)').press('Enter')
    await page.getByLabel('Country').selectOption('FR')
    await page.getByRole('button', { name: 'Add place' }).click()
    const added = page.getByRole('list', { name: 'Places added' }).getByRole('listitem')
    await expect.poll(() => added.allTextContents()).toEqual(PLACES)

    // What the step saved is the filters' own shape, the whole country by its English name.
    await expect
      .poll(async () => {
        const row = await db.query<{ job_preferences: { locations?: unknown } }>(
          'select job_preferences from public.wizard where user_id = $1',
          [userId],
        )
        return row.rows[0]?.job_preferences.locations
      })
      .toEqual([
        { name: 'Berlin', isCountry: false, countryCode: 'DE' },
        { name: 'France', isCountry: true, countryCode: 'FR' },
      ])

    await page.goto('/jobs')
    const filters = page.getByRole('complementary', { name: 'Filters' })
    const locations = filters.getByRole('list', { name: 'Locations' }).getByRole('listitem')
    await expect.poll(() => locations.allTextContents()).toEqual(PLACES)
    // The same fields, under the same names, in both places.
    await filters.getByLabel('Country', { exact: true }).waitFor()
    await filters.getByLabel('City (optional)', { exact: true }).waitFor()
    await filters.getByRole('button', { name: 'Add place' }).waitFor()
  })
})
