import { randomUUID } from 'node:crypto'
import type { Locator, Request, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { continueAsGuest } from './accounts.ts'
import { setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * The swipe deck (/jobs), its list and detail views, in Chromium against the real server: a
 * guest drags a card right and the credits pill drops before the server answers; a pass by
 * keyboard and its undo; a swipe the server refuses (no credits left) rolled back; a swipe
 * whose price changed on the server rolled back and paid at the new price; the jobs list
 * refreshed after the last card; filters kept in the URL over a reload.
 *
 * Each test arranges its own little catalogue under a company name no other job has, and
 * filters the deck to it, so the demo catalogue and the other tests never get in the way.
 */
const app = setUpAppInBrowser()

const db = setUpStackDatabase(app)

type TestJob = { id: string; title: string; company: string }

/** Jobs of one fictional company (the first posted an hour ago, each next one an hour earlier). */
async function insertJobs(
  titles: string[],
  fields: { jobType?: (index: number) => string } = {},
): Promise<TestJob[]> {
  const company = `Deckworks ${randomUUID().slice(0, 8)}`
  const jobs: TestJob[] = []
  for (const [index, title] of titles.entries()) {
    const result = await db.query<{ id: string }>(
      `insert into public.jobs (source, source_id, title, company_name, company_size, industry,
         location, locations, country_codes, location_names, work_location, job_type,
         experience_level, education_level, salary_min, salary_max, salary_currency,
         salary_period, salary_min_yearly, salary_max_yearly, benefits, skills, description,
         apply_url, posted_at)
       values ('manual', $1, $2, $3, '51-200', 'Software', 'Berlin, Germany',
         '[{"name": "Berlin", "region": "Berlin", "countryCode": "DE"}]', '{DE}', '{berlin}',
         'HYBRID', $4, 'SENIOR_LEVEL', 'BACHELOR', 55000, 65000, 'EUR', 'YEAR', 55000, 65000,
         '{EQUITY}', '{TypeScript,PostgreSQL}', $5, 'https://careers.example.com/apply',
         now() - make_interval(hours => $6))
       returning id`,
      [
        randomUUID(),
        title,
        company,
        fields.jobType?.(index) ?? 'FULL_TIME',
        `We build maps for <b>everyone</b>.\n\nWhat you will do:\n- Design APIs\n- Review code`,
        index + 1,
      ],
    )
    jobs.push({ id: result.rows[0]?.id ?? '', title, company })
  }
  return jobs
}

/** Signs in with "Continue as guest", as a visitor would, and gives the guest `credits`. */
async function startAsGuest(credits: number): Promise<string> {
  const userId = await continueAsGuest(app.page)
  await setBalance(userId, credits)
  return userId
}

async function setBalance(userId: string, credits: number) {
  await db.query(
    'update public.credit_balances set balance = $2, used_in_period = 0 where user_id = $1',
    [userId, credits],
  )
}

/** The deck (or another jobs page) filtered to one company's jobs. */
async function openJobs(company: string, path = '/jobs') {
  await app.page.goto(`${path}?companies=${encodeURIComponent(JSON.stringify([company]))}`)
}

const topCard = () => app.page.locator('[data-top-card]')
const topCardTitle = () => topCard().getByRole('heading', { level: 2 })
const creditsLeft = () => app.page.getByTestId('credits-remaining')

async function expectCreditsLeft(text: string) {
  await expect.poll(() => creditsLeft().textContent(), { timeout: 5_000 }).toBe(text)
}

async function expectTopCard(title: string) {
  await expect.poll(() => topCardTitle().textContent(), { timeout: 5_000 }).toBe(title)
}

/**
 * The job on top of the deck. Jobs that fit a guest equally well may come in any order, so the
 * tests ask rather than assume.
 */
async function topJob(jobs: TestJob[]): Promise<TestJob> {
  await topCardTitle().waitFor()
  const title = await topCardTitle().textContent()
  const job = jobs.find((candidate) => candidate.title === title)
  if (!job) {
    throw new Error(`the top card, ${title}, is none of this test's jobs`)
  }
  return job
}

/** Waits until `job` is no longer on top, and gives the new top job. */
async function nextTopJob(jobs: TestJob[], job: TestJob): Promise<TestJob> {
  await expect.poll(() => topCardTitle().textContent(), { timeout: 5_000 }).not.toBe(job.title)
  return topJob(jobs)
}

/** The top card's CSS transform as a matrix: [a, b, c, d, translateX, translateY]. */
async function cardMatrix(): Promise<number[]> {
  const transform = await topCard().evaluate((card) => getComputedStyle(card).transform)
  if (transform === 'none') {
    return [1, 0, 0, 1, 0, 0]
  }
  return (/matrix\((.*)\)/.exec(transform)?.[1] ?? '').split(',').map(Number)
}

/** Drags the top card sideways with the mouse: press, move in steps, release. */
async function dragTopCard(card: Locator, distance: number) {
  const box = await card.boundingBox()
  if (!box) {
    throw new Error('the top card is not on screen')
  }
  const x = box.x + box.width / 2
  const y = box.y + box.height * 0.75
  await app.page.mouse.move(x, y)
  await app.page.mouse.down()
  await app.page.mouse.move(x + distance / 3, y, { steps: 5 })
  await app.page.mouse.move(x + distance, y, { steps: 10 })
  await app.page.mouse.up()
}

/** Holds every request to `pattern` until `release()` is called, then lets them through. */
async function holdRequests(pattern: string, method: string) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const held: Request[] = []
  await app.page.route(pattern, async (route: Route) => {
    if (route.request().method() !== method) {
      return route.fallback()
    }
    held.push(route.request())
    await released
    await route.continue()
  })
  return { held, release }
}

function isJobsListRequest(request: Request): boolean {
  return request.method() === 'GET' && new URL(request.url()).pathname === '/api/jobs'
}

function isSwipeRequest(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/api/swipes'
}

async function swipesOf(userId: string) {
  const result = await db.query<{ job_id: string; direction: string; credit_cost: number }>(
    'select job_id, direction, credit_cost from public.swipes where user_id = $1 order by created_at',
    [userId],
  )
  return result.rows
}

async function applicationsOf(userId: string) {
  const result = await db.query<{ job_id: string; status: string }>(
    'select job_id, status from public.job_applications where user_id = $1',
    [userId],
  )
  return result.rows
}

describe('the swipe deck', () => {
  it('sends a signed-out visitor to sign in', async () => {
    await app.page.goto('/jobs')
    await app.page.waitForURL((url) => url.pathname === '/sign-in')
  })

  it('drag right: the credits drop before the server answers, and the job is saved', async () => {
    const jobs = await insertJobs(['Senior Engineer', 'Staff Engineer', 'Platform Engineer'])
    const userId = await startAsGuest(10)
    await openJobs(jobs[0]?.company ?? '')
    const first = await topJob(jobs)
    await expectCreditsLeft('10 credits left')

    const swipe = await holdRequests('**/api/swipes', 'POST')
    await dragTopCard(topCard(), 240)
    // Optimistic: the pill and the deck change while the server has not answered yet.
    await expectCreditsLeft('9 credits left')
    await nextTopJob(jobs, first)
    expect(swipe.held).toHaveLength(1)
    expect(swipe.held[0]?.postDataJSON()).toEqual({
      jobId: first.id,
      swipeDirection: 'RIGHT',
      creditCost: 1,
      isLastCard: false,
    })
    expect(swipe.held[0]?.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)

    swipe.release()
    await app.page
      .getByText(`Saved ${first.title} at ${first.company} — 9 credits left`, { exact: true })
      .waitFor()
    expect(await applicationsOf(userId)).toEqual([{ job_id: first.id, status: 'SAVED' }])
    expect(await swipesOf(userId)).toEqual([
      { job_id: first.id, direction: 'RIGHT', credit_cost: 1 },
    ])
    await expectCreditsLeft('9 credits left')
    expect(app.consoleErrors).toEqual([])
  })

  it('← passes for free, and Z brings the card back', async () => {
    const jobs = await insertJobs(['Data Analyst', 'Data Scientist'])
    const userId = await startAsGuest(10)
    await openJobs(jobs[0]?.company ?? '')
    const newer = await topJob(jobs)

    const passed = app.page.waitForResponse((response) => isSwipeRequest(response.request()))
    await app.page.keyboard.press('ArrowLeft')
    await nextTopJob(jobs, newer)
    expect((await passed).status()).toBe(201)
    await app.page
      .getByText(`Passed on ${newer.title} at ${newer.company}. Press Z to undo.`, { exact: true })
      .waitFor()
    expect(await swipesOf(userId)).toEqual([
      { job_id: newer.id, direction: 'LEFT', credit_cost: 0 },
    ])
    await expectCreditsLeft('10 credits left')

    const undone = app.page.waitForResponse(
      (response) =>
        response.request().method() === 'DELETE' &&
        new URL(response.url()).pathname.startsWith('/api/swipes/'),
    )
    await app.page.keyboard.press('z')
    expect((await undone).status()).toBe(204)
    await expectTopCard(newer.title)
    await app.page.getByText(`${newer.title} at ${newer.company} is back on top.`).waitFor()
    expect(await swipesOf(userId)).toEqual([])
    expect(app.consoleErrors).toEqual([])
  })

  it('rolls back a swipe the server refuses: credits restored, card back, the reason shown', async () => {
    const jobs = await insertJobs(['Product Designer', 'UX Researcher'])
    const userId = await startAsGuest(10)
    await openJobs(jobs[0]?.company ?? '')
    const top = await topJob(jobs)
    await expectCreditsLeft('10 credits left')
    // The balance runs out behind the page's back: the page still believes it has 10. The
    // server refuses the swipe (402), and the browser logs that refusal.
    await setBalance(userId, 0)
    app.expectConsoleError(/status of 402 .*\/api\/swipes/)

    const swipe = await holdRequests('**/api/swipes', 'POST')
    const creditsRefresh = await holdRequests('**/api/credits', 'GET')
    await app.page.getByRole('button', { name: 'Save', exact: true }).click()
    await expectCreditsLeft('9 credits left')
    await nextTopJob(jobs, top)

    const refused = app.page.waitForResponse((response) => isSwipeRequest(response.request()))
    swipe.release()
    expect((await refused).status()).toBe(402)
    // Rolled back to the snapshot while the credits are being refreshed.
    await expectCreditsLeft('10 credits left')
    await expectTopCard(top.title)
    const panel = app.page.getByRole('alert').filter({ hasText: 'Out of credits' })
    await panel.getByText(/^New credits arrive at /).waitFor()
    // The way to more credits: the paywall with the plans (billing.e2e.test.ts buys one).
    await panel.getByRole('button', { name: 'Get more credits' }).waitFor()

    // Then the refresh tells the truth.
    await expect.poll(() => creditsRefresh.held.length).toBeGreaterThan(0)
    creditsRefresh.release()
    await expectCreditsLeft('0 credits left')
    expect(await applicationsOf(userId)).toEqual([])
    expect(await swipesOf(userId)).toEqual([])
  })

  it('takes the server’s new price: the swipe rolled back, the price said, the next swipe pays it', async () => {
    const jobs = await insertJobs(['Site Reliability Engineer', 'Database Engineer'])
    const userId = await startAsGuest(10)
    await openJobs(jobs[0]?.company ?? '')
    const top = await topJob(jobs)
    await expectCreditsLeft('10 credits left')
    // The price goes up behind the page's back: the page still shows 1 credit a save. The
    // server refuses the swipe (409 price_changed), and the browser logs that refusal.
    await db.query(`update public.credit_prices set credits = 2 where action = 'right_swipe'`)
    app.expectConsoleError(/status of 409 .*\/api\/swipes/)
    try {
      const refused = app.page.waitForResponse((response) => isSwipeRequest(response.request()))
      await app.page.getByRole('button', { name: 'Save', exact: true }).click()
      expect((await refused).status()).toBe(409)
      await app.page
        .getByRole('alert')
        .getByText('Saving a job now costs 2 credits. Swipe right again to save it for 2 credits.')
        .waitFor()
      await expectTopCard(top.title)
      await expectCreditsLeft('10 credits left')
      expect(await swipesOf(userId)).toEqual([])

      const paid = app.page.waitForResponse((response) => isSwipeRequest(response.request()))
      await app.page.getByRole('button', { name: 'Save', exact: true }).click()
      const answer = await paid
      expect(answer.status()).toBe(201)
      expect(answer.request().postDataJSON()).toMatchObject({ creditCost: 2 })
      await expectCreditsLeft('8 credits left')
      expect(await swipesOf(userId)).toEqual([
        { job_id: top.id, direction: 'RIGHT', credit_cost: 2 },
      ])
    } finally {
      await db.query(`update public.credit_prices set credits = 1 where action = 'right_swipe'`)
    }
  })

  it('refreshes the jobs list after the last card, then says there are no more jobs', async () => {
    const jobs = await insertJobs(['Nurse', 'Midwife'])
    await startAsGuest(10)
    const listRequests: Request[] = []
    app.page.on('request', (request) => {
      if (isJobsListRequest(request)) {
        listRequests.push(request)
      }
    })
    await openJobs(jobs[0]?.company ?? '')
    const first = await topJob(jobs)
    const loads = listRequests.length

    // Not the last card: no refresh of the list (the count is refreshed after every swipe).
    const firstSwipe = app.page.waitForRequest(isSwipeRequest)
    const countAfterFirst = app.page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/jobs/count',
    )
    await app.page.keyboard.press('ArrowLeft')
    expect((await firstSwipe).postDataJSON()).toMatchObject({ isLastCard: false })
    await countAfterFirst
    await nextTopJob(jobs, first)
    expect(listRequests).toHaveLength(loads)

    const lastSwipe = app.page.waitForRequest(isSwipeRequest)
    const refresh = app.page.waitForRequest(isJobsListRequest)
    await app.page.keyboard.press('ArrowLeft')
    expect((await lastSwipe).postDataJSON()).toMatchObject({ isLastCard: true })
    await refresh
    await app.page.getByRole('heading', { name: 'No more jobs here' }).waitFor()
    await app.page.getByText('No jobs match.', { exact: false }).waitFor()
    expect(app.consoleErrors).toEqual([])
  })

  it('with reduced motion, follows a drag without tilting, and springs back from a short one', async () => {
    const jobs = await insertJobs(['Copywriter', 'Editor'])
    const userId = await startAsGuest(10)
    await app.page.emulateMedia({ reducedMotion: 'reduce' })
    await openJobs(jobs[0]?.company ?? '')
    const top = await topJob(jobs)
    const swipes: Request[] = []
    app.page.on('request', (request) => {
      if (isSwipeRequest(request)) {
        swipes.push(request)
      }
    })

    const box = await topCard().boundingBox()
    if (!box) {
      throw new Error('the top card is not on screen')
    }
    const [x, y] = [box.x + box.width / 2, box.y + box.height * 0.75]
    await app.page.mouse.move(x, y)
    await app.page.mouse.down()
    await app.page.mouse.move(x + 70, y, { steps: 8 })
    const [, tilt, , , shift] = await cardMatrix()
    expect(tilt).toBe(0)
    expect(shift).toBeGreaterThan(50)
    // The stamp shows with the drag, reduced motion or not.
    const stamp = topCard().getByText('SAVE', { exact: true })
    expect(
      Number(await stamp.evaluate((element) => getComputedStyle(element).opacity)),
    ).toBeGreaterThan(0)

    await app.page.mouse.up()
    await expect.poll(async () => (await cardMatrix())[4], { timeout: 2_000 }).toBe(0)
    await expectTopCard(top.title)
    expect(swipes).toEqual([])
    expect(await swipesOf(userId)).toEqual([])
  })

  it('at zero credits, puts a dragged card back and says when credits refresh; passing still works', async () => {
    const jobs = await insertJobs(['Sales Engineer', 'Solutions Architect'])
    const userId = await startAsGuest(10)
    // Today's ten are spent.
    await db.query(
      'update public.credit_balances set balance = 0, used_in_period = 10 where user_id = $1',
      [userId],
    )
    await openJobs(jobs[0]?.company ?? '')
    const top = await topJob(jobs)
    await expectCreditsLeft('0 credits left')
    app.expectConsoleError(/status of 402 .*\/api\/swipes/)

    const refused = app.page.waitForResponse((response) => isSwipeRequest(response.request()))
    await dragTopCard(topCard(), 240)
    expect((await refused).status()).toBe(402)

    // The card comes back to the middle of the deck, whole, not frozen half-swiped.
    await expectTopCard(top.title)
    await expect.poll(async () => (await cardMatrix())[4], { timeout: 3_000 }).toBe(0)
    await expect
      .poll(() => topCard().evaluate((card) => getComputedStyle(card).opacity), { timeout: 3_000 })
      .toBe('1')
    const panel = app.page.getByRole('alert').filter({ hasText: 'Out of credits' })
    await panel.getByText("You've used today's 10 credits.", { exact: false }).waitFor()
    await panel
      .getByText(
        /^New credits arrive at \d\d:\d\d \(in (\d+ h( \d+ min)?|\d+ min|less than a minute)\)\.$/,
      )
      .waitFor()
    await panel.getByRole('button', { name: 'Get more credits' }).waitFor()

    // A pass still works, and the panel stays.
    await topCard().focus()
    await app.page.keyboard.press('ArrowLeft')
    await nextTopJob(jobs, top)
    await app.page.getByText(`Passed on ${top.title} at ${top.company}`, { exact: false }).waitFor()
    await expect
      .poll(() => swipesOf(userId))
      .toEqual([{ job_id: top.id, direction: 'LEFT', credit_cost: 0 }])
    await panel.waitFor()
  })

  it('reports a job from the card menu with a reason, details and the filters in use', async () => {
    const jobs = await insertJobs(['Account Executive', 'Account Manager'])
    const userId = await startAsGuest(10)
    await openJobs(jobs[0]?.company ?? '')
    const job = await topJob(jobs)

    await topCard()
      .getByRole('button', { name: `More about ${job.title}` })
      .click()
    await app.page.getByRole('button', { name: 'Report this job' }).click()
    const dialog = app.page.getByRole('dialog', { name: 'Report this job' })
    await dialog.getByRole('button', { name: 'Send report' }).click()
    await dialog.getByText('Choose a reason.', { exact: true }).waitFor()
    await dialog.getByRole('radio', { name: 'Looks like a scam' }).check()
    await dialog.getByLabel('Details (optional)').fill('Asks for a fee to apply.')
    await dialog.getByRole('button', { name: 'Send report' }).click()
    await dialog.getByText(`Thanks. We'll look into ${job.title} at ${job.company}.`).waitFor()

    const reports = await db.query<{
      job_id: string
      reason: string
      details: string
      filters: unknown
    }>('select job_id, reason, details, filters from public.job_reports where reported_by = $1', [
      userId,
    ])
    expect(reports.rows).toEqual([
      {
        job_id: job.id,
        reason: 'SCAM',
        details: 'Asks for a fee to apply.',
        filters: { companies: [job.company] },
      },
    ])
    await dialog.getByRole('button', { name: 'Done' }).click()
    // The reported job has left the deck, and does not come back with a reload.
    const other = jobs.find((candidate) => candidate.id !== job.id)!
    await expectTopCard(other.title)
    await app.page.reload()
    await expectTopCard(other.title)
    // A reload may first paint the offline cache's last sync, then the server's deck.
    await expect.poll(() => app.page.getByText(job.title, { exact: true }).count()).toBe(0)
    expect(app.consoleErrors).toEqual([])
  })

  it('keeps the filters in the URL, so they survive a reload', async () => {
    const jobs = await insertJobs(['Backend Developer', 'Frontend Developer', 'QA Engineer'], {
      jobType: (index) => (index === 0 ? 'CONTRACT' : 'FULL_TIME'),
    })
    await startAsGuest(10)
    await openJobs(jobs[0]?.company ?? '')
    await topJob(jobs)

    await app.page.getByRole('button', { name: /^Filters/ }).click()
    const filters = app.page.getByRole('dialog', { name: 'Filters' })
    await filters.getByText('3 jobs match', { exact: true }).waitFor()
    await filters.getByRole('checkbox', { name: 'Contract' }).check()
    await filters.getByText('1 job matches', { exact: true }).waitFor()
    await app.page.waitForURL((url) => url.searchParams.get('types') === 'CONTRACT')
    await filters.getByRole('button', { name: 'Show 1 job' }).click()
    await expectTopCard(jobs[0]?.title ?? '')

    await app.page.reload()
    await expectTopCard(jobs[0]?.title ?? '')
    expect(new URL(app.page.url()).searchParams.get('types')).toBe('CONTRACT')
    await app.page.getByRole('button', { name: /^Filters/ }).click()
    await filters.getByText('1 job matches', { exact: true }).waitFor()
    expect(await filters.getByRole('checkbox', { name: 'Contract' }).isChecked()).toBe(true)
    expect(await filters.getByRole('checkbox', { name: 'Full-time' }).isChecked()).toBe(false)
    expect(app.consoleErrors).toEqual([])
  })
})

