/**
 * The labelled set: invented interview answers spoken by espeak-ng (GPL-3.0, WebAssembly; used
 * only here, never by product code) at known rates and voices, with silences of known length
 * between sentences, some with background noise or music-like tones. Each answer is saved as
 * wav, mp3 and webm/opus (ffmpeg) in a cache under the OS temp directory, with its truth:
 * words, first-to-last-word span measured on the clean signal, pace, fillers, filled pauses.
 *
 * `node apps/server/src/modules/speech-analysis/labelled-set/generate.ts` (re)builds the cache;
 * `loadLabelledSet()` builds what is missing and returns the answers.
 */
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runFfmpeg } from '../../../platform/ffmpeg.ts'
import ESpeakNg from 'espeak-ng'
import { PROSE_HELD_OUT_SENTENCES, PROSE_TRAINING_SENTENCES } from './prose.ts'
import { HELD_OUT_SENTENCES, TRAINING_SENTENCES } from './sentences.ts'

export const CACHE_DIR = join(tmpdir(), 'speech-labelled-set-v1')
const RATE = 22_050

/**
 * `training`/`held-out`: the first set (number-heavy sentences). `prose-training`/`prose-held-out`:
 * the second, ordinary conversational prose (prose.ts), five voices at -s 110–220.
 */
export type Cohort = 'training' | 'held-out' | 'prose-training' | 'prose-held-out'
export type Container = 'wav' | 'mp3' | 'webm'

export type AnswerSpec = {
  id: string
  cohort: Cohort
  voice: string
  /** espeak -s (nominal words per minute; espeak is not exact). */
  rate: number
  sentences: string[]
  /** Silence after each sentence but the last, in seconds. */
  gaps: number[]
  leadSeconds: number
  noise?: 'white' | 'pink'
  /** Signal-to-noise ratio of the noise, dB. */
  snrDb?: number
  music?: boolean
}

export type Truth = {
  id: string
  cohort: Cohort
  voice: string
  rate: number
  transcript: string
  words: number
  firstWordSeconds: number
  lastWordSeconds: number
  wordsPerMinute: number
  /** Fillers written into the text: {word: n}. */
  fillers: Record<string, number>
  fillerCount: number
  /** Held filled pauses spoken but absent from the transcript. */
  filledPauses: number
  /** Silences between sentences of at least 0.5 s. */
  longPauses: number
  /** Syllables of the spoken text (fillers included, held pauses not), from espeak's phonemes. */
  syllables?: number
  durationSeconds: number
  noise: string
  files: Record<Container, string>
}

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const TRAINING_VOICES = ['en-us', 'en-gb']
const TRAINING_RATES = [130, 150, 170, 190]
const HELD_OUT_VOICES = ['en+f3', 'en-us+m3', 'en-029']
const HELD_OUT_RATES = [110, 140, 180, 210]

/** The answers of the set: 26 training, 22 held out. */
export function answerSpecs(): AnswerSpec[] {
  const specs: AnswerSpec[] = []
  const make = (
    cohort: Cohort,
    count: number,
    pool: string[],
    voices: string[],
    rates: number[],
    seed: number,
  ) => {
    const next = random(seed)
    for (let i = 0; i < count; i++) {
      // Lengths from one sentence (3–5 s) to twelve (about a minute).
      const sentenceCount = [1, 1, 2, 3, 4, 5, 6, 8, 10, 12][i % 10]!
      const start = Math.floor(next() * pool.length)
      const sentences = Array.from(
        { length: sentenceCount },
        (_, k) => pool[(start + k * 3) % pool.length]!,
      )
      const gaps = sentences.slice(1).map(() => {
        const r = next()
        return r < 0.5 ? 0.1 + next() * 0.25 : r < 0.8 ? 0.6 + next() * 0.6 : 1.2 + next() * 1.8
      })
      const kind = i % 6
      specs.push({
        id: `${cohort === 'training' ? 't' : 'h'}${String(i + 1).padStart(2, '0')}`,
        cohort,
        voice: voices[i % voices.length]!,
        rate: rates[(i + Math.floor(i / voices.length)) % rates.length]!,
        sentences,
        gaps: gaps.map((g) => Math.round(g * 100) / 100),
        leadSeconds: Math.round((0.2 + next() * 1.3) * 100) / 100,
        ...(kind === 2 ? { noise: 'white' as const, snrDb: 25 } : {}),
        ...(kind === 4 ? { noise: 'pink' as const, snrDb: 20 } : {}),
        ...(kind === 5 && i % 12 === 5 ? { music: true } : {}),
      })
    }
  }
  make('training', 26, TRAINING_SENTENCES, TRAINING_VOICES, TRAINING_RATES, 7)
  make('held-out', 22, HELD_OUT_SENTENCES, HELD_OUT_VOICES, HELD_OUT_RATES, 1234)
  makeProse('prose-training', 24, PROSE_TRAINING_SENTENCES, 4242, specs)
  makeProse('prose-held-out', 32, PROSE_HELD_OUT_SENTENCES, 9001, specs)
  return specs
}

