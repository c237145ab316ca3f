import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
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
  type SignedInUser,
  signUp,
} from '../../../test/storage-support.ts'
import { signIn, signOut, turnOnTotp } from '../../../test/session-support.ts'

/**
 * Isolation of users' files: Alice's objects in every bucket against Bob (signed in) and an
 * anonymous client, every verb storage-js has, on Alice's paths and on their own, then forged,
 * tampered and expired tokens and signed URLs, then genuine tokens whose session may no longer
 * reach files: Alice's own after she signed out, her password-only (aal1) one once she has
 * TOTP on, and Carol's after her account was deleted. At the end, every row and byte of
 * Alice's is as it was seeded and nothing was added to her folders: no byte of hers was read
 * (each refusal is checked not to carry it), changed or deleted.
 */
const BUCKETS = ['cover-letters', 'interviews', 'resumes', 'resume-analysis'] as const
type Bucket = (typeof BUCKETS)[number]
/** Users may write their own folder in these; `resume-analysis` is written by the server. */
const USER_WRITABLE: Bucket[] = ['cover-letters', 'interviews', 'resumes']

type Seeded = { name: string; bytes: Buffer; id: string; version: string; eTag: string }

describe.each(STORAGE_BACKENDS)(
  'storage isolation: two users and anon, every bucket, every verb, bytes on %s',
  (backend) => {
    let testApp: StorageTestApp
    let alice: SignedInUser
    let bob: SignedInUser
    let anon: SupabaseClient
    const aliceFiles = new Map<Bucket, Seeded>()
    const bobFiles = new Map<Bucket, string>()
    /** Genuine tokens whose sessions may not reach files, and the status and code they get. */
    const barred = new Map<
      string,
      { token: string; ownFolder: string; status: number; code: string }
    >()

    /** Each bucket's files are of a type it takes, their bytes showing it (issue 12, S1). */
    const FORMATS: Record<Bucket, { contentType: string; extension: string; head: Buffer }> = {
      'cover-letters': { contentType: 'text/plain', extension: 'txt', head: Buffer.alloc(0) },
      interviews: { contentType: 'audio/mpeg', extension: 'mp3', head: mediaFiles.mp3() },
      resumes: { contentType: 'application/pdf', extension: 'pdf', head: Buffer.alloc(0) },
      'resume-analysis': { contentType: 'image/png', extension: 'png', head: png() },
    }
    const contentType = (bucket: Bucket) => FORMATS[bucket].contentType
    const extensionOf = (bucket: Bucket) => FORMATS[bucket].extension
    const secretOf = (bucket: Bucket, owner: string) =>
      bucket === 'resumes' ? `${owner}'s secret resume` : `${owner}'s secret in ${bucket}`
    const fileFor = (bucket: Bucket, owner: string) =>
      bucket === 'resumes'
        ? pdf(secretOf(bucket, owner))
        : Buffer.concat([FORMATS[bucket].head, Buffer.from(secretOf(bucket, owner))])
    const storageUrl = () => `${testApp.baseUrl}/storage/v1`

    beforeAll(async () => {
      testApp = await startStorageTestApp(backend)
      alice = await signUp(testApp, 'alice@example.com')
      bob = await signUp(testApp, 'bob@example.com')
      anon = testApp.client()
      const admin = testApp.adminClient().storage
      for (const bucket of BUCKETS) {
        for (const [owner, id] of [
          ['alice', alice.id],
          ['bob', bob.id],
        ] as const) {
          const name = `${id}/secret.${extensionOf(bucket)}`
          const bytes = fileFor(bucket, owner)
          const { error } = await admin
            .from(bucket)
            .upload(name, bytes, { contentType: contentType(bucket) })
          expect(error).toBeNull()
          if (owner === 'bob') {
            bobFiles.set(bucket, name)
          }
        }
        const name = `${alice.id}/secret.${extensionOf(bucket)}`
        const row = await testApp.database.pool.query<{
          id: string
          version: string
          etag: string
        }>(
          `select id, version, metadata->>'eTag' as etag from storage.objects
         where bucket_id = $1 and name = $2`,
          [bucket, name],
        )
        const seeded = row.rows[0]
        aliceFiles.set(bucket, {
          name,
          bytes: fileFor(bucket, 'alice'),
          id: seeded?.id ?? '',
          version: seeded?.version ?? '',
          eTag: seeded?.etag ?? '',
        })
      }
    })

    /**
     * After seeding: Alice signs out of one session, then turns on TOTP from another (which
     * becomes her aal2 session, the control's) and signs in with her password only; Carol
     * uploads a file of her own, then deletes her account.
     */
    beforeAll(async () => {
      const ended = await signIn(testApp, 'alice@example.com')
      await signOut(testApp, ended.accessToken)
      const mfa = await signIn(testApp, 'alice@example.com')
      const aal2 = await turnOnTotp(mfa.supabase)
      alice = { id: alice.id, accessToken: aal2.accessToken, supabase: mfa.supabase }
      const passwordOnly = await signIn(testApp, 'alice@example.com')

      const carol = await signUp(testApp, 'carol@example.com')
      const { error } = await carol.supabase.storage
        .from('resumes')
        .upload(`${carol.id}/cv.pdf`, pdf('Carol'), { contentType: 'application/pdf' })
      expect(error).toBeNull()
      const deleted = await fetch(`${testApp.baseUrl}/api/auth/delete-account`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${carol.accessToken}` },
      })
      expect(deleted.status).toBe(204)

      barred.set('Alice’s token after she signed out', {
        token: ended.accessToken,
        ownFolder: alice.id,
        status: 401,
        code: 'session_not_found',
      })
      barred.set('Alice’s password-only (aal1) token, with TOTP on', {
        token: passwordOnly.accessToken,
        ownFolder: alice.id,
        status: 403,
        code: 'insufficient_aal',
      })
      barred.set('the token of Carol’s deleted account', {
        token: carol.accessToken,
        ownFolder: carol.id,
        status: 401,
        code: 'session_not_found',
      })
    })

    afterAll(async () => {
      await testApp.close()
    })

    const BARRED = [
      'Alice’s token after she signed out',
      'Alice’s password-only (aal1) token, with TOTP on',
      'the token of Carol’s deleted account',
    ]
    const barredClient = (token: string) =>
      createClient(testApp.baseUrl, testApp.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { headers: { Authorization: `Bearer ${token}` } },
      })

    /** The attackers, by name (test cases are collected before the users exist). */
    const ATTACKERS = ['Bob', 'anon'] as const
    const clientOf = (attacker: (typeof ATTACKERS)[number]) =>
      attacker === 'Bob' ? bob.supabase : anon
    const aliceFile = (bucket: Bucket) => aliceFiles.get(bucket) as Seeded

    /** A refusal must never carry the secret it guards. */
    function expectNoSecret(bucket: Bucket, body: unknown) {
      expect(JSON.stringify(body ?? null)).not.toContain(secretOf(bucket, 'alice').slice(0, 20))
    }

    describe.each(BUCKETS)('the %s bucket', (bucket) => {
      it('lets Alice read her own object (the positive control)', async () => {
        const { data, error } = await alice.supabase.storage
          .from(bucket)
          .download(aliceFile(bucket).name)
        expect(error).toBeNull()
        expect(await bytesOf(data)).toEqual(aliceFile(bucket).bytes)
      })

      it.each(ATTACKERS)("refuses %s every read of Alice's object", async (attacker) => {
        const client = clientOf(attacker)
        const files = client.storage.from(bucket)
        const { name } = aliceFile(bucket)

        const download = await files.download(name)
        expect(download.data).toBeNull()
        expect(download.error).toMatchObject({ status: 400 })
        const raw = await fetch(`${storageUrl()}/object/authenticated/${bucket}/${name}`, {
          headers: {
            authorization: `Bearer ${attacker === 'anon' ? testApp.anonKey : bob.accessToken}`,
          },
        })
        const body: unknown = await raw.json()
        expect(body).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
        expectNoSecret(bucket, body)

        const info = await files.info(name)
        expect(info.error).toMatchObject({ statusCode: '404' })
        expectNoSecret(bucket, info.data)
        expect((await files.exists(name)).data).toBe(false)

        expect((await files.list(alice.id)).data).toEqual([])
        const top = await files.list()
        expect(top.data?.map((entry) => entry.name)).not.toContain(alice.id)
        expect((await files.list(alice.id, { search: 'secret' })).data).toEqual([])

        const signed = await files.createSignedUrl(name, 86400)
        expect(signed.error).toMatchObject({ statusCode: '404' })
        const many = await files.createSignedUrls([name], 86400)
        expect(many.data).toEqual([
          expect.objectContaining({
            path: name,
            signedURL: null,
            error: expect.any(String) as string,
          }),
        ])
      })

      it.each(ATTACKERS)("refuses %s every write into Alice's folder", async (attacker) => {
        const files = clientOf(attacker).storage.from(bucket)
        const { name } = aliceFile(bucket)
        const planted = `${alice.id}/planted.${extensionOf(bucket)}`
        const bytes = fileFor(bucket, 'mallory')
        const options = { contentType: contentType(bucket) }
        // Row-level security refuses Bob; anon has no write grant on storage.objects at all.
        const refused = {
          statusCode: '403',
          message:
            attacker === 'anon'
              ? 'permission denied for table objects'
              : 'new row violates row-level security policy',
        }

        expect((await files.upload(planted, bytes, options)).error).toMatchObject(refused)
        expect(
          (await files.upload(planted, new Blob([bytes], { type: contentType(bucket) }))).error,
        ).toMatchObject(refused)
        expect((await files.upload(name, bytes, { ...options, upsert: true })).error).toMatchObject(
          refused,
        )
        expect((await files.update(name, bytes, options)).error).toMatchObject(refused)
        expect((await files.createSignedUploadUrl(planted)).error).toMatchObject(refused)
        expect((await files.createSignedUploadUrl(name, { upsert: true })).error).toMatchObject(
          refused,
        )
      })

      it.each(ATTACKERS)(
        "refuses %s removing, moving or copying Alice's object",
        async (attacker) => {
          const files = clientOf(attacker).storage.from(bucket)
          const { name } = aliceFile(bucket)

          // Row-level security hides Alice's rows from Bob; anon may not delete at all.
          const removed = await files.remove([name, `${alice.id}`])
          if (attacker === 'anon') {
            expect(removed.error).toMatchObject({
              statusCode: '403',
              message: 'permission denied for table objects',
            })
          } else {
            expect(removed.error).toBeNull()
            expect(removed.data).toEqual([])
          }

          // To Bob, Alice's object is not there to move; anon may not update at all.
          const ownFolder = attacker === 'anon' ? 'anon' : bob.id
          const notMoved =
            attacker === 'anon'
              ? { statusCode: '403', message: 'permission denied for table objects' }
              : { statusCode: '404', message: 'Object not found' }
          const moved = await files.move(name, `${ownFolder}/stolen.txt`)
          expect(moved.error).toMatchObject(notMoved)
          const movedAcross = await files.move(name, `${ownFolder}/stolen.txt`, {
            destinationBucket: 'cover-letters',
          })
          expect(movedAcross.error).toMatchObject(notMoved)
          const copied = await files.copy(name, `${ownFolder}/stolen.txt`)
          expect(copied.error).toMatchObject({ statusCode: '404' })
          expectNoSecret(bucket, copied)
        },
      )

      it.each(BARRED)('refuses %s every verb, with the session check’s code', async (label) => {
        const { token, ownFolder, status, code } = barred.get(label) ?? {
          token: '',
          ownFolder: '',
          status: 0,
          code: '',
        }
        const files = barredClient(token).storage.from(bucket)
        const { name } = aliceFile(bucket)
        const own = `${ownFolder}/new.${extensionOf(bucket)}`
        const bytes = fileFor(bucket, 'mallory')
        const options = { contentType: contentType(bucket) }
        const refused = { statusCode: String(status) }

        const raw = await fetch(`${storageUrl()}/object/authenticated/${bucket}/${name}`, {
          headers: { authorization: `Bearer ${token}` },
        })
        const body: unknown = await raw.json()
        expect([raw.status, body]).toEqual([
          status,
          expect.objectContaining({ statusCode: String(status), code }),
        ])
        expectNoSecret(bucket, body)
        const answers = [
          await files.download(name),
          await files.info(name),
          await files.list(alice.id),
          await files.list(),
          await files.createSignedUrl(name, 60),
          await files.upload(own, bytes, options),
          await files.upload(name, bytes, { ...options, upsert: true }),
          await files.update(name, bytes, options),
          await files.createSignedUploadUrl(own),
          await files.remove([name]),
          await files.move(name, `${ownFolder}/moved.txt`),
          await files.copy(name, `${ownFolder}/copied.txt`),
        ]
        for (const answer of answers) {
          expect(answer.data ?? null).toBeNull()
          expectNoSecret(bucket, answer)
          if ('statusCode' in (answer.error ?? {})) {
            expect(answer.error).toMatchObject(refused)
          } else {
            // storage-js reads a download's refusal as a bare HTTP error.
            expect(answer.error).toMatchObject({ status })
          }
        }
      })

      it("refuses Bob putting his own object into Alice's folder", async () => {
        const files = bob.supabase.storage.from(bucket)
        const own = bobFiles.get(bucket) ?? ''
        const into = `${alice.id}/from-bob.${extensionOf(bucket)}`
        const writable = USER_WRITABLE.includes(bucket)
        // In resume-analysis Bob cannot even move his own object: to him it is not there to move.
        expect((await files.move(own, into)).error).toMatchObject({
          statusCode: writable ? '403' : '404',
        })
        expect((await files.copy(own, into)).error).toMatchObject({ statusCode: '403' })
        expect((await files.exists(own)).data).toBe(true)
      })
    })

    it('lets users write only their own folder of the three user buckets', async () => {
      for (const bucket of BUCKETS) {
        const { error } = await alice.supabase.storage
          .from(bucket)
          .upload(`${alice.id}/control.${extensionOf(bucket)}`, fileFor(bucket, 'x'), {
            contentType: contentType(bucket),
          })
        if (USER_WRITABLE.includes(bucket)) {
          expect(error).toBeNull()
          await alice.supabase.storage
            .from(bucket)
            .remove([`${alice.id}/control.${extensionOf(bucket)}`])
        } else {
          expect(error).toMatchObject({ statusCode: '403' })
        }
      }
    })

    describe('forged, tampered and expired tokens', () => {
      const secretKey = () => new TextEncoder().encode(testApp.jwtSecret)
      const claimsFor = (sub: string) => ({ sub, role: 'authenticated', aud: 'authenticated' })
      const segments = (token: string) => token.split('.') as [string, string, string]
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
      const decode = (segment: string) =>
        JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as Record<string, unknown>

      async function attempt(token: string) {
        const { name } = aliceFile('resumes')
        const response = await fetch(`${storageUrl()}/object/authenticated/resumes/${name}`, {
          headers: { authorization: `Bearer ${token}` },
        })
        const body: unknown = await response.json()
        expectNoSecret('resumes', body)
        return { status: response.status, body }
      }

      it('refuses a token signed with another key', async () => {
        const forged = await new SignJWT(claimsFor(alice.id))
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('another-secret-that-is-32-characters-long!'))
        expect(await attempt(forged)).toEqual({
          status: 400,
          body: {
            statusCode: '403',
            error: 'Unauthorized',
            code: 'AccessDenied',
            message: 'invalid signature',
          },
        })
      })

      it("refuses Bob's token with Alice's id written into it", async () => {
        const [header, payload, signature] = segments(bob.accessToken)
        const tampered = `${header}.${encode({ ...decode(payload), sub: alice.id })}.${signature}`
        expect(await attempt(tampered)).toMatchObject({
          body: { statusCode: '403', message: 'invalid signature' },
        })
      })

      it('refuses an unsigned token and a malformed one', async () => {
        const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claimsFor(alice.id))}.`
        expect(await attempt(unsigned)).toMatchObject({ body: { statusCode: '403' } })
        expect(await attempt('not-a-jwt')).toMatchObject({
          body: { statusCode: '403', message: 'jwt malformed' },
        })
      })

      it("refuses Alice's own token once expired", async () => {
        const expired = await new SignJWT(claimsFor(alice.id))
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
          .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
          .sign(secretKey())
        expect(await attempt(expired)).toMatchObject({
          body: { statusCode: '403', message: 'jwt expired' },
        })
      })

      it('refuses a role no token may take, even when properly signed', async () => {
        const superuser = await new SignJWT({ sub: alice.id, role: 'postgres' })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(secretKey())
        expect(await attempt(superuser)).toMatchObject({
          body: { statusCode: '403', message: 'role "postgres" is not allowed' },
        })
      })

      it('gives a signed-URL token used as a bearer no more than anon', async () => {
        const { data } = await alice.supabase.storage
          .from('resumes')
          .createSignedUrl(aliceFile('resumes').name, 60)
        const token = new URL(data?.signedUrl ?? '').searchParams.get('token') ?? ''
        expect(await attempt(token)).toMatchObject({ body: { statusCode: '404' } })
      })
    })

    describe('signed URLs', () => {
      const downloadUrl = (bucket: string, name: string, token: string) =>
        `${storageUrl()}/object/sign/${bucket}/${name}?token=${token}`
      const tokenOf = (signedUrl: string | undefined) =>
        new URL(signedUrl ?? 'http://x').searchParams.get('token') ?? ''

      async function refusal(response: Response) {
        const body: unknown = await response.json()
        expectNoSecret('resumes', body)
        return { status: response.status, body }
      }

      it("refuses Bob's signed URL pointed at Alice's object", async () => {
        const own = bobFiles.get('resumes') ?? ''
        const { data } = await bob.supabase.storage.from('resumes').createSignedUrl(own, 86400)
        const response = await fetch(
          downloadUrl('resumes', aliceFile('resumes').name, tokenOf(data?.signedUrl)),
        )
        expect(await refusal(response)).toEqual({
          status: 400,
          body: {
            statusCode: '400',
            error: 'InvalidSignature',
            code: 'InvalidSignature',
            message: 'Invalid signature',
          },
        })
      })

      it("refuses a signed URL whose path claim was rewritten to Alice's", async () => {
        const own = bobFiles.get('resumes') ?? ''
        const { data } = await bob.supabase.storage.from('resumes').createSignedUrl(own, 86400)
        const [header, payload, signature] = tokenOf(data?.signedUrl).split('.') as [
          string,
          string,
          string,
        ]
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as object
        const rewritten = Buffer.from(
          JSON.stringify({ ...claims, url: `resumes/${aliceFile('resumes').name}` }),
        ).toString('base64url')
        const response = await fetch(
          downloadUrl('resumes', aliceFile('resumes').name, `${header}.${rewritten}.${signature}`),
        )
        expect(await refusal(response)).toMatchObject({
          body: { statusCode: '400', code: 'InvalidJWT', message: 'invalid signature' },
        })
      })

      it('refuses a signed URL past its expiry, and a missing token', async () => {
        const { data } = await alice.supabase.storage
          .from('resumes')
          .createSignedUrl(aliceFile('resumes').name, 86400)
        expect((await fetch(data?.signedUrl ?? '')).status).toBe(200)
        testApp.advanceClock(86_400_000 + 1000)
        try {
          expect(await refusal(await fetch(data?.signedUrl ?? ''))).toMatchObject({
            body: { statusCode: '400', code: 'ExpiredToken' },
          })
        } finally {
          testApp.advanceClock(-(86_400_000 + 1000))
        }
        const missing = await fetch(
          `${storageUrl()}/object/sign/resumes/${aliceFile('resumes').name}`,
        )
        expect(await refusal(missing)).toMatchObject({ body: { code: 'InvalidJWT' } })
      })

      it('never takes an upload token for a download, nor a download token for an upload', async () => {
        const own = bobFiles.get('cover-letters') ?? ''
        const files = bob.supabase.storage.from('cover-letters')
        const upload = await files.createSignedUploadUrl(own, { upsert: true })
        const asDownload = await fetch(downloadUrl('cover-letters', own, upload.data?.token ?? ''))
        expect(await refusal(asDownload)).toMatchObject({ body: { code: 'InvalidSignature' } })

        const download = await files.createSignedUrl(own, 60)
        const asUpload = await anon.storage
          .from('cover-letters')
          .uploadToSignedUrl(own, tokenOf(download.data?.signedUrl), Buffer.from('overwritten'))
        expect(asUpload.error).toMatchObject({ statusCode: '400', message: 'Invalid signature' })
      })

      it("refuses Bob's signed upload URL used for Alice's path, and a forged one", async () => {
        const own = `${bob.id}/upload.txt`
        const { data } = await bob.supabase.storage
          .from('cover-letters')
          .createSignedUploadUrl(own, { upsert: true })
        const stolen = await anon.storage
          .from('cover-letters')
          .uploadToSignedUrl(aliceFile('cover-letters').name, data?.token ?? '', Buffer.from('x'))
        expect(stolen.error).toMatchObject({ statusCode: '400', message: 'Invalid signature' })

        const forged = await new SignJWT({
          url: `cover-letters/${aliceFile('cover-letters').name}`,
          purpose: 'upload',
          upsert: true,
          owner: bob.id,
        })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('another-secret-that-is-32-characters-long!'))
        const forgedUpload = await anon.storage
          .from('cover-letters')
          .uploadToSignedUrl(aliceFile('cover-letters').name, forged, Buffer.from('x'))
        expect(forgedUpload.error).toMatchObject({
          statusCode: '400',
          message: 'invalid signature',
        })
      })
    })

    // Runs last (vitest keeps declaration order within a file).
    it("leaves every row and byte of Alice's exactly as seeded, and nothing added", async () => {
      for (const bucket of BUCKETS) {
        const seeded = aliceFile(bucket)
        const rows = await testApp.database.pool.query<{
          name: string
          id: string
          version: string
          etag: string
        }>(
          `select name, id, version, metadata->>'eTag' as etag from storage.objects
         where bucket_id = $1 and name like $2 order by name`,
          [bucket, `${alice.id}/%`],
        )
        expect(rows.rows).toEqual([
          { name: seeded.name, id: seeded.id, version: seeded.version, etag: seeded.eTag },
        ])
        expect(await testApp.byteStore.get(bucket, seeded.name)).toEqual(seeded.bytes)
        expect(await testApp.storedNames(bucket, alice.id)).toEqual([path.basename(seeded.name)])
      }
      // Carol's account took her files with it; her token added none.
      const carols = await testApp.database.pool.query(
        `select name from storage.objects where name like $1`,
        [`${barred.get('the token of Carol’s deleted account')?.ownFolder}/%`],
      )
      expect(carols.rows).toEqual([])
    })
  },
)
