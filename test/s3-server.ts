import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import type { S3Client } from '@aws-sdk/client-s3'
import { createS3Client } from '../apps/server/src/modules/storage/index.ts'

/**
 * A local S3-compatible server (s3rver) on a free port, over a temporary folder, with one
 * bucket: what the S3 byte store's tests and the storage suites' `s3` runs talk to.
 * `env` is what `startTestApp({ env })` (or a server process) needs to keep bytes there.
 */
export type TestS3Server = {
  endpoint: string
  bucket: string
  env: Record<string, string>
  client: S3Client
  close: () => Promise<void>
}

export async function startS3Server(bucket = 'jobsearch-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  const client = createS3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    ...credentials,
  })
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_BACKEND: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    client,
    close: async () => {
      client.destroy()
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
