import { randomUUID } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  STORAGE_BACKENDS,
  startStorageTestApp,
  type StorageTestApp,
} from '../../../../../test/storage-backends.ts'
import {
  bytesOf,
  mediaFiles,
  pdf,
  png,
  scriptedFiles,
  type SignedInUser,
  signUp,
} from '../../../test/storage-support.ts'
import { createObjectUrlSigner, storageSettingsFromConfig } from './index.ts'
import { readConfig } from '../../platform/config.ts'

/**
 * Issue 12's findings on /storage/v1: user files never run as the app (S1: bytes checked
 * against the declared type, only inert types served as themselves, every content answer
 * sandboxed), signed URLs that end (S4: 1 s to 7 days; upload URLs single-use and 2 hours),
 * client mistakes answered 4xx with a code (F3: multipart without a boundary; F6: a type that
 * cannot be a header; NUL in stored text; unknown routes and framework refusals), and a
 * separate origin for content (`STORAGE_PUBLIC_URL`).
 */
const SANDBOX = "default-src 'none'; sandbox"

describe.each(STORAGE_BACKENDS)('Storage security (issue 12), bytes on %s', (backend) => {
  let testApp: StorageTestApp
  let ada: SignedInUser
  const storageUrl = () => `${testApp.baseUrl}/storage/v1`
  /** A bucket without a type list, as a test (or a future feature) may create. */
  const OPEN_BUCKET = 'open-test-bucket'

  beforeAll(async () => {
    testApp = await startStorageTestApp(backend)
    ada = await signUp(testApp, 'ada@example.com')
    await testApp.database.pool.query(
      `insert into storage.buckets (id, name, public, allowed_mime_types) values ($1, $1, false, null)`,
      [OPEN_BUCKET],
    )
  })

  afterAll(async () => {
    await testApp.close()
  })

  const asAda = () => ({ authorization: `Bearer ${ada.accessToken}` })
  const admin = () => testApp.adminClient().storage

  describe('what each bucket accepts, read from the bytes (S1)', () => {
    it('declares a type list for every bucket, none of which can hold script', async () => {
      const { rows } = await testApp.database.pool.query<{
        id: string
        allowed_mime_types: string[] | null
      }>(`select id, allowed_mime_types from storage.buckets where id <> $1 order by id`, [
        OPEN_BUCKET,
      ])
      expect(rows).toEqual([
        { id: 'cover-letters', allowed_mime_types: ['application/pdf', 'text/plain'] },
        {
          id: 'interviews',
          allowed_mime_types: expect.arrayContaining([
            'audio/mpeg',
            'audio/mp4',
            'audio/webm',
            'audio/ogg',
            'audio/wav',
          ]) as string[],
        },
        {
          id: 'resume-analysis',
          allowed_mime_types: ['video/mp4', 'image/png', 'image/jpeg', 'image/webp'],
        },
        { id: 'resumes', allowed_mime_types: ['application/pdf'] },
      ])
      for (const { allowed_mime_types: types } of rows) {
        for (const type of types ?? []) {
          expect(type).not.toMatch(/html|svg|xml|javascript|ecmascript/)
        }
      }
    })

    it.each([
      ['image/svg+xml', scriptedFiles.svg],
      ['text/html', scriptedFiles.html],
      ['application/xhtml+xml', scriptedFiles.xhtml],
    ])("refuses %s in a user's bucket (415)", async (contentType, content) => {
      for (const bucket of ['cover-letters', 'interviews', 'resumes']) {
        const { error } = await ada.supabase.storage
          .from(bucket)
          .upload(`${ada.id}/page-${randomUUID()}`, Buffer.from(content), { contentType })
        expect(error).toMatchObject({ statusCode: '415' })
      }
    })

    it('refuses script declared as an allowed type, whatever the header says', async () => {
      const attempts: [string, string, string | Buffer][] = [
        ['cover-letters', 'application/pdf', scriptedFiles.html],
        ['interviews', 'audio/mpeg', scriptedFiles.svg],
        ['interviews', 'audio/webm', scriptedFiles.xhtml],
        ['cover-letters', 'text/plain', Buffer.concat([Buffer.from('hi'), Buffer.from([0, 0xff])])],
      ]
      for (const [bucket, contentType, content] of attempts) {
        const raw = await ada.supabase.storage
          .from(bucket)
          .upload(`${ada.id}/disguised-${randomUUID()}`, Buffer.from(content), { contentType })
        expect(raw.error, `${bucket} ${contentType}`).toMatchObject({
          statusCode: '415',
          message: `the file's content is not ${contentType}`,
        })
        const form = await ada.supabase.storage
          .from(bucket)
          .upload(`${ada.id}/disguised-${randomUUID()}`, new Blob([content], { type: contentType }))
        expect(form.error).toMatchObject({ statusCode: '415' })
      }
      const svgAsPng = await admin()
        .from(OPEN_BUCKET)
        .upload(`x/${randomUUID()}.png`, Buffer.from(scriptedFiles.svg), {
          contentType: 'image/png',
        })
      expect(svgAsPng.error).toMatchObject({ statusCode: '415' })
    })

    it('takes each format a bucket lists when its bytes show it', async () => {
      const uploads: [string, string, Buffer][] = [
        ['interviews', 'audio/mpeg', mediaFiles.mp3()],
        ['interviews', 'audio/webm;codecs=opus', mediaFiles.webm()],
        ['interviews', 'audio/mp4', mediaFiles.mp4()],
        ['interviews', 'audio/wav', mediaFiles.wav()],
        ['cover-letters', 'application/pdf', pdf('letter')],
        ['cover-letters', 'text/plain;charset=UTF-8', Buffer.from('Dear Ms Brontë, ✓')],
      ]
      for (const [bucket, contentType, bytes] of uploads) {
        const { error } = await ada.supabase.storage
          .from(bucket)
          .upload(`${ada.id}/ok-${randomUUID()}`, bytes, { contentType })
        expect(error, `${bucket} ${contentType}`).toBeNull()
      }
    })

    it('names a file sent without a type by its bytes, and refuses what the bucket does not list', async () => {
      const named = `${ada.id}/untyped-${randomUUID()}`
      const pdfUpload = await fetch(`${storageUrl()}/object/resumes/${named}`, {
        method: 'POST',
        headers: { ...asAda(), 'content-type': 'application/octet-stream' },
        body: pdf('untyped'),
      })
      expect(pdfUpload.status).toBe(200)
      const info = await ada.supabase.storage.from('resumes').info(named)
      expect(info.data).toMatchObject({ contentType: 'application/pdf' })

      const pngUpload = await fetch(`${storageUrl()}/object/resumes/${ada.id}/x-${randomUUID()}`, {
        method: 'POST',
        headers: { ...asAda(), 'content-type': 'application/octet-stream' },
        body: png(),
      })
      expect(await pngUpload.json()).toMatchObject({
        statusCode: '415',
        message: 'mime type image/png is not supported',
      })
    })
  })

  describe('every content answer is sandboxed, and only inert types are served as themselves (S1)', () => {
    const stored = new Map<string, string>()

    beforeAll(async () => {
      const files: [string, string, string | Buffer][] = [
        ['page.html', 'text/html', scriptedFiles.html],
        ['drawing.svg', 'image/svg+xml', scriptedFiles.svg],
        ['page.xhtml', 'application/xhtml+xml', scriptedFiles.xhtml],
        ['data.xml', 'text/xml', '<?xml version="1.0"?><a/>'],
        ['script.js', 'text/javascript', 'alert(1)'],
        ['image.png', 'image/png', png()],
        ['notes.txt', 'text/plain', 'plain words'],
      ]
      for (const [file, contentType, content] of files) {
        const name = `${ada.id}/${file}`
        const { error } = await admin()
          .from(OPEN_BUCKET)
          .upload(name, Buffer.from(content), { contentType })
        expect(error, file).toBeNull()
        stored.set(file, name)
      }
    })

    async function answersFor(file: string): Promise<Response[]> {
      const name = stored.get(file) ?? ''
      const signed = await admin().from(OPEN_BUCKET).createSignedUrl(name, 60)
      const serviceKey = { authorization: `Bearer ${testApp.serviceRoleKey}` }
      const url = `${storageUrl()}/object/authenticated/${OPEN_BUCKET}/${name}`
      const full = await fetch(url, { headers: serviceKey })
      const eTag = full.headers.get('etag') ?? ''
      return [
        full,
        await fetch(signed.data?.signedUrl ?? ''),
        await fetch(`${storageUrl()}/object/${OPEN_BUCKET}/${name}`, { headers: serviceKey }),
        await fetch(url, { method: 'HEAD', headers: serviceKey }),
        await fetch(url, { headers: { ...serviceKey, range: 'bytes=0-3' } }),
        await fetch(url, { headers: { ...serviceKey, 'if-none-match': eTag } }),
      ]
    }

    it.each(['page.html', 'drawing.svg', 'page.xhtml', 'data.xml', 'script.js'])(
      'serves %s as application/octet-stream, an attachment, sandboxed',
      async (file) => {
        const answers = await answersFor(file)
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 206, 304])
        for (const answer of answers) {
          expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
          expect(answer.headers.get('content-security-policy')).toBe(SANDBOX)
          expect(answer.headers.get('content-disposition')).toBe(
            `attachment; filename=${file}; filename*=UTF-8''${file};`,
          )
          if (answer.status !== 304) {
            expect(answer.headers.get('content-type')).toBe('application/octet-stream')
          }
        }
      },
    )

    it.each([
      ['image.png', 'image/png'],
      ['notes.txt', 'text/plain'],
    ])('serves the inert %s as %s, inline, still sandboxed', async (file, contentType) => {
      for (const answer of await answersFor(file)) {
        expect(answer.headers.get('content-security-policy')).toBe(SANDBOX)
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
        expect(answer.headers.get('content-disposition')).toBeNull()
        if (answer.status !== 304) {
          expect(answer.headers.get('content-type')).toBe(contentType)
        }
      }
    })
  })

  describe('content types that cannot be headers (F6)', () => {
    it('refuses one on upload, raw or multipart, with a code', async () => {
      const form = new FormData()
      form.append('cacheControl', '3600')
      form.append('contentType', 'image/pngé')
      form.append('', new Blob([png()]))
      const response = await fetch(`${storageUrl()}/object/${OPEN_BUCKET}/x/${randomUUID()}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${testApp.serviceRoleKey}` },
        body: form,
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' })

      // Latin-1 in a header: refused at the edge as malformed text, or here as a bad type.
      const latin1 = await fetch(`${storageUrl()}/object/${OPEN_BUCKET}/x/${randomUUID()}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${testApp.serviceRoleKey}`,
          'content-type': 'text/plain; x=\u00e9',
        },
        body: 'words',
      })
      expect(latin1.status).toBe(400)
      const refusal = (await latin1.json()) as { code: string }
      expect(['InvalidMimeType', 'InvalidRequest']).toContain(refusal.code)
    })

    it('serves an object already stored with one as bytes to save, instead of failing every download', async () => {
      const name = `${ada.id}/stored-${randomUUID()}.png`
      await admin().from(OPEN_BUCKET).upload(name, png(), { contentType: 'image/png' })
      await testApp.database.pool.query(
        `update storage.objects
         set metadata = metadata || '{"mimetype": "image/pngé ✓", "cacheControl": "max-age=1\\nx: 1"}'
         where bucket_id = $1 and name = $2`,
        [OPEN_BUCKET, name],
      )
      const response = await fetch(`${storageUrl()}/object/authenticated/${OPEN_BUCKET}/${name}`, {
        headers: { authorization: `Bearer ${testApp.serviceRoleKey}` },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/octet-stream')
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(Buffer.from(await response.arrayBuffer())).toEqual(png())
    })

    it('refuses a multipart cacheControl that could not be sent back as a header', async () => {
      const form = new FormData()
      form.append('cacheControl', '3600\u00e9')
      form.append('', new Blob(['words'], { type: 'text/plain' }))
      const response = await fetch(`${storageUrl()}/object/cover-letters/${ada.id}/cc.txt`, {
        method: 'POST',
        headers: asAda(),
        body: form,
      })
      expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' })
    })
  })

  describe('client mistakes answer 4xx with a code, never 500 (F3 and the rest)', () => {
    it('refuses multipart/form-data without a boundary (F3)', async () => {
      for (const contentType of ['multipart/form-data', 'multipart/form-data; charset=utf-8']) {
        const response = await fetch(`${storageUrl()}/object/cover-letters/${ada.id}/f3.txt`, {
          method: 'POST',
          headers: { ...asAda(), 'content-type': contentType },
          body: 'no boundary here',
        })
        expect(response.status).toBe(400)
        expect(await response.json()).toMatchObject({
          statusCode: '400',
          code: 'InvalidRequest',
          message: expect.stringContaining('boundary') as string,
        })
      }
    })

    it('refuses NUL in user metadata with a code', async () => {
      const metadata = Buffer.from(JSON.stringify({ note: 'a\u0000b' })).toString('base64')
      const response = await fetch(`${storageUrl()}/object/cover-letters/${ada.id}/nul.txt`, {
        method: 'POST',
        headers: { ...asAda(), 'content-type': 'text/plain', 'x-metadata': metadata },
        body: 'words',
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' })
    })

    it('answers a bucket name it could never hold with InvalidBucketName', async () => {
      for (const bucket of ['a%2Fb', 'a%5Cb', '%C3%A9t%C3%A9']) {
        const response = await fetch(`${storageUrl()}/object/list/${bucket}`, {
          method: 'POST',
          headers: { ...asAda(), 'content-type': 'application/json' },
          body: '{}',
        })
        expect(response.status).toBe(400)
        expect(await response.json()).toMatchObject({ code: 'InvalidBucketName' })
      }
    })

    it('answers unknown routes and methods in its shape, with a code', async () => {
      for (const [method, path] of [
        ['GET', '/nowhere'],
        ['PATCH', `/object/cover-letters/${ada.id}/x.txt`],
        ['DELETE', '/bucket'],
      ] as const) {
        const response = await fetch(`${storageUrl()}${path}`, { method, headers: asAda() })
        expect(response.status).toBe(404)
        expect(await response.json()).toEqual({
          statusCode: '404',
          error: 'Not Found',
          code: 'NotFound',
          message: `Route ${method}:/storage/v1${path} not found`,
        })
      }
    })

    it('gives framework refusals (413, 415, bad JSON) a stable code', async () => {
      const tooLarge = await fetch(`${storageUrl()}/object/list/cover-letters`, {
        method: 'POST',
        headers: { ...asAda(), 'content-type': 'application/json' },
        body: JSON.stringify({ prefix: 'x'.repeat(2 * 1024 * 1024) }),
      })
      expect(tooLarge.status).toBe(413)
      expect(await tooLarge.json()).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' })

      const wrongType = await fetch(`${storageUrl()}/object/list/cover-letters`, {
        method: 'POST',
        headers: { ...asAda(), 'content-type': 'text/csv' },
        body: 'a,b',
      })
      expect(wrongType.status).toBe(415)
      expect(await wrongType.json()).toMatchObject({
        statusCode: '415',
        code: 'InvalidContentType',
      })

      const badJson = await fetch(`${storageUrl()}/object/list/cover-letters`, {
        method: 'POST',
        headers: { ...asAda(), 'content-type': 'application/json' },
        body: '{"prefix":',
      })
      expect(badJson.status).toBe(400)
      expect(await badJson.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' })
    })
  })

  describe('signed download URLs live from 1 second to 7 days (S4)', () => {
    const name = () => `${ada.id}/lifetime.pdf`

    beforeAll(async () => {
      await ada.supabase.storage.from('resumes').upload(name(), pdf('lifetime'), {
        contentType: 'application/pdf',
      })
    })

    it('signs for up to 604800 seconds and refuses longer, one or many', async () => {
      const resumes = ada.supabase.storage.from('resumes')
      const week = await resumes.createSignedUrl(name(), 604_800)
      expect(week.error).toBeNull()
      expect((await fetch(week.data?.signedUrl ?? '')).status).toBe(200)

      for (const expiresIn of [604_801, 3_000_000_000, 0, -5, 1.5]) {
        const one = await resumes.createSignedUrl(name(), expiresIn)
        expect(one.error, String(expiresIn)).toMatchObject({
          statusCode: '400',
          message: 'expiresIn must be a whole number of seconds from 1 to 604800 (7 days)',
        })
        const many = await resumes.createSignedUrls([name()], expiresIn)
        expect(many.error).toMatchObject({ statusCode: '400' })
      }
    })

    it('stops a 1-second URL after its second', async () => {
      const { data } = await ada.supabase.storage.from('resumes').createSignedUrl(name(), 1)
      expect((await fetch(data?.signedUrl ?? '')).status).toBe(200)
      testApp.advanceClock(2000)
      try {
        expect(await (await fetch(data?.signedUrl ?? '')).json()).toMatchObject({
          code: 'ExpiredToken',
        })
      } finally {
        testApp.advanceClock(-2000)
      }
    })
  })

  describe('signed upload URLs work once, for 2 hours (S4)', () => {
    const resumes = () => ada.supabase.storage.from('resumes')
    const putTo = (path: string, token: string, body: Buffer, contentType = 'application/pdf') =>
      fetch(`${storageUrl()}/object/upload/sign/resumes/${path}?token=${token}`, {
        method: 'PUT',
        headers: { 'content-type': contentType, 'x-upsert': 'true' },
        body,
      })

    it('refuses a second upload with the same token, even one that allows upsert', async () => {
      const target = `${ada.id}/${randomUUID()}.pdf`
      const { data } = await resumes().createSignedUploadUrl(target, { upsert: true })
      const token = data?.token ?? ''
      expect((await putTo(target, token, pdf('first'))).status).toBe(200)

      const again = await putTo(target, token, pdf('second'))
      expect(again.status).toBe(400)
      expect(await again.json()).toEqual({
        statusCode: '409',
        error: 'upload_url_used',
        code: 'UploadUrlUsed',
        message: 'This signed upload URL has already been used; ask for a new one',
      })
      expect(await bytesOf((await resumes().download(target)).data)).toEqual(pdf('first'))
    })

    it('refuses it on every server process: the spent token is kept in PostgreSQL', async () => {
      const target = `${ada.id}/${randomUUID()}.pdf`
      const { data } = await resumes().createSignedUploadUrl(target, { upsert: true })
      expect((await putTo(target, data?.token ?? '', pdf('first'))).status).toBe(200)
      const second = await testApp.startSecondProcess()
      try {
        const response = await fetch(
          `${second.url}/storage/v1/object/upload/sign/resumes/${target}?token=${data?.token}`,
          { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: pdf('again') },
        )
        expect(await response.json()).toMatchObject({ code: 'UploadUrlUsed' })
      } finally {
        await second.close()
      }
    })

    it('lets exactly one of many concurrent uploads with one token write', async () => {
      const target = `${ada.id}/${randomUUID()}.pdf`
      const { data } = await resumes().createSignedUploadUrl(target, { upsert: true })
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          putTo(target, data?.token ?? '', pdf(`race ${index}`)),
        ),
      )
      const bodies: unknown[] = await Promise.all(answers.map((answer) => answer.json()))
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
      for (const body of bodies.filter((_, index) => answers[index]?.status !== 200)) {
        expect(body).toMatchObject({ code: 'UploadUrlUsed' })
      }
      const versions = await testApp.database.pool.query(
        `select 1 from storage.objects where bucket_id = 'resumes' and name = $1`,
        [target],
      )
      expect(versions.rowCount).toBe(1)
    })

    it('does not spend the token on a refused upload: a corrected retry works', async () => {
      const target = `${ada.id}/${randomUUID()}.pdf`
      const { data } = await resumes().createSignedUploadUrl(target)
      const wrong = await putTo(target, data?.token ?? '', Buffer.from('not a pdf'))
      expect(await wrong.json()).toMatchObject({ statusCode: '415' })
      expect((await putTo(target, data?.token ?? '', pdf('right'))).status).toBe(200)
    })

    it('stops working 2 hours after it was signed', async () => {
      const target = `${ada.id}/${randomUUID()}.pdf`
      const { data } = await resumes().createSignedUploadUrl(target)
      testApp.advanceClock(2 * 3600 * 1000 + 1000)
      try {
        const late = await putTo(target, data?.token ?? '', pdf('late'))
        expect(await late.json()).toMatchObject({ statusCode: '400', code: 'ExpiredToken' })
      } finally {
        testApp.advanceClock(-(2 * 3600 * 1000 + 1000))
      }
    })

    it('refuses an upload token without an id (signed before tokens were single-use)', async () => {
      const target = `${ada.id}/${randomUUID()}.pdf`
      const legacy = await new SignJWT({
        url: `resumes/${target}`,
        purpose: 'upload',
        owner: ada.id,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(testApp.jwtSecret))
      expect(await (await putTo(target, legacy, pdf('x'))).json()).toMatchObject({
        code: 'InvalidSignature',
      })
    })

    it('clears spent tokens once they have expired', async () => {
      const pool = testApp.database.pool
      // Signed as the server: a user's access token would not outlive the clock moved below.
      const signer = testApp.adminClient().storage.from('resumes')
      const target = `${ada.id}/${randomUUID()}.pdf`
      const { data } = await signer.createSignedUploadUrl(target)
      await putTo(target, data?.token ?? '', pdf('kept'))
      const before = await pool.query(`select count(*)::int as n from storage.spent_upload_tokens`)
      expect(before.rows[0]).toEqual({ n: expect.any(Number) as number })
      expect((before.rows[0] as { n: number }).n).toBeGreaterThan(0)

      testApp.advanceClock(3 * 3600 * 1000)
      try {
        const next = `${ada.id}/${randomUUID()}.pdf`
        const fresh = await signer.createSignedUploadUrl(next)
        expect((await putTo(next, fresh.data?.token ?? '', pdf('next'))).status).toBe(200)
        const after = await pool.query(`select count(*)::int as n from storage.spent_upload_tokens`)
        expect(after.rows[0]).toEqual({ n: 1 })
      } finally {
        testApp.advanceClock(-3 * 3600 * 1000)
      }
    })
  })
})

