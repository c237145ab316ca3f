/**
 * `parseResumeInWorker`: the same parse in a worker thread with a memory cap and a deadline, so a
 * PDF bomb (a page of millions of operators, a stream that inflates to gigabytes) can neither
 * hang nor exhaust the process that asked: on expiry or when the worker runs out of memory it is
 * terminated and the parse fails as `unreadable`.
 */
import { Worker } from 'node:worker_threads'
import { ResumeParseError } from './errors.ts'
import { DEFAULT_MAX_PAGES, looksLikePdf } from './pdf-text.ts'
import type { ParsedResume, ResumeParseFailure } from './types.ts'

export interface WorkerParseOptions {
  /** Wall-clock limit for the whole parse (default 15 s). */
  timeoutMs?: number
  maxPages?: number
  /** Old-generation heap of the worker in MiB (default 256). */
  maxMemoryMb?: number
}

const WORKER_URL = new URL('./parse-worker.ts', import.meta.url)

export function parseResumeInWorker(
  bytes: Uint8Array,
  options: WorkerParseOptions = {},
): Promise<ParsedResume> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES
  // Cheap refusals need no thread.
  if (!looksLikePdf(bytes)) return Promise.reject(new ResumeParseError('not_pdf'))
  const memory = options.maxMemoryMb ?? 256
  return new Promise<ParsedResume>((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { bytes, maxPages },
      resourceLimits: {
        maxOldGenerationSizeMb: memory,
        maxYoungGenerationSizeMb: Math.max(16, Math.round(memory / 8)),
        stackSizeMb: 8,
      },
      stdout: true,
      stderr: true,
    })
    let settled = false
    const finish = (outcome: { parsed?: ParsedResume; failure?: ResumeParseFailure }) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void worker.terminate()
      if (outcome.parsed) resolve(outcome.parsed)
      else reject(new ResumeParseError(outcome.failure ?? 'unreadable', { maxPages }))
    }
    const timer = setTimeout(() => finish({ failure: 'unreadable' }), options.timeoutMs ?? 15_000)
    worker.on(
      'message',
      (message: { ok: true; parsed: ParsedResume } | { ok: false; failure: ResumeParseFailure }) =>
        finish(message.ok ? { parsed: message.parsed } : { failure: message.failure }),
    )
    worker.on('error', () => finish({ failure: 'unreadable' }))
    worker.on('exit', () => finish({ failure: 'unreadable' }))
  })
}
