/**
 * Throughput of the Storage service: objects uploaded (raw bytes, and a multipart form as a
 * browser sends) and downloaded through `/storage/v1` over HTTP against the real server
 * process with a user's access token, in MB/s, next to what bounds them, measured in the same
 * run: the same bytes written (temporary file, then rename, as the byte store does) and read
 * back with node:fs. The ratio is what HTTP, the token, the row-level security transaction,
 * hashing and the checks cost on top of the disk.
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startStack } from '../test/stack.ts'
import { measure, type Measurement, printTable } from './measure.ts'
import type { Benchmark } from './run.ts'

const CONCURRENCY = 4
const DURATION_MS = 5_000
const WARMUP_MS = 1_000
const OBJECT_BYTES = 4 * 1024 * 1024

type Session = { access_token: string; user: { id: string } }

async function signUp(authUrl: string): Promise<Session> {
  const response = await fetch(`${authUrl}/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'storage-bench@example.com', password: 'benchmark-password' }),
  })
  if (!response.ok) {
    throw new Error(`signup answered ${response.status}: ${await response.text()}`)
  }
  return (await response.json()) as Session
}

async function expectOk(response: Response, what: string) {
  if (!response.ok) {
    throw new Error(`${what} answered ${response.status}: ${await response.text()}`)
  }
}

function megabytesPerSecond(measurement: Measurement): number {
  return (measurement.perSecond * OBJECT_BYTES) / 1_000_000
}

export const storageBenchmark: Benchmark = {
  name: 'storage',
  description: 'upload and download MB/s through /storage/v1 vs the same bytes with node:fs',
  run: async ({ adminUrl }) => {
    const stack = await startStack({ adminUrl, env: { AUTH_RATE_LIMITS: 'false' } })
    const scratch = await mkdtemp(path.join(tmpdir(), 'storage-bench-'))
    try {
      const session = await signUp(`${stack.appUrl}/auth/v1`)
      const headers = { authorization: `Bearer ${session.access_token}` }
      const objects = `${stack.appUrl}/storage/v1/object/interviews`
      const nameOf = (worker: number) => `${session.user.id}/bench-${worker}.mp3`
      const payload = new Uint8Array(OBJECT_BYTES).map((_, index) => index % 251)
      // An MP3 frame header: the interviews bucket checks the bytes against the declared type.
      payload.set([0xff, 0xfb, 0x90, 0x64])

      const fsWrite = await measure({
        name: 'baseline: node:fs write + rename',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        operation: async (worker) => {
          const partial = path.join(scratch, randomUUID())
          await writeFile(partial, payload)
          await rename(partial, path.join(scratch, `object-${worker}`))
        },
      })
      const fsRead = await measure({
        name: 'baseline: node:fs read',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        operation: (worker) => readFile(path.join(scratch, `object-${worker}`)),
      })
      const rawUpload = await measure({
        name: 'POST /object (raw bytes, x-upsert)',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        operation: async (worker) =>
          expectOk(
            await fetch(`${objects}/${nameOf(worker)}`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'audio/mpeg', 'x-upsert': 'true' },
              body: payload,
            }),
            'raw upload',
          ),
      })
      const formUpload = await measure({
        name: 'POST /object (multipart form, x-upsert)',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        operation: async (worker) => {
          const form = new FormData()
          form.append('cacheControl', '3600')
          form.append('', new Blob([payload], { type: 'audio/mpeg' }))
          await expectOk(
            await fetch(`${objects}/${nameOf(worker)}`, {
              method: 'POST',
              headers: { ...headers, 'x-upsert': 'true' },
              body: form,
            }),
            'multipart upload',
          )
        },
      })
      const download = await measure({
        name: 'GET /object/authenticated',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        operation: async (worker) => {
          const response = await fetch(
            `${stack.appUrl}/storage/v1/object/authenticated/interviews/${nameOf(worker)}`,
            { headers },
          )
          await expectOk(response, 'download')
          const body = await response.arrayBuffer()
          if (body.byteLength !== OBJECT_BYTES) {
            throw new Error(`download returned ${body.byteLength} bytes`)
          }
        },
      })

      const rows = [fsWrite, fsRead, rawUpload, formUpload, download]
      printTable(
        `Storage, ${OBJECT_BYTES / 1024 / 1024} MiB objects, ${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s each`,
        rows,
      )
      console.log('\nThroughput (MB/s)')
      for (const row of rows) {
        console.log(`  ${row.name}: ${megabytesPerSecond(row).toFixed(1)}`)
      }
      console.log('\nRatios')
      const ratio = (label: string, value: number) => console.log(`  ${label}: ${value.toFixed(2)}`)
      ratio('raw upload MB/s ÷ node:fs write MB/s', rawUpload.perSecond / fsWrite.perSecond)
      ratio('multipart upload MB/s ÷ raw upload MB/s', formUpload.perSecond / rawUpload.perSecond)
      ratio('download MB/s ÷ node:fs read MB/s', download.perSecond / fsRead.perSecond)
    } finally {
      await rm(scratch, { recursive: true, force: true })
      await stack.stop()
    }
  },
}
