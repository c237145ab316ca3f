/**
 * ffmpeg, from the npm package that ships a static build for each platform
 * (`@ffmpeg-installer/ffmpeg`), so nothing is needed on the machine's PATH. It is GPL software:
 * the server runs it only as a separate child process, never linked or loaded as a library
 * (NOTICE). This is the one place that starts it: decoding recordings (speech-analysis) and
 * encoding an interview's session recording (interviews).
 */
import { spawn } from 'node:child_process'
import ffmpeg from '@ffmpeg-installer/ffmpeg'

export type FfmpegRun = { code: number | null; stdout: Buffer; stderr: string }

/**
 * Runs ffmpeg with `args` (quiet: errors only), feeding `input` on stdin when given (write
 * `pipe:0` as the input then), and collects what it writes to stdout (`pipe:1`).
 */
export function runFfmpeg(args: string[], input?: Uint8Array): Promise<FfmpegRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpeg.path,
      [...(input ? [] : ['-nostdin']), '-hide_banner', '-v', 'error', ...args],
      { stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] },
    )
    const chunks: Buffer[] = []
    let stderr = ''
    child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(chunks), stderr }))
    if (input) {
      // ffmpeg may stop reading early (a limit reached): that is its answer, not an error.
      child.stdin!.on('error', () => {})
      child.stdin!.end(input)
    }
  })
}
