import { GetObjectCommand } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3Server, type TestS3Server } from '../../../../../test/s3-server.ts'
import { ConfigError, readConfig } from '../../platform/config.ts'
import { byteStoreFromConfig } from './configured-byte-store.ts'

describe('byteStoreFromConfig: STORAGE_BACKEND picks where bytes live', () => {
  let s3: TestS3Server

  beforeAll(async () => {
    s3 = await startS3Server()
  })

  afterAll(async () => {
    await s3.close()
  })

  it('keeps bytes in S3 with STORAGE_BACKEND=s3, under <bucket>/<name>', async () => {
    const store = byteStoreFromConfig(readConfig(s3.env))
    await store.put('resumes', 'user-1/cv.pdf', new TextEncoder().encode('%PDF'))
    const stored = await s3.client.send(
      new GetObjectCommand({
        Bucket: s3.bucket,
        Key: 'resumes/user-1/cv.pdf',
      }),
    )
    expect(await stored.Body?.transformToString()).toBe('%PDF')
  })

  it('refuses STORAGE_BACKEND=s3 without S3_BUCKET, or with half a key pair', () => {
    expect(() => byteStoreFromConfig(readConfig({ STORAGE_BACKEND: 's3' }))).toThrow(ConfigError)
    expect(() =>
      byteStoreFromConfig(
        readConfig({ STORAGE_BACKEND: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'only-this' }),
      ),
    ).toThrow(/set both, or neither/)
  })

  it('refuses a bucket name S3 would refuse, and an unknown backend', () => {
    expect(() => readConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/)
    expect(() => readConfig({ STORAGE_BACKEND: 'ftp' })).toThrow(/STORAGE_BACKEND/)
  })
})
