/**
 * ffmpeg, from the npm package that ships a static build for each platform
 * (`@ffmpeg-installer/ffmpeg`), so nothing is needed on the machine's PATH. It is GPL software:
 * the server runs it only as a separate child process, never linked or loaded as a library
 * (NOTICE). This is the one place that starts it: decoding recordings (speech-analysis) and
 * encoding an interview's session recording (interviews), rendering analysis videos
 * (analysis-video).
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

/**
 * Like `runFfmpeg`, for inputs too large to hold in memory (an analysis video's raw frames):
 * writes `input`'s chunks to stdin as they are produced, waiting while the pipe is full, and
 * hands each piece of stdout to `onStdout` as it arrives (e.g. `-progress pipe:1`). If `input`
 * throws, ffmpeg is killed and the error is rethrown.
 */
export async function streamFfmpeg(
  args: string[],
  input: AsyncIterable<Uint8Array>,
  onStdout?: (chunk: Buffer) => void,
): Promise<FfmpegRun> {
  const child = spawn(ffmpeg.path, ['-hide_banner', '-v', 'error', ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const chunks: Buffer[] = []
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => {
    chunks.push(chunk)
    onStdout?.(chunk)
  })
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const closed = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', resolve)
  })
  closed.catch(() => {})
  // ffmpeg may stop reading early (a limit reached, or a failure it reports on stderr).
  let stdinClosed = false
  child.stdin.on('error', () => (stdinClosed = true))
  child.stdin.on('close', () => (stdinClosed = true))
  try {
    for await (const chunk of input) {
      if (stdinClosed) {
        break
      }
      if (!child.stdin.write(chunk)) {
        await new Promise<void>((resolve) => {
          const go = () => {
            child.stdin.off('drain', go)
            child.stdin.off('close', go)
            resolve()
          }
          child.stdin.on('drain', go)
          child.stdin.on('close', go)
        })
      }
    }
    child.stdin.end()
  } catch (error) {
    child.kill('SIGKILL')
    await closed.catch(() => {})
    throw error
  }
  const code = await closed
  return { code, stdout: Buffer.concat(chunks), stderr }
}
