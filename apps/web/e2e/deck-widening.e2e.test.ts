import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * The deck past its filters (ADR 0015), in Chromium against the real server: once the jobs
 * matching the filters are swiped, the deck goes on with a job just outside them, and the card
 * says so in words a screen reader reads ("Outside your filters: remote"); the list view keeps
 * to the filters.
 *
 * The jobs belong to a company no other job has, and the deck is filtered to it (companies are
 * never widened), so the demo catalogue stays out of the way.
 */
const app = setUpAppInBrowser()

const db = setUpStackDatabase(app)

/** One job of `company`: a hybrid one in Berlin, or a remote one in the United States. */
async function insertJob(company: string, title: string, place: 'berlin-hybrid' | 'us-remote') {
  const berlin = place === 'berlin-hybrid'
  await db.query(
    `insert into public.jobs (source, source_id, title, company_name, location, locations,
       country_codes, location_names, work_location, job_type, experience_level, description,
       apply_url, posted_at)
     values ('manual', $1, $2, $3, $4, $5, $6, $7, $8, 'FULL_TIME', 'MID_LEVEL', $2,
       'https://careers.example.com/apply', now() - make_interval(hours => $9))`,
    [
      randomUUID(),
      title,
      company,
      berlin ? 'Berlin, Germany (hybrid)' : 'Remote (United States)',
      JSON.stringify([
        berlin
          ? { name: 'Berlin', region: 'Berlin', countryCode: 'DE' }
          : { name: 'United States', region: null, countryCode: 'US' },
      ]),
      berlin ? ['DE'] : ['US'],
      berlin ? ['berlin'] : [],
      berlin ? 'HYBRID' : 'REMOTE',
      berlin ? 1 : 2,
    ],
  )
}

const topCard = () => app.page.locator('[data-top-card]')
const topCardTitle = () => topCard().getByRole('heading', { level: 2 })

describe('the deck past its filters', () => {
  it('goes on with a remote job once the hybrid ones are swiped, and says it is outside the filters', async () => {
    const company = `Widenworks ${randomUUID().slice(0, 8)}`
    await insertJob(company, 'Platform Engineer', 'berlin-hybrid')
    await insertJob(company, 'Remote Platform Engineer', 'us-remote')
    await app.page.goto('/sign-in')
    await app.page.getByRole('button', { name: 'Continue as guest' }).click()
    await app.page.waitForURL((url) => url.pathname !== '/sign-in')

    const filters = `companies=${encodeURIComponent(JSON.stringify([company]))}&workLocations=HYBRID`
    await app.page.goto(`/jobs?${filters}`)
    await expect
      .poll(() => topCardTitle().textContent(), { timeout: 5_000 })
      .toBe('Platform Engineer')
    expect(
      await topCard()
        .getByText(/Outside your filters/)
        .count(),
    ).toBe(0)

    // The pass is saved before the page is left: a full page load cancels a request under way.
    const passSaved = app.page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/swipes' &&
        response.request().method() === 'POST',
    )
    await app.page.keyboard.press('ArrowLeft')
    expect((await passSaved).ok()).toBe(true)
    await expect
      .poll(() => topCardTitle().textContent(), { timeout: 5_000 })
      .toBe('Remote Platform Engineer')
    await expect
      .poll(() => topCard().getByText('Outside your filters: remote', { exact: true }).count())
      .toBe(1)

    // The list keeps to the filters: the hybrid job (passed) is gone, the remote one never came.
    await app.page.goto(`/jobs/list?${filters}`)
    await app.page.getByText('No more jobs here').waitFor()
    expect(await app.page.getByText('Remote Platform Engineer').count()).toBe(0)
  })
})
