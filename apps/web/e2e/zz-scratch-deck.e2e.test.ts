// Scratch (not to be kept): the deck against mocked GET /api/jobs while the search API lands.
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { expect, it } from 'vitest'
import { storedSessionUserId } from './accounts.ts'
import { setUpAppInBrowser } from './support.ts'

const app = setUpAppInBrowser()

it('scratch', async () => {
  const db = new pg.Client({ connectionString: app.stack.databaseUrl })
  await db.connect()
  const ids: string[] = []
  for (const title of ['Senior Engineer', 'Staff Engineer', 'Platform Engineer', 'Data Engineer']) {
    const r = await db.query<{ id: string }>(
      `insert into public.jobs (source, source_id, title, company_name) values ('manual', $1, $2, 'Northwind') returning id`,
      [randomUUID(), title],
    )
    ids.push(r.rows[0]!.id)
  }
  const card = (id: string, title: string) => ({
    id, title, company: 'Northwind', companySize: '51-200', industry: 'Software',
    location: 'Berlin, Germany', locations: [{ name: 'Berlin', countryCode: 'DE' }],
    workLocation: 'HYBRID', jobType: 'FULL_TIME', experienceLevel: 'SENIOR_LEVEL', educationLevel: 'BACHELOR',
    salary: { min: 55000, max: 65000, currency: 'EUR', period: 'YEAR', minYearly: 55000, maxYearly: 65000 },
    benefits: ['EQUITY'], skills: ['TypeScript', 'PostgreSQL', 'React', 'Kubernetes', 'AWS', 'Go', 'Rust', 'Terraform'],
    postedAt: new Date(Date.now() - 3 * 86400000).toISOString(), applyUrl: 'https://example.com/apply',
    summary: 'We build maps for everyone. You will design APIs, review code and mentor engineers across three teams in a hybrid setup.',
    match: { score: 86, band: 'STRONG', subScores: { skills: 90, titleAndLevel: 80, locationAndWorkMode: 100, salary: null },
      reasons: ['Hybrid in Berlin, as you prefer', 'Senior level, like you', '4 of your skills'] },
  })
  const titles = ['Senior Engineer', 'Staff Engineer', 'Platform Engineer', 'Data Engineer']
  let remaining = ids.map((id, i) => card(id, titles[i]!))
  await app.page.route('**/api/jobs?**', (route) => route.fulfill({ json: { jobs: remaining, nextCursor: null, filters: { types: ['FULL_TIME'] } } }))
  await app.page.route('**/api/jobs', (route) => route.fulfill({ json: { jobs: remaining, nextCursor: null, filters: { types: ['FULL_TIME'] } } }))
  await app.page.route('**/api/jobs/count**', (route) => route.fulfill({ json: { count: remaining.length } }))
  app.page.on('request', (r) => { if (r.url().includes('/api/')) console.log('>>', r.method(), r.url()) })

  await app.page.goto('/sign-in')
  await app.page.getByRole('button', { name: 'Continue as guest' }).click()
  await app.page.waitForURL((url) => url.pathname !== '/sign-in')
  console.log('after guest', app.page.url(), await storedSessionUserId(app.page))
  await app.page.goto('/jobs')
  await app.page.locator('[data-top-card]').waitFor()
  await app.page.waitForTimeout(500)
  await app.page.screenshot({ path: '/tmp/deck-shots/1-deck.png' })
  const box = (await app.page.locator('[data-top-card]').boundingBox())!
  const x = box.x + box.width / 2, y = box.y + box.height * 0.75
  await app.page.mouse.move(x, y); await app.page.mouse.down()
  await app.page.mouse.move(x + 60, y, { steps: 5 }); await app.page.mouse.move(x + 100, y, { steps: 5 })
  await app.page.screenshot({ path: '/tmp/deck-shots/2-dragging.png' })
  await app.page.mouse.move(x + 240, y, { steps: 5 }); await app.page.mouse.up()
  await app.page.waitForTimeout(800)
  await app.page.screenshot({ path: '/tmp/deck-shots/3-after-save.png' })
  remaining = remaining.slice(1)
  await app.page.keyboard.press('ArrowLeft')
  await app.page.waitForTimeout(800)
  await app.page.screenshot({ path: '/tmp/deck-shots/4-after-pass.png' })
  await app.page.getByRole('button', { name: /^Filters/ }).click()
  await app.page.waitForTimeout(500)
  await app.page.screenshot({ path: '/tmp/deck-shots/5-filters.png', fullPage: false })
  await app.page.keyboard.press('Escape')
  await app.page.goto('/jobs/' + ids[2])
  await app.page.waitForTimeout(1000)
  await app.page.screenshot({ path: '/tmp/deck-shots/6-detail.png', fullPage: true })
  await app.page.setViewportSize({ width: 1280, height: 900 })
  await app.page.goto('/jobs/list')
  await app.page.waitForTimeout(1000)
  await app.page.screenshot({ path: '/tmp/deck-shots/7-list-wide.png' })
  await app.page.goto('/jobs')
  await app.page.waitForTimeout(1000)
  await app.page.screenshot({ path: '/tmp/deck-shots/8-deck-wide.png' })
  console.log('console errors', app.consoleErrors)
  await db.end()
  expect(1).toBe(1)
})
