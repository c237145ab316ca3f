/**
 * Decodes any container ffmpeg knows (wav, mp3, webm/opus, ogg, m4a) to 16 kHz mono Float32
 * samples with the bundled ffmpeg (platform/ffmpeg.ts).
 * Bytes are written to a private temporary file rather than piped, so containers whose index
 * sits at the end (m4a/mp4) decode too.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runFfmpeg } from '../../platform/ffmpeg.ts'
import { SpeechAnalysisError } from './errors.ts'

export const SAMPLE_RATE = 16_000

export type DecodeLimits = {
  /** Longest recording accepted, in seconds (default 600). */
  maxSeconds?: number
  /** Largest file accepted, in bytes (default 50 MB). */
  maxBytes?: number
}

export type Pcm = {
  samples: Float32Array
  sampleRate: typeof SAMPLE_RATE
  durationSeconds: number
}

const DEFAULT_MAX_SECONDS = 600
const DEFAULT_MAX_BYTES = 50 * 1024 * 1024

/** Decodes a file to raw f32le samples, at most `seconds` of them. */
async function decodeFile(
  path: string,
  seconds: number,
): Promise<{ code: number | null; pcm: Buffer }> {
  const run = await runFfmpeg([
    '-i',
    path,
    '-t',
    String(seconds),
    '-vn',
    '-f',
    'f32le',
    '-ac',
    '1',
    '-ar',
    String(SAMPLE_RATE),
    'pipe:1',
  ])
  return { code: run.code, pcm: run.stdout }
}

/** Decodes a recording (its bytes, or a path to it) to 16 kHz mono samples. */
export async function decodeAudio(
  input: Uint8Array | string,
  limits: DecodeLimits = {},
): Promise<Pcm> {
  const maxSeconds = limits.maxSeconds ?? DEFAULT_MAX_SECONDS
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES
  let directory: string | undefined
  let path: string
  try {
    if (typeof input === 'string') {
      path = input
      const info = await stat(path)
      if (!info.isFile()) throw new SpeechAnalysisError('audio_unreadable')
      if (info.size > maxBytes) throw new SpeechAnalysisError('audio_too_large', { maxBytes })
      if (info.size === 0) throw new SpeechAnalysisError('audio_unreadable')
    } else {
      if (input.byteLength > maxBytes)
        throw new SpeechAnalysisError('audio_too_large', { maxBytes })
      if (input.byteLength === 0) throw new SpeechAnalysisError('audio_unreadable')
      directory = await mkdtemp(join(tmpdir(), 'speech-'))
      path = join(directory, 'recording')
      await writeFile(path, input)
    }
    // One sample more than allowed tells "too long" apart from "exactly the limit".
    const { code, pcm } = await decodeFile(path, maxSeconds + 0.05)
    const count = Math.floor(pcm.byteLength / 4)
    if (code !== 0 && count === 0) throw new SpeechAnalysisError('audio_unreadable')
    if (count === 0) throw new SpeechAnalysisError('audio_unreadable')
    if (count > maxSeconds * SAMPLE_RATE + SAMPLE_RATE * 0.02) {
      throw new SpeechAnalysisError('audio_too_long', { maxSeconds })
    }
    const samples = new Float32Array(count)
    for (let i = 0; i < count; i++) samples[i] = pcm.readFloatLE(i * 4)
    return { samples, sampleRate: SAMPLE_RATE, durationSeconds: count / SAMPLE_RATE }
  } catch (error) {
    if (error instanceof SpeechAnalysisError) throw error
    throw new SpeechAnalysisError('audio_unreadable', { cause: error })
  } finally {
    if (directory) await rm(directory, { recursive: true, force: true })
  }
}
