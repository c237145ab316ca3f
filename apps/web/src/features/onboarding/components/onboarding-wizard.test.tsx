// @vitest-environment jsdom
/**
 * The onboarding wizard's save queue as the user meets it: the real wizard page (guest session,
 * wizard row, a multiple-choice step whose every tick is saved at once) over a fake backend.
 * A save the server does not take is kept on the page, shown, and sent again; answers given
 * meanwhile are merged with the newest winning; nothing is lost on the way.
 * Only the network is fake: the Supabase-compatible backend's auth and `wizard` table.
 */
import { unansweredWizardRow } from '@app/contracts/testing'
import { createRoute } from '@tanstack/react-router'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  deferred,
  type FakeNetwork,
  type FakeRequest,
  installFakeNetwork,
  json,
  TEST_SUPABASE_URL,
} from '../../../../test/fake-fetch'
import { type RenderedApp, renderRoutes } from '../../../../test/render'
import type { OnboardingStep } from '../lib/steps'
import { OnboardingWizard } from './onboarding-wizard'

const SIGN_UP = `${TEST_SUPABASE_URL}/auth/v1/signup`
const WIZARD = `${TEST_SUPABASE_URL}/rest/v1/wizard`

type WizardRow = Record<string, unknown>

let network: FakeNetwork
/** The `wizard` row as the backend stores it. */
let storedRow: WizardRow
/** Whether the backend takes writes; false answers them 503 (nothing stored). */
let acceptsWrites: boolean
let guests = 0

function emptyWizardRow(userId: string, currentStep: OnboardingStep): WizardRow {
  return unansweredWizardRow({ user_id: userId, current_step: currentStep })
}

/** The backend: a new guest per test (anonymous sign-up), their wizard row, and its updates. */
function startBackend({ currentStep }: { currentStep: OnboardingStep }) {
  // Each test is a new visitor: no stored session, so the wizard signs a new guest in.
  localStorage.clear()
  guests += 1
  const userId = `00000000-0000-4000-8000-${String(guests).padStart(12, '0')}`
  storedRow = emptyWizardRow(userId, currentStep)
  acceptsWrites = true
  network = installFakeNetwork()
  network.on('POST', SIGN_UP, () =>
    json({
      access_token: `guest-token-${guests}`,
      refresh_token: `guest-refresh-${guests}`,
      token_type: 'bearer',
      expires_in: 3600,
      user: {
        id: userId,
        aud: 'authenticated',
        role: 'authenticated',
        is_anonymous: true,
        app_metadata: {},
        user_metadata: {},
        created_at: '2026-11-21T10:00:00.000Z',
      },
    }),
  )
  network.on('GET', WIZARD, () => json(storedRow))
  network.on('PATCH', WIZARD, (request) => answerUpdate(request))
}

function answerUpdate(request: FakeRequest): Response {
  if (!acceptsWrites) {
    return json(
      { code: 'PGRST000', message: 'Service unavailable', details: null, hint: null },
      503,
    )
  }
  storedRow = { ...storedRow, ...(request.body as WizardRow) }
  return json(storedRow)
}

/** The bodies of the updates sent so far, in order. */
const updatesSent = () => network.requests('PATCH', WIZARD).map((request) => request.body)

function renderStep(step: OnboardingStep): Promise<RenderedApp> {
  return renderRoutes({
    path: `/onboarding/${step}`,
    routes: (root) => {
      const stepRoute = createRoute({
        getParentRoute: () => root,
        path: '/onboarding/$step',
        component: function StepPage() {
          const params = stepRoute.useParams()
          return <OnboardingWizard step={params.step as OnboardingStep} />
        },
      })
      return [stepRoute]
    },
  })
}

/** The step, once its choices are there (the guest session and the wizard have loaded). */
async function openStep(step: OnboardingStep): Promise<RenderedApp> {
  const app = await renderStep(step)
  await screen.findByRole('checkbox', { name: 'Full-time' })
  return app
}

const option = (label: string) => screen.getByRole('checkbox', { name: label })
const isTicked = (label: string) => (option(label) as HTMLInputElement).checked
const saveFailure = () => screen.findByRole('alert')

/** Whether leaving the page now would be stopped to ask first. */
function leavingIsHeldBack(): boolean {
  const event = new Event('beforeunload', { cancelable: true })
  window.dispatchEvent(event)
  return event.defaultPrevented
}

beforeEach(() => {
  startBackend({ currentStep: 'job-types' })
})

// Every request the page made had an answer in the test: nothing unexpected was asked.
afterEach(() => {
  expect(network.unanswered).toEqual([])
})

describe("the step's first paint", () => {
  it('shows the question at once, and the choices once the answers have loaded', async () => {
    const wizardRead = deferred<void>()
    network.on('GET', WIZARD, async () => {
      await wizardRead.promise
      return json(storedRow)
    })
    await renderStep('job-types')

    await screen.findByRole('heading', { name: 'What kind of work are you after?' })
    expect(screen.getByText('Step 4 of 17')).toBeTruthy()
    await screen.findByText('Loading your answers…')
    expect(screen.queryByRole('checkbox')).toBeNull()

    wizardRead.resolve()
    await screen.findByRole('checkbox', { name: 'Full-time' })
    expect(screen.queryByText('Loading your answers…')).toBeNull()
  })
})

