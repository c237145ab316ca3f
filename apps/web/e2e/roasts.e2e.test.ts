import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible } from '../../../test/accessibility.ts'
import { putOnPlan } from '../../../test/plans.ts'
import { createAccount, uniqueEmail } from './accounts.ts'
import { analyseLinkedinExport, RESUME_PASSWORD, signInToResume } from './resume-support.ts'
import { newAppContext, setUpAppInBrowser } from './support.ts'

/**
 * Issue 17's roast in Chromium against the real server and worker: from a finished analysis
 * (made from a LinkedIn data export, the quickest real way to one), the seeker makes a roast on
 * /resume, publishes it, and a signed-out browser opens its public page and sees it, parody
 * notice and real fixes included; the served HTML carries the page's Open Graph tags, whose
 * image answers 200 image/png. Unpublished, the public page becomes the not-found page. The
 * pages fit a phone (360 px) and a desktop (1280 px) without horizontal overflow.
 */
const app = setUpAppInBrowser()

const PHONE = { width: 360, height: 740 }
const DESKTOP = { width: 1280, height: 900 }
const PARODY = /^Parody\. A comedy roast in an invented, boastful voice/

function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
}

/** The served HTML's `<meta property="og:…" content="…">` values. */
function openGraphTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {}
  for (const match of html.matchAll(/<meta\s+[^>]*>/g)) {
    const property = /property="(og:[^"]+)"/.exec(match[0])?.[1]
    const content = /content="([^"]*)"/.exec(match[0])?.[1]
    if (property && content !== undefined) {
      tags[property] = content
        .replaceAll('&quot;', '"')
        .replaceAll('&#39;', "'")
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&')
    }
  }
  return tags
}