describe('the list and detail views', () => {
  it('saves from the list, opens a job in full and passes on it from there', async () => {
    const jobs = await insertJobs([
      'Site Reliability Engineer',
      'Security Engineer',
      'Data Engineer',
    ])
    const userId = await startAsGuest(10)
    const [last, opened, saved] = jobs as [TestJob, TestJob, TestJob]
    await openJobs(last.company, '/jobs/list')
    const list = app.page.getByRole('list', { name: 'Jobs' })
    await list.getByRole('heading', { name: saved.title }).waitFor()
    expect(await list.getByRole('article').count()).toBe(3)

    await list.getByRole('button', { name: `Save ${saved.title} at ${saved.company}` }).click()
    await expect.poll(() => list.getByRole('article').count()).toBe(2)
    await expectCreditsLeft('9 credits left')
    await expect.poll(() => applicationsOf(userId)).toEqual([{ job_id: saved.id, status: 'SAVED' }])

    await list.getByRole('link', { name: opened.title }).click()
    await app.page.waitForURL((url) => url.pathname === `/jobs/${opened.id}`)
    await app.page.getByRole('heading', { level: 1, name: opened.title }).waitFor()
    // The description is text: its markup shows as written, never as HTML.
    await app.page.getByText('We build maps for <b>everyone</b>.', { exact: true }).waitFor()
    await app.page.getByRole('listitem').filter({ hasText: 'Design APIs' }).waitFor()
    await app.page.getByText('€55k–65k a year', { exact: true }).waitFor()
    const fit = app.page.getByRole('region', { name: /^How well it fits: \d+%$/ })
    await fit.getByText('Title and level', { exact: true }).waitFor()
    const apply = app.page.getByRole('link', { name: "Apply on the company's site" })
    expect(await apply.getAttribute('href')).toBe('https://careers.example.com/apply')
    expect(await apply.getAttribute('rel')).toBe('noopener noreferrer')
    expect(await apply.getAttribute('target')).toBe('_blank')

    await app.page.getByRole('button', { name: 'Pass', exact: true }).click()
    await app.page.waitForURL((url) => url.pathname === '/jobs')
    await expectTopCard(last.title)
    expect(await swipesOf(userId)).toEqual([
      { job_id: saved.id, direction: 'RIGHT', credit_cost: 1 },
      { job_id: opened.id, direction: 'LEFT', credit_cost: 0 },
    ])
    expect(app.consoleErrors).toEqual([])
  })
})
