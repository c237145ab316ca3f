import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { newAppContext, setUpAppInBrowser, setUpStackDatabase } from './support.ts'
import { storedSessionUserId, uniqueEmail } from './accounts.ts'

/**
 * The onboarding wizard in Chromium against the real server, as a guest: the whole funnel (with
 * its cost in clicks and keystrokes), resuming after a reload and on another device, browser
 * history and deep links, validation, a save that fails and is retried, and the upgrade to an
 * account that keeps the user and every answer. Answers are checked in the stack's database.
 */
const app = setUpAppInBrowser()

const PASSWORD = 'correct horse battery'

const db = setUpStackDatabase(app)

type WizardRow = Record<string, unknown>

async function wizardRow(userId: string): Promise<WizardRow> {
  const { rows } = await db.query<WizardRow>('select * from public.wizard where user_id = $1', [
    userId,
  ])
  return rows[0] ?? {}
}

/** The step on screen: its URL, its place in the progress and its question. */
async function expectStep(step: string, number: number, heading?: string) {
  await app.page.waitForURL((url) => url.pathname === `/onboarding/${step}`)
  await app.page.getByText(`Step ${number} of 17`, { exact: true }).waitFor()
  if (heading) {
    await app.page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor()
  }
}

async function guestUserId(): Promise<string> {
  await expect.poll(() => storedSessionUserId(app.page)).not.toBeNull()
  return (await storedSessionUserId(app.page)) ?? ''
}

const saved = () =>
  app.page
    .getByRole('status')
    .filter({ hasText: /^Saved$/ })
    .waitFor()
const button = (name: string, exact = false) => app.page.getByRole('button', { name, exact })
const continueButton = () => button('Continue', true)

/** Clicks and keystrokes, to state what the funnel costs a person. */
const effort = { clicks: 0, keystrokes: 0 }
async function click(locator: Locator) {
  effort.clicks += 1
  await locator.click()
}
async function type(locator: Locator, text: string) {
  effort.keystrokes += text.length
  await locator.fill(text)
}

