/**
 * The narration track: each scene's spoken line decoded by ffmpeg to 24 kHz mono PCM (the
 * offline voice answers WAV, a speech API MP3), measured, and laid at its scene's start on one
 * silent track, so the audio's timing is exactly the timeline's.
 */
import { runFfmpeg } from '../../platform/ffmpeg.ts'
import type { Voice } from '../voice/index.ts'
import { VideoRenderError } from './errors.ts'

export const AUDIO_SAMPLE_RATE = 24_000
const BYTES_PER_SECOND = AUDIO_SAMPLE_RATE * 2

export type SpokenLine = { text: string; pcm: Buffer; seconds: number }

/** Speaks `text` with `voice` and decodes it to 16-bit mono PCM. */
export async function speakLine(voice: Voice, text: string): Promise<SpokenLine> {
  let audio: { bytes: Uint8Array }
  try {
    audio = await voice.speak(text)
  } catch (error) {
    throw new VideoRenderError(
      'voice_failed',
      `The narration could not be spoken by the ${voice.name}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    )
  }
  const run = await runFfmpeg(
    ['-i', 'pipe:0', '-f', 's16le', '-ac', '1', '-ar', String(AUDIO_SAMPLE_RATE), 'pipe:1'],
    audio.bytes,
  )
  if (run.code !== 0 || run.stdout.length < 2) {
    throw new VideoRenderError(
      'voice_failed',
      `The narration audio from the ${voice.name} could not be decoded: ${run.stderr.trim() || `ffmpeg exited with ${run.code}`}`,
    )
  }
  const pcm = run.stdout.subarray(0, run.stdout.length - (run.stdout.length % 2))
  return { text, pcm, seconds: pcm.length / BYTES_PER_SECOND }
}

/** One track of `totalSeconds` with each line starting at its time (in seconds). */
export function layTrack(lines: { pcm: Buffer; start: number }[], totalSeconds: number): Buffer {
  const track = Buffer.alloc(Math.round(totalSeconds * AUDIO_SAMPLE_RATE) * 2)
  for (const line of lines) {
    const offset = Math.round(line.start * AUDIO_SAMPLE_RATE) * 2
    line.pcm.copy(track, offset, 0, Math.max(0, Math.min(line.pcm.length, track.length - offset)))
  }
  return track
}
