import { mkdtemp, open, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { DeleteObjectsCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startS3Server, type TestS3Server } from '../../../../../test/s3-server.ts'
import {
  type ByteStore,
  createLocalByteStore,
  InvalidObjectPathError,
  releaseChunk,
  writeChunks,
} from './byte-store.ts'
import { createS3ByteStore } from './s3-byte-store.ts'

/**
 * One contract, two stores: every test runs against the local disk and against S3 (a local
 * s3rver). `backend` answers what only the store's own medium can show: where the bytes are,
 * staged bytes left behind, folders left behind.
 */
type Backend = {
  store: ByteStore
  /** Whether the object's bytes are at their documented place (file path or S3 key). */
  storedAt: (bucket: string, name: string) => Promise<boolean>
  /** How many staged (uncommitted) uploads are left. */
  stagedLeft: () => Promise<number>
  /** Whether anything is left under this folder of a bucket. */
  anythingUnder: (bucket: string, folder: string) => Promise<boolean>
  /** A second store of the same kind with nothing in it. */
  emptyStore: () => ByteStore
}

describe.each(['local', 's3'] as const)('the %s byte store', (kind) => {
  let dataDir: string
  let s3: TestS3Server | undefined
  let backend: Backend
  let store: ByteStore

  beforeAll(async () => {
    if (kind === 's3') {
      s3 = await startS3Server()
    }
  })

  afterAll(async () => {
    await s3?.close()
  })

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'byte-store-'))
    if (kind === 'local') {
      backend = {
        store: createLocalByteStore(dataDir),
        storedAt: async (bucket, name) =>
          (await stat(path.join(dataDir, 'storage', bucket, name)).catch(() => null))?.isFile() ??
          false,
        stagedLeft: async () =>
          (await readdir(path.join(dataDir, 'storage/.partial')).catch(() => [])).length,
        anythingUnder: async (bucket, folder) =>
          (await stat(path.join(dataDir, 'storage', bucket, folder)).catch(() => null)) !== null,
        emptyStore: () => createLocalByteStore(path.join(dataDir, 'empty')),
      }
    } else {
      // A fresh S3 bucket per test would be slow to make: a fresh store over a fresh prefix
      // is not possible either (keys are <bucket>/<name>), so each test empties the bucket.
      const server = s3 as TestS3Server
      const { client, bucket: s3Bucket } = server
      const listed = async (prefix: string) =>
        (await client.send(new ListObjectsV2Command({ Bucket: s3Bucket, Prefix: prefix })))
          .Contents ?? []
      const keys = (await listed('')).map((entry) => ({ Key: entry.Key }))
      if (keys.length > 0) {
        await client.send(new DeleteObjectsCommand({ Bucket: s3Bucket, Delete: { Objects: keys } }))
      }
      backend = {
        store: createS3ByteStore({ client, bucket: s3Bucket }),
        storedAt: async (bucket, name) =>
          client.send(new HeadObjectCommand({ Bucket: s3Bucket, Key: `${bucket}/${name}` })).then(
            () => true,
            () => false,
          ),
        stagedLeft: async () => (await listed('.staged/')).length,
        anythingUnder: async (bucket, folder) => (await listed(`${bucket}/${folder}/`)).length > 0,
        emptyStore: () => createS3ByteStore({ client, bucket: s3Bucket }),
      }
    }
    store = backend.store
  })

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  const bytes = (text: string) => new TextEncoder().encode(text)
  const at = (bucket: string, name: string) => ({ bucket, name })
  async function text(stream: Readable | undefined): Promise<Buffer> {
    const chunks: Buffer[] = []
    for await (const chunk of stream ?? []) {
      chunks.push(chunk as Buffer)
    }
    return Buffer.concat(chunks)
  }

  it('keeps objects under <data dir>/storage/<bucket>/<name> (S3: key <bucket>/<name>) and reads them back', async () => {
    await store.put('resumes', 'user-1/cv.pdf', bytes('%PDF-1.7'))
    expect((await store.get('resumes', 'user-1/cv.pdf'))?.toString()).toBe('%PDF-1.7')
    expect(await backend.storedAt('resumes', 'user-1/cv.pdf')).toBe(true)
  })

  it('answers null for an object that does not exist, or for a folder', async () => {
    await store.put('resumes', 'user-1/cv.pdf', bytes('x'))
    expect(await store.get('resumes', 'user-1/other.pdf')).toBeNull()
    expect(await store.get('resumes', 'user-1')).toBeNull()
    expect(await store.get('interviews', 'user-1/cv.pdf')).toBeNull()
  })

  it('replaces an object whole and leaves no partial file behind', async () => {
    await store.put('resumes', 'user-1/cv.pdf', bytes('first version'))
    await store.put('resumes', 'user-1/cv.pdf', bytes('second'))
    expect((await store.get('resumes', 'user-1/cv.pdf'))?.toString()).toBe('second')
    expect(await backend.stagedLeft()).toBe(0)
  })

  it('removes the named objects and the folders they leave empty, ignoring unknown names', async () => {
    await store.put('resumes', 'user-1/a/one.pdf', bytes('1'))
    await store.put('resumes', 'user-1/two.pdf', bytes('2'))
    await store.remove('resumes', ['user-1/a/one.pdf', 'user-1/missing.pdf'])
    expect(await store.get('resumes', 'user-1/a/one.pdf')).toBeNull()
    expect((await store.get('resumes', 'user-1/two.pdf'))?.toString()).toBe('2')
    expect(await backend.anythingUnder('resumes', 'user-1/a')).toBe(false)
  })

  it('removes a folder and everything in it, and nothing beside it', async () => {
    await store.put('interviews', 'user-1/x.mp3', bytes('1'))
    await store.put('interviews', 'user-1/deep/y.mp3', bytes('2'))
    await store.put('interviews', 'user-10/z.mp3', bytes('3'))
    await store.removePrefix('interviews', 'user-1/')
    expect(await store.get('interviews', 'user-1/x.mp3')).toBeNull()
    expect(await store.get('interviews', 'user-1/deep/y.mp3')).toBeNull()
    expect((await store.get('interviews', 'user-10/z.mp3'))?.toString()).toBe('3')
    await store.removePrefix('interviews', 'nobody')
  })

  it('stages a stream out of sight and puts it in place only on commit', async () => {
    async function* chunks() {
      yield bytes('%PDF-')
      yield bytes('1.7 body')
    }
    const staged = await store.stage(chunks())
    expect(staged.size).toBe(13)
    expect(await store.get('resumes', 'user-1/cv.pdf')).toBeNull()
    await staged.commit('resumes', 'user-1/cv.pdf')
    await staged.discard()
    expect((await store.get('resumes', 'user-1/cv.pdf'))?.toString()).toBe('%PDF-1.7 body')
    expect(await backend.stagedLeft()).toBe(0)
  })

  it('sweeps staged bytes older than the cut-off, and keeps younger ones', async () => {
    const abandoned = await store.stage([bytes('cut off by a crash')])
    const later = new Date(Date.now() + 60_000)
    const running = await store.stage([bytes('still uploading')])
    expect(await store.sweepStaged(new Date(Date.now() - 60_000))).toBe(0)
    expect(await store.sweepStaged(later)).toBe(2)
    expect(await backend.stagedLeft()).toBe(0)
    await abandoned.discard()
    await running.discard()
    expect(await backend.emptyStore().sweepStaged(later)).toBe(0)
  })

  it('drops a discarded stage, and a stage whose source fails', async () => {
    const staged = await store.stage([bytes('never placed')])
    await staged.discard()
    async function* failing() {
      yield bytes('half')
      throw new Error('the client went away')
    }
    await expect(store.stage(failing())).rejects.toThrow('the client went away')
    expect(await backend.stagedLeft()).toBe(0)
  })

  it('opens an object for reading, whole or by range, and answers null for none', async () => {
    await store.put('interviews', 'user-1/a.mp3', bytes('0123456789'))
    const whole = await store.open('interviews', 'user-1/a.mp3')
    expect(whole?.size).toBe(10)
    expect((await text(whole?.stream())).toString()).toBe('0123456789')
    const part = await store.open('interviews', 'user-1/a.mp3')
    expect((await text(part?.stream({ start: 2, end: 4 }))).toString()).toBe('234')
    const unread = await store.open('interviews', 'user-1/a.mp3')
    await unread?.close()
    expect(await store.open('interviews', 'user-1/missing.mp3')).toBeNull()
    expect(await store.open('interviews', 'user-1')).toBeNull()
    expect(await store.open('interviews', 'user-1/a.mp3/below')).toBeNull()
  })

  it('moves bytes between names and buckets, pruning the folders left empty', async () => {
    await store.put('resumes', 'user-1/old/cv.pdf', bytes('moved'))
    expect(
      await store.move(at('resumes', 'user-1/old/cv.pdf'), at('cover-letters', 'user-1/cv.pdf')),
    ).toBe(true)
    expect((await store.get('cover-letters', 'user-1/cv.pdf'))?.toString()).toBe('moved')
    expect(await backend.anythingUnder('resumes', 'user-1')).toBe(false)
    expect(await store.move(at('resumes', 'user-1/none.pdf'), at('resumes', 'user-1/x.pdf'))).toBe(
      false,
    )
  })

  // Where the backends differ by design, each declares only its own case.
  if (kind === 'local')
    it('refuses a name that clashes with a folder, and a folder that clashes with a name', async () => {
      await store.put('resumes', 'user-1/a', bytes('file'))
      await store.put('resumes', 'user-1/b/c', bytes('file in folder'))
      await expect(store.put('resumes', 'user-1/a/below', bytes('x'))).rejects.toThrow(
        InvalidObjectPathError,
      )
      await expect(store.put('resumes', 'user-1/b', bytes('x'))).rejects.toThrow(
        InvalidObjectPathError,
      )
      expect((await store.get('resumes', 'user-1/a'))?.toString()).toBe('file')
    })

  if (kind === 's3')
    it('keeps a name and a folder of the same name side by side (S3 has no folders)', async () => {
      await store.put('resumes', 'user-1/a', bytes('file'))
      await store.put('resumes', 'user-1/a/below', bytes('below'))
      expect((await store.get('resumes', 'user-1/a'))?.toString()).toBe('file')
      expect((await store.get('resumes', 'user-1/a/below'))?.toString()).toBe('below')
    })

  it('stages a stream larger than one upload part, whole and in order', async () => {
    // 12 MiB in 64 KiB chunks: the S3 store sends it as a multipart upload of 8 MiB parts.
    const chunk = (index: number) => Buffer.alloc(64 * 1024, index % 251)
    async function* large() {
      for (let index = 0; index < 192; index++) {
        yield chunk(index)
      }
    }
    const staged = await store.stage(large())
    expect(staged.size).toBe(12 * 1024 * 1024)
    await staged.commit('interviews', 'user-1/long.mp3')
    await staged.discard()
    const stored = await store.get('interviews', 'user-1/long.mp3')
    expect(stored?.byteLength).toBe(12 * 1024 * 1024)
    expect(stored?.subarray(64 * 1024 * 150, 64 * 1024 * 151)).toEqual(chunk(150))
    const opened = await store.open('interviews', 'user-1/long.mp3')
    const tail = await text(
      opened?.stream({ start: 12 * 1024 * 1024 - 3, end: 12 * 1024 * 1024 - 1 }),
    )
    expect([...tail]).toEqual([191, 191, 191])
    expect(await backend.stagedLeft()).toBe(0)
  })

  it.each([
    ['a parent segment', '../escape.txt'],
    ['a nested parent segment', 'user-1/../../escape.txt'],
    ['a current-folder segment', 'user-1/./cv.pdf'],
    ['an absolute path', '/etc/passwd'],
    ['an empty segment', 'user-1//cv.pdf'],
    ['an empty name', ''],
    ['a NUL byte', 'user-1/cv\0.pdf'],
  ])('refuses an object name with %s', async (_, name) => {
    await expect(store.put('resumes', name, bytes('x'))).rejects.toThrow(InvalidObjectPathError)
    await expect(store.get('resumes', name)).rejects.toThrow(InvalidObjectPathError)
    await expect(store.remove('resumes', [name])).rejects.toThrow(InvalidObjectPathError)
  })

  it.each(['..', '.partial', 'a/b', ''])('refuses the bucket name %j', async (bucket) => {
    await expect(store.put(bucket, 'user-1/cv.pdf', bytes('x'))).rejects.toThrow(
      InvalidObjectPathError,
    )
  })

  it('refuses to remove a whole bucket as a prefix', async () => {
    await store.put('resumes', 'user-1/cv.pdf', bytes('x'))
    await expect(store.removePrefix('resumes', '/')).rejects.toThrow(InvalidObjectPathError)
    await expect(store.removePrefix('resumes', '')).rejects.toThrow(InvalidObjectPathError)
    expect(await store.get('resumes', 'user-1/cv.pdf')).not.toBeNull()
  })
})

