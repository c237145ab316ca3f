import { describe, expect, it } from 'vitest'
import { initialRoom, type RoomEvent, type RoomState, roomReducer } from './room-machine'

const run = (state: RoomState, ...events: RoomEvent[]) => events.reduce(roomReducer, state)
const audio = {
  kind: 'voice' as const,
  audio: new Blob(['x']),
  transcript: null,
  durationSeconds: 3,
}

describe('the interview room’s states', () => {
  it('goes question → recording → uploading → the next question, and finishes after the last', () => {
    let room = run(initialRoom(2, 0, true), { type: 'begin' })
    expect([room.phase, room.index]).toEqual(['asking', 0])
    room = run(room, { type: 'question-read' })
    expect(room.phase).toBe('recording')
    room = run(room, { type: 'submit', answer: audio })
    expect([room.phase, room.pending]).toEqual(['uploading', audio])
    room = run(room, { type: 'uploaded' })
    expect([room.phase, room.index, room.pending]).toEqual(['asking', 1, null])
    room = run(
      room,
      { type: 'question-read' },
      { type: 'submit', answer: audio },
      { type: 'uploaded' },
    )
    expect(room.phase).toBe('finishing')
  })

  it('skips a question straight from its reading', () => {
    const room = run(
      initialRoom(3, 0, true),
      { type: 'begin' },
      { type: 'submit', answer: { kind: 'skip' } },
      { type: 'uploaded' },
    )
    expect([room.phase, room.index]).toEqual(['asking', 1])
  })

  it('keeps a failed answer for a retry', () => {
    let room = run(
      initialRoom(3, 0, true),
      { type: 'begin' },
      { type: 'question-read' },
      { type: 'submit', answer: audio },
      { type: 'upload-failed', message: 'We couldn’t reach the server.' },
    )
    expect([room.phase, room.pending, room.error]).toEqual([
      'upload-failed',
      audio,
      'We couldn’t reach the server.',
    ])
    room = run(room, { type: 'retry' })
    expect([room.phase, room.pending, room.error]).toEqual(['uploading', audio, null])
  })

  it('switches to typed answers for good when the microphone is denied', () => {
    let room = run(
      initialRoom(3, 0, true),
      { type: 'begin' },
      { type: 'mic-failed', problem: 'denied' },
    )
    expect([room.mode, room.phase, room.micProblem]).toEqual(['typed', 'typing', 'denied'])
    room = run(room, { type: 'use-voice' })
    expect(room.phase).toBe('typing')
    room = run(
      room,
      { type: 'submit', answer: { kind: 'typed', text: 'I led it.' } },
      { type: 'uploaded' },
    )
    expect([room.phase, room.index]).toEqual(['typing', 1])
  })

  it('starts typed without a recorder, and picks up at the first unanswered question', () => {
    const room = run(initialRoom(4, 2, false), { type: 'begin' })
    expect([room.mode, room.phase, room.index, room.micProblem]).toEqual([
      'typed',
      'typing',
      2,
      'unsupported',
    ])
  })

  it('asks the question again on Repeat, and goes to finishing when all were answered', () => {
    const room = run(
      initialRoom(3, 0, true),
      { type: 'begin' },
      { type: 'question-read' },
      { type: 'repeat' },
    )
    expect([room.phase, room.asked]).toEqual(['asking', 1])
    expect(run(initialRoom(3, 3, true), { type: 'begin' }).phase).toBe('finishing')
  })

  it('ignores events that do not fit the phase', () => {
    const ready = initialRoom(3, 0, true)
    expect(run(ready, { type: 'uploaded' })).toBe(ready)
    expect(run(ready, { type: 'question-read' })).toBe(ready)
  })
})
