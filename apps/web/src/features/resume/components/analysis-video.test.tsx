// @vitest-environment jsdom
/**
 * The review's video card through the real product API client and TanStack Query, with only the
 * network fake (the server's answers to generate and status): idle → queued → rendering 40% →
 * the player with its file and poster (and no more status reads); a failed video says why and
 * offers "Try again"; "Make it again" keeps the old video until the new one is done; a 409
 * analysis_not_ready is said plainly.
 */
import type { AnalysisVideo } from '@app/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  type FakeNetwork,
  installFakeNetwork,
  json,
  TEST_API_BASE_URL,
} from '../../../../test/fake-fetch'
import { renderInRouter } from '../../../../test/render'
import { ANALYSIS_VIDEO_POLL_MS } from '../api/analysis-video'
import { AnalysisVideoCard } from './analysis-video'

const ANALYSIS_ID = '00000000-0000-4000-8000-0000000000a1'
const VIDEO_ID = '00000000-0000-4000-8000-0000000000b1'
const SECOND_VIDEO_ID = '00000000-0000-4000-8000-0000000000b2'
const GENERATE_URL = `${TEST_API_BASE_URL}/resume-analysis/video/generate`
const statusUrl = (id: string) => `${TEST_API_BASE_URL}/resume-analysis/video/status/${id}`

function videoOf(id: string, patch: Partial<AnalysisVideo> = {}): AnalysisVideo {
  return {
    id,
    resumeAnalysisId: ANALYSIS_ID,
    status: 'PENDING',
    progress: 0,
    error: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    completedAt: null,
    video: null,
    ...patch,
  }
}

function completed(id: string): AnalysisVideo {
  return videoOf(id, {
    status: 'COMPLETED',
    progress: 100,
    completedAt: '2026-11-26T10:00:30.000Z',
    video: {
      url: `http://supabase.test/storage/v1/object/sign/resume-analysis/${id}.mp4?token=t`,
      posterUrl: `http://supabase.test/storage/v1/object/sign/resume-analysis/${id}.jpg?token=t`,
      captionsUrl: `http://supabase.test/storage/v1/object/sign/resume-analysis/${id}.vtt?token=t`,
      expiresAt: '2026-11-27T10:00:30.000Z',
      durationSeconds: 42.4,
      width: 1080,
      height: 1920,
    },
  })
}

