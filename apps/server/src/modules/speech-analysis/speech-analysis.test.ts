// The analyser on answers spoken by espeak-ng at test time (a few seconds of CPU): decoding
// every container, refusals with their codes, voice activity around a known silence, pace with
// and without a transcript, pauses and a held filled pause heard in the audio.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  analyzeRecording,
  analyzeSpeech,
  decodeAudio,
  detectSpeech,
  SpeechAnalysisError,
} from './index.ts'
import { encode, synthesise, toWav, type SynthesisedAnswer } from './labelled-set/generate.ts'

let directory: string
let answer: SynthesisedAnswer
const files: Record<string, string> = {}
const GAP = 1.2

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'speech-test-'))
  answer = await synthesise({
    id: 'test-gap',
    cohort: 'training',
    voice: 'en-us',
    rate: 160,
    sentences: [
      '{So} my task was to find the root cause and fix it before the holiday season.',
      'We held weekly pairing sessions and I wrote a short onboarding guide.',
    ],
    gaps: [GAP],
    leadSeconds: 0.6,
  })
  files.wav = join(directory, 'answer.wav')
  await writeFile(files.wav, toWav(answer))
  const codecs: Record<string, string[]> = {
    mp3: ['-codec:a', 'libmp3lame', '-b:a', '64k'],
    webm: ['-codec:a', 'libopus', '-b:a', '32k'],
    ogg: ['-codec:a', 'libopus', '-b:a', '32k'],
    m4a: ['-codec:a', 'aac', '-b:a', '64k'],
  }
  for (const [extension, args] of Object.entries(codecs)) {
    files[extension] = join(directory, `answer.${extension}`)
    await encode(files.wav, files[extension], args)
  }
}, 30_000)

afterAll(async () => {
  await rm(directory, { recursive: true, force: true })
})

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SpeechAnalysisError)
  return (error as SpeechAnalysisError).code
}

describe('decodeAudio', () => {
  it('decodes wav, mp3, webm, ogg and m4a to 16 kHz mono of the right length', async () => {
    for (const extension of ['wav', 'mp3', 'webm', 'ogg', 'm4a']) {
      const pcm = await decodeAudio(files[extension]!)
      expect(pcm.sampleRate).toBe(16_000)
      expect(pcm.samples.length).toBe(Math.round(pcm.durationSeconds * 16_000))
      expect(Math.abs(pcm.durationSeconds - answer.truth.durationSeconds), extension).toBeLessThan(
        0.1,
      )
    }
    const fromBytes = await decodeAudio(new Uint8Array(toWav(answer)))
    expect(Math.abs(fromBytes.durationSeconds - answer.truth.durationSeconds)).toBeLessThan(0.01)
  })

  it('refuses what is not audio, too long or too large, with stable codes', async () => {
    const garbage = new Uint8Array(4096).map((_, i) => (i * 7919) % 251)
    expect(await refusal(decodeAudio(garbage))).toBe('audio_unreadable')
    expect(await refusal(decodeAudio(new TextEncoder().encode('just some text, not a wav')))).toBe(
      'audio_unreadable',
    )
    expect(await refusal(decodeAudio(new Uint8Array(0)))).toBe('audio_unreadable')
    expect(await refusal(decodeAudio(join(directory, 'missing.wav')))).toBe('audio_unreadable')
    // A wav header promising more than it holds is cut short, not a crash.
    expect(await refusal(decodeAudio(toWav(answer).subarray(0, 40)))).toBe('audio_unreadable')
    expect(await refusal(decodeAudio(files.webm!, { maxSeconds: 2 }))).toBe('audio_too_long')
    expect(await refusal(decodeAudio(files.wav!, { maxBytes: 1000 }))).toBe('audio_too_large')
  })
})

