import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  checkPostgresUserAccess,
  EmbeddedPostgresAccessError,
  firstBlockedPath,
  type OsUser,
  startEmbeddedPostgres,
  unixSocketDir,
} from './embedded-postgres.ts'

/**
 * Issue 12, item 8: run as root, the embedded PostgreSQL runs as the `postgres` OS user, which
 * must be able to enter every folder on the way to its data and its programs. A checkout under
 * /root (mode 700) used to fail with EACCES deep inside initdb; now it fails at once, saying how
 * to fix it.
 */
describe('the postgres OS user reaching its folders', () => {
  const other: OsUser = { name: 'postgres', uid: 54_321, gids: [54_321] }
  let home: string

  beforeEach(async () => {
    // Like /root: a folder only its owner may enter.
    home = await mkdtemp(path.join(tmpdir(), 'private-home-'))
    await chmod(home, 0o700)
  })

  afterEach(async () => {
    await rm(home, { recursive: true, force: true })
  })

  it('finds the first folder another user may not enter, and none once it may', async () => {
    const databaseDir = path.join(home, 'checkout', '.data', 'postgres')
    await mkdir(path.dirname(databaseDir), { recursive: true })
    expect(await firstBlockedPath(databaseDir, other)).toEqual({ path: home, mode: 0o700 })

    await chmod(home, 0o711)
    expect(await firstBlockedPath(databaseDir, other)).toBeNull()
  })

  it('lets the owner, a group member with group traversal, and root through', async () => {
    const me = userInfo()
    expect(await firstBlockedPath(home, { name: 'me', uid: me.uid, gids: [] })).toBeNull()
    expect(await firstBlockedPath(home, { name: 'root', uid: 0, gids: [] })).toBeNull()
    await chmod(home, 0o710)
    expect(await firstBlockedPath(home, { ...other, gids: [me.gid] })).toBeNull()
    expect(await firstBlockedPath(home, other)).not.toBeNull()
  })

  it('checks the programs too, and says how to fix it', async () => {
    const programs = path.join(home, 'node_modules', 'bin')
    await mkdir(programs, { recursive: true })
    await writeFile(path.join(programs, 'initdb'), '')
    await chmod(path.join(programs, 'initdb'), 0o755)
    const open = await mkdtemp(path.join(tmpdir(), 'open-data-'))
    await chmod(open, 0o755)
    try {
      const error = await checkPostgresUserAccess(
        path.join(open, 'postgres'),
        other,
        programs,
      ).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(EmbeddedPostgresAccessError)
      const message = (error as Error).message
      expect(message).toContain(`cannot enter ${home} (mode 700)`)
      expect(message).toContain('the PostgreSQL programs')
      expect(message).toContain(`chmod o+x ${home}`)
      expect(message).toContain('DATABASE_URL')
    } finally {
      await rm(open, { recursive: true, force: true })
    }
  })

  it.runIf(userInfo().uid === 0)(
    'refuses to start as root before initdb runs, with the message main.ts prints',
    async () => {
      const dataDir = path.join(home, 'checkout', '.data')
      const started = startEmbeddedPostgres({
        dataDir,
        port: 1,
        password: 'unused',
        logger: pino({ level: 'silent' }),
      })
      await expect(started).rejects.toThrow(EmbeddedPostgresAccessError)
      await expect(started).rejects.toThrow(`cannot enter ${home} (mode 700)`)
    },
  )
})

describe('the Unix socket folder', () => {
  it('is the data folder when its socket path fits and the setting can hold it', () => {
    expect(unixSocketDir('/srv/jobsearch/.data/postgres', 5433)).toBe(
      '/srv/jobsearch/.data/postgres',
    )
  })

  it('is none for a path too long for a socket address, or one the setting cannot hold', () => {
    expect(unixSocketDir(`/srv/${'x'.repeat(90)}/postgres`, 5433)).toBeNull()
    expect(unixSocketDir('/home/ana/my jobs/.data/postgres', 5433)).toBeNull()
    expect(unixSocketDir('/srv/a,b/.data/postgres', 5433)).toBeNull()
  })
})
