import { ONBOARDING_STEPS } from '@app/contracts'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setUpAppInBrowser } from './support.ts'
import { storedSessionUserId } from './accounts.ts'

/**
 * The onboarding wizard as a first-time visitor on a small phone meets it: every step fits a
 * 360 px wide screen, the entry step offers a way to sign in instead, and the salary step takes
 * an amount as people type it, in their currency.
 */
const app = setUpAppInBrowser()

const STEPS = ONBOARDING_STEPS

let db: pg.Client

type SalaryRow = { minimum_salary: number | null; minimum_salary_currency: string | null }

beforeAll(async () => {
  db = new pg.Client({ connectionString: app.stack.databaseUrl })
  await db.connect()
})

afterAll(async () => {
  await db?.end()
})

async function startAsGuest(): Promise<string> {
  await app.page.goto('/onboarding/job-search-status')
  await app.page.getByText('Step 1 of 17', { exact: true }).waitFor()
  await expect.poll(() => storedSessionUserId(app.page)).not.toBeNull()
  return (await storedSessionUserId(app.page)) ?? ''
}

describe('onboarding for a first-time visitor', () => {
  it('fits every step on a 360 px wide screen', async () => {
    const page = app.page
    await page.setViewportSize({ width: 360, height: 740 })
    const userId = await startAsGuest()
    // Every answer given, so each step shows its real content (charts, plan) and not the list of
    // missing answers.
    await db.query(
      `update public.wizard set job_search_status = 'ACTIVELY_APPLYING',
         job_search_apps = '{LINKEDIN,COMPANY_SITES}', job_timeline = 'WITHIN_3_MONTHS',
         job_types = '{FULL_TIME}',
         job_preferences = '{"jobTitles": ["Data analyst"], "workLocations": ["HYBRID"],
           "locations": [{"name": "Berlin", "isCountry": false, "countryCode": "DE"}]}',
         job_blocker = 'FINDING_JOBS', job_accomplishment = 'Cut reporting time in half.',
         experience_level = 'MID_LEVEL', minimum_salary = 65000,
         minimum_salary_currency = 'EUR', interviews_per_week = 1, interviews_achievable = 3,
         user_goal = 'HIGHER_PAY', completed_at = now()
       where user_id = $1`,
      [userId],
    )
    const overflowing: string[] = []
    for (const [index, step] of STEPS.entries()) {
      await page.goto(`/onboarding/${step}`)
      await page.getByText(`Step ${index + 1} of 17`, { exact: true }).waitFor()
      await page.getByRole('heading', { level: 1 }).waitFor()
      if (['interview-comparison', 'results-comparison', 'potential-success'].includes(step)) {
        await page.getByRole('figure').first().waitFor()
      }
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      if (width > 360) {
        overflowing.push(`${step}: ${width} px`)
      }
    }
    expect(overflowing).toEqual([])
  })

  it('offers a way to sign in on the first step', async () => {
    const page = app.page
    await startAsGuest()
    await page.getByRole('link', { name: 'sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/sign-in')
  })

  it('takes the salary as people type it, with its currency', async () => {
    const page = app.page
    const userId = await startAsGuest()
    await page.goto('/onboarding/minimum-salary')
    const salary = page.getByLabel('Minimum yearly salary')
    await page.getByText('A yearly amount before tax, like 60000, 60,000 or 60k.').waitFor()
    expect(await salary.getAttribute('inputmode')).toBe('text')

    await salary.fill('about sixty')
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page
      .getByText('Enter a yearly amount like 60000, 60,000 or 60k, or 0 for no minimum.')
      .waitFor()

    // The browser speaks US English: dollars, until the amount names euros.
    expect(await page.getByLabel('Currency').inputValue()).toBe('USD')
    await salary.fill('60.000 €')
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/onboarding/interviews-per-week')
    await expect
      .poll(async () => {
        const { rows } = await db.query<SalaryRow>(
          'select minimum_salary, minimum_salary_currency from public.wizard where user_id = $1',
          [userId],
        )
        return rows[0]
      })
      .toEqual({ minimum_salary: 60_000, minimum_salary_currency: 'EUR' })

    await page.goto('/onboarding/minimum-salary')
    await page.getByLabel('Currency').selectOption('GBP')
    await page.getByLabel('Minimum yearly salary').fill('75k')
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/onboarding/interviews-per-week')
    await expect
      .poll(async () => {
        const { rows } = await db.query<SalaryRow>(
          'select minimum_salary, minimum_salary_currency from public.wizard where user_id = $1',
          [userId],
        )
        return rows[0]
      })
      .toEqual({ minimum_salary: 75_000, minimum_salary_currency: 'GBP' })
  })
})
