/**
 * Throughput of the Storage service: objects uploaded (raw bytes, and a multipart form as a
 * browser sends) and downloaded through `/storage/v1` over HTTP against the real server
 * process with a user's access token, in MB/s, next to what bounds them, measured in the same
 * run: the same bytes written with node:fs (a temporary file, then a rename, as the byte store
 * does; neither fsyncs) and read back with node:fs (`readFile`). The ratio is what HTTP, the
 * token, the row-level security statements, the MD5 ETag and the checks cost on top of the
 * disk. Issue 21's goal: each ≥ 0.5.
 *
 * The client is node:http with a keep-alive agent (`http-client.ts`), sending the payload in
 * one write and counting the answer's bytes as they arrive: fetch's own cost (~18 ms of CPU per 4 MiB body
 * on this machine) would otherwise be what is measured, on the same two CPUs as the server.
 * The server's CPU time per object (its HTTP process, from /proc) is printed too: it holds
 * steadier than throughput on a loaded machine.
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startStack } from '../test/stack.ts'
import { cpuMs } from './cpu.ts'
import { createHttpClient } from './http-client.ts'
import { findHttpProcess, measure, type Measurement, printTable, reportRatio } from './measure.ts'
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

const client = createHttpClient({ maxSockets: CONCURRENCY })

function megabytesPerSecond(measurement: Measurement): number {
  return (measurement.perSecond * OBJECT_BYTES) / 1_000_000
}

/** A measurement of the server, with its HTTP process's CPU time per operation. */
async function measureServer(
  pid: number,
  options: Omit<Parameters<typeof measure>[0], 'watchPid'>,
): Promise<{ row: Measurement; cpuMsPerOp: number }> {
  const before = cpuMs(pid)
  let operations = 0
  const row = await measure({
    ...options,
    watchPid: pid,
    operation: async (worker) => {
      await options.operation(worker)
      operations++
    },
  })
  return { row, cpuMsPerOp: (cpuMs(pid) - before) / operations }
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
      const pid = findHttpProcess(stack.pid)
      const rawUpload = await measureServer(pid, {
        name: 'POST /object (raw bytes, x-upsert)',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        operation: (worker) =>
          client.expect(`${objects}/${nameOf(worker)}`, {
            method: 'POST',
            headers: {
              ...headers,
              'content-type': 'audio/mpeg',
              'content-length': OBJECT_BYTES,
              'x-upsert': 'true',
            },
            body: [payload],
          }),
      })
      const boundary = `bench${randomUUID()}`
      const formHead = Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n` +
          `--${boundary}\r\ncontent-disposition: form-data; name=""; filename="blob"\r\n` +
          `content-type: audio/mpeg\r\n\r\n`,
      )
      const formTail = Buffer.from(`\r\n--${boundary}--\r\n`)
      const formUpload = await measureServer(pid, {
        name: 'POST /object (multipart form, x-upsert)',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        operation: (worker) =>
          client.expect(`${objects}/${nameOf(worker)}`, {
            method: 'POST',
            headers: {
              ...headers,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': formHead.length + OBJECT_BYTES + formTail.length,
              'x-upsert': 'true',
            },
            body: [formHead, payload, formTail],
          }),
      })
      const download = await measureServer(pid, {
        name: 'GET /object/authenticated',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        operation: async (worker) => {
          const { bytes } = await client.expect(
            `${stack.appUrl}/storage/v1/object/authenticated/interviews/${nameOf(worker)}`,
            { headers },
          )
          if (bytes !== OBJECT_BYTES) {
            throw new Error(`download returned ${bytes} bytes`)
          }
        },
      })

      const served = [rawUpload, formUpload, download]
      const rows = [fsWrite, fsRead, ...served.map((measured) => measured.row)]
      printTable(
        `Storage, ${OBJECT_BYTES / 1024 / 1024} MiB objects, ${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s each`,
        rows,
      )
      console.log('\nThroughput (MB/s)')
      for (const row of rows) {
        console.log(`  ${row.name}: ${megabytesPerSecond(row).toFixed(1)}`)
      }
      console.log("\nServer CPU per object (the HTTP process's user + system time)")
      for (const { row, cpuMsPerOp } of served) {
        console.log(`  ${row.name}: ${cpuMsPerOp.toFixed(1)} ms`)
      }
      console.log('\nRatios (floors: node:fs write + rename, no fsync, and node:fs readFile)')
      reportRatio({
        key: 'storage.upload',
        label: 'raw upload MB/s ÷ node:fs write + rename MB/s',
        value: rawUpload.row.perSecond / fsWrite.perSecond,
        better: 'higher',
        goal: 0.5,
      })
      reportRatio({
        key: 'storage.multipart_upload',
        label: 'multipart upload MB/s ÷ node:fs write + rename MB/s',
        value: formUpload.row.perSecond / fsWrite.perSecond,
        better: 'higher',
        goal: 0.5,
      })
      reportRatio({
        key: 'storage.download',
        label: 'download MB/s ÷ node:fs read MB/s',
        value: download.row.perSecond / fsRead.perSecond,
        better: 'higher',
        goal: 0.5,
      })
    } finally {
      client.close()
      await rm(scratch, { recursive: true, force: true })
      await stack.stop()
    }
  },
}
