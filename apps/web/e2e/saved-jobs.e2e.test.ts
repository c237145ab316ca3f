import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { expectAccessible } from '../../../test/accessibility.ts'
import { continueAsGuest } from './accounts.ts'
import { setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * Saved jobs (/applications, issue 13) in Chromium against the real server: a right swipe on
 * the deck puts the job in Saved; "I applied" moves it to Applied (an `applied` event, the
 * database trigger sets the status) at once, for good (after a reload), or back with the reason
 * when the server refuses; a saved job's page offers "I applied" once its listing opened; the
 * empty state leads to the deck; /jobs/saved, where people look, leads here.
 */
const app = setUpAppInBrowser()

const db = setUpStackDatabase(app)

const PHONE = { width: 360, height: 740 }
const DESKTOP = { width: 1280, height: 800 }
const LISTING = 'https://careers.example.com/apply'

type TestJob = { id: string; title: string; company: string }

/** Jobs of one fictional company, so the deck filtered to it is the test's own. */
async function insertJobs(titles: string[]): Promise<TestJob[]> {
  const company = `Savedworks ${randomUUID().slice(0, 8)}`
  const jobs: TestJob[] = []
  for (const [index, title] of titles.entries()) {
    const result = await db.query<{ id: string }>(
      `insert into public.jobs (source, source_id, title, company_name, location, locations,
         country_codes, location_names, work_location, job_type, description, apply_url, posted_at)
       values ('manual', $1, $2, $3, 'Berlin, Germany', '[{"name": "Berlin", "countryCode": "DE"}]',
         '{DE}', '{berlin}', 'HYBRID', 'FULL_TIME', 'We build things.', $4,
         now() - make_interval(hours => $5))
       returning id`,
      [randomUUID(), title, company, LISTING, index + 1],
    )
    jobs.push({ id: result.rows[0]?.id ?? '', title, company })
  }
  return jobs
}

/** "Continue as guest" on /sign-in, as a visitor would, with credits to save jobs. */
async function startAsGuest(): Promise<string> {
  const userId = await continueAsGuest(app.page)
  await db.query(
    'update public.credit_balances set balance = 10, used_in_period = 0 where user_id = $1',
    [userId],
  )
  return userId
}

const topCardTitle = () => app.page.locator('[data-top-card]').getByRole('heading', { level: 2 })

/** Saves every job of the deck filtered to `jobs`' company (right swipes by the Save button). */
async function saveAll(jobs: TestJob[]): Promise<void> {
  await app.page.goto(`/jobs?companies=${encodeURIComponent(JSON.stringify([jobs[0]?.company]))}`)
  for (let saved = 0; saved < jobs.length; saved++) {
    await topCardTitle().waitFor()
    const title = await topCardTitle().textContent()
    const swiped = app.page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/swipes') && response.request().method() === 'POST',
    )
    await app.page.getByRole('button', { name: 'Save', exact: true }).click()
    expect((await swiped).status()).toBe(201)
    if (saved < jobs.length - 1) {
      await expect.poll(() => topCardTitle().textContent(), { timeout: 5_000 }).not.toBe(title)
    }
  }
}

async function statusesOf(userId: string) {
  const result = await db.query<{ title: string; status: string; events: string[] }>(
    `select job.title, application.status,
        coalesce(array_agg(event.type) filter (where event.id is not null), '{}') as events
     from public.job_applications application
     join public.jobs job on job.id = application.job_id
     left join public.job_application_events event on event.job_application_id = application.id
     where application.user_id = $1
     group by job.title, application.status
     order by job.title`,
    [userId],
  )
  return result.rows
}

const item = (job: TestJob) =>
  app.page.getByRole('article', { name: `${job.title} at ${job.company}` })

async function expectNoHorizontalOverflow(where: string) {
  const { scrollWidth, innerWidth } = await app.page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth, where).toBeLessThanOrEqual(innerWidth)
}

