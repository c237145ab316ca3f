// @vitest-environment jsdom
/**
 * "Roast my resume" through the real API client, supabase-js and TanStack Query, with only the
 * network fake: none → made (private) → published with its public link → unpublished → deleted;
 * "Share the video too" only when the analysis has a COMPLETED video, and it PATCHes `videoId`;
 * no card while the latest analysis is not COMPLETED.
 */
import { PARODY_NOTICE, type Roast, type UpdateRoastBody } from '@app/contracts'
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  type FakeNetwork,
  installFakeNetwork,
  json,
  TEST_API_BASE_URL,
  TEST_SUPABASE_URL,
} from '../../../../test/fake-fetch'
import { renderInRouter } from '../../../../test/render'
import { ResumeRoastCard } from './resume-roast-card'
import { ANALYSIS_ID, CONTENT, ROAST_ID, roastOf, VIDEO_ID } from './test-fixtures'

const USER_ID = '00000000-0000-4000-8000-0000000000d1'
const ROASTS = `${TEST_API_BASE_URL}/roasts`
const ROAST = `${TEST_API_BASE_URL}/roasts/${ROAST_ID}`
const ANALYSES = `${TEST_SUPABASE_URL}/rest/v1/resume_analyses`
const VIDEOS = `${TEST_SUPABASE_URL}/rest/v1/analysis_videos`

let network: FakeNetwork

beforeEach(() => {
  network = installFakeNetwork()
})

/** The server's side: the seeker's roasts, changed by POST, PATCH and DELETE as the API says. */
function serveRoasts({ video = false }: { video?: boolean } = {}) {
  let roasts: Roast[] = []
  network.on('GET', ANALYSES, () => json([{ id: ANALYSIS_ID, status: 'COMPLETED' }]))
  network.on('GET', VIDEOS, () => json(video ? [{ id: VIDEO_ID }] : []))
  network.on('GET', ROASTS, () => json({ roasts }))
  network.on('POST', ROASTS, () => {
    roasts = [roastOf()]
    return json(roasts[0], 201)
  })
  network.on('PATCH', ROAST, (request) => {
    const body = request.body as UpdateRoastBody
    const before = roasts[0]!
    roasts = [
      {
        ...before,
        ...(body.published === undefined
          ? {}
          : {
              published: body.published,
              publishedAt: body.published ? '2026-11-26T10:05:00.000Z' : null,
            }),
        ...(body.videoId === undefined ? {} : { videoId: body.videoId }),
      },
    ]
    return json(roasts[0])
  })
  network.on('DELETE', ROAST, () => {
    roasts = []
    return new Response(null, { status: 204 })
  })
}

async function findCard() {
  return screen.findByRole('region', { name: 'Roast my resume' })
}

