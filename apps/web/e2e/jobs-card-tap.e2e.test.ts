import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * Tapping a card of the deck opens the job's details (issue 13); a drag never does, and Enter
 * on the focused card opens them too. Against the real server, with a little catalogue of one
 * fictional company that the deck is filtered to.
 */
const app = setUpAppInBrowser()

const db = setUpStackDatabase(app)

async function insertJobs(titles: string[]) {
  const company = `Tapworks ${randomUUID().slice(0, 8)}`
  const jobs: { id: string; title: string }[] = []
  for (const [index, title] of titles.entries()) {
    const result = await db.query<{ id: string }>(
      `insert into public.jobs (source, source_id, title, company_name, location, locations,
         country_codes, location_names, work_location, job_type, description, apply_url, posted_at)
       values ('manual', $1, $2, $3, 'Berlin, Germany',
         '[{"name": "Berlin", "region": "Berlin", "countryCode": "DE"}]', '{DE}', '{berlin}',
         'HYBRID', 'FULL_TIME', 'We build maps.', 'https://careers.example.com/apply',
         now() - make_interval(hours => $4))
       returning id`,
      [randomUUID(), title, company, index + 1],
    )
    jobs.push({ id: result.rows[0]?.id ?? '', title })
  }
  return { company, jobs }
}

const topCard = () => app.page.locator('[data-top-card]')

async function openDeck(company: string) {
  await app.page.goto('/sign-in')
  await app.page.getByRole('button', { name: 'Continue as guest' }).click()
  await app.page.waitForURL((url) => url.pathname !== '/sign-in')
  await app.page.goto(`/jobs?companies=${encodeURIComponent(JSON.stringify([company]))}`)
  await topCard().getByRole('heading', { level: 2 }).waitFor()
}

async function topJobId(jobs: { id: string; title: string }[]) {
  const title = await topCard().getByRole('heading', { level: 2 }).textContent()
  const job = jobs.find((candidate) => candidate.title === title)
  if (!job) {
    throw new Error(`the top card, ${title}, is none of this test's jobs`)
  }
  return job.id
}

async function cardCentre() {
  const box = await topCard().boundingBox()
  if (!box) {
    throw new Error('the top card is not on screen')
  }
  return { x: box.x + box.width / 2, y: box.y + box.height * 0.75 }
}

describe('a card of the deck', () => {
  it('opens its details on a tap, never on a drag', async () => {
    const { company, jobs } = await insertJobs(['Cartographer', 'Surveyor'])
    await openDeck(company)
    const id = await topJobId(jobs)

    // A drag short of a swipe springs back and opens nothing.
    const { x, y } = await cardCentre()
    await app.page.mouse.move(x, y)
    await app.page.mouse.down()
    await app.page.mouse.move(x + 60, y, { steps: 8 })
    await app.page.mouse.move(x + 2, y, { steps: 8 })
    await app.page.mouse.up()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(new URL(app.page.url()).pathname).toBe('/jobs')
    expect(await topJobId(jobs)).toBe(id)

    // A tap opens the details.
    await app.page.mouse.click(x, y)
    await app.page.waitForURL((url) => url.pathname === `/jobs/${id}`)

    // Back on the deck, Enter on the focused card opens them too.
    await app.page.goBack()
    await app.page.waitForURL((url) => url.pathname === '/jobs')
    await topCard().getByRole('heading', { level: 2 }).waitFor()
    const onTop = await topJobId(jobs)
    await topCard().focus()
    await app.page.keyboard.press('Enter')
    await app.page.waitForURL((url) => url.pathname === `/jobs/${onTop}`)
    expect(app.consoleErrors).toEqual([])
  })
})