const PROSE_VOICES = ['en-us', 'en-gb', 'en+f3', 'en-us+m3', 'en-029']
const PROSE_RATES = [110, 130, 150, 170, 190, 220]

/** Answers of 4–14 consecutive prose sentences (about 20–90 s), a quarter without fillers. */
function makeProse(
  cohort: Cohort,
  count: number,
  pool: string[],
  seed: number,
  specs: AnswerSpec[],
) {
  const next = random(seed)
  for (let i = 0; i < count; i++) {
    const sentenceCount = [4, 6, 8, 5, 10, 7, 12, 9, 14, 6, 11][i % 11]!
    const start = Math.floor(next() * pool.length)
    const plain = i % 4 === 3
    const sentences = Array.from({ length: sentenceCount }, (_, k) => {
      const sentence = pool[(start + k) % pool.length]!
      return plain
        ? sentence
            .replace(/<uh>/g, '')
            .replace(/\{[^}]+\},?\s*/g, '')
            .replace(/^\s*(\w)/, (c) => c.toUpperCase())
            .trim()
        : sentence
    })
    const gaps = sentences.slice(1).map(() => {
      const r = next()
      return r < 0.55 ? 0.15 + next() * 0.3 : r < 0.85 ? 0.6 + next() * 0.8 : 1.5 + next() * 1.5
    })
    const kind = i % 6
    specs.push({
      id: `${cohort === 'prose-training' ? 'p' : 'q'}${String(i + 1).padStart(2, '0')}`,
      cohort,
      voice: PROSE_VOICES[i % PROSE_VOICES.length]!,
      rate: PROSE_RATES[(i * 5 + Math.floor(i / 6)) % PROSE_RATES.length]!,
      sentences,
      gaps: gaps.map((g) => Math.round(g * 100) / 100),
      leadSeconds: Math.round((0.2 + next() * 1.3) * 100) / 100,
      ...(kind === 2 ? { noise: 'white' as const, snrDb: 25 } : {}),
      ...(kind === 4 ? { noise: 'pink' as const, snrDb: 20 } : {}),
      ...(kind === 5 && i % 12 === 5 ? { music: true } : {}),
    })
  }
}

/** espeak's phonemes (`-x`) of a text: one string per clause. */
async function phonemes(voice: string, text: string): Promise<string> {
  const lines: string[] = []
  // Emscripten's `print` receives stdout (not in our narrow type declaration).
  const options = {
    arguments: ['-v', voice, '-q', '-x', text],
    print: (line: string) => lines.push(line),
  }
  await ESpeakNg(options)
  return lines.join(' ')
}

