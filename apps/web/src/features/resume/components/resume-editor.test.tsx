// @vitest-environment jsdom
/**
 * The profile editor through the real form, validation and save (the product API client
 * included): every field of the parsed resume is shown and editable, a wrong date is refused
 * with how to write it, and Save sends the whole JSON Resume, keeping what the form does not
 * show. Only the network is fake: the server's answer to the PUT.
 */
import { type JsonResumeBody, JsonResumeSchema, type ProfileResume } from '@app/contracts'
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type FakeNetwork,
  installFakeNetwork,
  json,
  TEST_API_BASE_URL,
} from '../../../../test/fake-fetch'
import { renderInRouter } from '../../../../test/render'
import { ResumeEditor } from './resume-editor'

const PROFILE_ID = '00000000-0000-4000-8000-0000000000aa'
const RESUME_URL = `${TEST_API_BASE_URL}/professional-profiles/${PROFILE_ID}/resume`

const RESUME: JsonResumeBody = {
  basics: {
    name: 'John Doe',
    email: 'john.doe@email.com',
    location: { city: 'San Francisco', address: '1 Main St' },
    profiles: [{ network: 'GitHub', username: 'jdoe', url: 'https://github.com/jdoe' }],
  },
  work: [
    { name: 'Nexus AI', position: 'CTO', startDate: '2023-06', highlights: ['Raised $18M'] },
    { name: 'NVIDIA', position: 'Intern', startDate: '2022-05', endDate: '2022-08' },
  ],
  education: [{ institution: 'Princeton University', studyType: 'PhD', endDate: '2023-05' }],
  skills: [{ name: 'Languages', keywords: ['Python', 'Rust'] }, { name: 'Docker' }],
  languages: [{ language: 'English' }],
}

function profile(resume: JsonResumeBody, correctedFields: string[] = []): ProfileResume {
  return {
    professionalProfileId: PROFILE_ID,
    resume,
    parsed: RESUME,
    corrections: {},
    correctedFields,
    linkedinUrl: null,
    updatedAt: '2026-11-26T10:00:00.000Z',
  }
}

let network: FakeNetwork

beforeEach(() => {
  network = installFakeNetwork()
})

describe('the profile editor', () => {
  it('shows every field, refuses a wrong date, and saves the whole corrected resume', async () => {
    network.on('PUT', RESUME_URL, (request) =>
      json(profile(JsonResumeSchema.parse(request.body), ['basics.name', 'work'])),
    )
    const onSaved = vi.fn()
    const app = await renderInRouter(() => (
      <ResumeEditor profile={profile(RESUME)} onSaved={onSaved} />
    ))

    expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('John Doe')
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('john.doe@email.com')
    const [first, second] = screen.getAllByTestId('work-entry')
    expect(within(first!).getByLabelText<HTMLInputElement>('Company').value).toBe('Nexus AI')
    expect(within(first!).getByLabelText<HTMLInputElement>('I work here now').checked).toBe(true)
    expect(within(second!).getByLabelText<HTMLInputElement>('End').value).toBe('2022-08')
    const school = screen.getByTestId('education-entry')
    expect(within(school).getByLabelText<HTMLInputElement>('School').value).toBe(
      'Princeton University',
    )
    screen.getByRole('button', { name: 'Remove Python' })
    screen.getByRole('button', { name: 'Remove Docker' })

    // A date as words is refused before anything is sent.
    const end = within(second!).getByLabelText('End')
    await app.user.clear(end)
    await app.user.type(end, 'Aug 2022')
    await app.user.click(screen.getByRole('button', { name: 'Save profile' }))
    await within(second!).findByText('Write the date as YYYY-MM (or just YYYY), e.g. 2024-03')
    expect(network.requests('PUT', RESUME_URL)).toEqual([])

    // Corrected: the name, the date back, the second job is now current, a skill added.
    await app.user.clear(end)
    await app.user.type(end, '2022-08')
    const name = screen.getByLabelText('Full name')
    await app.user.clear(name)
    await app.user.type(name, 'Johnathan Doe')
    await app.user.click(within(second!).getByLabelText('I work here now'))
    await app.user.type(
      screen.getByLabelText('Add a skill outside the groups'),
      'Kubernetes{Enter}',
    )
    await app.user.click(screen.getByRole('button', { name: 'Remove Rust' }))
    await app.user.click(screen.getByRole('button', { name: 'Save profile' }))

    await screen.findByText('Your corrections are saved.')
    const [put] = network.requests('PUT', RESUME_URL)
    expect(put?.body).toEqual({
      basics: {
        name: 'Johnathan Doe',
        email: 'john.doe@email.com',
        location: { city: 'San Francisco', address: '1 Main St' },
        profiles: [{ network: 'GitHub', username: 'jdoe', url: 'https://github.com/jdoe' }],
      },
      work: [
        { name: 'Nexus AI', position: 'CTO', startDate: '2023-06', highlights: ['Raised $18M'] },
        { name: 'NVIDIA', position: 'Intern', startDate: '2022-05' },
      ],
      education: [{ institution: 'Princeton University', studyType: 'PhD', endDate: '2023-05' }],
      skills: [
        { name: 'Languages', keywords: ['Python'] },
        { name: 'Docker' },
        { name: 'Kubernetes' },
      ],
      languages: [{ language: 'English' }],
    })
    expect(onSaved).toHaveBeenCalledOnce()
    expect(onSaved.mock.calls[0]?.[0]).toMatchObject({ correctedFields: ['basics.name', 'work'] })
  })
})
