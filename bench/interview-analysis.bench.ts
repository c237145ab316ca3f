/**
 * The speech analyser on a two-minute answer (generated once by espeak-ng from the labelled
 * set's sentences, kept as webm/opus as a browser would upload it): decoding alone
 * (`decodeAudio`, ffmpeg to 16 kHz mono) and analysis alone (`analyzeSpeech`: Silero VAD,
 * energy, pitch, syllable nuclei, filled pauses, transcript rules), alternating one call of
 * each so both see the same load. Goal (issue 16): analysis of a two-minute answer under 5 s on
 * the 2-core machine. Needs no database.
 */
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { analyzeSpeech, decodeAudio } from '../apps/server/src/modules/speech-analysis/index.ts'
import { toWebm } from '../test/spoken-audio.ts'
import ESpeakNg from 'espeak-ng'
import { printTable, summarise } from './measure.ts'
import type { Benchmark } from './run.ts'

const RUNS = Number(process.env.SPEECH_BENCH_RUNS ?? 12)
const GOAL_MS = 5_000

const SENTENCES = [
  'So in my last role I led a team of five engineers building a payments platform.',
  'The situation was that our checkout failed for about three percent of customers every week.',
  'Um, my task was to find the root cause and fix it before the holiday season.',
  'I started by adding tracing to every service, you know, so we could see where requests died.',
  'It turned out a retry loop was doubling the load on the database during peaks.',
  'We rewrote the client with exponential backoff and a circuit breaker.',
  'The result was that failed checkouts dropped to almost nothing in six weeks.',
  'I learned to measure first and argue later, and I still work that way.',
]

/** A two-minute answer as webm/opus (espeak-ng, then ffmpeg), cached under the temp directory. */
async function twoMinuteAnswer(): Promise<{ file: string; transcript: string }> {
  const directory = join(tmpdir(), 'speech-bench-v1')
  const file = join(directory, 'two-minutes.webm')
  // About 300 words at 150 words per minute, sentence pauses included.
  const transcript = Array.from({ length: 20 }, (_, i) => SENTENCES[i % SENTENCES.length]).join(' ')
  if (!existsSync(file)) {
    await mkdir(directory, { recursive: true })
    const engine = await ESpeakNg({
      arguments: ['-v', 'en-us', '-s', '150', '-g', '4', '-w', 'answer.wav', transcript],
    })
    await writeFile(file, await toWebm(engine.FS.readFile('answer.wav')))
  }
  return { file, transcript }
}

export const interviewAnalysisBenchmark: Benchmark = {
  name: 'interview-analysis',
  description: 'decodeAudio and analyzeSpeech on a two-minute webm answer, alternating',
  async run() {
    const { file, transcript } = await twoMinuteAnswer()
    const pcm = await decodeAudio(file)
    // Warm-up: loads the VAD model once, as a long-running server would have.
    await analyzeSpeech(pcm, { transcript })
    const latencies = { decode: [] as number[], analyse: [] as number[] }
    const started = performance.now()
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now()
      const decoded = await decodeAudio(file)
      latencies.decode.push(performance.now() - t)
      t = performance.now()
      await analyzeSpeech(decoded, { transcript })
      latencies.analyse.push(performance.now() - t)
    }
    const seconds = (performance.now() - started) / 1000
    const minutes = (pcm.durationSeconds / 60).toFixed(1)
    const decode = summarise(`decodeAudio (${minutes} min webm)`, latencies.decode, seconds)
    const analyse = summarise(`analyzeSpeech (${minutes} min)`, latencies.analyse, seconds)
    printTable('Interview answer analysis (alternating, one at a time)', [decode, analyse])
    console.log(
      `\n  analysis p50 ${analyse.p50Ms.toFixed(0)} ms, p95 ${analyse.p95Ms.toFixed(0)} ms ` +
        `(goal < ${GOAL_MS} ms: ${analyse.p95Ms < GOAL_MS ? 'met' : 'NOT met'}); ` +
        `${(analyse.p50Ms / decode.p50Ms).toFixed(1)}× decoding alone ` +
        `(decode p50 ${decode.p50Ms.toFixed(0)} ms, p95 ${decode.p95Ms.toFixed(0)} ms)`,
    )
  },
}
