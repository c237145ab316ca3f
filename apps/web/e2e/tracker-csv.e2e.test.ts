import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { expectAccessible } from '../../../test/accessibility.ts'
import { storedSessionUserId } from './accounts.ts'
import { setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * CSV import and export of the tracker (issue 14) in Chromium on a phone (360×740) against the
 * real server: a Huntr-style file picked through the file input → the columns guessed → the
 * preview → imported (a row with an unknown status skipped) → the rows in the tracker and its
 * statistics → "Export CSV" downloads a file that reads back with the same rows; and the
 * follow-up reminder setting turned off.
 */
const app = setUpAppInBrowser()
const db = setUpStackDatabase(app)

const HUNTR_CSV = [
  'Job Title,Company,List,Date Applied,URL,Notes,Location',
  'Firmware Engineer,Tidewater Robotics,Applied,10/01/2026,https://jobs.tidewater.example/fw,"Referred by Mia, ask about on-call",Hamburg',
  'QA Lead,Pinecrest Systems,Interviewing,10/10/2026,,,',
  'Dream Job,Wishful Inc,Wishlist,,,,',
  'Mystery Role,Nowhere Ltd,Ghosted,,,,',
].join('\n')

describe('CSV import and export', () => {
  it('imports a Huntr export through the file input, shows it, and exports it back', async () => {
    await app.page.setViewportSize({ width: 360, height: 740 })
    await app.page.goto('/sign-in')
    await app.page.getByRole('button', { name: 'Continue as guest' }).click()
    await app.page.waitForURL((url) => url.pathname !== '/sign-in')
    const userId = await storedSessionUserId(app.page)

    await app.page.goto('/applications')
    await app.page.getByText('No applications yet.', { exact: false }).first().waitFor()
    await app.page.getByRole('button', { name: 'Import CSV' }).click()
    await app.page.getByLabel('CSV file').setInputFiles({
      name: 'huntr.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(HUNTR_CSV),
    })
    // The guessed columns and the preview.
    const columns = app.page.getByRole('group', { name: 'Columns of huntr.csv' })
    await expect.poll(() => columns.getByLabel('Status').inputValue()).toBe('List')
    await expect.poll(() => columns.getByLabel('Job title').inputValue()).toBe('Job Title')
    const preview = app.page.getByRole('table', { name: 'Preview' })
    await preview.getByText('APPLIED, applied 2026-10-01').waitFor()
    await preview.getByText('INTERVIEW, applied 2026-10-10').waitFor()
    await preview.getByText('Skipped: unknown status "Ghosted"').waitFor()
    await expectAccessible(app.page, 'the CSV import preview at 360px')

    await app.page.getByRole('button', { name: 'Import 3 applications' }).click()
    await app.page.getByText('Imported 3 applications, skipped 1.').waitFor()
    await app.page.getByText('Line 5: unknown status "Ghosted"').waitFor()
    await app.page.getByRole('button', { name: 'Done' }).click()

    for (const name of [
      'Firmware Engineer at Tidewater Robotics',
      'QA Lead at Pinecrest Systems',
      'Dream Job at Wishful Inc',
    ]) {
      await app.page.getByRole('link', { name: `Details: ${name}` }).waitFor()
    }
    const { rows } = await db.query<{ status: string }>(
      'select status from public.job_applications where user_id = $1 order by status',
      [userId],
    )
    expect(rows.map((row) => row.status)).toEqual(['APPLIED', 'INTERVIEW', 'SAVED'])

    // The statistics: two applied, one answered with an interview.
    const stats = app.page.getByRole('region', { name: 'Statistics' })
    await stats.getByText('Response rate').waitFor()
    await expect.poll(() => stats.getByRole('definition').first().textContent()).toBe('50%')
    await stats.getByRole('img', { name: 'Applications sent per week, last 12 weeks' }).waitFor()

    // Export, and read the file back.
    const download = app.page.waitForEvent('download')
    await app.page.getByRole('button', { name: 'Export CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^applications-\d{4}-\d{2}-\d{2}\.csv$/)
    const text = await readFile((await file.path()) ?? '', 'utf8')
    const lines = text.trim().split('\r\n')
    expect(lines[0]).toBe('Company,Title,Status,Date saved,Date applied,Link,Notes,Location')
    expect(lines).toHaveLength(4)
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^Tidewater Robotics,Firmware Engineer,APPLIED,\d{4}-\d{2}-\d{2},2026-10-01,https:\/\/jobs\.tidewater\.example\/fw,"Referred by Mia, ask about on-call",Hamburg$/,
      ),
    )
    expect(lines).toContainEqual(expect.stringMatching(/^Wishful Inc,Dream Job,SAVED,/))
    await expectAccessible(app.page, 'the tracker with statistics at 360px')

    // Follow-up reminders: 7 days until changed; off is saved on the server.
    const reminders = app.page.getByLabel('Follow-up reminder emails')
    expect(await reminders.inputValue()).toBe('7')
    const saved = app.page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/job-applications/reminder-settings') &&
        response.request().method() === 'PUT',
    )
    await reminders.selectOption('off')
    expect((await saved).status()).toBe(200)
    const setting = await db.query<{ days: number | null }>(
      'select follow_up_after_days as days from public.job_application_reminder_settings where user_id = $1',
      [userId],
    )
    expect(setting.rows).toEqual([{ days: null }])
  })
})
