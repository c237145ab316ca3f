import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import pg from 'pg'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEmptyTestDatabase, type TestDatabase } from '../../../../test/database.ts'
import { runCli } from '../../../../test/run-cli.ts'
import { startTestApp, type TestApp } from '../../../../test/test-app.ts'
import { mediaFiles, pdf, signUp, type SignedInUser } from '../../test/storage-support.ts'
import { insertJobs, postSwipe } from '../../test/swipe-support.ts'
import { seedDemoData } from '../seed/demo-data.ts'
import {
  type ByteStore,
  createLocalByteStore,
  createS3ByteStore,
} from '../modules/storage/index.ts'
import { startS3Server } from '../../../../test/s3-server.ts'
import { startStorageTestApp } from '../../../../test/storage-backends.ts'

/**
 * `npm run backup` and `npm run restore` as an operator runs them (real child processes on
 * the real database and data folder): a populated install (the demo data, users, applications
 * and ledger entries, stored files) is backed up, once quietly and once while requests run,
 * restored into a new empty database and data folder, and compared row by row and file by
 * file. Damaged, truncated and mismatched archives are refused with nothing restored.
 */
const BACKUP = 'apps/server/src/cli/backup.ts'
const RESTORE = 'apps/server/src/cli/restore.ts'
const SCHEMAS = ['app_migrations', 'auth', 'storage', 'public']

