import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  STORAGE_BACKENDS,
  startStorageTestApp,
  type StorageTestApp,
} from '../../../../../test/storage-backends.ts'
import { bytesOf, pdf, png, type SignedInUser, signUp } from '../../../test/storage-support.ts'

/**
 * Bucket management and the listing and info answers storage-js relies on (issue 20), over
 * HTTP with real supabase-js clients: the service role creates, changes, empties and deletes
 * buckets; users and anon are refused unless a policy on `storage.buckets` lets them; a bucket
 * is deleted only once empty; `list-v2` pages with cursors; `info` answers `metadata: {}`.
 */
describe.each(STORAGE_BACKENDS)('Storage bucket management (issue 20), bytes on %s', (backend) => {
  let testApp: StorageTestApp
  let ada: SignedInUser
  let admin: SupabaseClient['storage']
  const storageUrl = () => `${testApp.baseUrl}/storage/v1`
  const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`

  beforeAll(async () => {
    testApp = await startStorageTestApp(backend)
    ada = await signUp(testApp, 'ada@example.com')
    admin = testApp.adminClient().storage
  })

  afterAll(async () => {
    await testApp.close()
  })

  describe('as the service role', () => {
    it('creates a bucket with its settings, sizes given with a unit', async () => {
      const id = unique('photos')
      const created = await admin.createBucket(id, {
        public: true,
        fileSizeLimit: '20mb',
        allowedMimeTypes: ['image/png', 'image/*'],
      })
      expect(created).toEqual({ data: { name: id }, error: null })

      const { data } = await admin.getBucket(id)
      expect(data).toMatchObject({
        id,
        name: id,
        public: true,
        file_size_limit: 20_000_000,
        allowed_mime_types: ['image/png', 'image/*'],
        owner: null,
      })
      const listed = await admin.listBuckets({ search: id })
      expect(listed.data?.map((bucket) => bucket.id)).toEqual([id])
    })

    it('changes only the settings it is sent, and resets a limit sent as null', async () => {
      const id = unique('docs')
      await admin.createBucket(id, { public: false, fileSizeLimit: 1000 })
      const partial = await admin.updateBucket(id, { public: true })
      expect(partial).toEqual({ data: { message: 'Successfully updated' }, error: null })
      expect((await admin.getBucket(id)).data).toMatchObject({
        public: true,
        file_size_limit: 1000,
        allowed_mime_types: null,
      })

      const full = await fetch(`${storageUrl()}/bucket/${id}`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${testApp.serviceRoleKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          public: false,
          file_size_limit: null,
          allowed_mime_types: ['application/pdf'],
        }),
      })
      expect(full.status).toBe(200)
      expect((await admin.getBucket(id)).data).toMatchObject({
        public: false,
        file_size_limit: null,
        allowed_mime_types: ['application/pdf'],
      })
    })

    it('applies a new bucket’s settings to uploads', async () => {
      const id = unique('small')
      await admin.createBucket(id, {
        public: false,
        fileSizeLimit: 1000,
        allowedMimeTypes: ['image/png'],
      })
      const files = admin.from(id)
      expect((await files.upload('a.png', png(), { contentType: 'image/png' })).error).toBeNull()
      expect(
        (await files.upload('b.png', Buffer.alloc(2000, 1), { contentType: 'image/png' })).error,
      ).toMatchObject({ statusCode: '413' })
      expect(
        (await files.upload('c.pdf', pdf('x'), { contentType: 'application/pdf' })).error,
      ).toMatchObject({ statusCode: '415', message: 'mime type application/pdf is not supported' })
    })

    it('refuses bad settings and names with a 4xx in Storage’s shape', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: 'has space' }, '400', 'InvalidBucketName'],
        [{ name: '..' }, '400', 'InvalidBucketName'],
        [{ name: 'a/b' }, '400', 'InvalidBucketName'],
        [{ name: unique('ok'), file_size_limit: '20 parsecs' }, '400', 'InvalidRequest'],
        [{ name: unique('ok'), file_size_limit: '1tb' }, '422', 'InvalidRequest'],
        [{ name: unique('ok'), allowed_mime_types: ['not a type'] }, '415', 'InvalidMimeType'],
        [{ name: unique('ok'), allowed_mime_types: 'image/png' }, '400', 'InvalidRequest'],
        [{ name: unique('ok'), type: 'ANALYTICS' }, '400', 'InvalidRequest'],
        [{ name: unique('ok'), public: 'yes' }, '400', 'InvalidRequest'],
        [{}, '400', 'InvalidRequest'],
      ]
      for (const [body, statusCode, code] of cases) {
        const response = await fetch(`${storageUrl()}/bucket`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${testApp.serviceRoleKey}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
        })
        expect(response.status, JSON.stringify(body)).toBe(400)
        expect(await response.json(), JSON.stringify(body)).toMatchObject({ statusCode, code })
      }
      const { rows } = await testApp.database.pool.query(
        `select id from storage.buckets where id like 'ok-%' or id in ('has space', '..', 'a/b')`,
      )
      expect(rows).toEqual([])
    })

    it('refuses a bucket that exists already (409)', async () => {
      const id = unique('twice')
      expect((await admin.createBucket(id)).error).toBeNull()
      expect((await admin.createBucket(id)).error).toMatchObject({
        statusCode: '409',
        message: 'The resource already exists',
      })
      expect((await admin.createBucket('resumes')).error).toMatchObject({ statusCode: '409' })
    })

    it('empties a bucket, rows and bytes, then deletes it; a bucket holding objects is kept', async () => {
      const id = unique('full')
      await admin.createBucket(id)
      const files = admin.from(id)
      for (const name of ['a.txt', 'folder/b.txt', 'folder/deeper/c.txt']) {
        expect(
          (await files.upload(name, Buffer.from(name), { contentType: 'text/plain' })).error,
        ).toBeNull()
      }

      expect(await admin.deleteBucket(id)).toMatchObject({
        data: null,
        error: { statusCode: '409', message: 'The bucket you tried to delete is not empty' },
      })
      expect((await admin.getBucket(id)).data?.id).toBe(id)

      expect(await admin.emptyBucket(id)).toEqual({
        data: { message: 'Empty bucket has been queued. Completion may take up to an hour.' },
        error: null,
      })
      const left = await testApp.database.pool.query(
        `select name from storage.objects where bucket_id = $1`,
        [id],
      )
      expect(left.rows).toEqual([])
      expect(await testApp.storedNames(id, '')).toEqual([])

      expect(await admin.deleteBucket(id)).toEqual({
        data: { message: 'Successfully deleted' },
        error: null,
      })
      expect((await admin.getBucket(id)).error).toMatchObject({ message: 'Bucket not found' })
    })

    it('keeps a product bucket while it holds objects', async () => {
      const name = `${ada.id}/kept.pdf`
      expect(
        (
          await ada.supabase.storage.from('resumes').upload(name, pdf('kept'), {
            contentType: 'application/pdf',
          })
        ).error,
      ).toBeNull()
      expect((await admin.deleteBucket('resumes')).error).toMatchObject({
        statusCode: '409',
        message: 'The bucket you tried to delete is not empty',
      })
      const kept = await ada.supabase.storage.from('resumes').download(name)
      expect(await bytesOf(kept.data)).toEqual(pdf('kept'))
    })

    it('answers Bucket not found for a bucket that does not exist', async () => {
      for (const result of [
        await admin.updateBucket('no-such-bucket', { public: true }),
        await admin.emptyBucket('no-such-bucket'),
        await admin.deleteBucket('no-such-bucket'),
      ]) {
        expect(result.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' })
      }
    })
  })

  describe('as a user or anon, with no policy on storage.buckets', () => {
    const clients = () => ({ user: ada.supabase.storage, anon: testApp.client().storage })

    it('creates no bucket, and changes, empties or deletes none', async () => {
      const target = unique('admins')
      await admin.createBucket(target, { public: false })
      await admin.from(target).upload('x.txt', Buffer.from('x'), { contentType: 'text/plain' })
      for (const [who, storage] of Object.entries(clients())) {
        const created = await storage.createBucket(unique(`by-${who}`))
        expect(created.error, who).toMatchObject({
          statusCode: '403',
          message: 'new row violates row-level security policy',
        })
        for (const id of [target, 'resumes']) {
          for (const result of [
            await storage.updateBucket(id, { public: true }),
            await storage.emptyBucket(id),
            await storage.deleteBucket(id),
          ]) {
            expect(result.error, `${who} ${id}`).toMatchObject({
              statusCode: '404',
              message: 'Bucket not found',
            })
          }
        }
        expect((await storage.listBuckets()).data, who).toEqual([])
        expect((await storage.getBucket('resumes')).error, who).toMatchObject({ statusCode: '404' })
      }
      expect((await admin.getBucket(target)).data).toMatchObject({ public: false })
      expect((await admin.from(target).exists('x.txt')).data).toBe(true)
      const { rows } = await testApp.database.pool.query(
        `select id from storage.buckets where id like 'by-%'`,
      )
      expect(rows).toEqual([])
    })

    it('manages buckets where a policy allows it (control)', async () => {
      await testApp.database.pool.query(
        `create policy "test: users manage their own buckets" on storage.buckets for all
         to authenticated using (owner = (select auth.uid())) with check (owner = (select auth.uid()))`,
      )
      try {
        const id = unique('adas')
        expect((await ada.supabase.storage.createBucket(id)).error).toBeNull()
        expect((await ada.supabase.storage.getBucket(id)).data).toMatchObject({ owner: ada.id })
        expect((await ada.supabase.storage.updateBucket(id, { public: true })).error).toBeNull()
        expect((await ada.supabase.storage.deleteBucket(id)).error).toBeNull()
        expect((await admin.getBucket(id)).error).toMatchObject({ statusCode: '404' })
        expect(
          (await ada.supabase.storage.updateBucket('resumes', { public: true })).error,
        ).toMatchObject({ statusCode: '404' })
      } finally {
        await testApp.database.pool.query(
          `drop policy "test: users manage their own buckets" on storage.buckets`,
        )
      }
    })

    it('empties only the objects the caller may delete', async () => {
      const name = `${ada.id}/mine.txt`
      await ada.supabase.storage
        .from('cover-letters')
        .upload(name, Buffer.from('mine'), { contentType: 'text/plain' })
      await testApp.database.pool.query(
        `create policy "test: users see cover-letters" on storage.buckets for select
         to authenticated using (id = 'cover-letters')`,
      )
      try {
        expect((await ada.supabase.storage.emptyBucket('cover-letters')).error).toBeNull()
      } finally {
        await testApp.database.pool.query(
          `drop policy "test: users see cover-letters" on storage.buckets`,
        )
      }
      expect((await ada.supabase.storage.from('cover-letters').exists(name)).data).toBe(false)
      expect((await admin.getBucket('cover-letters')).data?.id).toBe('cover-letters')
    })
  })

  describe('POST /object/list-v2/{bucket}', () => {
    let bucket: string
    const names = [
      'top.txt',
      'docs/a.txt',
      'docs/b.txt',
      'docs/c.txt',
      'docs/sub/d.txt',
      'img/e.txt',
    ]

    beforeAll(async () => {
      bucket = unique('listing')
      await admin.createBucket(bucket)
      for (const name of names) {
        const { error } = await admin
          .from(bucket)
          .upload(name, Buffer.from(name), { contentType: 'text/plain' })
        expect(error).toBeNull()
      }
    })

    it('lists every object under a prefix, whole names, without a delimiter', async () => {
      const { data, error } = await admin.from(bucket).listV2({ prefix: 'docs' })
      expect(error).toBeNull()
      expect(data?.hasNext).toBe(false)
      expect(data?.folders).toEqual([])
      expect(data?.objects.map((object) => object.name)).toEqual([
        'docs/a.txt',
        'docs/b.txt',
        'docs/c.txt',
        'docs/sub/d.txt',
      ])
      const first = data?.objects[0]
      expect(typeof first?.id).toBe('string')
      expect(first?.key).toBe('docs/a.txt')
      expect(first?.metadata).toMatchObject({ mimetype: 'text/plain', size: 10 })
    })

    it('groups folders with the delimiter, folders first', async () => {
      const top = await admin.from(bucket).listV2({ with_delimiter: true })
      expect(top.data).toEqual({
        hasNext: false,
        folders: [
          { key: 'docs', name: 'docs/' },
          { key: 'img', name: 'img/' },
        ],
        objects: [expect.objectContaining({ name: 'top.txt' })],
      })
      const docs = await admin.from(bucket).listV2({ prefix: 'docs/', with_delimiter: true })
      expect(docs.data?.folders).toEqual([{ key: 'docs/sub', name: 'docs/sub/' }])
      expect(docs.data?.objects.map((object) => object.name)).toEqual([
        'docs/a.txt',
        'docs/b.txt',
        'docs/c.txt',
      ])
    })

    it('pages with cursors in every sort order, neither skipping nor repeating', async () => {
      for (const sortBy of [
        { column: 'name', order: 'asc' },
        { column: 'name', order: 'desc' },
        { column: 'created_at', order: 'asc' },
        { column: 'updated_at', order: 'desc' },
      ] as const) {
        const seen: string[] = []
        let cursor: string | undefined
        for (let page = 0; page < 10; page++) {
          const { data, error } = await admin
            .from(bucket)
            .listV2({ prefix: 'docs/', limit: 2, sortBy, ...(cursor ? { cursor } : {}) })
          expect(error).toBeNull()
          seen.push(...(data?.objects.map((object) => object.name) ?? []))
          if (!data?.hasNext) {
            expect(data?.nextCursor).toBeUndefined()
            break
          }
          cursor = data.nextCursor
        }
        const expected = ['docs/a.txt', 'docs/b.txt', 'docs/c.txt', 'docs/sub/d.txt']
        expect(seen, JSON.stringify(sortBy)).toEqual(
          sortBy.order === 'asc' ? expected : [...expected].reverse(),
        )
      }
    })

    it('refuses a cursor it did not make, or of another sort order, and a missing bucket', async () => {
      const first = await admin.from(bucket).listV2({ limit: 1 })
      const other = await admin
        .from(bucket)
        .listV2({ limit: 1, cursor: first.data?.nextCursor, sortBy: { column: 'created_at' } })
      expect(other.error).toMatchObject({ statusCode: '400' })
      const forged = await admin.from(bucket).listV2({ cursor: 'not-a-cursor' })
      expect(forged.error).toMatchObject({ statusCode: '400', message: 'Invalid cursor' })
      const badLimit = await admin.from(bucket).listV2({ limit: 0 })
      expect(badLimit.error).toMatchObject({ statusCode: '400' })
      expect((await admin.from('no-such-bucket').listV2()).data).toMatchObject({ objects: [] })
    })

    it('shows a user only what row-level security lets them see', async () => {
      const own = `${ada.id}/letter.txt`
      await ada.supabase.storage
        .from('cover-letters')
        .upload(own, Buffer.from('letter'), { contentType: 'text/plain' })
      await admin
        .from('cover-letters')
        .upload(`${randomUUID()}/other.txt`, Buffer.from('other'), { contentType: 'text/plain' })
      const mine = await ada.supabase.storage.from('cover-letters').listV2()
      expect(mine.data?.objects.map((object) => object.name)).toEqual([own])
      const anon = await testApp.client().storage.from('cover-letters').listV2()
      expect(anon.data?.objects).toEqual([])
    })
  })

  describe('object info, and a request without a token', () => {
    it('answers metadata {} for an object uploaded without user metadata', async () => {
      const id = unique('info')
      await admin.createBucket(id)
      await admin.from(id).upload('plain.txt', Buffer.from('x'), { contentType: 'text/plain' })
      await admin.from(id).upload('tagged.txt', Buffer.from('y'), {
        contentType: 'text/plain',
        metadata: { tag: 'a' },
      })
      expect((await admin.from(id).info('plain.txt')).data).toMatchObject({ metadata: {} })
      expect((await admin.from(id).info('tagged.txt')).data).toMatchObject({
        metadata: { tag: 'a' },
      })
    })

    it('stores any bytes as text/plain in a bucket without a type list, not in one with a list', async () => {
      const open = unique('open')
      await admin.createBucket(open)
      const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0])
      expect(
        (await admin.from(open).upload('photo', jpegHead, { contentType: 'text/plain' })).error,
      ).toBeNull()
      const listed = unique('listed')
      await admin.createBucket(listed, { public: false, allowedMimeTypes: ['text/plain'] })
      expect(
        (await admin.from(listed).upload('photo', jpegHead, { contentType: 'text/plain' })).error,
      ).toMatchObject({ statusCode: '415', message: "the file's content is not text/plain" })
    })

    it('words a missing token as Supabase does', async () => {
      const response = await fetch(`${storageUrl()}/bucket`)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        statusCode: '403',
        error: 'Unauthorized',
        code: 'AccessDenied',
        message: 'Invalid Compact JWS',
      })
    })
  })
})