describe('the onboarding save queue', () => {
  it('saves each answer as it is given', async () => {
    const app = await openStep('job-types')

    await app.user.click(option('Full-time'))

    await screen.findByText('Saved')
    expect(updatesSent()).toEqual([{ job_types: ['FULL_TIME'] }])
    expect(storedRow.job_types).toEqual(['FULL_TIME'])
  })

  it('keeps a failed save on the page, says so, and sends it again on "Retry now"', async () => {
    acceptsWrites = false
    const app = await openStep('job-types')

    await app.user.click(option('Full-time'))

    const failure = await saveFailure()
    expect(failure.textContent).toContain("Your answer isn't saved yet. It's kept on this page")
    expect(isTicked('Full-time')).toBe(true)
    expect(storedRow.job_types).toBeNull()
    expect(leavingIsHeldBack()).toBe(true)

    acceptsWrites = true
    await app.user.click(within(failure).getByRole('button', { name: 'Retry now' }))

    await screen.findByText('Saved')
    // The same change each time (an automatic retry may also have run on a slow machine).
    expect(updatesSent().length).toBeGreaterThanOrEqual(2)
    expect(new Set(updatesSent().map((body) => JSON.stringify(body)))).toEqual(
      new Set([JSON.stringify({ job_types: ['FULL_TIME'] })]),
    )
    expect(storedRow.job_types).toEqual(['FULL_TIME'])
    expect(screen.queryByRole('alert')).toBeNull()
    expect(leavingIsHeldBack()).toBe(false)
  })

  it('merges answers given while saves fail, the newest winning, and loses none of them', async () => {
    // Opening a later step than the stored one records the new resume point: a second field.
    startBackend({ currentStep: 'job-search-apps' })
    acceptsWrites = false
    const app = await openStep('job-types')
    await saveFailure()

    await app.user.click(option('Full-time'))
    await app.user.click(option('Contract or freelance'))
    await app.user.click(option('Full-time'))
    await app.user.click(option('Internship'))

    // The page shows every answer although the server has stored none of them.
    expect(isTicked('Full-time')).toBe(false)
    expect(isTicked('Contract or freelance')).toBe(true)
    expect(isTicked('Internship')).toBe(true)
    expect(storedRow).toMatchObject({ current_step: 'job-search-apps', job_types: null })

    // Back online: what waits is sent at once, as one update with the newest answer.
    acceptsWrites = true
    window.dispatchEvent(new Event('online'))

    await screen.findByText('Saved')
    expect(updatesSent().at(-1)).toEqual({
      current_step: 'job-types',
      job_types: ['CONTRACT', 'INTERNSHIP'],
    })
    expect(storedRow).toMatchObject({
      current_step: 'job-types',
      job_types: ['CONTRACT', 'INTERNSHIP'],
    })
    expect(isTicked('Contract or freelance')).toBe(true)
    expect(isTicked('Full-time')).toBe(false)
  })

  it('retries a failed save by itself after a short wait', async () => {
    acceptsWrites = false
    const app = await openStep('job-types')

    await app.user.click(option('Part-time'))
    const failure = await saveFailure()
    expect(failure.textContent).toMatch(/trying again in \d s/)
    acceptsWrites = true

    // The first automatic retry comes a second after the failure.
    await screen.findByText('Saved', {}, { timeout: 3000 })
    expect(updatesSent()).toHaveLength(2)
    expect(storedRow.job_types).toEqual(['PART_TIME'])
  })

  it('sends answers given while a save is on its way next, merged, one request at a time', async () => {
    const firstSave = deferred<Response>()
    network.on('PATCH', WIZARD, (request) =>
      updatesSent().length === 1
        ? firstSave.promise.then(() => answerUpdate(request))
        : answerUpdate(request),
    )
    const app = await openStep('job-types')

    await app.user.click(option('Full-time'))
    await screen.findByText('Saving…')
    await app.user.click(option('Part-time'))
    await app.user.click(option('Temporary'))

    // One update in flight; the two later answers wait for it.
    expect(updatesSent()).toEqual([{ job_types: ['FULL_TIME'] }])
    expect(isTicked('Temporary')).toBe(true)

    firstSave.resolve(json({}))
    await screen.findByText('Saved')
    expect(updatesSent()).toEqual([
      { job_types: ['FULL_TIME'] },
      { job_types: ['FULL_TIME', 'PART_TIME', 'TEMPORARY'] },
    ])
    expect(storedRow.job_types).toEqual(['FULL_TIME', 'PART_TIME', 'TEMPORARY'])
    // The row the server answered replaced the optimistic answers: still all three.
    expect(['Full-time', 'Part-time', 'Temporary'].every(isTicked)).toBe(true)
  })
})
