/**
 * Spoken test recordings: eSpeak NG (WebAssembly) reads a text at a set rate into a WAV, and
 * ffmpeg re-encodes it as a browser would have recorded it (WebM/Opus). Invented answers only.
 */
import ESpeakNg from 'espeak-ng'
import { runFfmpeg } from '../apps/server/src/platform/ffmpeg.ts'

export async function speak(
  text: string,
  options: { wordsPerMinute?: number; voice?: string } = {},
): Promise<Uint8Array> {
  const espeak = await ESpeakNg({
    arguments: [
      '-v',
      options.voice ?? 'en-us',
      '-s',
      String(options.wordsPerMinute ?? 150),
      '-w',
      'answer.wav',
      text,
    ],
  })
  return espeak.FS.readFile('answer.wav')
}

/** A WAV re-encoded as WebM/Opus, the container Chromium's MediaRecorder writes. */
export async function toWebm(wav: Uint8Array): Promise<Uint8Array> {
  const run = await runFfmpeg(
    ['-i', 'pipe:0', '-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', 'pipe:1'],
    wav,
  )
  if (run.code !== 0) throw new Error(`ffmpeg exited ${run.code}: ${run.stderr}`)
  return run.stdout
}
