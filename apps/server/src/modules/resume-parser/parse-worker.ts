/**
 * The body of the worker thread `parseResumeInWorker` starts: parses the bytes it is given and
 * posts back the result, or the failure.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { ResumeParseError } from './errors.ts'
import { parseResumePdf } from './parse.ts'

const { bytes, maxPages } = workerData as { bytes: Uint8Array; maxPages?: number }
try {
  const parsed = await parseResumePdf(bytes, { maxPages })
  parentPort!.postMessage({ ok: true, parsed })
} catch (error) {
  const failure = error instanceof ResumeParseError ? error.failure : 'unreadable'
  parentPort!.postMessage({ ok: false, failure })
}
