import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible, settleAnimations } from '../../../test/accessibility.ts'
import { uniqueEmail } from './accounts.ts'
import { setUpAppInBrowser } from './support.ts'

/**
 * A new visitor's first hour (issue 13), walked as a person would at a phone's size and at a
 * desktop's: from the marketing page into onboarding, an account, the deck until the credits run
 * out, the saved jobs, a job's details and the account. Every page and state on the way must fit
 * the screen (no horizontal scrolling) and pass Lighthouse's accessibility audits; any console
 * error fails the walk (support.ts).
 */
const app = setUpAppInBrowser()

const VIEWPORTS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const

/** What every stop of the walk must satisfy: it fits the screen and passes the audits. */
async function checkStop(page: Page, where: string): Promise<void> {
  await settleAnimations(page)
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  )
  expect(overflow, `${where} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0)
  await expectAccessible(page, where)
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })
/** An answer button: its name starts with the answer and may go on with a description. */
const answer = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^${name}\\b`) })

async function expectStep(page: Page, step: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === `/onboarding/${step}`)
  await page.getByRole('heading', { level: 1 }).waitFor()
  await checkStop(page, `onboarding step ${step}`)
}

/** Onboarding as a typical seeker answers it: a data analyst looking in Berlin. */
async function walkOnboarding(page: Page): Promise<void> {
  await expectStep(page, 'job-search-status')
  await answer(page, 'Actively applying').click()
  await expectStep(page, 'job-search-apps')
  await page.getByRole('checkbox', { name: 'LinkedIn' }).click()
  await button(page, 'Continue').click()
  await expectStep(page, 'job-timeline')
  await answer(page, 'Within 3 months').click()
  await expectStep(page, 'job-types')
  await page.getByRole('checkbox', { name: 'Full-time' }).click()
  await button(page, 'Continue').click()

  await expectStep(page, 'job-preferences')
  await page.getByLabel('Job title').fill('Data analyst')
  await page.getByLabel('Job title').press('Enter')
  await page.getByRole('list', { name: 'Job titles added' }).getByText('Data analyst').waitFor()
  await page.getByRole('checkbox', { name: 'Hybrid' }).click()
  await page.getByLabel('Country').selectOption('DE')
  await page.getByLabel('City (optional)').fill('Berlin')
  await button(page, 'Continue').click()

  await expectStep(page, 'job-blocker')
  await answer(page, 'Finding jobs that fit me').click()
  await expectStep(page, 'job-accomplishment')
  await page.getByLabel('Your win').fill('Cut reporting time from two days to two hours.')
  await button(page, 'Continue').click()
  await expectStep(page, 'experience-level')
  await answer(page, 'Mid level').click()
  await expectStep(page, 'minimum-salary')
  await page.getByLabel('Minimum yearly salary').fill('55k')
  await button(page, 'Continue').click()
  await expectStep(page, 'interviews-per-week')
  await button(page, '1').click()
  for (const step of [
    'interviews-achievable',
    'interview-comparison',
    'results-comparison',
    'potential-success',
  ]) {
    await expectStep(page, step)
    await button(page, 'Continue').click()
  }
  await expectStep(page, 'user-goal')
  await answer(page, 'Higher pay').click()
  await expectStep(page, 'plan-ready')
  await button(page, 'Start my plan').click()
  await expectStep(page, 'success')
}

describe.each(VIEWPORTS)('a new visitor’s first hour at $name size ($width×$height)', (size) => {
  it('goes from the marketing page to the deck, saved jobs, a job and the account', async () => {
    const { page } = app
    await page.setViewportSize(size)

    // The marketing site leads into onboarding.
    await page.goto(app.stack.marketingUrl)
    await checkStop(page, 'the marketing page')
    await page.getByRole('link', { name: 'Get started' }).first().click()
    await walkOnboarding(page)

    // The success step keeps the plan in a real account.
    const form = page.getByRole('form', { name: 'Create your account' })
    await form.getByLabel('Email').fill(uniqueEmail('first-hour'))
    await form.getByLabel('Password').fill('correct horse battery')
    await form.getByRole('button', { name: 'Create account' }).click()
    await page.getByText('Your account is ready.', { exact: false }).waitFor()
    await checkStop(page, 'the success step with an account')
    await page.getByRole('link', { name: 'Continue to the app' }).click()

    // The deck: save jobs until the credits run out.
    await page.waitForURL((url) => url.pathname === '/jobs')
    const save = button(page, 'Save')
    await save.waitFor()
    await checkStop(page, 'the deck')
    // The eleventh save is refused by the server (402): the browser logs the refusal.
    app.expectConsoleError(/status of 402 .*\/api\/swipes/)
    const outOfCredits = page.getByRole('alert').filter({ hasText: 'Out of credits' })
    let saves = 0
    let refused = false
    while (!refused) {
      expect(saves, 'the credits ran out within the free allowance').toBeLessThan(20)
      const answered = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/swipes',
      )
      await save.click()
      saves += 1
      refused = (await answered).status() === 402
    }
    await outOfCredits.waitFor()
    expect(saves).toBe(11)
    await outOfCredits
      .getByText(/credits/i)
      .first()
      .waitFor()
    await checkStop(page, 'the deck out of credits')

    // The saved jobs: every one of the ten saves is there.
    await page.getByRole('link', { name: 'Saved' }).first().click()
    await page.waitForURL((url) => url.pathname === '/applications')
    await expect.poll(() => page.getByRole('article').count()).toBe(10)
    await checkStop(page, 'the saved jobs')

    // A job's details, opened from the saved list.
    await page.getByRole('article').first().getByRole('link').first().click()
    await page.waitForURL((url) => /^\/jobs\/[0-9a-f-]{36}$/.test(url.pathname))
    await page.getByRole('heading', { level: 1 }).waitFor()
    await checkStop(page, 'a job’s details')

    // The account.
    await page.getByRole('link', { name: 'Account' }).first().click()
    await page.waitForURL((url) => url.pathname.startsWith('/account'))
    await page.getByRole('heading', { level: 1 }).waitFor()
    await checkStop(page, 'the account')
  })
})