describe('writeChunks (the local store staging an upload)', () => {
  let folder: string
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'write-chunks-'))
  })
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true })
  })

  it('writes every chunk in order, and holds no more than two batches whatever the size', async () => {
    const file = await open(path.join(folder, 'staged'), 'wx')
    const chunk = 64 * 1024
    const chunks = 160 // 10 MiB
    let sent = 0
    let mostAhead = 0
    async function* source() {
      for (let index = 0; index < chunks; index++) {
        // How far the bytes handed over run ahead of the bytes on disk.
        const onDisk = (await file.stat()).size
        mostAhead = Math.max(mostAhead, sent - onDisk)
        sent += chunk
        yield Buffer.alloc(chunk, index % 256)
      }
    }
    try {
      expect(await writeChunks(file, source())).toBe(chunks * chunk)
    } finally {
      await file.close()
    }
    const written = await readFile(path.join(folder, 'staged'))
    expect(written.length).toBe(chunks * chunk)
    for (let index = 0; index < chunks; index++) {
      expect(written[index * chunk]).toBe(index % 256)
      expect(written[(index + 1) * chunk - 1]).toBe(index % 256)
    }
    // One batch (1 MiB) being written, one being gathered: never the whole upload.
    expect(mostAhead).toBeLessThanOrEqual(2 * 1024 * 1024 + chunk)
  })

  it('fails with the source, after the batch being written has finished', async () => {
    const file = await open(path.join(folder, 'staged'), 'wx')
    async function* failing() {
      for (let index = 0; index < 20; index++) {
        yield Buffer.alloc(128 * 1024, 1)
      }
      throw new Error('the client went away')
    }
    try {
      await expect(writeChunks(file, failing())).rejects.toThrow('the client went away')
    } finally {
      await file.close()
    }
  })
})

