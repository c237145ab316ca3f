// @vitest-environment jsdom
/**
 * Practice (/interviews) through its real queries and start call: the start card set to the
 * application the seeker came from, a typed role checked before it is sent, the empty state,
 * and the list with the progress chart. Only the network is fake.
 */
import type { InterviewListItem } from '@app/contracts'
import { createRoute } from '@tanstack/react-router'
import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  type FakeNetwork,
  installFakeNetwork,
  json,
  TEST_API_BASE_URL,
  TEST_SUPABASE_URL,
} from '../../../../test/fake-fetch'
import { PaywallContext, type PaywallReason } from '@/components/paywall-slot'
import { renderRoutes } from '../../../../test/render'
import { INTERVIEW_ID, interviewFixture } from '../test/fixtures'
import { InterviewsPage } from './interviews-page'

const VIEW = `${TEST_SUPABASE_URL}/rest/v1/job_applications_with_job`
const LIST = `${TEST_API_BASE_URL}/interviews`
const START = `${TEST_API_BASE_URL}/interviews/start`
const APP_A = '00000000-0000-4000-8000-00000000000a'
const APP_B = '00000000-0000-4000-8000-00000000000b'

function item(over: Partial<InterviewListItem>): InterviewListItem {
  return {
    id: INTERVIEW_ID,
    title: 'Backend engineer',
    company: 'Acme',
    status: 'COMPLETED',
    createdAt: '2026-11-20T10:00:00.000Z',
    questionCount: 5,
    answeredCount: 4,
    score: 71,
    wordsPerMinute: 150,
    fillersPerMinute: 2,
    ...over,
  }
}

let network: FakeNetwork

beforeEach(() => {
  network = installFakeNetwork()
  network.on('GET', VIEW, () =>
    json([
      { id: APP_A, job_title: 'Data engineer', job_company_name: 'Zeta' },
      { id: APP_B, job_title: 'Backend engineer', job_company_name: 'Acme' },
    ]),
  )
  network.on('POST', START, () => json(interviewFixture(), 201))
})

function renderPage(jobApplicationId?: string, openPaywall?: (reason: PaywallReason) => void) {
  return renderRoutes({
    path: '/interviews',
    routes: (root) => [
      createRoute({
        getParentRoute: () => root,
        path: '/interviews',
        component: () => (
          <PaywallContext value={openPaywall ?? null}>
            <InterviewsPage userId="user-1" jobApplicationId={jobApplicationId} />
          </PaywallContext>
        ),
      }),
      createRoute({
        getParentRoute: () => root,
        path: '/interviews/$interviewId',
        component: () => <p>The room</p>,
      }),
    ],
  })
}

describe('the Practice page', () => {
  it('starts a practice for the application the seeker came from', async () => {
    network.on('GET', LIST, () => json({ interviews: [] }))
    const { user, router } = await renderPage(APP_B)
    const target = await screen.findByLabelText('Practise for')
    await waitFor(() => expect((target as HTMLSelectElement).value).toBe(APP_B))
    expect(await screen.findByText(/No practice yet/)).toBeTruthy()

    await user.selectOptions(screen.getByLabelText('Questions'), '3')
    await user.click(screen.getByLabelText(/Behavioural/))
    await user.click(screen.getByRole('button', { name: 'Start practice' }))

    await screen.findByText('The room')
    expect(router.state.location.pathname).toBe(`/interviews/${INTERVIEW_ID}`)
    expect(network.requests('POST', START)[0]?.body).toEqual({
      jobApplicationId: APP_B,
      focus: 'behavioural',
      questionCount: 3,
    })
  })

  it('asks for a role before starting one for a typed role', async () => {
    network.on('GET', LIST, () => json({ interviews: [] }))
    const { user } = await renderPage()
    await screen.findByRole('option', { name: 'Data engineer · Zeta' })
    await user.selectOptions(screen.getByLabelText('Practise for'), 'A role I’ll type')
    await user.click(screen.getByRole('button', { name: 'Start practice' }))
    expect(await screen.findByText('Type the role you’re practising for')).toBeTruthy()
    expect(network.requests('POST', START)).toHaveLength(0)

    await user.type(screen.getByLabelText('Role'), 'Product designer')
    await user.click(screen.getByRole('button', { name: 'Start practice' }))
    await screen.findByText('The room')
    expect(network.requests('POST', START)[0]?.body).toEqual({
      role: 'Product designer',
      focus: 'mixed',
      questionCount: 5,
    })
  })

  it('lists past interviews and charts the finished ones', async () => {
    network.on('GET', LIST, () =>
      json({
        interviews: [
          item({
            id: '00000000-0000-4000-8000-0000000000c2',
            createdAt: '2026-11-22T10:00:00.000Z',
            score: 80,
          }),
          item({ status: 'IN_PROGRESS', id: '00000000-0000-4000-8000-0000000000c3', score: null }),
          item({}),
        ],
      }),
    )
    await renderPage()
    const links = await screen.findAllByRole('link', { name: /Backend engineer/ })
    expect(links).toHaveLength(3)
    expect(links[1]?.textContent).toContain('4/5 answered · In progress')
    expect(screen.getByRole('img', { name: /^Score over 2 attempts, from 71 to 80/ })).toBeTruthy()
  })

  it('says when the list cannot be read, and reads it again on request', async () => {
    network.on('GET', LIST, () => json({ code: 'internal_error', message: 'Down' }, 500))
    const { user } = await renderPage()
    expect((await screen.findByRole('alert')).textContent).toContain(
      'We couldn’t load your practice interviews',
    )
    network.on('GET', LIST, () => json({ interviews: [] }))
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(/No practice yet/)).toBeTruthy()
  })

  it('past the free weekly allowance (402 plan_required), says so and opens the paywall', async () => {
    network.on('GET', LIST, () => json({ interviews: [] }))
    network.on('POST', START, () =>
      json(
        {
          code: 'plan_required',
          message: 'The free plan includes 2 practice interviews a week',
          details: { feature: 'practiceInterviewsPerWeek', plans: ['pro_monthly'] },
        },
        402,
      ),
    )
    const opened: PaywallReason[] = []
    const { user } = await renderPage(APP_A, (reason) => opened.push(reason))
    await screen.findByRole('option', { name: 'Data engineer · Zeta' })
    await user.click(screen.getByRole('button', { name: 'Start practice' }))

    expect((await screen.findByRole('alert')).textContent).toContain(
      'You’ve used this week’s free practice interviews.',
    )
    await user.click(screen.getByRole('button', { name: 'See plans' }))
    expect(opened).toEqual([
      { kind: 'plan', feature: 'practiceInterviewsPerWeek', plans: ['pro_monthly'] },
    ])
  })
})
