import { randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { authClient, uniqueEmail } from './accounts.ts'
import { expectAccessible } from '../../../test/accessibility.ts'
import { launchChromium } from '../../../test/browser.ts'
import { newAppContext, setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * Issue 16's practice interview, in Chromium against the real server: a seeker starts a
 * practice interview for one of their applications, hears the first question, answers three
 * questions aloud into a fake microphone (Chromium plays a WAV spoken by espeak-ng as the
 * microphone's input), gets each answer's feedback (pace, pauses, fillers) and the overall
 * feedback, plays back the session recording, and deletes the interview. A second test answers
 * in writing after the microphone is denied.
 */
const SPOKEN_ANSWER =
  'Um, so, I led the migration of our billing service to PostgreSQL. ' +
  'I planned it with the team, moved the data in small batches, and, uh, ' +
  'we cut the monthly costs by forty percent.'

let audioDir: string | undefined

/** espeak-ng compiled to WebAssembly: a CLI run whose files are in its in-memory FS. */
type ESpeak = (options: {
  arguments: string[]
}) => Promise<{ FS: { readFile: (path: string) => Uint8Array } }>

const app = setUpAppInBrowser({
  browserArgs: async () => {
    audioDir = await mkdtemp(join(tmpdir(), 'practice-interview-'))
    const wav = join(audioDir, 'answer.wav')
    // Named through a variable: the web app's TypeScript project has no types for the package.
    const espeakModule = 'espeak-ng'
    const { default: ESpeakNg } = (await import(espeakModule)) as { default: ESpeak }
    const espeak = await ESpeakNg({
      arguments: ['-v', 'en-us', '-s', '150', '-w', 'answer.wav', SPOKEN_ANSWER],
    })
    await writeFile(wav, espeak.FS.readFile('answer.wav'))
    return [
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
      '--autoplay-policy=no-user-gesture-required',
    ]
  },
})
const db = setUpStackDatabase(app)

afterAll(async () => {
  if (audioDir) await rm(audioDir, { recursive: true, force: true })
})

const PASSWORD = 'correct-horse-battery'
const PHONE = { width: 360, height: 740 }

async function signUp() {
  const email = uniqueEmail('practice')
  const client = await authClient(app.stack.appUrl)
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD })
  if (error || !data.user) {
    throw new Error(`Could not sign up ${email}: ${error?.message ?? 'no user'}`)
  }
  return { email, userId: data.user.id }
}

async function createApplication(userId: string) {
  const company = `Ledgerly ${randomUUID().slice(0, 8)}`
  const job = await db.query<{ id: string }>(
    `insert into public.jobs (source, source_id, title, company_name, skills, description, posted_at)
     values ('manual', $1, 'Backend Engineer', $2, '{PostgreSQL,Go,Kubernetes}',
       'Requirements:\n- Experience with PostgreSQL\n- Leading migrations', now())
     returning id`,
    [randomUUID(), company],
  )
  const application = await db.query<{ id: string }>(
    `insert into public.job_applications (user_id, job_id) values ($1, $2) returning id`,
    [userId, job.rows[0]!.id],
  )
  return { company, applicationId: application.rows[0]!.id }
}

async function signIn(page: Page, email: string, redirect: string) {
  await page.goto(`/sign-in?redirect=${encodeURIComponent(redirect)}`)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL((url) => url.pathname === redirect.split('?')[0])
}

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

/** Starts a practice interview of three questions from the application's page link. */
async function startFromApplication(page: Page, applicationId: string, company: string) {
  await page.goto(`/applications/${applicationId}`)
  await page.getByRole('link', { name: 'Practise an interview for this job' }).click()
  await page.waitForURL((url) => url.pathname === '/interviews')
  const target = page.getByLabel('Practise for')
  await expect.poll(() => target.locator('option:checked').textContent()).toContain(company)
  await page.getByLabel('Questions').selectOption('3')
  await page.getByRole('button', { name: 'Start practice' }).click()
  await page.waitForURL((url) => /^\/interviews\/[0-9a-f-]{36}$/.test(url.pathname), {
    timeout: 30_000,
  })
  return new URL(page.url()).pathname.split('/').at(-1)!
}

describe('a practice interview', () => {
  it('start for an application → questions read aloud → three spoken answers → feedback → recording → delete', async () => {
    const page = app.page
    await page.setViewportSize(PHONE)
    // Which questions the browser's own voice was asked to read (when it has one).
    await page.addInitScript(() => {
      const spoken: string[] = []
      Object.assign(window, { __spoken: spoken })
      const synthesis = window.speechSynthesis as SpeechSynthesis | undefined
      if (synthesis) {
        const speak = synthesis.speak.bind(synthesis)
        synthesis.speak = (utterance) => {
          spoken.push(utterance.text)
          speak(utterance)
        }
      }
    })
    const questionAudio: string[] = []
    page.on('response', (response) => {
      if (/\/questions\/\d+\/audio$/.test(new URL(response.url()).pathname)) {
        questionAudio.push(`${response.status()} ${response.headers()['content-type'] ?? ''}`)
      }
    })

    const account = await signUp()
    const { company, applicationId } = await createApplication(account.userId)
    await signIn(page, account.email, '/interviews')
    await page.getByText('No practice yet.', { exact: false }).waitFor()
    await expectNoHorizontalOverflow(page)
    await expectAccessible(page, '/interviews with no practice yet')

    const interviewId = await startFromApplication(page, applicationId, company)
    await page.getByText('Question 1 of 3').waitFor()
    await page.getByRole('button', { name: 'Start the interview' }).click()

    for (let n = 1; n <= 3; n++) {
      await page.getByText(`Question ${n} of 3`).waitFor()
      if (n === 1) {
        // The first question was read aloud: by the browser's voice, or the server's WAV.
        await expect
          .poll(
            async () => {
              const spoken = await page.evaluate(
                () => (window as unknown as { __spoken: string[] }).__spoken.length,
              )
              return spoken + questionAudio.length
            },
            { timeout: 15_000 },
          )
          .toBeGreaterThan(0)
        if (questionAudio.length > 0) expect(questionAudio[0]).toMatch(/^200 audio\/wav/)
      }
      await page.getByRole('status').filter({ hasText: 'Recording your answer' }).waitFor({
        timeout: 30_000,
      })
      await expect
        .poll(() =>
          page.getByRole('meter', { name: 'Microphone level' }).getAttribute('aria-valuenow'),
        )
        .not.toBe('0')
      await page.waitForTimeout(4000)
      if (n === 1) {
        await expectAccessible(page, 'the interview room, recording')
      }
      await page.getByRole('button', { name: 'Next', exact: true }).click()
    }

    // The feedback: the page polls until every answer is analysed and the interview finished.
    await page.locator('[data-interview-state="COMPLETED"]').waitFor({ timeout: 120_000 })
    for (let n = 1; n <= 3; n++) {
      const answer = page.locator(`[data-answer="${n}"]`)
      await answer.locator('[data-delivery]').waitFor({ timeout: 60_000 })
      await expect.poll(() => answer.textContent()).toMatch(/words a minute/)
      await expect.poll(() => answer.textContent()).toMatch(/Pauses\d+longest/)
      await expect.poll(() => answer.textContent()).toMatch(/Fillers a minute/)
      await expect
        .poll(() => answer.locator('[data-source="fillers"]').textContent())
        .toMatch(/^Fillers (heard in the audio|read in the transcript)$/)
    }
    await page.getByRole('heading', { name: 'Overall' }).waitFor()
    await expectNoHorizontalOverflow(page)
    await page.locator('audio[controls]').waitFor()
    await expectAccessible(page, 'the feedback of a practice interview')

    // The recording: a signed URL that answers with the MP3; a button plays each answer.
    const player = page.locator('audio[controls]')
    await player.waitFor()
    const src = await player.getAttribute('src')
    expect(src).toBeTruthy()
    const mp3 = await fetch(new URL(src!, app.stack.appUrl))
    expect(mp3.status).toBe(200)
    expect(mp3.headers.get('content-type')).toMatch(/^audio\/mpeg/)
    await page.getByRole('button', { name: 'Play answer 2' }).click()
    await expect
      .poll(() => player.evaluate((element: HTMLAudioElement) => element.currentTime))
      .toBeGreaterThan(0)

    // Delete: confirmed, then gone from the list.
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/interviews')
    await page.getByText('No practice yet.', { exact: false }).waitFor()
    expect(await page.locator(`[data-interview-id="${interviewId}"]`).count()).toBe(0)
  }, 240_000) // three spoken answers of a few seconds each, analysed in the job queue

  it('takes typed answers when the microphone is denied', async () => {
    // A browser whose microphone exists but is refused: no fake-UI flag answering "Allow".
    const browser = await launchChromium(['--use-fake-device-for-media-stream'])
    try {
      const context = await newAppContext(browser, app.stack.appUrl)
      const page = await context.newPage()
      await page.setViewportSize({ width: 1280, height: 900 })
      const cdp = await context.newCDPSession(page)
      await cdp.send('Browser.setPermission', {
        permission: { name: 'microphone' },
        setting: 'denied',
        origin: new URL(app.stack.appUrl).origin,
      })
      await answerInWriting(page)
    } finally {
      await browser.close()
    }
  })
})

/** Starts an interview for a typed role and answers it in writing, skipping question 2. */
async function answerInWriting(page: Page) {
  const account = await signUp()
  await signIn(page, account.email, '/interviews')
  await page.getByLabel('Practise for').selectOption({ label: 'A role I’ll type' })
  await page.getByLabel('Role', { exact: true }).fill('Product designer')
  await page.getByLabel('Questions').selectOption('3')
  await page.getByRole('button', { name: 'Start practice' }).click()
  await page.waitForURL((url) => /^\/interviews\/[0-9a-f-]{36}$/.test(url.pathname), {
    timeout: 30_000,
  })
  await page.getByRole('button', { name: 'Start the interview' }).click()
  await page.getByText('Your browser blocked the microphone', { exact: false }).waitFor()
  await expectAccessible(page, 'the interview room, typed answers')

  await page
    .getByLabel('Your answer to question 1')
    .fill('I redesigned our onboarding and cut drop-off by 30% in two months.')
  await page.getByRole('button', { name: 'Next', exact: true }).click()
  await page.getByLabel('Your answer to question 2').waitFor()
  await page.getByRole('button', { name: 'Skip', exact: true }).click()
  await page
    .getByLabel('Your answer to question 3')
    .fill('I would start by talking to five users, then prototype, then test.')
  await page.getByRole('button', { name: 'Next', exact: true }).click()

  await page.locator('[data-interview-state="COMPLETED"]').waitFor({ timeout: 120_000 })
  await page.locator('[data-answer="1"] [data-content]').waitFor({ timeout: 60_000 })
  await expect.poll(() => page.locator('[data-answer="2"]').textContent()).toContain('Skipped.')
  await expectNoHorizontalOverflow(page)
  await page.goto('/interviews')
  await page.locator('[data-interview-id]').first().waitFor()
  await expectAccessible(page, '/interviews with a past interview and the progress chart')
}