describe('releaseChunk (freeing a written request chunk at once)', () => {
  it("frees a chunk that is the whole of its own memory, and nothing that shares memory or is the pool's", () => {
    const own = Buffer.from(new ArrayBuffer(64 * 1024))
    releaseChunk(own)
    expect(own.buffer.byteLength).toBe(0) // detached: its memory is freed now

    const whole = new ArrayBuffer(64 * 1024)
    const view = Buffer.from(whole, 1024, 32 * 1024)
    releaseChunk(view)
    expect(whole.byteLength).toBe(64 * 1024) // a view of a larger buffer is left alone

    const pooled = Buffer.from('small, from the shared pool')
    const pool = pooled.buffer
    const poolSize = pool.byteLength
    releaseChunk(pooled)
    expect(pool.byteLength).toBe(poolSize)

    const small = Buffer.from(new ArrayBuffer(1024))
    releaseChunk(small)
    expect(small.buffer.byteLength).toBe(1024)
  })

  it('frees owned chunks only once they are written, and the bytes on disk are whole', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'release-'))
    try {
      const chunks = Array.from({ length: 40 }, (_, index) =>
        Buffer.from(new ArrayBuffer(64 * 1024)).fill(index),
      )
      const expected = Buffer.concat(chunks)
      const owned = await open(path.join(folder, 'owned'), 'wx')
      await writeChunks(owned, chunks, { ownedChunks: true }).finally(() => owned.close())
      expect((await readFile(path.join(folder, 'owned'))).equals(expected)).toBe(true)
      expect(chunks.every((chunk) => chunk.buffer.byteLength === 0)).toBe(true)

      // Not owned (a caller's own bytes): left as they were.
      const kept = [Buffer.from(new ArrayBuffer(64 * 1024)).fill(7)]
      const file = await open(path.join(folder, 'kept'), 'wx')
      await writeChunks(file, kept).finally(() => file.close())
      expect(kept[0]?.length).toBe(64 * 1024)
      expect(kept[0]?.[100]).toBe(7)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})
