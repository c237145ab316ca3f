/**
 * The interview room's state machine, pure so it can be tested without a browser: one question
 * at a time, read aloud ("asking"), then answered by voice ("recording") or in writing
 * ("typing"), each answer sent at once ("uploading"; a failed send keeps the answer for a retry),
 * and after the last one the interview is finished ("finishing"). A microphone that is denied or
 * missing switches to typed mode for the rest of the interview.
 */

export type MicProblem = 'denied' | 'missing' | 'unsupported' | 'failed'

/** An answer on its way to the server, kept until the server has it. */
export type PendingAnswer =
  | {
      kind: 'voice'
      audio: Blob
      transcript: string | null
      durationSeconds: number
    }
  | { kind: 'typed'; text: string }
  | { kind: 'skip' }

export type RoomPhase =
  /** Before the first question (or on coming back): a button starts it, which lets audio play. */
  | 'ready'
  | 'asking'
  | 'recording'
  | 'typing'
  | 'uploading'
  | 'upload-failed'
  | 'finishing'
  | 'finish-failed'

export type RoomState = {
  mode: 'voice' | 'typed'
  index: number
  count: number
  phase: RoomPhase
  micProblem: MicProblem | null
  pending: PendingAnswer | null
  error: string | null
  /** How many times the current question was asked: Repeat asks it again. */
  asked: number
}

export type RoomEvent =
  | { type: 'begin' }
  | { type: 'question-read' }
  | { type: 'repeat' }
  | { type: 'mic-failed'; problem: MicProblem }
  | { type: 'type-instead' }
  | { type: 'use-voice' }
  | { type: 'submit'; answer: PendingAnswer }
  | { type: 'uploaded' }
  | { type: 'upload-failed'; message: string }
  | { type: 'retry' }
  | { type: 'finish-failed'; message: string }

/** The room for an interview of `count` questions whose first `firstUnanswered` are answered. */
export function initialRoom(count: number, firstUnanswered: number, canRecord: boolean): RoomState {
  return {
    mode: canRecord ? 'voice' : 'typed',
    index: Math.min(firstUnanswered, count),
    count,
    phase: 'ready',
    micProblem: canRecord ? null : 'unsupported',
    pending: null,
    error: null,
    asked: 0,
  }
}

/** Where answering the current question starts in the room's mode. */
function answering(state: RoomState): RoomState {
  if (state.index >= state.count) {
    return { ...state, phase: 'finishing', pending: null, error: null }
  }
  return {
    ...state,
    phase: state.mode === 'voice' ? 'asking' : 'typing',
    pending: null,
    error: null,
  }
}

export function roomReducer(state: RoomState, event: RoomEvent): RoomState {
  switch (event.type) {
    case 'begin':
      return state.phase === 'ready' ? answering(state) : state
    case 'question-read':
      return state.phase === 'asking' ? { ...state, phase: 'recording' } : state
    case 'repeat':
      return state.phase === 'asking' || state.phase === 'recording'
        ? { ...state, phase: 'asking', asked: state.asked + 1 }
        : state
    case 'mic-failed':
      return {
        ...state,
        mode: 'typed',
        micProblem: event.problem,
        phase: state.phase === 'asking' || state.phase === 'recording' ? 'typing' : state.phase,
      }
    case 'type-instead':
      return state.phase === 'asking' || state.phase === 'recording'
        ? { ...state, mode: 'typed', phase: 'typing' }
        : state
    case 'use-voice':
      return state.phase === 'typing' && state.micProblem === null
        ? { ...state, mode: 'voice', phase: 'asking' }
        : state
    case 'submit':
      return state.phase === 'asking' || state.phase === 'recording' || state.phase === 'typing'
        ? { ...state, phase: 'uploading', pending: event.answer, error: null }
        : state
    case 'uploaded':
      return state.phase === 'uploading' ? answering({ ...state, index: state.index + 1 }) : state
    case 'upload-failed':
      return state.phase === 'uploading'
        ? { ...state, phase: 'upload-failed', error: event.message }
        : state
    case 'retry':
      if (state.phase === 'upload-failed') return { ...state, phase: 'uploading', error: null }
      if (state.phase === 'finish-failed') return { ...state, phase: 'finishing', error: null }
      return state
    case 'finish-failed':
      return state.phase === 'finishing'
        ? { ...state, phase: 'finish-failed', error: event.message }
        : state
  }
}