/** Syllables in espeak's phoneme string: each run of vowel phonemes is one nucleus. */
export function countPhonemeSyllables(phonemeText: string): number {
  return (phonemeText.replace(/[^A-Za-z@0-9:' ]/g, ' ').match(/[aAeEiIoOuUV@03]+/g) ?? []).length
}

/** The spoken syllables of an answer's sentences, as espeak says them. */
export async function spokenSyllables(voice: string, sentences: string[]): Promise<number> {
  let total = 0
  for (const sentence of sentences) {
    for (const piece of sentence.split('<uh>')) {
      const spoken = piece.replace(/[{}]/g, '').trim()
      if (spoken) total += countPhonemeSyllables(await phonemes(voice, spoken))
    }
  }
  return total
}

/** What is spoken (fillers spoken, held pauses as a long vowel) and what is written. */
export function textsOf(sentence: string) {
  const written = sentence
    .replace(/\s*<uh>\s*/g, ' ')
    .replace(/[{}]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  const fillers = [...sentence.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!.toLowerCase())
  const filledPauses = (sentence.match(/<uh>/g) ?? []).length
  return { written, fillers, filledPauses }
}

async function speak(voice: string, rate: number, text: string): Promise<Float32Array> {
  const engine = await ESpeakNg({
    arguments: ['-v', voice, '-s', String(rate), '-w', 'out.wav', text],
  })
  const wav = engine.FS.readFile('out.wav')
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength)
  // Find the data chunk (espeak writes a plain 44-byte header; be tolerant anyway).
  let offset = 12
  while (offset + 8 <= wav.byteLength) {
    const id = String.fromCharCode(...wav.subarray(offset, offset + 4))
    const size = view.getUint32(offset + 4, true)
    if (id === 'data') {
      offset += 8
      const count = Math.min(Math.floor(size / 2), Math.floor((wav.byteLength - offset) / 2))
      const out = new Float32Array(count)
      for (let i = 0; i < count; i++) out[i] = view.getInt16(offset + 2 * i, true) / 32768
      return out
    }
    offset += 8 + size
  }
  throw new Error('espeak-ng wrote no audio')
}

/** The sound from its first to its last non-silent sample. */
function trim(samples: Float32Array): Float32Array {
  const level = 2 / 32768
  let a = 0
  while (a < samples.length && Math.abs(samples[a]!) <= level) a++
  let b = samples.length
  while (b > a && Math.abs(samples[b - 1]!) <= level) b--
  return samples.subarray(a, b)
}

/** A held "uhhh" (schwa), about 0.6–0.8 s, spoken slowly by the same voice. */
async function heldVowel(voice: string): Promise<Float32Array> {
  return trim(await speak(voice, 80, '[[@@@@]]'))
}

function noiseSignal(kind: 'white' | 'pink', length: number, next: () => number): Float32Array {
  const out = new Float32Array(length)
  let b0 = 0
  let b1 = 0
  let b2 = 0
  for (let i = 0; i < length; i++) {
    const white = next() * 2 - 1
    if (kind === 'white') {
      out[i] = white
      continue
    }
    b0 = 0.99765 * b0 + white * 0.099046
    b1 = 0.963 * b1 + white * 0.2965164
    b2 = 0.57 * b2 + white * 1.0526913
    out[i] = (b0 + b1 + b2 + white * 0.1848) * 0.2
  }
  return out
}

const rms = (x: Float32Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / Math.max(1, x.length))

function wavBytes(samples: Float32Array, rate: number): Uint8Array {
  const out = new Uint8Array(44 + samples.length * 2)
  const view = new DataView(out.buffer)
  const text = (at: number, s: string) =>
    [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)))
  text(0, 'RIFF')
  view.setUint32(4, 36 + samples.length * 2, true)
  text(8, 'WAVE')
  text(12, 'fmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true)
  view.setUint16(22, 1, true)
  view.setUint32(24, rate, true)
  view.setUint32(28, rate * 2, true)
  view.setUint16(32, 2, true)
  view.setUint16(34, 16, true)
  text(36, 'data')
  view.setUint32(40, samples.length * 2, true)
  for (let i = 0; i < samples.length; i++) {
    view.setInt16(
      44 + 2 * i,
      Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32767))),
      true,
    )
  }
  return out
}

/** Re-encodes a file with ffmpeg (args: codec options). */
export async function encode(input: string, output: string, args: string[]): Promise<void> {
  const run = await runFfmpeg(['-y', '-i', input, ...args, output])
  if (run.code !== 0) throw new Error(`ffmpeg exited ${run.code}: ${run.stderr}`)
}

export type SynthesisedAnswer = {
  samples: Float32Array
  sampleRate: number
  truth: Omit<Truth, 'files'>
}

