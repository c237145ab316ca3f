/**
 * The Resume area's browser-test steps that several files share: signing in to `/resume`, and a
 * completed analysis made from an invented person's LinkedIn data export (as LinkedIn lays it
 * out), which the review, its video and its roast all start from.
 */
import { strToU8, zipSync } from 'fflate'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

export const RESUME_PASSWORD = 'correct-horse-battery'

export async function signInToResume(page: Page, email: string) {
  await page.goto('/sign-in?redirect=/resume')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(RESUME_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL((url) => url.pathname === '/resume')
  await page.getByRole('heading', { level: 1, name: 'Resume', exact: true }).waitFor()
}

/** LinkedIn's data export of an invented person: Marta Okonkwo-Reyes, a data engineer. */
export function inventedLinkedinExport(): Uint8Array {
  return zipSync({
    'Profile.csv': strToU8(
      [
        'First Name,Last Name,Maiden Name,Address,Birth Date,Headline,Summary,Industry,Zip Code,Geo Location,Twitter Handles,Websites,Instant Messengers',
        'Marta,Okonkwo-Reyes,,,,Staff Data Engineer,"I build data platforms.",Software Development,,"Porto, Portugal",,,',
      ].join('\r\n'),
    ),
    'Positions.csv': strToU8(
      [
        'Company Name,Title,Description,Location,Started On,Finished On',
        'Tidewater Analytics,Staff Data Engineer,"- Cut warehouse costs by 38%","Porto, Portugal",Nov 2022,',
      ].join('\r\n'),
    ),
    'Skills.csv': strToU8(['Name', 'Apache Kafka', 'dbt', 'Python'].join('\r\n')),
  })
}

/** From an empty Resume page: the LinkedIn address, then the export, until the review is done. */
export async function analyseLinkedinExport(page: Page) {
  await page.locator('[data-resume-state="empty"]').waitFor()
  await page.getByLabel('LinkedIn profile address').fill('https://www.linkedin.com/in/marta-or')
  await page.getByRole('button', { name: 'Continue with LinkedIn' }).click()
  await page.getByLabel('LinkedIn data export (ZIP)').setInputFiles({
    name: 'Basic_LinkedInDataExport_11-26-2026.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(inventedLinkedinExport()),
  })
  const state = page.locator('[data-resume-state]')
  await expect
    .poll(() => state.getAttribute('data-resume-state'), { timeout: 30_000 })
    .toBe('completed')
}