describe.each(STORAGE_BACKENDS)(
  'a separate origin for user content (STORAGE_PUBLIC_URL), bytes on %s',
  (backend) => {
    const FILES_ORIGIN = 'http://files.example.test:8080'
    let testApp: StorageTestApp
    let ada: SignedInUser

    beforeAll(async () => {
      testApp = await startStorageTestApp(backend, {
        env: { STORAGE_PUBLIC_URL: `${FILES_ORIGIN}/` },
      })
      ada = await signUp(testApp, 'ada@example.com')
      await ada.supabase.storage.from('resumes').upload(`${ada.id}/cv.pdf`, pdf('cv'), {
        contentType: 'application/pdf',
      })
    })

    afterAll(async () => {
      await testApp.close()
    })

    /** A GET as a proxy for the files origin sends it: to this server, with that Host. */
    function getWithHost(url: string, host: string) {
      return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
        (resolve, reject) => {
          const request = httpRequest(url, { headers: { host } }, (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: Buffer.concat(chunks),
              }),
            )
          })
          request.on('error', reject)
          request.end()
        },
      )
    }

    it("sends a signed download asked of the app's origin to the files origin", async () => {
      const { data } = await ada.supabase.storage
        .from('resumes')
        .createSignedUrl(`${ada.id}/cv.pdf`, 60)
      const signedUrl = data?.signedUrl ?? ''
      const onApp = await fetch(signedUrl, { redirect: 'manual' })
      expect(onApp.status).toBe(307)
      const location = onApp.headers.get('location') ?? ''
      const appPath = signedUrl.slice(testApp.baseUrl.length)
      expect(location).toBe(`${FILES_ORIGIN}${appPath}`)

      // The proxy of the files origin passes its Host on: the same server serves the file.
      const onFiles = await getWithHost(`${testApp.baseUrl}${appPath}`, new URL(FILES_ORIGIN).host)
      expect(onFiles.status).toBe(200)
      expect(onFiles.body).toEqual(pdf('cv'))
      expect(onFiles.headers['access-control-allow-origin']).toBe('*')
      expect(onFiles.headers['content-security-policy']).toBe(SANDBOX)
    })

    it('answers nothing but signed downloads on the files origin', async () => {
      const filesHost = new URL(FILES_ORIGIN).host
      for (const path of [
        '/',
        '/sign-in',
        '/config.js',
        '/auth/v1/settings',
        '/rest/v1/profiles',
        `/storage/v1/object/authenticated/resumes/${ada.id}/cv.pdf`,
        '/api/credits',
      ]) {
        const answer = await getWithHost(`${testApp.baseUrl}${path}`, filesHost)
        expect(answer.status, path).toBe(404)
        expect(JSON.parse(answer.body.toString())).toMatchObject({ code: 'NotFound' })
      }
      // The app's own host is untouched.
      expect((await fetch(`${testApp.baseUrl}/config.js`)).status).toBe(200)
    })

    it('signs URLs for the product API at the files origin', async () => {
      const config = readConfig({ STORAGE_PUBLIC_URL: `${FILES_ORIGIN}/` })
      const signer = createObjectUrlSigner({
        jwtSecret: testApp.jwtSecret,
        settings: storageSettingsFromConfig(config, testApp.baseUrl),
      })
      const url = await signer.signDownloadUrl('resumes', `${ada.id}/cv.pdf`, 86_400)
      expect(url).toMatch(
        new RegExp(`^${FILES_ORIGIN}/storage/v1/object/sign/resumes/${ada.id}/cv\\.pdf\\?token=`),
      )
      const path = url.slice(FILES_ORIGIN.length)
      const served = await getWithHost(`${testApp.baseUrl}${path}`, new URL(FILES_ORIGIN).host)
      expect(served.body).toEqual(pdf('cv'))
      await expect(
        signer.signDownloadUrl('resumes', `${ada.id}/cv.pdf`, 604_801),
      ).rejects.toMatchObject({ code: 'InvalidRequest' })

      const sameOrigin = createObjectUrlSigner({
        jwtSecret: testApp.jwtSecret,
        settings: storageSettingsFromConfig(readConfig({}), testApp.baseUrl),
      })
      expect(await sameOrigin.signDownloadUrl('resumes', 'a b/c?.pdf', 60)).toMatch(
        new RegExp(`^${testApp.baseUrl}/storage/v1/object/sign/resumes/a%20b/c%3F\\.pdf\\?token=`),
      )
    })
  },
)