/** Speaks one answer and measures its truth on the clean signal. */
export async function synthesise(spec: AnswerSpec): Promise<SynthesisedAnswer> {
  const parts: Float32Array[] = []
  const silence = (seconds: number) => new Float32Array(Math.round(seconds * RATE))
  parts.push(silence(spec.leadSeconds))
  let speechStart = -1
  let speechEnd = 0
  let length = parts[0]!.length
  const written: string[] = []
  const fillers: Record<string, number> = {}
  let filledPauses = 0
  let longPauses = 0
  for (let i = 0; i < spec.sentences.length; i++) {
    const sentence = spec.sentences[i]!
    const texts = textsOf(sentence)
    written.push(texts.written)
    for (const f of texts.fillers) fillers[f] = (fillers[f] ?? 0) + 1
    filledPauses += texts.filledPauses
    // A held pause is spoken as its own sound where <uh> stands.
    const pieces = sentence.split('<uh>')
    for (let p = 0; p < pieces.length; p++) {
      if (p > 0) {
        const held = await heldVowel(spec.voice)
        parts.push(silence(0.08), held, silence(0.08))
        length += held.length + 2 * Math.round(0.08 * RATE)
      }
      const spoken = pieces[p]!.replace(/[{}]/g, '').trim()
      if (!spoken) continue
      const audio = trim(await speak(spec.voice, spec.rate, spoken))
      if (speechStart < 0) speechStart = length
      parts.push(audio)
      length += audio.length
      speechEnd = length
    }
    if (i < spec.sentences.length - 1) {
      const gap = spec.gaps[i]!
      if (gap >= 0.5) longPauses++
      parts.push(silence(gap))
      length += Math.round(gap * RATE)
    }
  }
  parts.push(silence(0.5))
  length += Math.round(0.5 * RATE)
  const samples = new Float32Array(length)
  let at = 0
  for (const part of parts) {
    samples.set(part, at)
    at += part.length
  }
  const next = random(spec.id.split('').reduce((h, c) => h * 31 + c.charCodeAt(0), 17))
  const level = rms(samples.subarray(speechStart, speechEnd))
  if (spec.noise) {
    const noise = noiseSignal(spec.noise, samples.length, next)
    const gain = (level / rms(noise)) * 10 ** (-(spec.snrDb ?? 25) / 20)
    for (let i = 0; i < samples.length; i++) samples[i] = samples[i]! + noise[i]! * gain
  }
  if (spec.music) {
    // A soft chord under the whole answer, and a louder one-second jingle before it.
    const notes = [220, 277.18, 329.63, 440]
    for (let i = 0; i < samples.length; i++) {
      const t = i / RATE
      let chord = 0
      for (const f of notes) chord += Math.sin(2 * Math.PI * f * t)
      const intro = t < spec.leadSeconds - 0.1 ? 0.5 : 0.06
      samples[i] = samples[i]! + chord * level * intro * 0.25
    }
  }
  const words = written
    .join(' ')
    .split(/\s+/)
    .filter((t) => /[A-Za-z0-9]/.test(t)).length
  const span = (speechEnd - speechStart) / RATE
  const fillerCount = Object.values(fillers).reduce((s, n) => s + n, 0)
  return {
    samples,
    sampleRate: RATE,
    truth: {
      id: spec.id,
      cohort: spec.cohort,
      voice: spec.voice,
      rate: spec.rate,
      transcript: written.join(' '),
      words,
      firstWordSeconds: speechStart / RATE,
      lastWordSeconds: speechEnd / RATE,
      wordsPerMinute: (words / span) * 60,
      fillers,
      fillerCount,
      filledPauses,
      longPauses,
      durationSeconds: samples.length / RATE,
      noise: spec.music ? 'music' : spec.noise ? `${spec.noise} ${spec.snrDb} dB` : 'clean',
    },
  }
}

/** Writes wav bytes of an answer (22.05 kHz 16-bit mono). */
export const toWav = (answer: SynthesisedAnswer) => wavBytes(answer.samples, answer.sampleRate)

/** Builds the missing answers in the cache and returns every answer's truth. */
export async function loadLabelledSet(
  filter: (spec: AnswerSpec) => boolean = () => true,
): Promise<Truth[]> {
  await mkdir(CACHE_DIR, { recursive: true })
  const truths: Truth[] = []
  for (const spec of answerSpecs().filter(filter)) {
    const base = join(CACHE_DIR, spec.id)
    const files: Record<Container, string> = {
      wav: `${base}.wav`,
      mp3: `${base}.mp3`,
      webm: `${base}.webm`,
    }
    const truthPath = `${base}.json`
    if (!existsSync(truthPath) || !Object.values(files).every((f) => existsSync(f))) {
      const answer = await synthesise(spec)
      await writeFile(files.wav, toWav(answer))
      await encode(files.wav, files.mp3, ['-codec:a', 'libmp3lame', '-b:a', '64k'])
      await encode(files.wav, files.webm, ['-codec:a', 'libopus', '-b:a', '32k'])
      await writeFile(truthPath, JSON.stringify({ ...answer.truth, files }, null, 2))
    }
    const truth = JSON.parse(await readFile(truthPath, 'utf8')) as Truth
    if (truth.syllables === undefined) {
      truth.syllables = await spokenSyllables(spec.voice, spec.sentences)
      await writeFile(truthPath, JSON.stringify(truth, null, 2))
    }
    truths.push(truth)
  }
  return truths
}

if (import.meta.main) {
  const truths = await loadLabelledSet()
  console.log(`${truths.length} answers in ${CACHE_DIR}`)
  for (const t of truths) {
    console.log(
      `${t.id} ${t.cohort.padEnd(8)} ${t.voice.padEnd(9)} -s ${t.rate} ${t.words} words ` +
        `${(t.lastWordSeconds - t.firstWordSeconds).toFixed(1)} s ${t.wordsPerMinute.toFixed(0)} wpm ` +
        `${((t.syllables ?? 0) / t.words).toFixed(2)} syll/word fillers ${t.fillerCount} held ${t.filledPauses} ${t.noise}`,
    )
  }
}