describe('the onboarding wizard', () => {
  it('runs the whole funnel as a guest and stores every answer as it goes', async () => {
    const started = Date.now()
    const page = app.page
    await page.goto('/onboarding')
    await expectStep('job-search-status', 1, 'Where are you in your job search?')
    const userId = await guestUserId()

    await click(button('Actively applying'))
    await expectStep('job-search-apps', 2)
    await click(page.getByRole('checkbox', { name: 'LinkedIn' }))
    await click(page.getByRole('checkbox', { name: 'Company career pages' }))
    await click(continueButton())
    await expectStep('job-timeline', 3)
    await click(button('Within 3 months'))
    await expectStep('job-types', 4)
    await click(page.getByRole('checkbox', { name: 'Full-time' }))
    await click(continueButton())

    await expectStep('job-preferences', 5, 'Which roles, and where?')
    await type(page.getByLabel('Job title'), 'Data analyst')
    effort.keystrokes += 1
    await page.getByLabel('Job title').press('Enter')
    await page.getByRole('list', { name: 'Job titles added' }).getByText('Data analyst').waitFor()
    await click(page.getByRole('checkbox', { name: 'Hybrid' }))
    effort.clicks += 1
    await page.getByLabel('Country').selectOption('DE')
    await type(page.getByLabel('City (optional)'), 'Berlin')
    await click(continueButton())

    await expectStep('job-blocker', 6)
    await click(button('Finding jobs that fit me'))
    await expectStep('job-accomplishment', 7)
    await type(page.getByLabel('Your win'), 'Cut reporting time from two days to two hours.')
    await click(continueButton())
    await expectStep('experience-level', 8)
    await click(button('Mid level'))
    await expectStep('minimum-salary', 9)
    // A text field (not a number pad), so "65k" can be typed; the currency defaults to the
    // country chosen in job-preferences (Berlin, Germany).
    expect(await page.getByLabel('Minimum yearly salary').getAttribute('inputmode')).toBe('text')
    expect(await page.getByLabel('Currency').inputValue()).toBe('EUR')
    await type(page.getByLabel('Minimum yearly salary'), '65k')
    await click(continueButton())
    await expectStep('interviews-per-week', 10)
    await click(button('1', true))

    // 3 months and 1 a week today: the model suggests 2 (20 applications × 7.5% = 1.5).
    await expectStep('interviews-achievable', 11)
    const goal = page.getByLabel('Your weekly interview goal')
    expect(await goal.inputValue()).toBe('2')
    await page.getByText('About 27 applications to jobs that match you').waitFor()
    await click(button('One interview more'))
    expect(await goal.inputValue()).toBe('3')
    await page.getByText('About 40 applications to jobs that match you').waitFor()
    await click(continueButton())

    await expectStep('interview-comparison', 12)
    // A figure is named by its caption.
    const figure = page.getByRole('figure', { name: /^Interview invitations in 13 weeks/ })
    await figure
      .getByText('With your plan: about 39 invitations instead of 13, 3× as many.', {
        exact: false,
      })
      .waitFor()
    await page.getByRole('heading', { name: 'What this assumes' }).waitFor()
    await page.getByText(/5% of applications lead to an interview/).waitFor()
    await click(continueButton())
    await expectStep('results-comparison', 13)
    await page.getByRole('figure', { name: /^Expected offers in 13 weeks/ }).waitFor()
    await click(continueButton())
    await expectStep('potential-success', 14)
    // Its data table carries the numbers for screen readers: one row per week.
    expect(await page.getByRole('figure').getByRole('row').count()).toBe(1 + 14)
    await click(continueButton())
    await expectStep('user-goal', 15)
    await click(button('Higher pay'))

    await expectStep('plan-ready', 16, 'Your plan is ready')
    await page.getByText('3 interview invitations a week').waitFor()
    await page.getByText('Apply to about 40 matched jobs a week: 8 each workday.').waitFor()
    await page.getByText('Focus first: See only jobs that fit').waitFor()
    await page.getByText('Hybrid · Berlin', { exact: true }).waitFor()
    await page.getByText('From 65,000 a year').waitFor()
    await click(button('Start my plan'))

    await expectStep('success', 17, "You're all set")
    await page.getByRole('heading', { name: 'Your plan: 3 interview invitations a week' }).waitFor()
    await page.getByRole('link', { name: 'Continue to the app' }).waitFor()
    const seconds = (Date.now() - started) / 1000
    console.info(
      `Onboarding funnel: ${effort.clicks} clicks and ${effort.keystrokes} keystrokes, ${seconds.toFixed(1)} s in the browser`,
    )
    expect(effort.clicks).toBeLessThanOrEqual(30)

    await expect.poll(async () => (await wizardRow(userId)).current_step).toBe('success')
    const row = await wizardRow(userId)
    expect(row).toMatchObject({
      job_search_status: 'ACTIVELY_APPLYING',
      job_search_apps: ['LINKEDIN', 'COMPANY_SITES'],
      job_timeline: 'WITHIN_3_MONTHS',
      job_types: ['FULL_TIME'],
      job_preferences: {
        jobTitles: ['Data analyst'],
        workLocations: ['HYBRID'],
        locations: [{ name: 'Berlin', isCountry: false, countryCode: 'DE' }],
      },
      job_blocker: 'FINDING_JOBS',
      job_accomplishment: 'Cut reporting time from two days to two hours.',
      experience_level: 'MID_LEVEL',
      minimum_salary: 65_000,
      minimum_salary_currency: 'EUR',
      interviews_per_week: 1,
      interviews_achievable: 3,
      user_goal: 'HIGHER_PAY',
    })
    expect(row.completed_at).toBeInstanceOf(Date)
    const { rows } = await db.query<{ is_anonymous: boolean }>(
      'select is_anonymous from auth.users where id = $1',
      [userId],
    )
    expect(rows).toEqual([{ is_anonymous: true }])
    expect(app.consoleErrors).toEqual([])
  })

  it('resumes at the same step with the answers after a reload', async () => {
    const page = app.page
    await page.goto('/onboarding/job-search-status')
    await click(button('Just starting to look'))
    await expectStep('job-search-apps', 2)
    const userId = await guestUserId()
    await click(button('Continue', true))
    await page.getByText('Choose at least one answer to continue.').waitFor()
    await page.getByRole('checkbox', { name: 'Indeed' }).check()
    await click(continueButton())
    await expectStep('job-timeline', 3)
    await click(button('As soon as possible'))
    await expectStep('job-types', 4)
    await page.getByRole('checkbox', { name: 'Part-time' }).check()
    await saved()

    await page.reload()
    await expectStep('job-types', 4, 'What kind of work are you after?')
    expect(await page.getByRole('checkbox', { name: 'Part-time' }).isChecked()).toBe(true)
    expect(await page.getByRole('checkbox', { name: 'Full-time' }).isChecked()).toBe(false)
    expect(await storedSessionUserId(page)).toBe(userId)

    await page.getByRole('link', { name: 'Back' }).click()
    await expectStep('job-timeline', 3)
    expect(await button('As soon as possible').getAttribute('aria-pressed')).toBe('true')
    await expect.poll(async () => (await wizardRow(userId)).current_step).toBe('job-timeline')
  })

  it('follows the browser’s Back and Forward, and opens any step from a link', async () => {
    const page = app.page
    await page.goto('/onboarding/minimum-salary')
    await expectStep('minimum-salary', 9, "What's the lowest yearly salary you'd take?")
    const userId = await guestUserId()
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('53')
    await expect.poll(async () => (await wizardRow(userId)).current_step).toBe('minimum-salary')

    await page.getByRole('link', { name: 'Back' }).click()
    await expectStep('experience-level', 8)
    await page.goBack()
    await expectStep('minimum-salary', 9)
    await page.goForward()
    await expectStep('experience-level', 8)
    await click(button('Senior'))
    await expectStep('minimum-salary', 9)
    await page.goBack()
    await expectStep('experience-level', 8)
    expect(await button('Senior').getAttribute('aria-pressed')).toBe('true')

    // A step built on answers not given yet names them and leads to the first.
    await page.goto('/onboarding/potential-success')
    await expectStep('potential-success', 14)
    await page.getByRole('heading', { name: 'A few answers first' }).waitFor()
    expect(
      await page
        .getByRole('listitem')
        .evaluateAll((items) => items.map((item) => item.textContent)),
    ).toEqual([
      'When do you want to start your next job?',
      'How many interview invitations do you get in a typical week?',
      'How many interviews could you get each week?',
    ])
    expect(await continueButton().count()).toBe(0)
    await page.getByRole('link', { name: 'Answer them now' }).click()
    await expectStep('job-timeline', 3)

    await page.goto('/onboarding/success')
    await expectStep('success', 17)
    await page.getByRole('link', { name: 'Your plan is ready' }).click()
    await expectStep('plan-ready', 16)
    await page.getByRole('heading', { name: 'A few answers first' }).waitFor()
  })

  it('explains each answer it cannot take', async () => {
    const page = app.page
    await page.goto('/onboarding/job-search-status')
    await continueButton().click()
    await page.getByRole('alert').getByText('Choose an answer to continue.').waitFor()

    await page.goto('/onboarding/job-preferences')
    await continueButton().click()
    await page.getByText('Add at least one job title.').waitFor()
    await page.getByText('Choose at least one way of working.').waitFor()
    expect(await page.getByLabel('Job title').getAttribute('aria-invalid')).toBe('true')
    await page.getByLabel('Job title').fill('Nurse')
    await page.getByRole('checkbox', { name: 'On-site' }).check()
    await page.getByLabel('Country').selectOption('')
    await continueButton().click()
    await page.getByText('Choose a country first.').waitFor()
    await page.getByRole('list', { name: 'Job titles added' }).getByText('Nurse').waitFor()
    await page.getByLabel('Country').selectOption('FR')
    await page.getByRole('button', { name: 'Add place' }).click()
    await page.getByText('France (anywhere)').waitFor()
    await page.getByRole('button', { name: 'Remove France (anywhere)' }).click()
    expect(await page.getByText('France (anywhere)').count()).toBe(0)

    await page.goto('/onboarding/job-accomplishment')
    await page.getByLabel('Your win').fill('x'.repeat(300))
    await continueButton().click()
    await page.getByText('Keep it to 280 characters (now 300).').waitFor()
    await button('Skip for now').click()
    await expectStep('experience-level', 8)

    await page.goto('/onboarding/minimum-salary')
    const salary = page.getByLabel('Minimum yearly salary')
    await salary.fill('lots')
    await continueButton().click()
    await page
      .getByText('Enter a yearly amount like 60000, 60,000 or 60k, or 0 for no minimum.')
      .waitFor()
    expect(await salary.getAttribute('aria-invalid')).toBe('true')
    await salary.fill('')
    await continueButton().click()
    await page.getByText('Enter a yearly amount, or 0 for no minimum.').waitFor()
  })

  it('keeps an answer it could not save, says so, and saves it on retry', async () => {
    const page = app.page
    await page.goto('/onboarding/job-search-apps')
    await expectStep('job-search-apps', 2)
    const userId = await guestUserId()
    await saved()

    // The saves fail as if offline, on purpose: the browser logs each failed request.
    app.expectConsoleError(/net::ERR_INTERNET_DISCONNECTED .*\/rest\/v1\/wizard\?/)
    let isOnline = false
    await page.route('**/rest/v1/wizard**', (route) =>
      route.request().method() === 'PATCH' && !isOnline
        ? route.abort('internetdisconnected')
        : route.fallback(),
    )
    await page.getByRole('checkbox', { name: 'Glassdoor' }).check()
    await page
      .getByRole('alert')
      .getByText(/Your answer isn't saved yet. It's kept on this page/)
      .waitFor()
    await continueButton().click()
    await expectStep('job-timeline', 3)
    await page
      .getByRole('alert')
      .getByText(/isn't saved yet/)
      .waitFor()
    expect((await wizardRow(userId)).job_search_apps).toBeNull()

    // The last failure (on Continue's save) put the next automatic attempt seconds away.
    isOnline = true
    await button('Retry now').click()
    await saved()
    expect(await wizardRow(userId)).toMatchObject({
      job_search_apps: ['GLASSDOOR'],
      current_step: 'job-timeline',
    })
    await page.getByRole('link', { name: 'Back' }).click()
    expect(await page.getByRole('checkbox', { name: 'Glassdoor' }).isChecked()).toBe(true)
  })

  it('upgrades the guest to an account on the success step, same user and every answer', async () => {
    const page = app.page
    await page.goto('/onboarding/job-search-status')
    await expectStep('job-search-status', 1)
    const userId = await guestUserId()
    // The answers of a finished funnel (the first test walks it), written as the app writes them.
    await db.query(
      `update public.wizard set current_step = 'plan-ready', job_search_status = 'EXPLORING',
         job_search_apps = '{NONE}', job_timeline = 'ASAP', job_types = '{FULL_TIME,CONTRACT}',
         job_preferences = '{"jobTitles": ["Nurse"], "workLocations": ["REMOTE"], "locations": []}',
         job_blocker = 'INTERVIEW_NERVES', job_accomplishment = 'Ran the night shift alone.',
         experience_level = 'ENTRY_LEVEL', minimum_salary = 0, interviews_per_week = 0,
         interviews_achievable = 2, user_goal = 'FIRST_JOB'
       where user_id = $1`,
      [userId],
    )
    await page.goto('/onboarding/plan-ready')
    await button('Start my plan').click()
    await expectStep('success', 17)
    const tip = page.getByRole('listitem', { name: /Your plan: 2 interview invitations a week/ })
    await tip.getByText('New', { exact: true }).waitFor()
    await tip.getByRole('button', { name: 'Mark as read' }).click()
    await expect.poll(() => tip.getByText('New', { exact: true }).count()).toBe(0)
    await expect.poll(async () => (await wizardRow(userId)).current_step).toBe('success')
    const before = await wizardRow(userId)
    expect(before.completed_at).toBeInstanceOf(Date)

    const form = page.getByRole('form', { name: 'Create your account' })
    await form.getByRole('button', { name: 'Create account' }).click()
    await form.getByText('Enter a valid email address.').waitFor()
    await form.getByText('Password must be at least 8 characters long').waitFor()
    const email = uniqueEmail('onboarded')
    await form.getByLabel('Email').fill(email)
    await form.getByLabel('Password').fill(PASSWORD)
    await form.getByRole('button', { name: 'Create account' }).click()
    await page.getByText('Your account is ready. Your plan and answers are in it.').waitFor()
    expect(await form.count()).toBe(0)

    const { rows } = await db.query<{ id: string; is_anonymous: boolean; email: string }>(
      'select id, is_anonymous, email from auth.users where id = $1',
      [userId],
    )
    expect(rows).toEqual([{ id: userId, is_anonymous: false, email }])
    expect(await storedSessionUserId(page)).toBe(userId)
    expect(await wizardRow(userId)).toEqual({ ...before, updated_at: expect.any(Date) as unknown })

    await page.getByRole('link', { name: 'Continue to the app' }).click()
    await page.waitForURL((url) => url.pathname === '/jobs')

    // On another device, the account resumes where the wizard was left, tips included.
    const elsewhere = await newAppContext(app.browser, app.stack.appUrl)
    try {
      const phone = await elsewhere.newPage()
      await phone.goto('/sign-in')
      await phone.getByLabel('Email', { exact: true }).fill(email)
      await phone.getByLabel('Password', { exact: true }).fill(PASSWORD)
      await phone.getByRole('button', { name: 'Sign in', exact: true }).click()
      await phone.waitForURL((url) => url.pathname !== '/sign-in')
      await phone.goto('/onboarding')
      await phone.waitForURL((url) => url.pathname === '/onboarding/job-search-status')
      await phone.getByRole('heading', { name: 'Welcome back' }).waitFor()
      await phone.getByText("You stopped at step 17: “You're all set”").waitFor()
      await phone.getByRole('link', { name: 'Pick up where you left off' }).click()
      await phone.waitForURL((url) => url.pathname === '/onboarding/success')
      await phone
        .getByRole('listitem', { name: /Your plan: 2 interview invitations a week/ })
        .waitFor()
      expect(await phone.getByRole('form', { name: 'Create your account' }).count()).toBe(0)
    } finally {
      await elsewhere.close()
    }
  })
})
