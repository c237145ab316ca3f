// @vitest-environment jsdom
/**
 * The public roast and video pages through the real API client, with only the network fake:
 * the roast's lines, verdict, grade and fixes with the parody notice; the link to the video when
 * it is shared; the player; and the app's not-found page on a 404.
 */
import { PARODY_NOTICE, type PublicRoastVideo } from '@app/contracts'
import { createRoute } from '@tanstack/react-router'
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  type FakeNetwork,
  installFakeNetwork,
  json,
  TEST_API_BASE_URL,
} from '../../../../test/fake-fetch'
import { renderRoutes } from '../../../../test/render'
import { PublicRoastPage } from './public-roast-page'
import { PublicRoastVideoPage } from './public-roast-video-page'
import { CONTENT, publicRoastOf, ROAST_ID, VIDEO_ID } from './test-fixtures'

const PUBLIC_ROAST = `${TEST_API_BASE_URL}/public/roasts/${ROAST_ID}`
const PUBLIC_VIDEO = `${TEST_API_BASE_URL}/public/roast-videos/${VIDEO_ID}`

let network: FakeNetwork

beforeEach(() => {
  network = installFakeNetwork()
})

function renderAt(path: string) {
  return renderRoutes({
    path,
    routes: (root) => {
      const roastRoute = createRoute({
        getParentRoute: () => root,
        path: '/roasted-by-trump/analysis/$id',
        component: () => <PublicRoastPage id={roastRoute.useParams().id} />,
      })
      const videoRoute = createRoute({
        getParentRoute: () => root,
        path: '/roasted-by-trump/video/$id',
        component: () => <PublicRoastVideoPage id={videoRoute.useParams().id} />,
      })
      return [roastRoute, videoRoute]
    },
  })
}

describe('the public roast page', () => {
  it('shows the roast as a stage, the real fixes and the parody notice, with no session', async () => {
    network.on('GET', PUBLIC_ROAST, () => json(publicRoastOf()))
    await renderAt(`/roasted-by-trump/analysis/${ROAST_ID}`)

    await screen.findByRole('heading', { level: 1, name: CONTENT.headline })
    const roast = screen.getByRole('list', { name: 'The roast' })
    expect(
      within(roast)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CONTENT.lines)
    screen.getByText(CONTENT.verdict)
    screen.getByLabelText('Grade C+, score 68 out of 100')
    const fixes = screen.getByRole('region', { name: 'The real fixes' })
    within(fixes).getByText('Quantify your impact')
    within(fixes).getByText('Two lines, not ten.')
    screen.getByText(PARODY_NOTICE)
    screen.getByRole('link', { name: 'Get started' })
    expect(screen.queryByRole('link', { name: 'Watch the video' })).toBeNull()
    expect(document.title).toBe(`${CONTENT.headline} · Roasted by trump`)
    // Public: no session's tokens are sent (there is none), and nothing else is asked.
    expect(network.requests('GET', PUBLIC_ROAST)[0]!.headers.get('authorization')).toBeNull()
    expect(network.unanswered).toEqual([])
  })

  it('links the shared video', async () => {
    network.on('GET', PUBLIC_ROAST, () => json(publicRoastOf({ videoId: VIDEO_ID })))
    await renderAt(`/roasted-by-trump/analysis/${ROAST_ID}`)
    const link = await screen.findByRole('link', { name: 'Watch the video' })
    expect(link.getAttribute('href')).toBe(`/roasted-by-trump/video/${VIDEO_ID}`)
  })

  it('is the app’s not-found page when the roast is unknown or unpublished (404)', async () => {
    network.on('GET', PUBLIC_ROAST, () =>
      json({ code: 'roast_not_found', message: 'Roast not found' }, 404),
    )
    await renderAt(`/roasted-by-trump/analysis/${ROAST_ID}`)
    await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })
    expect(screen.queryByText(PARODY_NOTICE)).toBeNull()
  })

  it('offers to try again when the read fails otherwise', async () => {
    network.on('GET', PUBLIC_ROAST, () => json({ code: 'internal_error', message: 'Boom' }, 500))
    const app = await renderAt(`/roasted-by-trump/analysis/${ROAST_ID}`)
    await screen.findByText(/^We couldn’t load this roast: /)
    network.on('GET', PUBLIC_ROAST, () => json(publicRoastOf()))
    await app.user.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByRole('heading', { level: 1, name: CONTENT.headline })
  })
})

describe('the public video page', () => {
  const video: PublicRoastVideo = {
    id: VIDEO_ID,
    roastId: ROAST_ID,
    headline: CONTENT.headline,
    url: 'http://supabase.test/storage/v1/object/sign/v.mp4?token=t',
    posterUrl: 'http://supabase.test/storage/v1/object/sign/v.jpg?token=t',
    durationSeconds: 41.6,
    notice: PARODY_NOTICE,
  }

  it('plays the vertical video with its poster, the notice and the way back to the roast', async () => {
    network.on('GET', PUBLIC_VIDEO, () => json(video))
    await renderAt(`/roasted-by-trump/video/${VIDEO_ID}`)
    await screen.findByRole('heading', { level: 1, name: CONTENT.headline })
    const player = screen.getByTestId('roast-video-player')
    expect(player.getAttribute('src')).toBe(video.url)
    expect(player.getAttribute('poster')).toBe(video.posterUrl)
    expect(player.hasAttribute('controls')).toBe(true)
    expect(player.hasAttribute('playsinline')).toBe(true)
    expect(player.getAttribute('aria-label')).toBe(`${CONTENT.headline}: the video (42 seconds)`)
    screen.getByText(PARODY_NOTICE)
    expect(screen.getByRole('link', { name: 'Read the roast' }).getAttribute('href')).toBe(
      `/roasted-by-trump/analysis/${ROAST_ID}`,
    )
  })

  it('is the not-found page on a 404', async () => {
    network.on('GET', PUBLIC_VIDEO, () =>
      json({ code: 'roast_not_found', message: 'Roast not found' }, 404),
    )
    await renderAt(`/roasted-by-trump/video/${VIDEO_ID}`)
    await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })
  })
})