describe('backup and restore (npm run backup / npm run restore)', () => {
  let source: TestApp
  let work: string
  const users: SignedInUser[] = []
  const env = (databaseUrl: string, dataDir: string) => ({
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  })
  const backup = (out: string) =>
    runCli(BACKUP, ['--out', out], { env: env(source.database.url, source.dataDir) })
  const restore = (archive: string, target: TestDatabase, dataDir: string) =>
    runCli(RESTORE, [archive], { env: env(target.url, dataDir) })

  /** Every row of every table of the product's schemas, as text, sorted; and the sequences. */
  async function dump(databaseUrl: string) {
    const client = new pg.Client(databaseUrl)
    await client.connect()
    try {
      const { rows: tables } = await client.query<{ schema: string; name: string }>(
        `select n.nspname as schema, c.relname as name from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = any ($1) and c.relkind = 'r' order by 1, 2`,
        [SCHEMAS],
      )
      const result = new Map<string, string[]>()
      for (const table of tables) {
        const { rows } = await client.query<{ line: string }>(
          `select t::text as line from "${table.schema}"."${table.name}" t`,
        )
        result.set(`${table.schema}.${table.name}`, rows.map((row) => row.line).sort())
      }
      const { rows: sequences } = await client.query<{ name: string }>(
        `select n.nspname || '.' || c.relname as name from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = any ($1) and c.relkind = 'S' order by 1`,
        [SCHEMAS],
      )
      for (const sequence of sequences) {
        const { rows } = await client.query<{ value: string }>(
          `select last_value::text || '/' || is_called::text as value from ${sequence.name}`,
        )
        result.set(`sequence ${sequence.name}`, [rows[0]!.value])
      }
      return result
    } finally {
      await client.end()
    }
  }

  /** sha256 of every stored object's bytes, by bucket/name, read through each byte store. */
  async function fileChecksums(databaseUrl: string, dataDir: string, byteStore?: ByteStore) {
    const store = byteStore ?? createLocalByteStore(dataDir)
    const client = new pg.Client(databaseUrl)
    await client.connect()
    try {
      const { rows } = await client.query<{ bucket_id: string; name: string }>(
        'select bucket_id, name from storage.objects order by 1, 2',
      )
      const sums = new Map<string, string | null>()
      for (const row of rows) {
        const bytes = await store.get(row.bucket_id, row.name)
        sums.set(
          `${row.bucket_id}/${row.name}`,
          bytes ? createHash('sha256').update(bytes).digest('hex') : null,
        )
      }
      return sums
    } finally {
      await client.end()
    }
  }

  async function tablesIn(databaseUrl: string): Promise<number> {
    const client = new pg.Client(databaseUrl)
    await client.connect()
    try {
      const { rows } = await client.query<{ count: number }>(
        `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = any ($1) and c.relkind = 'r'`,
        [SCHEMAS],
      )
      return rows[0]!.count
    } finally {
      await client.end()
    }
  }

  async function storedFilesIn(dataDir: string): Promise<string[]> {
    const entries = await readdir(path.join(dataDir, 'storage'), {
      recursive: true,
      withFileTypes: true,
    }).catch(() => [])
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name)
  }

  /** A restore target: an empty database and an empty data folder. */
  async function emptyInstall() {
    const database = await createEmptyTestDatabase()
    const dataDir = await mkdtemp(path.join(work, 'target-'))
    return { database, dataDir }
  }

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'backup-test-'))
    source = await startTestApp()
    const client = await source.database.pool.connect()
    try {
      await seedDemoData(client, pino({ level: 'silent' }), source.byteStore)
    } finally {
      client.release()
    }
    const [jobId] = await insertJobs(source.database.pool, 1)
    for (const email of ['ada@example.com', 'grace@example.com']) {
      const user = await signUp(source, email)
      users.push(user)
      const files = user.supabase.storage
      expect(
        (
          await files
            .from('resumes')
            .upload(`${user.id}/cv.pdf`, pdf(`${email} cv`), { contentType: 'application/pdf' })
        ).error,
      ).toBeNull()
      expect(
        (
          await files
            .from('cover-letters')
            .upload(`${user.id}/letter.txt`, Buffer.from(`Dear team, ${email}`), {
              contentType: 'text/plain',
            })
        ).error,
      ).toBeNull()
      expect(
        (
          await files
            .from('interviews')
            .upload(`${user.id}/answer.mp3`, mediaFiles.mp3(), { contentType: 'audio/mpeg' })
        ).error,
      ).toBeNull()
      // A right swipe: an application, a swipe and a ledger entry.
      expect(
        (await postSwipe(source.baseUrl, user.accessToken, { jobId, swipeDirection: 'RIGHT' }))
          .status,
      ).toBe(201)
    }
  }, 120_000)

  afterAll(async () => {
    await source.close()
    await rm(work, { recursive: true, force: true })
  })

  it('round-trips a quiet install: every row of every table, every sequence and every file', async () => {
    const archive = path.join(work, 'quiet.tar.gz')
    const made = await backup(archive)
    expect(made.stderr).toBe('')
    expect(made.code).toBe(0)
    expect(made.stdout).toMatch(/Backup written: .*quiet\.tar\.gz\n .* MB .* in [\d.]+ s/)
    expect((await stat(archive)).mode & 0o777).toBe(0o600)

    const target = await emptyInstall()
    try {
      const restored = await restore(archive, target.database, target.dataDir)
      expect(restored.stderr).toBe('')
      expect(restored.code).toBe(0)
      expect(restored.stdout).toMatch(/^Restored .*\n {2}\d+ tables, \d+ rows; \d+ files/)

      const before = await dump(source.database.url)
      const after = await dump(target.database.url)
      expect([...after.keys()]).toEqual([...before.keys()])
      for (const [table, rows] of before) {
        expect(after.get(table), table).toEqual(rows)
      }
      expect(before.get('public.jobs')?.length).toBeGreaterThan(100)
      expect(before.get('public.job_applications')?.length).toBeGreaterThanOrEqual(2)
      const files = await fileChecksums(source.database.url, source.dataDir)
      expect(files.size).toBeGreaterThanOrEqual(5)
      expect([...files.values()].every((sum) => sum !== null)).toBe(true)
      expect(await fileChecksums(target.database.url, target.dataDir)).toEqual(files)
      // The install's key files come along (the backup created secrets.json as every command does).
      for (const key of ['secrets.json', 'signing-keys.json']) {
        expect(await readFile(path.join(target.dataDir, key), 'utf8'), key).toBe(
          await readFile(path.join(source.dataDir, key), 'utf8'),
        )
      }
    } finally {
      await target.database.drop()
    }
  })

  it('restores into S3: the files of a local install move to STORAGE_BACKEND=s3', async () => {
    const archive = path.join(work, 'to-s3.tar.gz')
    expect((await backup(archive)).code).toBe(0)
    const s3 = await startS3Server()
    const target = await emptyInstall()
    try {
      const restored = await runCli(RESTORE, [archive], {
        env: { ...env(target.database.url, target.dataDir), ...s3.env },
      })
      expect(restored.code, restored.stderr).toBe(0)
      const onS3 = createS3ByteStore({ client: s3.client, bucket: s3.bucket })
      const files = await fileChecksums(source.database.url, source.dataDir)
      expect(await fileChecksums(target.database.url, target.dataDir, onS3)).toEqual(files)
      expect(await storedFilesIn(target.dataDir)).toEqual([])
    } finally {
      await target.database.drop()
      await s3.close()
    }
  })

  it('backs up an install whose files are on S3, and restores them to the local disk', async () => {
    const onS3 = await startStorageTestApp('s3')
    const target = await emptyInstall()
    try {
      const ada = await signUp(onS3, 'ada@example.com')
      const resume = pdf('a resume kept on S3')
      const uploaded = await ada.supabase.storage
        .from('resumes')
        .upload(`${ada.id}/cv.pdf`, resume, { contentType: 'application/pdf' })
      expect(uploaded.error).toBeNull()
      const archive = path.join(work, 'from-s3.tar.gz')
      const made = await runCli(BACKUP, ['--out', archive], {
        env: { ...env(onS3.database.url, onS3.dataDir), ...onS3.storageEnv },
      })
      expect(made.code, made.stderr).toBe(0)
      expect(made.stdout).toMatch(/; 1 files/)
      const restored = await restore(archive, target.database, target.dataDir)
      expect(restored.code, restored.stderr).toBe(0)
      expect(await createLocalByteStore(target.dataDir).get('resumes', `${ada.id}/cv.pdf`)).toEqual(
        resume,
      )
    } finally {
      await target.database.drop()
      await onS3.close()
    }
  })

  it('backs up while requests run: a consistent snapshot, every file, restorable', async () => {
    const before = await dump(source.database.url)
    const archive = path.join(work, 'busy.tar.gz')
    let running = true
    let requests = 0
    const load = (async () => {
      const grace = users[1]!
      for (let round = 0; running; round++) {
        const newcomer = await signUp(source, `load-${round}@example.com`)
        await newcomer.supabase.storage
          .from('resumes')
          .upload(`${newcomer.id}/cv.pdf`, pdf(`load ${round}`), { contentType: 'application/pdf' })
        await grace.supabase.storage.from('resumes').download(`${grace.id}/cv.pdf`)
        requests += 3
      }
    })()
    const made = await backup(archive)
    running = false
    await load
    expect(made.code, made.stderr).toBe(0)
    expect(requests).toBeGreaterThan(0)

    const target = await emptyInstall()
    try {
      const restored = await restore(archive, target.database, target.dataDir)
      expect(restored.code, restored.stderr).toBe(0)
      const after = await dump(target.database.url)
      // Requests only added rows: everything there before the backup is restored unchanged.
      for (const [table, rows] of before) {
        if (table.startsWith('sequence ')) continue
        const restoredRows = new Set(after.get(table))
        expect(
          rows.filter((row) => !restoredRows.has(row)),
          table,
        ).toEqual([])
      }
      // Every object the restored database lists has its bytes, as they were stored.
      const restoredFiles = await fileChecksums(target.database.url, target.dataDir)
      const sourceFiles = await fileChecksums(source.database.url, source.dataDir)
      for (const [name, sum] of restoredFiles) {
        expect(sum, name).not.toBeNull()
        expect(sum, name).toBe(sourceFiles.get(name))
      }
    } finally {
      await target.database.drop()
    }
  })

  describe('refusals, with nothing restored', () => {
    let archive: string
    let tar: Buffer

    beforeAll(async () => {
      archive = path.join(work, 'good.tar.gz')
      expect((await backup(archive)).code).toBe(0)
      tar = gunzipSync(await readFile(archive))
    })

    async function expectRefused(file: string, message: RegExp) {
      const target = await emptyInstall()
      try {
        const refused = await restore(file, target.database, target.dataDir)
        expect(refused.code).toBe(1)
        expect(refused.stderr).toMatch(/^Restore refused: /)
        expect(refused.stderr).toMatch(message)
        expect(await tablesIn(target.database.url)).toBe(0)
        expect(await storedFilesIn(target.dataDir)).toEqual([])
      } finally {
        await target.database.drop()
      }
    }

    it('refuses an archive with a damaged byte', async () => {
      const bytes = await readFile(archive)
      bytes[Math.floor(bytes.length / 2)]! ^= 0xff
      const damaged = path.join(work, 'damaged.tar.gz')
      await writeFile(damaged, bytes)
      await expectRefused(damaged, /corrupt|damaged/)
    })

    it('refuses a truncated archive', async () => {
      const bytes = await readFile(archive)
      const truncated = path.join(work, 'truncated.tar.gz')
      await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.8)))
      await expectRefused(truncated, /truncated/)
    })

    it('refuses rows that do not match the manifest checksums, though the archive reads', async () => {
      const at = tar.indexOf('ada@example.com', tar.indexOf('tables/auth.users/'))
      expect(at).toBeGreaterThan(0)
      const forged = Buffer.from(tar)
      forged.write('eve@example.com', at)
      const file = path.join(work, 'forged.tar.gz')
      await writeFile(file, gzipSync(forged))
      await expectRefused(file, /auth\.users .* do not match the manifest's checksums/)
    })

    it('refuses a file whose bytes do not match the manifest', async () => {
      const at = tar.indexOf('ada@example.com cv', tar.indexOf('files/resumes/'))
      expect(at).toBeGreaterThan(0)
      const forged = Buffer.from(tar)
      forged.write('eve', at)
      const file = path.join(work, 'forged-file.tar.gz')
      await writeFile(file, gzipSync(forged))
      await expectRefused(file, /file resumes\/.*cv\.pdf/)
    })

    it('refuses an archive from a schema version this code does not have', async () => {
      const head = tar.subarray(0, 64 * 1024).toString('latin1')
      const versions = [...head.matchAll(/"version": "(\d{14})"/g)].map((match) => match[1]!)
      const newest = versions.at(-1)!
      const forged = Buffer.from(tar)
      forged.write('29991231235959', tar.indexOf(`"version": "${newest}"`) + 12, 'latin1')
      const file = path.join(work, 'future.tar.gz')
      await writeFile(file, gzipSync(forged))
      await expectRefused(file, /schema version does not match this code.*29991231235959/)
    })

    it('refuses a database that is not empty', async () => {
      const refused = await runCli(RESTORE, [archive], { env: env(source.database.url, work) })
      expect(refused.code).toBe(1)
      expect(refused.stderr).toMatch(/Restore refused: The database is not empty/)
    })
  })
})