/** Answers a route with each of `answers` in turn, the last one from then on. */
function inTurn(answers: (() => Response)[]) {
  let index = 0
  return () => answers[Math.min(index++, answers.length - 1)]!()
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

let network: FakeNetwork

beforeEach(() => {
  network = installFakeNetwork()
})

function card() {
  return screen.getByRole('region', { name: 'Your review as a video' })
}

describe('the review’s video card', () => {
  it('makes the video: queued, rendering 40%, then the player; polling stops', async () => {
    network.on('POST', GENERATE_URL, () => json(videoOf(VIDEO_ID), 202))
    network.on(
      'GET',
      statusUrl(VIDEO_ID),
      inTurn([
        () => json(videoOf(VIDEO_ID, { status: 'RENDERING', progress: 40 })),
        () => json(completed(VIDEO_ID)),
      ]),
    )
    const app = await renderInRouter(() => <AnalysisVideoCard analysisId={ANALYSIS_ID} />)

    expect(card().dataset.videoState).toBe('idle')
    expect(within(card()).queryByRole('progressbar')).toBeNull()
    await app.user.click(within(card()).getByRole('button', { name: 'Make the video' }))

    // Queued: the answer to generate, at 0%.
    const bar = await within(card()).findByRole('progressbar', { name: 'Video progress' })
    expect(bar.getAttribute('aria-valuenow')).toBe('0')
    within(card()).getByText('Waiting for its turn… 0%')
    within(card()).getByText(/about half a minute/)
    expect(within(card()).getByRole('status').textContent).toBe('Making your video…')
    expect(network.requests('POST', GENERATE_URL).map((request) => request.body)).toEqual([
      { resumeAnalysisId: ANALYSIS_ID },
    ])

    // Rendering, then done.
    await within(card()).findByText('Rendering… 40%', {}, { timeout: 3_000 })
    expect(within(card()).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40')
    const player = await within(card()).findByLabelText(
      'Your resume review as a video (42 seconds)',
      {},
      { timeout: 3_000 },
    )
    const done = completed(VIDEO_ID).video!
    expect(player.tagName).toBe('VIDEO')
    expect(player.getAttribute('src')).toBe(done.url)
    expect(player.getAttribute('poster')).toBe(done.posterUrl)
    const track = player.querySelector('track')
    expect(track?.getAttribute('kind')).toBe('captions')
    expect(track?.getAttribute('src')).toBe(done.captionsUrl)
    expect(player.hasAttribute('controls')).toBe(true)
    expect(player.hasAttribute('playsinline')).toBe(true)
    expect(player.getAttribute('preload')).toBe('metadata')
    expect(card().dataset.videoState).toBe('completed')
    expect(within(card()).getByRole('status').textContent).toBe('Your video is ready.')
    expect(within(card()).queryByRole('progressbar')).toBeNull()
    const download = within(card()).getByRole('link', { name: 'Download MP4' })
    expect(download.getAttribute('href')).toBe(done.url)
    expect(download.hasAttribute('download')).toBe(true)
    within(card()).getByRole('button', { name: 'Make it again' })

    // No more status reads once it is done.
    const reads = network.requests('GET', statusUrl(VIDEO_ID)).length
    expect(reads).toBe(2)
    await sleep(ANALYSIS_VIDEO_POLL_MS * 2)
    expect(network.requests('GET', statusUrl(VIDEO_ID))).toHaveLength(reads)
    expect(network.unanswered).toEqual([])
  }, 15_000)

  it('keeps the old video in view while a new one is made, then shows the new one', async () => {
    network.on('POST', GENERATE_URL, inTurn([() => json(completed(VIDEO_ID), 202)]))
    const app = await renderInRouter(() => <AnalysisVideoCard analysisId={ANALYSIS_ID} />)
    await app.user.click(within(card()).getByRole('button', { name: 'Make the video' }))
    const first = await within(card()).findByTestId('analysis-video-player')
    expect(first.getAttribute('src')).toBe(completed(VIDEO_ID).video!.url)

    network.on('POST', GENERATE_URL, () => json(videoOf(SECOND_VIDEO_ID), 202))
    network.on('GET', statusUrl(SECOND_VIDEO_ID), () => json(completed(SECOND_VIDEO_ID)))
    await app.user.click(within(card()).getByRole('button', { name: 'Make it again' }))
    await within(card()).findByRole('progressbar', { name: 'Video progress' })
    expect(within(card()).getByTestId('analysis-video-player').getAttribute('src')).toBe(
      completed(VIDEO_ID).video!.url,
    )
    await waitFor(
      () =>
        expect(within(card()).getByTestId('analysis-video-player').getAttribute('src')).toBe(
          completed(SECOND_VIDEO_ID).video!.url,
        ),
      { timeout: 3_000 },
    )
    expect(within(card()).queryByRole('progressbar')).toBeNull()
  }, 10_000)

  it('says why a video failed and tries again', async () => {
    network.on('POST', GENERATE_URL, () => json(videoOf(VIDEO_ID), 202))
    network.on('GET', statusUrl(VIDEO_ID), () =>
      json(
        videoOf(VIDEO_ID, {
          status: 'FAILED',
          progress: 100,
          error: 'The narration could not be made. Try again in a minute.',
        }),
      ),
    )
    const app = await renderInRouter(() => <AnalysisVideoCard analysisId={ANALYSIS_ID} />)
    await app.user.click(within(card()).getByRole('button', { name: 'Make the video' }))

    await within(card()).findByText(
      'The narration could not be made. Try again in a minute.',
      {},
      { timeout: 3_000 },
    )
    expect(card().dataset.videoState).toBe('failed')
    expect(within(card()).getByRole('status').textContent).toBe('Your video could not be made.')
    expect(within(card()).queryByRole('progressbar')).toBeNull()
    expect(within(card()).queryByTestId('analysis-video-player')).toBeNull()

    network.on('POST', GENERATE_URL, () => json(videoOf(SECOND_VIDEO_ID), 202))
    network.on('GET', statusUrl(SECOND_VIDEO_ID), () => json(completed(SECOND_VIDEO_ID)))
    await app.user.click(within(card()).getByRole('button', { name: 'Try again' }))
    const player = await within(card()).findByTestId(
      'analysis-video-player',
      {},
      { timeout: 3_000 },
    )
    expect(player.getAttribute('src')).toBe(completed(SECOND_VIDEO_ID).video!.url)
    expect(network.requests('POST', GENERATE_URL)).toHaveLength(2)
  }, 10_000)

  it('says so when the analysis is not finished (409 analysis_not_ready)', async () => {
    network.on('POST', GENERATE_URL, () =>
      json({ code: 'analysis_not_ready', message: 'The analysis has not completed.' }, 409),
    )
    const app = await renderInRouter(() => <AnalysisVideoCard analysisId={ANALYSIS_ID} />)
    await app.user.click(within(card()).getByRole('button', { name: 'Make the video' }))

    const alert = await within(card()).findByRole('alert')
    expect(alert.textContent).toBe(
      'Your review isn’t finished yet: the video can be made once it is.',
    )
    expect(card().dataset.videoState).toBe('idle')
    within(card()).getByRole('button', { name: 'Make the video' })
    expect(network.requests('GET')).toEqual([])
  })

  it('stops asking when the card goes away', async () => {
    network.on('POST', GENERATE_URL, () => json(videoOf(VIDEO_ID), 202))
    network.on('GET', statusUrl(VIDEO_ID), () =>
      json(videoOf(VIDEO_ID, { status: 'RENDERING', progress: 10 })),
    )
    const app = await renderInRouter(() => <AnalysisVideoCard analysisId={ANALYSIS_ID} />)
    await app.user.click(within(card()).getByRole('button', { name: 'Make the video' }))
    await within(card()).findByText('Rendering… 10%', {}, { timeout: 3_000 })

    app.unmount()
    const reads = network.requests('GET', statusUrl(VIDEO_ID)).length
    await sleep(ANALYSIS_VIDEO_POLL_MS * 2)
    expect(network.requests('GET', statusUrl(VIDEO_ID))).toHaveLength(reads)
  }, 10_000)

  it('says videos come with a paid plan (402 plan_required) and links to the plans', async () => {
    network.on('POST', GENERATE_URL, () =>
      json(
        {
          code: 'plan_required',
          message: 'Analysis videos come with a paid plan',
          details: { feature: 'analysisVideos', plans: ['pro_monthly'] },
        },
        402,
      ),
    )
    const { user } = await renderInRouter(() => <AnalysisVideoCard analysisId={ANALYSIS_ID} />)
    await user.click(within(card()).getByRole('button', { name: 'Make the video' }))

    expect((await within(card()).findByRole('alert')).textContent).toBe(
      'Analysis videos come with a paid plan.',
    )
    // No paywall host around the card here: the way to the plans is the credits screen.
    expect(within(card()).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/credits',
    )
  })
})