describe('saved jobs', () => {
  for (const [name, viewport] of [
    ['on a phone', PHONE],
    ['on a desktop', DESKTOP],
  ] as const) {
    it(`${name}: a right swipe puts the job in Saved, and "I applied" moves it to Applied for good`, async () => {
      await app.page.setViewportSize(viewport)
      const jobs = await insertJobs(['Platform Engineer', 'Site Reliability Engineer'])
      const [platform, reliability] = jobs as [TestJob, TestJob]
      const userId = await startAsGuest()
      await saveAll(jobs)

      // Through the shell's navigation, as a person would.
      await app.page
        .getByRole('navigation', { name: 'App' })
        .getByRole('link', { name: 'Saved' })
        .click()
      await app.page.waitForURL((url) => url.pathname === '/applications')
      await app.page.getByRole('heading', { level: 1, name: 'Saved jobs' }).waitFor()
      // Newest first: the last one saved on top.
      await expect
        .poll(() =>
          app.page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents(),
        )
        .toEqual([expect.any(String), expect.any(String)])
      const today = new Date().toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      })
      for (const job of jobs) {
        await item(job).getByText(`Saved on ${today}`).waitFor()
        expect(await item(job).getByText('Saved', { exact: true }).count()).toBe(1)
        expect(await item(job).getByText(job.company).count()).toBe(1)
        expect(await item(job).getByText('Berlin, Germany').count()).toBe(1)
        expect(
          await item(job)
            .getByRole('link', { name: /Open the listing/ })
            .getAttribute('href'),
        ).toBe(LISTING)
      }
      await expectNoHorizontalOverflow('/applications')
      await expectAccessible(app.page, `/applications at ${viewport.width}px`)

      await item(platform)
        .getByRole('button', { name: `I applied: ${platform.title} at ${platform.company}` })
        .click()
      await item(platform).getByText(`Applied on ${today}`).waitFor()
      expect(
        await item(platform)
          .getByRole('button', { name: /I applied/ })
          .count(),
      ).toBe(0)
      await expect
        .poll(() => statusesOf(userId))
        .toEqual([
          { title: platform.title, status: 'APPLIED', events: ['applied'] },
          { title: reliability.title, status: 'SAVED', events: [] },
        ])

      // The filters by stage.
      await app.page.getByRole('button', { name: 'Applied 1' }).click()
      await app.page.waitForURL((url) => url.searchParams.get('status') === 'APPLIED')
      expect(await app.page.getByRole('article').count()).toBe(1)
      await item(platform).waitFor()

      await app.page.reload()
      await item(platform).getByText(`Applied on ${today}`).waitFor()
      expect(await app.page.getByRole('article').count()).toBe(1)
      await app.page.getByRole('button', { name: 'All 2' }).click()
      await item(reliability).getByText(`Saved on ${today}`).waitFor()
      await expectNoHorizontalOverflow('/applications after applying')
    })
  }

  it('"I applied" refused by the server: back to Saved, and the reason said', async () => {
    const [job] = (await insertJobs(['Database Engineer'])) as [TestJob]
    const userId = await startAsGuest()
    await saveAll([job])
    // The refusal is the point: the browser logs the failed request.
    app.expectConsoleError(/Failed to load resource: the server responded with a status of 503/)
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await app.page.route('**/rest/v1/job_application_events*', async (route) => {
      await held
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'PGRST000',
          message: 'The database is not available',
          details: null,
          hint: null,
        }),
      })
    })
    await app.page.goto('/applications')
    await item(job)
      .getByRole('button', { name: /I applied/ })
      .click()
    // Optimistic: applied before the server answers.
    await item(job).getByText('Applied', { exact: true }).waitFor()
    release()
    await app.page
      .getByRole('alert')
      .getByText(/We couldn't record that you applied to Database Engineer at/)
      .waitFor()
    await app.page
      .getByRole('alert')
      .getByText(/The database is not available/)
      .waitFor()
    await item(job).getByText('Saved', { exact: true }).waitFor()
    // The button comes back once the refused request has settled (the status shows first).
    await expect
      .poll(() =>
        item(job)
          .getByRole('button', { name: /I applied/ })
          .isEnabled(),
      )
      .toBe(true)
    expect(await statusesOf(userId)).toEqual([{ title: job.title, status: 'SAVED', events: [] }])
  })

  it('a saved job’s page: Apply opens the listing, then offers "I applied"', async () => {
    await app.page.setViewportSize(DESKTOP)
    const [job] = (await insertJobs(['Search Engineer'])) as [TestJob]
    const userId = await startAsGuest()
    await saveAll([job])
    // The listing is on another site: a stand-in answers for it.
    await app.context.route(`${LISTING}*`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Listing</title><p>Apply here',
      }),
    )

    await app.page.goto('/applications')
    await item(job)
      .getByRole('link', { name: `${job.title} at ${job.company}`, exact: true })
      .click()
    await app.page.waitForURL((url) => url.pathname === `/jobs/${job.id}`)
    await app.page.getByRole('heading', { level: 1, name: job.title }).waitFor()
    expect(await app.page.getByRole('button', { name: 'I applied' }).count()).toBe(0)

    const listing = app.context.waitForEvent('page')
    await app.page.getByRole('link', { name: "Apply on the company's site" }).click()
    const tab = await listing
    await tab.waitForLoadState()
    expect(tab.url()).toBe(LISTING)
    await tab.close()

    await app.page.getByRole('button', { name: 'I applied' }).click()
    const today = new Date().toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    })
    await app.page.getByText(`Applied on ${today}.`).waitFor()
    await expect
      .poll(() => statusesOf(userId))
      .toEqual([{ title: job.title, status: 'APPLIED', events: ['applied'] }])
    await app.page.reload()
    await app.page.getByText(`Applied on ${today}.`).waitFor()
    expect(await app.page.getByRole('button', { name: 'I applied' }).count()).toBe(0)
  })

  it('a job not saved keeps its page’s plain Apply', async () => {
    const [job] = (await insertJobs(['Compiler Engineer'])) as [TestJob]
    await startAsGuest()
    await app.page.goto(`/jobs/${job.id}`)
    await app.page.getByRole('heading', { level: 1, name: job.title }).waitFor()
    await app.page.getByRole('link', { name: "Apply on the company's site" }).waitFor()
    expect(await app.page.getByText(/Saved on|Applied on/).count()).toBe(0)
  })

  it('with nothing saved yet, says how to save and leads to the deck', async () => {
    await app.page.setViewportSize(PHONE)
    await startAsGuest()
    await app.page.goto('/applications')
    await app.page.getByText('Nothing saved yet — swipe right on a job to save it').waitFor()
    await expectAccessible(app.page, 'the empty /applications')
    await app.page.getByRole('link', { name: 'Go to the deck' }).click()
    await app.page.waitForURL((url) => url.pathname === '/jobs')
  })

  it('/jobs/saved leads to the saved jobs, not to a job called "saved"', async () => {
    await startAsGuest()
    await app.page.goto('/jobs/saved')
    await app.page.waitForURL(
      (url) => url.pathname === '/applications' && url.searchParams.get('status') === 'SAVED',
    )
    await app.page.getByRole('heading', { level: 1, name: 'Saved jobs' }).waitFor()
  })

  it('signed out: /applications asks to sign in and comes back after', async () => {
    await app.page.goto('/applications')
    await app.page.waitForURL((url) => url.pathname === '/sign-in')
    expect(new URL(app.page.url()).searchParams.get('redirect')).toBe('/applications')
  })
})
