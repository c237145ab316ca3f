import { describe, expect, it } from 'vitest'
import { expectAccessible } from '../../../test/accessibility.ts'
import { putOnPlan } from '../../../test/plans.ts'
import { createAccount, uniqueEmail } from './accounts.ts'
import { analyseLinkedinExport, RESUME_PASSWORD, signInToResume } from './resume-support.ts'
import { setUpAppInBrowser } from './support.ts'

/**
 * Issue 17 in Chromium against the real server, worker and renderer: from a finished analysis
 * (made from a LinkedIn data export, the quickest real way to one), the seeker makes the review's
 * video, sees its progress, then the player. The `<video>`'s file answers 200 video/mp4, its
 * poster 200 image/*, and the browser itself loads the file at 1080×1920. The card fits a phone
 * and stays phone-sized (9:16, at most ~360 px wide) on a desktop.
 */
const app = setUpAppInBrowser()

const PHONE = { width: 360, height: 740 }
const DESKTOP = { width: 1280, height: 900 }

describe('the review’s video', () => {
  it('made from a finished analysis: progress, then a 1080×1920 MP4 with its poster', async () => {
    await app.page.setViewportSize(PHONE)
    const email = uniqueEmail('analysis-video')
    const account = await createAccount(app.stack.appUrl, email, RESUME_PASSWORD)
    // Videos come with a paid plan (ADR 0028).
    if (!account) throw new Error('no account')
    await putOnPlan(app.stack.databaseUrl, account.id)
    await signInToResume(app.page, email)
    await analyseLinkedinExport(app.page)

    const card = app.page.getByRole('region', { name: 'Your review as a video' })
    await card.getByText('30–60 second vertical video', { exact: false }).waitFor()
    await card.getByRole('button', { name: 'Make the video' }).click()

    // Being made: the bar with its percentage, and what to expect.
    const bar = card.getByRole('progressbar', { name: 'Video progress' })
    await bar.waitFor()
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0)
    await card.getByText(/^(Waiting for its turn…|Rendering…) \d+%$/).waitFor()
    await card.getByText('about half a minute', { exact: false }).waitFor()
    await expectAccessible(app.page, '/resume while the video is made')

    // Done: the player.
    const player = card.getByTestId('analysis-video-player')
    await player.waitFor({ timeout: 120_000 })
    await card.getByRole('status').getByText('Your video is ready.').waitFor()
    expect(await bar.count()).toBe(0)
    const src = (await player.getAttribute('src')) ?? ''
    const poster = (await player.getAttribute('poster')) ?? ''
    expect(await player.getAttribute('preload')).toBe('metadata')
    expect(await player.getAttribute('playsinline')).not.toBeNull()
    expect(await player.getAttribute('controls')).not.toBeNull()
    const download = card.getByRole('link', { name: 'Download MP4' })
    expect(await download.getAttribute('href')).toBe(src)
    expect(await download.getAttribute('download')).not.toBeNull()

    // The files, as anyone holding the signed URLs gets them.
    const file = await fetch(new URL(src, app.page.url()))
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toMatch(/^video\/mp4/)
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(10_000)
    const image = await fetch(new URL(poster, app.page.url()))
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toMatch(/^image\//)

    // The browser itself reads the file: a vertical 1080×1920 video.
    await expect
      .poll(
        () =>
          player.evaluate((video: HTMLVideoElement) => ({
            ready: video.readyState >= HTMLMediaElement.HAVE_METADATA,
            width: video.videoWidth,
            height: video.videoHeight,
            error: video.error?.message ?? null,
          })),
        { timeout: 20_000 },
      )
      .toEqual({ ready: true, width: 1080, height: 1920, error: null })
    // Its captions: the browser loads the WebVTT track and has the narration's cues.
    await expect
      .poll(
        () =>
          player.evaluate((video: HTMLVideoElement) => {
            const track = video.textTracks[0]
            if (track) track.mode = 'hidden' // loads the cues without drawing them
            return track?.cues?.length ?? 0
          }),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(5)
    const duration = await player.evaluate((video: HTMLVideoElement) => video.duration)
    expect(duration).toBeGreaterThanOrEqual(25)
    expect(duration).toBeLessThanOrEqual(65)

    // At a phone's width nothing overflows; the player is 9:16.
    expect(
      await app.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true)
    const phoneBox = await player.boundingBox()
    expect(phoneBox!.width).toBeLessThanOrEqual(PHONE.width)
    expect(phoneBox!.height / phoneBox!.width).toBeCloseTo(16 / 9, 1)
    await expectAccessible(app.page, '/resume with the review’s video')

    // On a desktop it stays phone-sized, not the page's width.
    await app.page.setViewportSize(DESKTOP)
    const desktopBox = await player.boundingBox()
    expect(desktopBox!.width).toBeGreaterThanOrEqual(300)
    expect(desktopBox!.width).toBeLessThanOrEqual(360)
    expect(desktopBox!.height / desktopBox!.width).toBeCloseTo(16 / 9, 1)

    // Made again: the old video stays until the new one replaces it.
    await card.getByRole('button', { name: 'Make it again' }).click()
    await bar.waitFor()
    expect(await player.getAttribute('src')).toBe(src)
    await expect.poll(() => player.getAttribute('src'), { timeout: 120_000 }).not.toBe(src)
    await card.getByRole('status').getByText('Your video is ready.').waitFor()
  }, 300_000)
})
