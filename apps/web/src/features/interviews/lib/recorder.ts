/**
 * The browser's microphone, recorder, level meter and live speech recognition, behind small
 * functions the room calls. These are the browser-API boundary the component tests stub.
 */
import type { MicProblem } from './room-machine'

/** The recording formats the server reads, in the order the room prefers them. */
export const RECORDING_TYPES = [
  'audio/webm;codecs=opus',
  'audio/ogg;codecs=opus',
  'audio/mp4',
] as const

export function canRecord(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function' &&
    typeof MediaRecorder !== 'undefined'
  )
}

/** The first recording type this browser supports, or undefined to let it choose. */
export function pickRecordingType(): string | undefined {
  return RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type))
}

export class MicrophoneError extends Error {
  override name = 'MicrophoneError'
  readonly problem: MicProblem
  constructor(problem: MicProblem, options?: { cause?: unknown }) {
    super(`The microphone is ${problem}`, options)
    this.problem = problem
  }
}

/** Why getUserMedia refused, in the room's terms. */
export function micProblemOf(error: unknown): MicProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
    return 'denied'
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') {
    return 'missing'
  }
  return 'failed'
}

export type Microphone = {
  stream: MediaStream
  /** The input level now, 0–100 (0 without Web Audio). */
  level: () => number
  close: () => void
}

/** Asks for the microphone once per interview; throws `MicrophoneError`. */
export async function openMicrophone(): Promise<Microphone> {
  if (!canRecord()) {
    throw new MicrophoneError('unsupported')
  }
  let stream: MediaStream
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true })
  } catch (error) {
    throw new MicrophoneError(micProblemOf(error), { cause: error })
  }
  let context: AudioContext | null = null
  let analyser: AnalyserNode | null = null
  if (typeof AudioContext !== 'undefined') {
    context = new AudioContext()
    analyser = context.createAnalyser()
    analyser.fftSize = 512
    context.createMediaStreamSource(stream).connect(analyser)
  }
  const samples = analyser ? new Float32Array(analyser.fftSize) : null
  return {
    stream,
    level: () => {
      if (!analyser || !samples) return 0
      if (context?.state === 'suspended') void context.resume()
      analyser.getFloatTimeDomainData(samples)
      let sum = 0
      for (const sample of samples) sum += sample * sample
      const rms = Math.sqrt(sum / samples.length)
      // Speech sits around -30 to -10 dBFS: map -60…0 dB onto 0…100.
      const db = 20 * Math.log10(Math.max(rms, 1e-6))
      return Math.round(Math.max(0, Math.min(100, ((db + 60) / 60) * 100)))
    },
    close: () => {
      for (const track of stream.getTracks()) track.stop()
      void context?.close()
    },
  }
}

export type Recording = {
  /** Stops and gives the recording (with its type). */
  stop: () => Promise<Blob>
  /** Stops and throws the recording away (a skipped question). */
  cancel: () => void
}

export function startRecording(stream: MediaStream): Recording {
  const mimeType = pickRecordingType()
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined)
  const chunks: Blob[] = []
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size > 0) chunks.push(event.data)
  })
  recorder.start(1000)
  return {
    stop: () =>
      new Promise<Blob>((resolve) => {
        recorder.addEventListener(
          'stop',
          () => resolve(new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' })),
          { once: true },
        )
        if (recorder.state === 'inactive') {
          resolve(new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' }))
        } else {
          recorder.stop()
        }
      }),
    cancel: () => {
      if (recorder.state !== 'inactive') recorder.stop()
    },
  }
}

type RecognitionResultList = ArrayLike<{ isFinal: boolean } & ArrayLike<{ transcript: string }>>
type Recognition = {
  continuous: boolean
  interimResults: boolean
  lang: string
  onresult: ((event: { results: RecognitionResultList }) => void) | null
  onerror: ((event: unknown) => void) | null
  onend: (() => void) | null
  start: () => void
  stop: () => void
  abort: () => void
}
type RecognitionConstructor = new () => Recognition

function recognitionConstructor(): RecognitionConstructor | null {
  const scope = globalThis as unknown as {
    SpeechRecognition?: RecognitionConstructor
    webkitSpeechRecognition?: RecognitionConstructor
  }
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null
}

export type LiveTranscript = {
  /** What was recognised so far. */
  text: () => string
  stop: () => void
}

/**
 * The browser's live speech recognition while an answer is recorded, when it has one. It may
 * send audio to the browser maker's service; the server's own analysis does not depend on it.
 */
export function startLiveTranscript(lang = 'en-US'): LiveTranscript | null {
  const Constructor = recognitionConstructor()
  if (!Constructor) return null
  let recognition: Recognition
  try {
    recognition = new Constructor()
  } catch {
    return null
  }
  const finals: string[] = []
  let results: RecognitionResultList = []
  let stopped = false
  recognition.continuous = true
  recognition.interimResults = true
  recognition.lang = lang
  recognition.onresult = (event) => {
    results = event.results
  }
  // A network or permission refusal only means no browser transcript: the audio still goes.
  // Only silence ("no-speech") is worth listening on after; anything else stops the restarts.
  recognition.onerror = (event) => {
    const error = (event as { error?: string } | null)?.error
    if (error !== 'no-speech' && error !== 'aborted') stopped = true
  }
  recognition.onend = () => {
    // Chrome ends a continuous session after a silence: keep what it heard and listen on.
    finals.push(read(results))
    results = []
    if (!stopped) {
      try {
        recognition.start()
      } catch {
        stopped = true
      }
    }
  }
  try {
    recognition.start()
  } catch {
    return null
  }
  return {
    text: () => [...finals, read(results)].filter(Boolean).join(' ').trim(),
    stop: () => {
      stopped = true
      try {
        recognition.stop()
      } catch {
        // already stopped
      }
    },
  }
}

function read(results: RecognitionResultList): string {
  const parts: string[] = []
  for (let i = 0; i < results.length; i++) {
    const text = results[i]?.[0]?.transcript
    if (text) parts.push(text.trim())
  }
  return parts.join(' ')
}

/** A voice of the browser's speech synthesis for the language, or null when it has none. */
export function synthesisVoice(lang = 'en'): SpeechSynthesisVoice | null {
  if (typeof speechSynthesis === 'undefined') return null
  const voices = speechSynthesis.getVoices()
  return voices.find((voice) => voice.lang.toLowerCase().startsWith(lang)) ?? null
}