describe('the Roast my resume card', () => {
  it('none → made → published with the link → unpublished → deleted', async () => {
    serveRoasts()
    const app = await renderInRouter(() => <ResumeRoastCard userId={USER_ID} />)

    const card = await findCard()
    await within(card).findByRole('button', { name: 'Make my roast' })
    expect(card.dataset.roastState).toBe('none')
    within(card).getByText(/boastful parody voice/)
    within(card).getByText(PARODY_NOTICE)
    expect(network.requests('GET', ANALYSES)[0]!.url.searchParams.get('user_id')).toBe(
      `eq.${USER_ID}`,
    )

    // Made: the roast, private.
    await app.user.click(within(card).getByRole('button', { name: 'Make my roast' }))
    await within(card).findByRole('heading', { name: CONTENT.headline })
    expect(network.requests('POST', ROASTS).map((request) => request.body)).toEqual([
      { resumeAnalysisId: ANALYSIS_ID },
    ])
    expect(card.dataset.roastState).toBe('private')
    for (const line of CONTENT.lines) {
      within(card).getByText(line)
    }
    within(card).getByText(CONTENT.verdict)
    within(card).getByRole('heading', { name: 'The real fixes' })
    within(card).getByText('Quantify your impact')
    within(card).getByText('Private: only you can see it.')
    expect(within(card).queryByTestId('roast-public-link')).toBeNull()
    // No COMPLETED video of this analysis: nothing to share.
    expect(within(card).queryByLabelText(/Share the video too/)).toBeNull()
    within(card).getByText(PARODY_NOTICE)

    // Published: the public link with Copy.
    await app.user.click(within(card).getByRole('button', { name: 'Publish' }))
    const link = await within(card).findByTestId('roast-public-link')
    expect(card.dataset.roastState).toBe('published')
    expect(link.getAttribute('href')).toBe(`/roasted-by-trump/analysis/${ROAST_ID}`)
    expect(link.textContent).toBe(
      new URL(`/roasted-by-trump/analysis/${ROAST_ID}`, window.location.origin).href,
    )
    within(card).getByRole('button', { name: 'Copy the public link' })
    within(card).getByText('Published: anyone with the link can see it.')

    // Unpublished: the link goes.
    await app.user.click(within(card).getByRole('button', { name: 'Unpublish' }))
    await within(card).findByRole('button', { name: 'Publish' })
    expect(card.dataset.roastState).toBe('private')
    expect(within(card).queryByTestId('roast-public-link')).toBeNull()
    expect(network.requests('PATCH', ROAST).map((request) => request.body)).toEqual([
      { published: true },
      { published: false },
    ])

    // Deleted: back to "Make my roast".
    await app.user.click(within(card).getByRole('button', { name: 'Delete' }))
    await within(card).findByRole('button', { name: 'Make my roast' })
    expect(card.dataset.roastState).toBe('none')
    expect(network.requests('DELETE', ROAST)).toHaveLength(1)
    expect(network.unanswered).toEqual([])
  })

  it('shows the existing roast on load, and shares the COMPLETED video by its id', async () => {
    serveRoasts({ video: true })
    network.on('GET', ROASTS, () => json({ roasts: [roastOf({ published: true })] }))
    const app = await renderInRouter(() => <ResumeRoastCard userId={USER_ID} />)

    const card = await findCard()
    await within(card).findByTestId('roast-public-link')
    const share = await within(card).findByLabelText(/Share the video too/)
    expect((share as HTMLInputElement).checked).toBe(false)
    expect(network.requests('GET', VIDEOS)[0]!.url.searchParams.get('resume_analysis_id')).toBe(
      `eq.${ANALYSIS_ID}`,
    )
    expect(network.requests('GET', VIDEOS)[0]!.url.searchParams.get('status')).toBe('eq.COMPLETED')

    // The PATCH answers from the fake's own list, which this test replaced: keep it consistent.
    network.on('PATCH', ROAST, (request) =>
      json(roastOf({ published: true, ...(request.body as UpdateRoastBody) })),
    )
    await app.user.click(share)
    await expect.poll(() => (share as HTMLInputElement).checked).toBe(true)
    await app.user.click(share)
    await expect.poll(() => (share as HTMLInputElement).checked).toBe(false)
    expect(network.requests('PATCH', ROAST).map((request) => request.body)).toEqual([
      { videoId: VIDEO_ID },
      { videoId: null },
    ])
  })

  it('says why a roast cannot be made yet', async () => {
    serveRoasts()
    network.on('POST', ROASTS, () =>
      json({ code: 'analysis_not_ready', message: 'The analysis has not completed.' }, 409),
    )
    const app = await renderInRouter(() => <ResumeRoastCard userId={USER_ID} />)
    const card = await findCard()
    await app.user.click(await within(card).findByRole('button', { name: 'Make my roast' }))
    await within(card).findByText(
      'Your review isn’t finished yet: the roast can be made once it is.',
    )
    expect(card.dataset.roastState).toBe('none')
  })

  it('appears once the page’s analysis completes', async () => {
    serveRoasts()
    let latest: { id: string; status: string }[] = []
    network.on('GET', ANALYSES, () => json(latest))
    await renderInRouter(() => <ResumeRoastCard userId={USER_ID} />)
    await expect.poll(() => network.requests('GET', ANALYSES).length).toBe(1)
    expect(screen.queryByRole('region', { name: 'Roast my resume' })).toBeNull()

    latest = [{ id: ANALYSIS_ID, status: 'COMPLETED' }]
    const card = await screen.findByRole('region', { name: 'Roast my resume' }, { timeout: 5_000 })
    await within(card).findByRole('button', { name: 'Make my roast' })
  })

  it('is not there while the latest analysis is not COMPLETED', async () => {
    serveRoasts()
    network.on('GET', ANALYSES, () => json([{ id: ANALYSIS_ID, status: 'FAILED' }]))
    await renderInRouter(() => (
      <>
        <p>page</p>
        <ResumeRoastCard userId={USER_ID} />
      </>
    ))
    await expect.poll(() => network.requests('GET', ANALYSES).length).toBe(1)
    await new Promise((done) => setTimeout(done, 50))
    expect(screen.queryByRole('region', { name: 'Roast my resume' })).toBeNull()
    expect(network.requests('GET', ROASTS)).toEqual([])
  })
})
