import { createHash, randomUUID } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStorageTestApp, type StorageTestApp } from '../../../../../test/storage-backends.ts'
import { type SignedInUser, signUp } from '../../../test/storage-support.ts'

/**
 * What issue 21 changed on the way bytes travel (docs/performance.md, "Storage: files at disk
 * speed"): downloads read into reused buffers (byte-exact however many run at once, whole or
 * by range, small or past the buffers' size), uploads streamed to the staging file in batches
 * (large ones whole, a cut-off one leaving no row and no staged file), the write permission
 * probed in one statement that writes nothing, and verified tokens kept only until they expire.
 */
describe('Storage bytes at disk speed (issue 21), bytes on local', () => {
  let testApp: StorageTestApp
  let ada: SignedInUser
  const objectUrl = (name: string) => `${testApp.baseUrl}/storage/v1/object/interviews/${name}`
  const authorization = () => ({ authorization: `Bearer ${ada.accessToken}` })
  const md5 = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`

  /** Audio-looking bytes (an MP3 frame header first), distinct per `seed`. */
  function audioBytes(size: number, seed: number): Buffer {
    const bytes = Buffer.alloc(size)
    for (let index = 0; index + 4 <= size; index += 4096) {
      bytes.writeUInt32BE((index * 2654435761 + seed) >>> 0, index)
    }
    bytes.set([0xff, 0xfb, 0x90, 0x64])
    return bytes
  }

  async function upload(name: string, bytes: Buffer, upsert = false) {
    return fetch(objectUrl(name), {
      method: 'POST',
      headers: {
        ...authorization(),
        'content-type': 'audio/mpeg',
        ...(upsert && { 'x-upsert': 'true' }),
      },
      body: bytes,
    })
  }

  async function download(name: string, headers: Record<string, string> = {}) {
    const response = await fetch(
      `${testApp.baseUrl}/storage/v1/object/authenticated/interviews/${name}`,
      { headers: { ...authorization(), ...headers } },
    )
    return { response, bytes: Buffer.from(await response.arrayBuffer()) }
  }

  const rowsNamed = async (name: string) =>
    (
      await testApp.database.pool.query(
        `select name from storage.objects where bucket_id = 'interviews' and name = $1`,
        [name],
      )
    ).rowCount

  const stagedFiles = () =>
    readdir(path.join(testApp.dataDir, 'storage', '.partial')).catch(() => [] as string[])

  beforeAll(async () => {
    testApp = await startStorageTestApp('local')
    ada = await signUp(testApp, 'ada@example.com')
  })

  afterAll(async () => {
    await testApp.close()
  })

  it('serves many downloads at once byte-exact, more of them than there are reused buffers', async () => {
    const objects = Array.from({ length: 10 }, (_, seed) => ({
      name: `${ada.id}/parallel-${seed}.mp3`,
      bytes: audioBytes(1024 * 1024 + seed * 1000, seed),
    }))
    for (const object of objects) {
      expect((await upload(object.name, object.bytes)).status).toBe(200)
    }
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(objects.map((object) => download(object.name)))
      answers.forEach(({ response, bytes }, index) => {
        const object = objects[index]
        expect(response.status).toBe(200)
        expect(response.headers.get('content-length')).toBe(String(object?.bytes.length))
        expect(bytes.equals(object?.bytes ?? Buffer.alloc(0))).toBe(true)
      })
    }
  })

  it('serves ranges of a small object and of one larger than a reused buffer', async () => {
    for (const [size, seed] of [
      [300_000, 1],
      [12 * 1024 * 1024 + 7, 2],
    ] as const) {
      const name = `${ada.id}/ranges-${seed}.mp3`
      const bytes = audioBytes(size, seed)
      expect((await upload(name, bytes)).status).toBe(200)
      for (const [range, start, end] of [
        ['bytes=100-199', 100, 199],
        [`bytes=${size - 5000}-`, size - 5000, size - 1],
        ['bytes=-4096', size - 4096, size - 1],
      ] as const) {
        const { response, bytes: partial } = await download(name, { range })
        expect(response.status).toBe(206)
        expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`)
        expect(partial.equals(bytes.subarray(start, end + 1))).toBe(true)
      }
      const whole = await download(name)
      expect(whole.bytes.equals(bytes)).toBe(true)
      expect(whole.response.headers.get('etag')).toBe(md5(bytes))
    }
  })

  it('streams a large upload to disk whole, with its MD5 ETag, and replaces it whole', async () => {
    const name = `${ada.id}/large.mp3`
    const first = audioBytes(20 * 1024 * 1024 + 3, 3)
    expect((await upload(name, first)).status).toBe(200)
    expect((await testApp.byteStore.get('interviews', name))?.equals(first)).toBe(true)
    const second = audioBytes(9 * 1024 * 1024, 4)
    expect((await upload(name, second, true)).status).toBe(200)
    const { response, bytes } = await download(name)
    expect(bytes.equals(second)).toBe(true)
    expect(response.headers.get('etag')).toBe(md5(second))
    expect(await stagedFiles()).toEqual([])
  })

  it('leaves no row and no staged file when an upload is cut off half way', async () => {
    const name = `${ada.id}/cut-off.mp3`
    const bytes = audioBytes(8 * 1024 * 1024, 5)
    const url = new URL(objectUrl(name))
    await new Promise<void>((resolve) => {
      const request = http.request(url, {
        method: 'POST',
        headers: {
          ...authorization(),
          'content-type': 'audio/mpeg',
          'content-length': bytes.length,
        },
      })
      request.on('error', () => resolve())
      request.write(bytes.subarray(0, 3 * 1024 * 1024), () => {
        // Sent part of it; the client goes away without the rest.
        setTimeout(() => {
          request.destroy()
          resolve()
        }, 200)
      })
    })
    // The server notices the closed connection, fails the upload and cleans its staging up.
    const deadline = Date.now() + 10_000
    while ((await stagedFiles()).length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(await stagedFiles()).toEqual([])
    expect(await rowsNamed(name)).toBe(0)
    expect(await testApp.byteStore.get('interviews', name)).toBeNull()
  })

  it('probes the write permission without writing: a refused upload and an allowed one leave nothing behind the answer', async () => {
    // Another user's folder: row-level security refuses the write before a byte is read.
    const stranger = `${randomUUID()}/not-mine.mp3`
    const refused = await upload(stranger, audioBytes(64 * 1024, 6))
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ statusCode: '403' })
    expect(await rowsNamed(stranger)).toBe(0)

    // An existing object without upsert: 409, and the object is left as it was.
    const name = `${ada.id}/kept.mp3`
    const original = audioBytes(64 * 1024, 7)
    expect((await upload(name, original)).status).toBe(200)
    const again = await upload(name, audioBytes(64 * 1024, 8))
    expect(again.status).toBe(400)
    expect(await again.json()).toMatchObject({ statusCode: '409' })
    expect((await download(name)).bytes.equals(original)).toBe(true)
    expect(await rowsNamed(name)).toBe(1)
  })

  it('refuses a token once it has expired, though it was verified (and kept) before', async () => {
    const name = `${ada.id}/token.mp3`
    expect((await upload(name, audioBytes(4096, 9))).status).toBe(200)
    expect((await download(name)).response.status).toBe(200)
    testApp.advanceClock(2 * 3600 * 1000) // past the access token's hour
    try {
      const { response, bytes } = await download(name)
      expect(response.status).toBe(400)
      expect(JSON.parse(bytes.toString())).toMatchObject({ message: 'jwt expired' })
    } finally {
      testApp.advanceClock(-2 * 3600 * 1000)
    }
  })
})
