// @vitest-environment jsdom
/**
 * The Saved list through the real view, query and mutation (supabase-js included): its load
 * error and retry, its stages filter, and "I applied" as the event the database turns into the
 * status. Only the network is fake: the Supabase-compatible backend's answers.
 */
import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type FakeNetwork,
  installFakeNetwork,
  json,
  TEST_SUPABASE_URL,
} from '../../../../test/fake-fetch'
import { renderInRouter } from '../../../../test/render'
import type { ApplicationStatus } from '../lib/application-status'
import { ApplicationsView } from './applications-view'

const VIEW = `${TEST_SUPABASE_URL}/rest/v1/job_applications_with_job`
const EVENTS = `${TEST_SUPABASE_URL}/rest/v1/job_application_events`
const USER_ID = '00000000-0000-4000-8000-000000000001'

function row(id: string, title: string, status: ApplicationStatus) {
  return {
    id,
    job_id: `00000000-0000-4000-8000-0000000000${id}`,
    status,
    applied_at: status === 'SAVED' ? null : '2026-11-05T10:00:00.000Z',
    created_at: '2026-11-03T10:00:00.000Z',
    job_title: title,
    job_company_name: 'Northwind',
    job_location: 'Berlin, Germany',
    job_apply_url: 'https://careers.example.com/apply',
    latest_event_at: status === 'SAVED' ? null : '2026-11-05T10:00:00.000Z',
  }
}

const ROWS = [
  row('a1', 'Data Engineer', 'SAVED'),
  row('a2', 'Analyst', 'APPLIED'),
  row('a3', 'Platform Engineer', 'INTERVIEW'),
]

let network: FakeNetwork

beforeEach(() => {
  network = installFakeNetwork()
})

function renderView(status?: ApplicationStatus, onStatusChange = vi.fn()) {
  return renderInRouter(() => (
    <ApplicationsView userId={USER_ID} status={status} onStatusChange={onStatusChange} />
  ))
}

describe('the Saved list', () => {
  it('says when it cannot load, and loads again on "Try again"', async () => {
    network.on('GET', VIEW, () => json({ message: 'The database is not available' }, 500))
    const app = await renderView()
    await screen.findByText("We couldn't load your saved jobs.")
    expect(screen.getByText('The database is not available')).toBeTruthy()

    network.on('GET', VIEW, () => json(ROWS))
    await app.user.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByRole('article', { name: 'Data Engineer at Northwind' })
    // Only the owner's rows, newest first.
    const read = network.requests('GET', VIEW).at(-1)
    expect(read?.url.searchParams.get('user_id')).toBe(`eq.${USER_ID}`)
    expect(read?.url.searchParams.get('order')).toBe('created_at.desc,id.desc')
  })

  it('filters by stage: the stages it holds, with their counts', async () => {
    network.on('GET', VIEW, () => json(ROWS))
    const onStatusChange = vi.fn()
    const app = await renderView(undefined, onStatusChange)
    await screen.findByRole('article', { name: 'Analyst at Northwind' })
    expect(
      screen.getAllByRole('button', { pressed: false }).map((button) => button.textContent),
    ).toEqual(['Saved 1', 'Applied 1', 'Interview 1'])
    await app.user.click(screen.getByRole('button', { name: 'Interview 1' }))
    expect(onStatusChange).toHaveBeenCalledWith('INTERVIEW')
  })

  it('shows one stage when asked', async () => {
    network.on('GET', VIEW, () => json(ROWS))
    await renderView('INTERVIEW')
    await screen.findByRole('article', { name: 'Platform Engineer at Northwind' })
    expect(screen.getAllByRole('article')).toHaveLength(1)
    expect(screen.getByText('Interview since 5 Nov 2026')).toBeTruthy()
  })

  it('records "I applied" as an applied event of the user, and offers it on saved jobs only', async () => {
    network.on('GET', VIEW, () => json(ROWS))
    network.on('POST', EVENTS, () => new Response(null, { status: 201 }))
    const app = await renderView()
    await screen.findByRole('article', { name: 'Data Engineer at Northwind' })
    expect(screen.getAllByRole('button', { name: /^I applied/ })).toHaveLength(1)

    await app.user.click(
      screen.getByRole('button', { name: 'I applied: Data Engineer at Northwind' }),
    )
    await waitFor(() => expect(network.requests('POST', EVENTS)).toHaveLength(1))
    expect(network.requests('POST', EVENTS)[0]?.body).toEqual({
      job_application_id: 'a1',
      user_id: USER_ID,
      type: 'applied',
    })
    expect(screen.getByText('Marked Data Engineer at Northwind as applied.')).toBeTruthy()
  })
})
