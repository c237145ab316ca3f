import { createHash, randomUUID } from 'node:crypto'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  STORAGE_BACKENDS,
  startStorageTestApp,
  type StorageTestApp,
} from '../../../../../test/storage-backends.ts'
import { bytesOf, pdf, png, type SignedInUser, signUp } from '../../../test/storage-support.ts'

/**
 * The Storage service (/storage/v1) through supabase-js, for every storage-js call the product
 * makes: upload (raw and multipart), update, download, info, exists, list, remove, move, copy,
 * signed download and upload URLs, getBucket and listBuckets; and the wire details a client
 * sees: errors in Storage's shape, download headers, ranges, the bytes on disk.
 */
describe.each(STORAGE_BACKENDS)(
  'the Storage service (/storage/v1) through supabase-js, bytes on %s',
  (backend) => {
    let testApp: StorageTestApp
    let ada: SignedInUser
    const storageUrl = () => `${testApp.baseUrl}/storage/v1`
    /** The stored bytes (in the data folder or in S3), null when there are none. */
    const storedBytes = (bucket: string, name: string) => testApp.byteStore.get(bucket, name)
    const md5 = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`

    beforeAll(async () => {
      testApp = await startStorageTestApp(backend)
      ada = await signUp(testApp, 'ada@example.com')
    })

    afterAll(async () => {
      await testApp.close()
    })

    describe('upload and download', () => {
      it('uploads raw bytes (a Buffer) to the user folder and downloads them back', async () => {
        const name = `${ada.id}/${randomUUID()}.mp3`
        const audio = Buffer.from('ID3 pretend audio bytes')
        const { data, error } = await ada.supabase.storage
          .from('interviews')
          .upload(name, audio, { contentType: 'audio/mpeg' })
        expect(error).toBeNull()
        expect(data).toEqual({
          path: name,
          id: expect.any(String) as string,
          fullPath: `interviews/${name}`,
        })

        const downloaded = await ada.supabase.storage.from('interviews').download(name)
        expect(downloaded.error).toBeNull()
        expect(await bytesOf(downloaded.data)).toEqual(audio)
        expect(downloaded.data?.type).toBe('audio/mpeg')
        expect(await storedBytes('interviews', name)).toEqual(audio)

        const row = await testApp.database.pool.query(
          `select owner, owner_id, metadata from storage.objects where bucket_id = 'interviews' and name = $1`,
          [name],
        )
        expect(row.rows[0]).toMatchObject({
          owner: ada.id,
          owner_id: ada.id,
          metadata: { size: audio.length, mimetype: 'audio/mpeg', eTag: md5(audio) },
        })
      })

      it('uploads a Blob as a multipart form, as a browser does, with its metadata', async () => {
        const name = `${ada.id}/${randomUUID()}.pdf`
        const resume = pdf('Ada Lovelace')
        const { error } = await ada.supabase.storage
          .from('resumes')
          .upload(name, new Blob([resume], { type: 'application/pdf' }), {
            metadata: { source: 'upload page' },
          })
        expect(error).toBeNull()
        expect(await storedBytes('resumes', name)).toEqual(resume)

        const info = await ada.supabase.storage.from('resumes').info(name)
        expect(info.error).toBeNull()
        expect(info.data).toMatchObject({
          name,
          bucketId: 'resumes',
          size: resume.length,
          contentType: 'application/pdf',
          cacheControl: 'max-age=3600',
          etag: md5(resume),
          metadata: { source: 'upload page' },
        })
      })

      it('refuses to overwrite without upsert (409), replaces with upsert and with update', async () => {
        const name = `${ada.id}/letter.txt`
        const letters = ada.supabase.storage.from('cover-letters')
        expect((await letters.upload(name, Buffer.from('first'))).error).toBeNull()

        const again = await letters.upload(name, Buffer.from('second'))
        expect(again.error).toMatchObject({
          status: 400,
          statusCode: '409',
          message: 'The resource already exists',
        })
        expect(await bytesOf((await letters.download(name)).data)).toEqual(Buffer.from('first'))

        expect(
          (await letters.upload(name, Buffer.from('second'), { upsert: true })).error,
        ).toBeNull()
        expect(await bytesOf((await letters.download(name)).data)).toEqual(Buffer.from('second'))

        expect((await letters.update(name, Buffer.from('third'))).error).toBeNull()
        expect(await bytesOf((await letters.download(name)).data)).toEqual(Buffer.from('third'))
        expect((await storedBytes('cover-letters', name))?.toString('utf8')).toBe('third')
      })

      it('tells whether an object exists, and answers a missing one as Storage does', async () => {
        const letters = ada.supabase.storage.from('cover-letters')
        const name = `${ada.id}/exists.txt`
        await letters.upload(name, Buffer.from('here'))
        expect(await letters.exists(name)).toMatchObject({ data: true, error: null })
        expect((await letters.exists(`${ada.id}/missing.txt`)).data).toBe(false)

        const response = await fetch(`${storageUrl()}/object/cover-letters/${ada.id}/missing.txt`, {
          headers: { authorization: `Bearer ${ada.accessToken}` },
        })
        expect(response.status).toBe(400)
        expect(await response.json()).toEqual({
          statusCode: '404',
          error: 'not_found',
          code: 'NoSuchKey',
          message: 'Object not found',
        })
        const info = await letters.info(`${ada.id}/missing.txt`)
        expect(info.error).toMatchObject({ statusCode: '404', message: 'Object not found' })
      })

      it('answers a bucket that does not exist with 404 Bucket not found', async () => {
        const { error } = await ada.supabase.storage
          .from('no-such-bucket')
          .upload(`${ada.id}/x.txt`, Buffer.from('x'))
        expect(error).toMatchObject({ statusCode: '404', message: 'Bucket not found' })
      })
    })

    describe('what a bucket accepts', () => {
      it('refuses a type the bucket does not allow (415)', async () => {
        const { error } = await ada.supabase.storage
          .from('resumes')
          .upload(`${ada.id}/notes.txt`, Buffer.from('plain text'), { contentType: 'text/plain' })
        expect(error).toMatchObject({
          status: 400,
          statusCode: '415',
          message: 'mime type text/plain is not supported',
        })
      })

      it('refuses a non-PDF declared as a PDF, raw or multipart, by its content', async () => {
        const resumes = ada.supabase.storage.from('resumes')
        const fake = Buffer.from('MZ this is not a PDF at all')
        const raw = await resumes.upload(`${ada.id}/fake.pdf`, fake, {
          contentType: 'application/pdf',
        })
        expect(raw.error).toMatchObject({
          statusCode: '415',
          message: "the file's content is not application/pdf",
        })
        const form = await resumes.upload(
          `${ada.id}/fake.pdf`,
          new Blob([fake], { type: 'application/pdf' }),
        )
        expect(form.error).toMatchObject({ statusCode: '415' })
        const empty = await resumes.upload(`${ada.id}/empty.pdf`, Buffer.alloc(0), {
          contentType: 'application/pdf',
        })
        expect(empty.error).toMatchObject({ statusCode: '415' })
        expect(await resumes.exists(`${ada.id}/fake.pdf`)).toMatchObject({ data: false })
        expect(await storedBytes('resumes', `${ada.id}/fake.pdf`)).toBeNull()
      })

      it('refuses a file over the bucket size limit (413), raw, streamed or multipart', async () => {
        const resumes = ada.supabase.storage.from('resumes')
        const tooLarge = Buffer.concat([pdf('big'), Buffer.alloc(10 * 1024 * 1024)])
        const expected = {
          status: 400,
          statusCode: '413',
          message: 'The object exceeded the maximum allowed size',
        }
        const raw = await resumes.upload(`${ada.id}/big.pdf`, tooLarge, {
          contentType: 'application/pdf',
        })
        expect(raw.error).toMatchObject(expected)
        // No Content-Length: the limit is enforced while the bytes stream in.
        const streamed = await resumes.upload(`${ada.id}/big.pdf`, new Blob([tooLarge]).stream(), {
          contentType: 'application/pdf',
        })
        expect(streamed.error).toMatchObject(expected)
        const form = await resumes.upload(
          `${ada.id}/big.pdf`,
          new Blob([tooLarge], { type: 'application/pdf' }),
        )
        expect(form.error).toMatchObject(expected)
        expect(await resumes.exists(`${ada.id}/big.pdf`)).toMatchObject({ data: false })

        const justFits = Buffer.concat([pdf('fits'), Buffer.alloc(10 * 1024 * 1024 - 200)])
        const fits = await resumes.upload(`${ada.id}/fits.pdf`, justFits, {
          contentType: 'application/pdf',
        })
        expect(fits.error).toBeNull()
      })
    })

    describe('download responses', () => {
      const name = () => `${ada.id}/headers.mp3`
      // An MP3 frame header (the bytes are checked against the declared type), then text.
      const audio = Buffer.concat([
        Buffer.from([0xff, 0xfb, 0x90, 0x64]),
        Buffer.from('0123456789abcdef'),
      ])

      beforeAll(async () => {
        await ada.supabase.storage
          .from('interviews')
          .upload(name(), audio, { contentType: 'audio/mpeg', cacheControl: '60' })
      })

      const get = (headers: Record<string, string> = {}, query = '', method = 'GET') =>
        fetch(`${storageUrl()}/object/authenticated/interviews/${name()}${query}`, {
          method,
          headers: { authorization: `Bearer ${ada.accessToken}`, ...headers },
        })

      it('carries type, length, ETag, Cache-Control and Last-Modified', async () => {
        const response = await get()
        expect(response.status).toBe(200)
        expect(Object.fromEntries(response.headers)).toMatchObject({
          'content-type': 'audio/mpeg',
          'content-length': String(audio.length),
          etag: md5(audio),
          'cache-control': 'max-age=60',
          'accept-ranges': 'bytes',
        })
        expect(Date.parse(response.headers.get('last-modified') ?? '')).not.toBeNaN()
        expect(Buffer.from(await response.arrayBuffer())).toEqual(audio)
      })

      it('serves one byte range (206) and refuses one past the end (416)', async () => {
        const partial = await get({ range: 'bytes=8-11' })
        expect(partial.status).toBe(206)
        expect(partial.headers.get('content-range')).toBe(`bytes 8-11/${audio.length}`)
        expect(await partial.text()).toBe('4567')

        const outside = await get({ range: 'bytes=99-' })
        expect(outside.status).toBe(416)
        expect(outside.headers.get('content-range')).toBe(`bytes */${audio.length}`)
        expect(await outside.json()).toMatchObject({ code: 'InvalidRange' })
      })

      it('answers 304 to a matching If-None-Match, and HEAD with headers only', async () => {
        const cached = await get({ 'if-none-match': md5(audio) })
        expect(cached.status).toBe(304)

        const head = await get({}, '', 'HEAD')
        expect(head.status).toBe(200)
        expect(head.headers.get('content-length')).toBe(String(audio.length))
        expect(await head.text()).toBe('')
      })

      it('makes ?download an attachment, under the stored or a given name', async () => {
        expect((await get({}, '?download')).headers.get('content-disposition')).toBe('attachment;')
        expect((await get({}, '?download=talk.mp3')).headers.get('content-disposition')).toBe(
          "attachment; filename=talk.mp3; filename*=UTF-8''talk.mp3;",
        )
      })

      it('answers 404, not 500, for a row whose bytes are gone', async () => {
        const lost = `${ada.id}/lost.txt`
        await ada.supabase.storage.from('cover-letters').upload(lost, Buffer.from('soon gone'))
        await testApp.byteStore.remove('cover-letters', [lost])
        const { error } = await ada.supabase.storage.from('cover-letters').download(lost)
        expect(error).toMatchObject({ status: 400 })
        const response = await fetch(`${storageUrl()}/object/cover-letters/${lost}`, {
          headers: { authorization: `Bearer ${ada.accessToken}` },
        })
        expect(await response.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
      })
    })

    describe('signed URLs', () => {
      const name = () => `${ada.id}/signed.pdf`
      const resume = pdf('signed')

      beforeAll(async () => {
        await ada.supabase.storage
          .from('resumes')
          .upload(name(), resume, { contentType: 'application/pdf' })
      })

      it('signs a download URL for 24 hours that works without a session, then expires', async () => {
        const { data, error } = await ada.supabase.storage
          .from('resumes')
          .createSignedUrl(name(), 86400)
        expect(error).toBeNull()
        const signedUrl = data?.signedUrl ?? ''
        expect(signedUrl).toMatch(
          new RegExp(
            `^${storageUrl()}/object/sign/resumes/${name()}\\?token=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`,
          ),
        )

        const response = await fetch(signedUrl)
        expect(response.status).toBe(200)
        expect(Buffer.from(await response.arrayBuffer())).toEqual(resume)
        expect(response.headers.get('content-type')).toBe('application/pdf')
        expect(Date.parse(response.headers.get('expires') ?? '') - Date.now()).toBeGreaterThan(
          86_000_000,
        )

        const attachment = await ada.supabase.storage
          .from('resumes')
          .createSignedUrl(name(), 60, { download: 'cv.pdf' })
        expect(
          (await fetch(attachment.data?.signedUrl ?? '')).headers.get('content-disposition'),
        ).toBe("attachment; filename=cv.pdf; filename*=UTF-8''cv.pdf;")

        testApp.advanceClock(86_401_000)
        try {
          const expired = await fetch(signedUrl)
          expect(expired.status).toBe(400)
          expect(await expired.json()).toMatchObject({
            statusCode: '400',
            code: 'ExpiredToken',
            message: 'The provided token has expired.',
          })
        } finally {
          testApp.advanceClock(-86_401_000)
        }
      })

      it('signs and serves names with spaces and parentheses', async () => {
        const spaced = `${ada.id}/my resume (1).pdf`
        const resumes = ada.supabase.storage.from('resumes')
        expect(
          (await resumes.upload(spaced, resume, { contentType: 'application/pdf' })).error,
        ).toBeNull()
        const { data } = await resumes.createSignedUrl(spaced, 60)
        const response = await fetch(data?.signedUrl ?? '')
        expect(response.status).toBe(200)
        expect(Buffer.from(await response.arrayBuffer())).toEqual(resume)
        expect(
          (await resumes.list(ada.id, { search: 'my res' })).data?.map((entry) => entry.name),
        ).toEqual(['my resume (1).pdf'])
      })

      it('refuses a signed URL used for another path', async () => {
        const other = `${ada.id}/other.pdf`
        await ada.supabase.storage.from('resumes').upload(other, pdf('other'), {
          contentType: 'application/pdf',
        })
        const { data } = await ada.supabase.storage.from('resumes').createSignedUrl(name(), 60)
        const token = new URL(data?.signedUrl ?? '').searchParams.get('token')
        const response = await fetch(`${storageUrl()}/object/sign/resumes/${other}?token=${token}`)
        expect(response.status).toBe(400)
        expect(await response.json()).toMatchObject({
          statusCode: '400',
          code: 'InvalidSignature',
          message: 'Invalid signature',
        })
      })

      it('signs several at once, reporting the ones it cannot sign', async () => {
        const missing = `${ada.id}/missing.pdf`
        const { data, error } = await ada.supabase.storage
          .from('resumes')
          .createSignedUrls([name(), missing], 60)
        expect(error).toBeNull()
        expect(data).toEqual([
          {
            error: null,
            path: name(),
            signedURL: expect.any(String) as string,
            signedUrl: expect.any(String) as string,
          },
          {
            error: 'Either the object does not exist or you do not have access to it',
            path: missing,
            signedURL: null,
            signedUrl: null,
          },
        ])
        expect((await fetch(data?.[0]?.signedUrl ?? '')).status).toBe(200)
      })

      it('refuses to sign an object that does not exist', async () => {
        const { error } = await ada.supabase.storage
          .from('resumes')
          .createSignedUrl(`${ada.id}/none.pdf`, 60)
        expect(error).toMatchObject({ statusCode: '404', message: 'Object not found' })
      })

      it('uploads through a signed upload URL once, and again only when it allows upsert', async () => {
        const resumes = ada.supabase.storage.from('resumes')
        const target = `${ada.id}/${randomUUID()}.pdf`
        const signed = await resumes.createSignedUploadUrl(target)
        expect(signed.error).toBeNull()
        expect(signed.data?.signedUrl).toContain(`/object/upload/sign/resumes/${target}?token=`)

        // The upload itself needs no session: only the token.
        const stranger = testApp.client().storage.from('resumes')
        const first = await stranger.uploadToSignedUrl(
          target,
          signed.data?.token ?? '',
          new Blob([pdf('first')], { type: 'application/pdf' }),
        )
        expect(first.error).toBeNull()
        expect(first.data).toMatchObject({ path: target, fullPath: `resumes/${target}` })
        const row = await testApp.database.pool.query(
          `select owner from storage.objects where bucket_id = 'resumes' and name = $1`,
          [target],
        )
        expect(row.rows[0]).toEqual({ owner: ada.id })

        const second = await stranger.uploadToSignedUrl(
          target,
          signed.data?.token ?? '',
          pdf('2'),
          {
            contentType: 'application/pdf',
          },
        )
        expect(second.error).toMatchObject({
          statusCode: '409',
          message: 'This signed upload URL has already been used; ask for a new one',
        })

        const upsert = await resumes.createSignedUploadUrl(target, { upsert: true })
        const replaced = await stranger.uploadToSignedUrl(
          target,
          upsert.data?.token ?? '',
          pdf('replaced'),
          { contentType: 'application/pdf' },
        )
        expect(replaced.error).toBeNull()
        expect(await bytesOf((await resumes.download(target)).data)).toEqual(pdf('replaced'))
      })

      it('checks the bucket rules on a signed upload too', async () => {
        const target = `${ada.id}/${randomUUID()}.pdf`
        const signed = await ada.supabase.storage.from('resumes').createSignedUploadUrl(target)
        const { error } = await ada.supabase.storage
          .from('resumes')
          .uploadToSignedUrl(target, signed.data?.token ?? '', Buffer.from('not a pdf'), {
            contentType: 'application/pdf',
          })
        expect(error).toMatchObject({ statusCode: '415' })
      })
    })

    describe('list, remove, move and copy', () => {
      it('lists one folder level: sub-folders first, then files, sorted, searched and paged', async () => {
        const letters = ada.supabase.storage.from('cover-letters')
        const folder = `${ada.id}/listing`
        for (const file of ['b.txt', 'a.txt', 'c.txt', 'sub/inner.txt', 'zed/inner.txt']) {
          await letters.upload(`${folder}/${file}`, Buffer.from(file))
        }
        const { data, error } = await letters.list(folder)
        expect(error).toBeNull()
        expect(data?.map((entry) => [entry.name, entry.id === null])).toEqual([
          ['sub', true],
          ['zed', true],
          ['a.txt', false],
          ['b.txt', false],
          ['c.txt', false],
        ])
        expect(data?.[2]).toMatchObject({
          id: expect.any(String) as string,
          created_at: expect.any(String) as string,
          updated_at: expect.any(String) as string,
          last_accessed_at: expect.any(String) as string,
          metadata: { size: 5, mimetype: 'text/plain;charset=UTF-8' },
        })
        expect(data?.[0]).toMatchObject({ id: null, metadata: null, updated_at: null })

        const descending = await letters.list(`${folder}/`, {
          sortBy: { column: 'name', order: 'desc' },
        })
        expect(descending.data?.map((entry) => entry.name)).toEqual([
          'zed',
          'sub',
          'c.txt',
          'b.txt',
          'a.txt',
        ])
        const paged = await letters.list(folder, { limit: 2, offset: 2 })
        expect(paged.data?.map((entry) => entry.name)).toEqual(['a.txt', 'b.txt'])
        const searched = await letters.list(folder, { search: 'B' })
        expect(searched.data?.map((entry) => entry.name)).toEqual(['b.txt'])
        const top = await letters.list()
        expect(top.data?.map((entry) => entry.name)).toEqual([ada.id])
      })

      it('takes search text literally, wildcards included', async () => {
        const letters = ada.supabase.storage.from('cover-letters')
        await letters.upload(`${ada.id}/wild/a_b.txt`, Buffer.from('1'))
        await letters.upload(`${ada.id}/wild/axb.txt`, Buffer.from('2'))
        const { data } = await letters.list(`${ada.id}/wild`, { search: 'a_' })
        expect(data?.map((entry) => entry.name)).toEqual(['a_b.txt'])
        const percent = await letters.list(`${ada.id}/wild`, { search: '%' })
        expect(percent.data).toEqual([])
      })

      it('removes objects, rows and bytes, and reports what it removed', async () => {
        const letters = ada.supabase.storage.from('cover-letters')
        const names = [`${ada.id}/gone/1.txt`, `${ada.id}/gone/2.txt`]
        for (const name of names) {
          await letters.upload(name, Buffer.from(name))
        }
        const { data, error } = await letters.remove([...names, `${ada.id}/gone/never.txt`])
        expect(error).toBeNull()
        expect(data?.map((row) => row.name).sort()).toEqual(names)
        expect(data?.[0]).toMatchObject({
          bucket_id: 'cover-letters',
          id: expect.any(String) as string,
        })
        for (const name of names) {
          expect((await letters.exists(name)).data).toBe(false)
          expect(await storedBytes('cover-letters', name)).toBeNull()
        }
      })

      it('moves an object, row and bytes, within a bucket and to another', async () => {
        const letters = ada.supabase.storage.from('cover-letters')
        const from = `${ada.id}/move/from.txt`
        const to = `${ada.id}/move/to.txt`
        await letters.upload(from, Buffer.from('moving'))
        const moved = await letters.move(from, to)
        expect(moved.error).toBeNull()
        expect(moved.data).toMatchObject({ message: 'Successfully moved' })
        expect((await letters.exists(from)).data).toBe(false)
        expect(await bytesOf((await letters.download(to)).data)).toEqual(Buffer.from('moving'))
        expect(await storedBytes('cover-letters', from)).toBeNull()

        const letter = `${ada.id}/move/letter.pdf`
        await letters.upload(letter, pdf('moving'), { contentType: 'application/pdf' })
        const across = await letters.move(letter, `${ada.id}/moved.pdf`, {
          destinationBucket: 'resumes',
        })
        expect(across.error).toBeNull()
        const resumes = ada.supabase.storage.from('resumes')
        expect(await bytesOf((await resumes.download(`${ada.id}/moved.pdf`)).data)).toEqual(
          pdf('moving'),
        )

        const missing = await letters.move(`${ada.id}/move/none.txt`, `${ada.id}/move/x.txt`)
        expect(missing.error).toMatchObject({ statusCode: '404' })
      })

      it('refuses to move or copy a file into a bucket that would refuse its upload', async () => {
        const letters = ada.supabase.storage.from('cover-letters')
        const text = `${ada.id}/not-a-resume.pdf`
        await letters.upload(text, Buffer.from('plain words'), { contentType: 'text/plain' })
        const moved = await letters.move(text, `${ada.id}/cv.pdf`, { destinationBucket: 'resumes' })
        expect(moved.error).toMatchObject({ statusCode: '415' })
        const copied = await letters.copy(text, `${ada.id}/cv.pdf`, {
          destinationBucket: 'resumes',
        })
        expect(copied.error).toMatchObject({ statusCode: '415' })
        expect((await letters.exists(text)).data).toBe(true)
        expect((await ada.supabase.storage.from('resumes').exists(`${ada.id}/cv.pdf`)).data).toBe(
          false,
        )

        // A row that claims PDF over other bytes (stored before uploads were checked): its bytes
        // are read again on the way into a bucket that checks them.
        await testApp.database.pool.query(
          `update storage.objects set metadata = jsonb_set(metadata, '{mimetype}', '"application/pdf"')
         where bucket_id = 'cover-letters' and name = $1`,
          [text],
        )
        const relabelled = await letters.move(text, `${ada.id}/cv.pdf`, {
          destinationBucket: 'resumes',
        })
        expect(relabelled.error).toMatchObject({
          statusCode: '415',
          message: "the file's content is not application/pdf",
        })
        expect((await letters.exists(text)).data).toBe(true)
      })

      it('copies an object to a new name, refusing an existing one', async () => {
        const letters = ada.supabase.storage.from('cover-letters')
        const source = `${ada.id}/copy/source.txt`
        await letters.upload(source, Buffer.from('copied'), { metadata: { kind: 'letter' } })
        const { data, error } = await letters.copy(source, `${ada.id}/copy/target.txt`)
        expect(error).toBeNull()
        expect(data).toEqual({ path: `cover-letters/${ada.id}/copy/target.txt` })
        expect(await bytesOf((await letters.download(`${ada.id}/copy/target.txt`)).data)).toEqual(
          Buffer.from('copied'),
        )
        expect(await bytesOf((await letters.download(source)).data)).toEqual(Buffer.from('copied'))
        const info = await letters.info(`${ada.id}/copy/target.txt`)
        expect(info.data).toMatchObject({ metadata: { kind: 'letter' }, size: 6 })

        const again = await letters.copy(source, `${ada.id}/copy/target.txt`)
        expect(again.error).toMatchObject({ statusCode: '409' })
      })
    })

    describe('buckets', () => {
      it('lists the four private buckets and their limits for the service role', async () => {
        const storage = testApp.adminClient().storage
        const { data, error } = await storage.listBuckets()
        expect(error).toBeNull()
        expect(data?.map((bucket) => bucket.id)).toEqual([
          'cover-letters',
          'interviews',
          'resume-analysis',
          'resumes',
        ])
        const resumes = await storage.getBucket('resumes')
        expect(resumes.data).toMatchObject({
          id: 'resumes',
          name: 'resumes',
          public: false,
          file_size_limit: 10485760,
          allowed_mime_types: ['application/pdf'],
        })
        const missing = await storage.getBucket('nope')
        expect(missing.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' })
      })

      it('shows users no bucket, as a Supabase project without bucket policies does', async () => {
        expect((await ada.supabase.storage.listBuckets()).data).toEqual([])
        expect((await ada.supabase.storage.getBucket('resumes')).error).toMatchObject({
          statusCode: '404',
        })
      })
    })

    describe('the server-written bucket', () => {
      it('lets the service role write resume-analysis and the owner only read it', async () => {
        const poster = `${ada.id}/${randomUUID()}.png`
        const admin = testApp.adminClient().storage.from('resume-analysis')
        expect((await admin.upload(poster, png(), { contentType: 'image/png' })).error).toBeNull()
        const mine = ada.supabase.storage.from('resume-analysis')
        expect(await bytesOf((await mine.download(poster)).data)).toEqual(png())
        const write = await mine.upload(`${ada.id}/mine.png`, png(), { contentType: 'image/png' })
        expect(write.error).toMatchObject({
          statusCode: '403',
          message: 'new row violates row-level security policy',
        })
        expect((await mine.remove([poster])).data).toEqual([])
        expect((await mine.exists(poster)).data).toBe(true)

        // Not even the server stores there what the bucket does not list.
        const report = await admin.upload(`${ada.id}/report.json`, Buffer.from('{"score":7}'), {
          contentType: 'application/json',
        })
        expect(report.error).toMatchObject({ statusCode: '415' })
      })
    })

    describe('requests the service refuses', () => {
      it('refuses names that could leave the bucket folder', async () => {
        for (const name of [`${ada.id}/%2E%2E%2F%2E%2E%2Fescape.txt`, `${ada.id}/a%5Cb.txt`]) {
          const response = await fetch(`${storageUrl()}/object/cover-letters/${name}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${ada.accessToken}`, 'content-type': 'text/plain' },
            body: 'escape',
          })
          expect(response.status).toBe(400)
          expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' })
        }
        await expect(stat(path.join(testApp.dataDir, 'escape.txt'))).rejects.toThrow(/ENOENT/)
        await expect(stat(path.join(testApp.dataDir, 'storage/escape.txt'))).rejects.toThrow(
          /ENOENT/,
        )
      })

      it('refuses a request without a token, and answers bad bodies and routes in its shape', async () => {
        const response = await fetch(`${storageUrl()}/object/list/cover-letters`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
        expect(response.status).toBe(400)
        expect(await response.json()).toEqual({
          statusCode: '403',
          error: 'Unauthorized',
          code: 'AccessDenied',
          message: 'Invalid Compact JWS',
        })

        const badBody = await ada.supabase.storage
          .from('resumes')
          .createSignedUrl(`${ada.id}/signed.pdf`, 0)
        expect(badBody.error).toMatchObject({ statusCode: '400' })

        const unknown = await fetch(`${storageUrl()}/nowhere`)
        expect(unknown.status).toBe(404)
        expect(await unknown.json()).toMatchObject({ statusCode: '404', error: 'Not Found' })
      })
    })
  },
)