describe('analyzeSpeech', () => {
  it('finds the known silence between the two sentences, and the first and last word', async () => {
    const pcm = await decodeAudio(files.wav!)
    const segments = await detectSpeech(pcm.samples)
    const { firstWordSeconds, lastWordSeconds } = answer.truth
    expect(Math.abs(segments[0]!.start - firstWordSeconds)).toBeLessThan(0.05)
    expect(Math.abs(segments.at(-1)!.end - lastWordSeconds)).toBeLessThan(0.05)
    const gaps = segments.slice(1).map((s, i) => s.start - segments[i]!.end)
    const longest = Math.max(...gaps)
    expect(longest).toBeGreaterThan(GAP - 0.1)
    expect(longest).toBeLessThan(GAP + 0.1)
    const analysis = await analyzeSpeech(pcm)
    expect(analysis.pauses.count).toBe(1)
    expect(Math.abs(analysis.pauses.longestSeconds - GAP)).toBeLessThan(0.1)
  })

  it('measures the pace within 5% with the transcript and 10% from the audio alone', async () => {
    const truth = answer.truth.wordsPerMinute
    for (const extension of ['wav', 'webm']) {
      const withTranscript = await analyzeRecording(files[extension]!, {
        transcript: answer.truth.transcript,
      })
      expect(withTranscript.paceSource).toBe('transcript')
      expect(withTranscript.wordCount).toBe(answer.truth.words)
      expect(Math.abs(withTranscript.wordsPerMinute / truth - 1), extension).toBeLessThan(0.05)
      expect(withTranscript.fillers).toEqual({ so: 1 })
      const acoustic = await analyzeRecording(files[extension]!)
      expect(acoustic.paceSource).toBe('acoustic')
      expect(Math.abs(acoustic.wordsPerMinute / truth - 1), extension).toBeLessThan(0.1)
    }
  })

  it('hears a held "uhhh" the transcript left out, and no such thing in plain speech', async () => {
    // A low and a high voice: the high one needs the pitch tracker's octave check.
    for (const voice of ['en-gb', 'en+f3']) {
      const held = await synthesise({
        id: `test-held-${voice}`,
        cohort: 'training',
        voice,
        rate: 150,
        sentences: ['{Uh}, <uh> the follow-up project reused most of that design.'],
        gaps: [],
        leadSeconds: 0.3,
      })
      const pcm = await decodeAudio(toWav(held))
      const transcript = held.truth.transcript
      const withHeld = await analyzeSpeech(pcm, {
        transcript: 'The follow-up project reused most of that design.',
      })
      expect(withHeld.acousticFilledPauses.count, voice).toBe(1)
      expect(withHeld.fillers).toEqual({ 'filled pause': 1 })
      expect(withHeld.fillerCount).toBe(1)
      // When the transcript has its own um/uh, the audio's count does not add to it.
      expect((await analyzeSpeech(pcm, { transcript })).fillers).toEqual({ uh: 1 })
    }
    const plain = await analyzeSpeech(await decodeAudio(files.wav!))
    expect(plain.acousticFilledPauses.count).toBe(0)
  })

  it('starts the answer at its first word, after an opening held "uhhh"', async () => {
    const opening = await synthesise({
      id: 'test-opening-held',
      cohort: 'prose-training',
      voice: 'en-us',
      rate: 170,
      sentences: [
        '<uh> I guess the short answer is that I like solving problems with other people.',
      ],
      gaps: [],
      leadSeconds: 0.4,
    })
    const { firstWordSeconds, lastWordSeconds, transcript, wordsPerMinute } = opening.truth
    const analysis = await analyzeSpeech(await decodeAudio(toWav(opening)), { transcript })
    expect(analysis.acousticFilledPauses.count).toBe(1)
    // The held vowel (about 0.7 s) is speech to the voice-activity detector, but no word.
    expect(analysis.segments[0]!.start).toBeLessThan(firstWordSeconds - 0.4)
    expect(Math.abs(analysis.firstWordSeconds! - firstWordSeconds)).toBeLessThan(0.1)
    expect(Math.abs(analysis.lastWordSeconds! - lastWordSeconds)).toBeLessThan(0.05)
    expect(Math.abs(analysis.wordsPerMinute / wordsPerMinute - 1)).toBeLessThan(0.05)
  })

  it('reports no speech in silence, without dividing by zero', async () => {
    const analysis = await analyzeSpeech({
      samples: new Float32Array(16_000),
      sampleRate: 16_000,
      durationSeconds: 1,
    })
    expect(analysis).toMatchObject({
      speakingSeconds: 0,
      wordsPerMinute: 0,
      firstWordSeconds: null,
      pauses: { count: 0, longestSeconds: 0 },
      fillerCount: 0,
    })
  })
})
