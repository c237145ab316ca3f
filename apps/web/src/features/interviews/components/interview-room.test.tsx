// @vitest-environment jsdom
/**
 * The interview room through its real state machine and API client: a question is read aloud,
 * the answer recorded and sent as multipart, the next question comes, Skip sends a skip, the last
 * answer finishes the interview; a denied microphone turns the room to typed answers; a failed
 * send keeps the recording for a retry. Only the browser's media APIs (getUserMedia,
 * MediaRecorder, speech synthesis) and the network are stubbed.
 */
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type FakeNetwork,
  installFakeNetwork,
  json,
  TEST_API_BASE_URL,
} from '../../../../test/fake-fetch'
import { renderInRouter } from '../../../../test/render'
import { answerFixture, INTERVIEW_ID, interviewFixture } from '../test/fixtures'
import { InterviewRoom } from './interview-room'

const BASE = `${TEST_API_BASE_URL}/interviews/${INTERVIEW_ID}`

class FakeRecorder extends EventTarget {
  static instances: FakeRecorder[] = []
  static isTypeSupported = (type: string) => type === 'audio/ogg;codecs=opus'
  state: 'inactive' | 'recording' = 'inactive'
  readonly mimeType: string
  constructor(_stream: unknown, options?: { mimeType?: string }) {
    super()
    this.mimeType = options?.mimeType ?? ''
    FakeRecorder.instances.push(this)
  }
  start() {
    this.state = 'recording'
  }
  stop() {
    if (this.state === 'inactive') return
    this.state = 'inactive'
    this.dispatchEvent(
      Object.assign(new Event('dataavailable'), {
        data: new Blob(['voice'], { type: this.mimeType }),
      }),
    )
    this.dispatchEvent(new Event('stop'))
  }
}

let network: FakeNetwork
let getUserMedia: ReturnType<typeof vi.fn>
let speak: ReturnType<typeof vi.fn>
let appended: { name: string; value: unknown; fileName?: string }[]

beforeEach(() => {
  network = installFakeNetwork()
  FakeRecorder.instances = []
  getUserMedia = vi.fn(() => Promise.resolve({ getTracks: () => [] }))
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia },
    configurable: true,
  })
  vi.stubGlobal('MediaRecorder', FakeRecorder)
  speak = vi.fn((utterance: { onend?: () => void }) => {
    setTimeout(() => utterance.onend?.(), 0)
  })
  vi.stubGlobal('speechSynthesis', {
    getVoices: () => [{ lang: 'en-US', name: 'Test voice' }],
    speak,
    cancel: vi.fn(),
  })
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class {
      text: string
      constructor(text: string) {
        this.text = text
      }
    },
  )
  appended = []
  const original = Object.getOwnPropertyDescriptor(FormData.prototype, 'append')?.value as (
    this: FormData,
    name: string,
    value: string | Blob,
    fileName?: string,
  ) => void
  vi.spyOn(FormData.prototype, 'append').mockImplementation(function (
    this: FormData,
    name: string,
    value: string | Blob,
    fileName?: string,
  ) {
    appended.push({ name, value, fileName })
    // Three arguments pick the Blob overload: a text part takes two.
    if (fileName === undefined) original.call(this, name, value)
    else original.call(this, name, value, fileName)
  })
  network.on('POST', `${BASE}/answers/1`, () => json(answerFixture({ questionIndex: 0 }), 202))
  network.on('POST', `${BASE}/answers/2`, () =>
    json(answerFixture({ questionIndex: 1, status: 'SKIPPED', mode: 'skipped' }), 202),
  )
  network.on('POST', `${BASE}/finish`, () =>
    json(interviewFixture({ status: 'PROCESSING', progressStep: 'joining_recording' }), 202),
  )
})

afterEach(() => {
  vi.restoreAllMocks()
  Reflect.deleteProperty(navigator, 'mediaDevices')
})

describe('the interview room', () => {
  it('reads each question, records and sends the answer, skips, and finishes after the last', async () => {
    const { user } = await renderInRouter(() => <InterviewRoom interview={interviewFixture()} />)
    await user.click(screen.getByRole('button', { name: 'Start the interview' }))

    expect(screen.getByText('Question 1 of 2')).toBeTruthy()
    await waitFor(() => expect(speak).toHaveBeenCalledTimes(1))
    expect((speak.mock.calls[0]?.[0] as { text: string }).text).toBe(
      'Tell me about a time you led a migration.',
    )
    await waitFor(() => expect(FakeRecorder.instances).toHaveLength(1))
    expect(FakeRecorder.instances[0]?.mimeType).toBe('audio/ogg;codecs=opus')
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true })
    expect(screen.getByRole('status').textContent).toBe('Recording your answer')
    expect(screen.getByRole('meter', { name: 'Microphone level' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(screen.getByText('Question 2 of 2')).toBeTruthy())
    expect(network.requests('POST', `${BASE}/answers/1`)).toHaveLength(1)
    const audio = appended.find((part) => part.name === 'audio')
    expect(audio?.fileName).toBe('answer.ogg')
    expect((audio?.value as Blob).type).toBe('audio/ogg;codecs=opus')

    await waitFor(() => expect(speak).toHaveBeenCalledTimes(2))
    await user.click(screen.getByRole('button', { name: 'Skip' }))
    await waitFor(() => expect(network.requests('POST', `${BASE}/finish`)).toHaveLength(1))
    expect(network.requests('POST', `${BASE}/answers/2`)[0]?.body).toEqual({ skipped: true })
    expect(network.unanswered).toEqual([])
  })

  it('explains a denied microphone and takes typed answers instead', async () => {
    getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'))
    const { user } = await renderInRouter(() => <InterviewRoom interview={interviewFixture()} />)
    await user.click(screen.getByRole('button', { name: 'Start the interview' }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Your browser blocked the microphone')
    const field = screen.getByLabelText('Your answer to question 1')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByText('Type an answer, or skip the question')).toBeTruthy()
    await user.type(field, 'I led the move to PostgreSQL 18.')
    await user.click(screen.getByRole('button', { name: 'Next' }))

    await screen.findByLabelText('Your answer to question 2')
    expect(network.requests('POST', `${BASE}/answers/1`)[0]?.body).toEqual({
      typedAnswer: 'I led the move to PostgreSQL 18.',
    })
    expect(FakeRecorder.instances).toHaveLength(0)
    expect(screen.queryByRole('button', { name: 'Answer aloud instead' })).toBeNull()
  })

  it('keeps a recording the server did not take, and sends it again on retry', async () => {
    let calls = 0
    network.on('POST', `${BASE}/answers/1`, () => {
      calls += 1
      return calls === 1
        ? json({ code: 'audio_unreadable', message: 'The recording could not be read' }, 422)
        : json(answerFixture({ questionIndex: 0 }), 202)
    })
    const { user } = await renderInRouter(() => <InterviewRoom interview={interviewFixture()} />)
    await user.click(screen.getByRole('button', { name: 'Start the interview' }))
    await waitFor(() => expect(FakeRecorder.instances).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Next' }))

    expect((await screen.findByRole('alert')).textContent).toContain('couldn’t read that recording')
    await user.click(screen.getByRole('button', { name: 'Try sending again' }))
    await waitFor(() => expect(screen.getByText('Question 2 of 2')).toBeTruthy())
    const sent = appended.filter((part) => part.name === 'audio').map((part) => part.value)
    expect(sent).toHaveLength(2)
    expect(sent[1]).toBe(sent[0])
  })
})
