import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { ListObjectsV2Command } from '@aws-sdk/client-s3'
import { startS3Server } from './s3-server.ts'
import { startTestApp, type TestApp } from './test-app.ts'

/** Where a storage suite keeps its bytes: the data folder, or a local S3 server (s3rver). */
export const STORAGE_BACKENDS = ['local', 's3'] as const
export type StorageBackend = (typeof STORAGE_BACKENDS)[number]

export type StorageTestApp = TestApp & {
  backend: StorageBackend
  /** The names stored under `<bucket>/<folder>/`, relative to that folder, sorted. */
  storedNames: (bucket: string, folder: string) => Promise<string[]>
  /** The environment that points a command (`npm run backup`) at this app's byte store. */
  storageEnv: Record<string, string>
}

/**
 * `startTestApp` with its bytes on `backend`: for `s3`, an s3rver on a free port started for
 * this app and stopped by its `close()`; the suites run once per backend with `describe.each`.
 */
export async function startStorageTestApp(
  backend: StorageBackend,
  options: Parameters<typeof startTestApp>[0] = {},
): Promise<StorageTestApp> {
  if (backend === 'local') {
    const testApp = await startTestApp(options)
    return {
      ...testApp,
      backend,
      storageEnv: { STORAGE_BACKEND: 'local' },
      storedNames: async (bucket, folder) => {
        const base = path.join(testApp.dataDir, 'storage', bucket, folder)
        const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(
          () => [],
        )
        return entries
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)))
          .sort()
      },
    }
  }
  const s3 = await startS3Server()
  try {
    const testApp = await startTestApp({ ...options, env: { ...options.env, ...s3.env } })
    return {
      ...testApp,
      backend,
      storageEnv: s3.env,
      storedNames: async (bucket, folder) => {
        const inside = folder.replace(/\/+$/, '')
        const prefix = inside ? `${bucket}/${inside}/` : `${bucket}/`
        const names: string[] = []
        let token: string | undefined
        do {
          const page = await s3.client.send(
            new ListObjectsV2Command({
              Bucket: s3.bucket,
              Prefix: prefix,
              ContinuationToken: token,
            }),
          )
          names.push(...(page.Contents ?? []).map((entry) => entry.Key!.slice(prefix.length)))
          token = page.IsTruncated ? page.NextContinuationToken : undefined
        } while (token)
        return names.sort()
      },
      close: async () => {
        await testApp.close()
        await s3.close()
      },
    }
  } catch (error) {
    await s3.close()
    throw error
  }
}