describe('roasted by trump', () => {
  it('make a roast → publish → a signed-out browser sees it, with OG tags → unpublish → not found', async () => {
    await app.page.setViewportSize(PHONE)
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const email = uniqueEmail('roast')
    await createAccount(app.stack.appUrl, email, RESUME_PASSWORD)
    await signInToResume(app.page, email)
    await analyseLinkedinExport(app.page)

    // The card: what it is, the parody notice, and "Make my roast".
    const card = app.page.getByRole('region', { name: 'Roast my resume' })
    await card.getByText('boastful parody voice', { exact: false }).waitFor()
    await card.getByText(PARODY).waitFor()
    await card.getByRole('button', { name: 'Make my roast' }).click()

    // Made: private, with its headline, lines, verdict and the real fixes.
    await expect
      .poll(() => card.getAttribute('data-roast-state'), { timeout: 30_000 })
      .toBe('private')
    const headline = (await card.getByRole('heading', { level: 3 }).first().textContent()) ?? ''
    expect(headline.length).toBeGreaterThan(0)
    const lines = await card.getByRole('list', { name: 'The roast' }).getByRole('listitem').all()
    expect(lines.length).toBeGreaterThanOrEqual(4)
    await card.getByRole('heading', { name: 'The real fixes' }).waitFor()
    await card.getByText('Private: only you can see it.').waitFor()
    expect(await fitsWidth(app.page)).toBe(true)
    await expectAccessible(app.page, '/resume with a roast')

    // Published: the public link, which Copy puts on the clipboard.
    await card.getByRole('button', { name: 'Publish' }).click()
    const link = card.getByTestId('roast-public-link')
    await link.waitFor()
    const publicUrl = (await link.textContent()) ?? ''
    expect(new URL(publicUrl).pathname).toMatch(/^\/roasted-by-trump\/analysis\/[0-9a-f-]{36}$/)
    await card.getByRole('button', { name: 'Copy the public link' }).click()
    await card.getByRole('button', { name: 'Copied' }).waitFor()
    expect(await app.page.evaluate(() => navigator.clipboard.readText())).toBe(publicUrl)

    // A signed-out browser opens it.
    const stranger = await newAppContext(app.browser, app.stack.appUrl)
    try {
      const page = await stranger.newPage()
      await page.setViewportSize(PHONE)
      await page.goto(publicUrl)
      await page.getByRole('heading', { level: 1, name: headline }).waitFor()
      await page.getByText(PARODY).waitFor()
      await page.getByRole('region', { name: 'The real fixes' }).waitFor()
      expect(
        await page.getByRole('list', { name: 'The roast' }).getByRole('listitem').count(),
      ).toBe(lines.length)
      await page.getByRole('link', { name: 'Get started' }).waitFor()
      expect(await fitsWidth(page)).toBe(true)
      await expectAccessible(page, 'the public roast page')
      await page.setViewportSize(DESKTOP)
      expect(await fitsWidth(page)).toBe(true)

      // The served HTML carries the page's Open Graph tags; the image is a PNG.
      const html = await (await fetch(publicUrl)).text()
      const og = openGraphTags(html)
      expect(og['og:title']).toBe(headline)
      expect(new URL(og['og:image']!, publicUrl).pathname).toBe(
        `${new URL(publicUrl).pathname}/preview.png`,
      )
      const image = await fetch(new URL(og['og:image']!, publicUrl))
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toMatch(/^image\/png/)
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1_000)

      // The section's index, signed out: what it is, and the way in.
      await page.goto('/roasted-by-trump/')
      await page.getByRole('heading', { level: 1, name: 'Roasted by trump' }).waitFor()
      await page.getByRole('link', { name: 'Sign in' }).waitFor()
      expect(await fitsWidth(page)).toBe(true)

      // Unpublished: the public page is the not-found page. The browser logs the API's 404.
      await card.getByRole('button', { name: 'Unpublish' }).click()
      await card.getByText('Private: only you can see it.').waitFor()
      app.expectConsoleError(/status of 404/)
      await page.goto(publicUrl)
      await page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor()
      expect(await page.getByText(PARODY).count()).toBe(0)
    } finally {
      await stranger.close()
    }

    // Signed in, the index lists the seeker's roast with its state.
    await app.page.goto('/roasted-by-trump/')
    const mine = app.page.getByTestId('my-roast')
    await mine.getByText(headline).waitFor()
    await mine.getByText('Private').waitFor()
    await app.page.setViewportSize(DESKTOP)
    expect(await fitsWidth(app.page)).toBe(true)
  }, 180_000)

  it('shares the review’s video too: the public roast links its video page, which plays it', async () => {
    await app.page.setViewportSize(PHONE)
    const email = uniqueEmail('roast-video')
    const account = await createAccount(app.stack.appUrl, email, RESUME_PASSWORD)
    // Videos come with a paid plan (ADR 0028).
    if (!account) throw new Error('no account')
    await putOnPlan(app.stack.databaseUrl, account.id)
    await signInToResume(app.page, email)
    await analyseLinkedinExport(app.page)

    // The review's video first (the other card on the page), then the roast.
    const videoCard = app.page.getByRole('region', { name: 'Your review as a video' })
    await videoCard.getByRole('button', { name: 'Make the video' }).click()
    await videoCard.getByTestId('analysis-video-player').waitFor({ timeout: 120_000 })
    const card = app.page.getByRole('region', { name: 'Roast my resume' })
    await card.getByRole('button', { name: 'Make my roast' }).click()
    const share = card.getByLabel('Share the video too')
    await share.waitFor({ timeout: 30_000 })
    expect(await share.isChecked()).toBe(false)
    await share.click()
    await expect.poll(() => share.isChecked()).toBe(true)
    await card.getByRole('button', { name: 'Publish' }).click()
    const publicUrl = (await card.getByTestId('roast-public-link').textContent()) ?? ''

    const stranger = await newAppContext(app.browser, app.stack.appUrl)
    try {
      const page = await stranger.newPage()
      await page.setViewportSize(PHONE)
      await page.goto(publicUrl)
      await page.getByRole('link', { name: 'Watch the video' }).click()
      await page.waitForURL((url) =>
        /^\/roasted-by-trump\/video\/[0-9a-f-]{36}$/.test(url.pathname),
      )
      const player = page.getByTestId('roast-video-player')
      await player.waitFor()
      await page.getByText(PARODY).waitFor()
      expect(await player.getAttribute('controls')).not.toBeNull()
      expect(await player.getAttribute('playsinline')).not.toBeNull()
      const file = await fetch(new URL((await player.getAttribute('src')) ?? '', page.url()))
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toMatch(/^video\/mp4/)
      const poster = await fetch(new URL((await player.getAttribute('poster')) ?? '', page.url()))
      expect(poster.status).toBe(200)
      expect(await fitsWidth(page)).toBe(true)
      const phoneBox = await player.boundingBox()
      expect(phoneBox!.width).toBeLessThanOrEqual(PHONE.width)
      await expectAccessible(page, 'the public roast video page')
      await page.setViewportSize(DESKTOP)
      expect(await fitsWidth(page)).toBe(true)
      const desktopBox = await player.boundingBox()
      expect(desktopBox!.width).toBeLessThanOrEqual(360)
      expect(desktopBox!.height / desktopBox!.width).toBeCloseTo(16 / 9, 1)
      await page.getByRole('link', { name: 'Read the roast' }).click()
      await page.waitForURL((url) => url.href === publicUrl)
      await page.getByRole('region', { name: 'The real fixes' }).waitFor()
    } finally {
      await stranger.close()
    }
  }, 300_000)
})
