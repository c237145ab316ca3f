import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type pg from 'pg'
import type { Logger } from 'pino'
import { REPO_ROOT } from '../config.ts'

/** The public schema, portable to a hosted Supabase project. */
export const PUBLIC_MIGRATIONS_DIR = path.join(REPO_ROOT, 'supabase/migrations')
/** The `auth` and `storage` schemas, only when this server provides those services itself. */
export const SERVICE_MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/server/migrations')

export type Migration = { version: string; name: string; sql: string; checksum: string }

const MIGRATION_FILE = /^(\d{14})_([a-z0-9_]+)\.sql$/
/** Any constant works, as long as every process that migrates uses the same one. */
const MIGRATION_LOCK_KEY = 7_240_611_001

export async function readMigrations(directories: string[]): Promise<Migration[]> {
  const migrations: Migration[] = []
  for (const directory of directories) {
    for (const file of await readdir(directory)) {
      const match = MIGRATION_FILE.exec(file)
      if (!match) {
        continue
      }
      const sql = await readFile(path.join(directory, file), 'utf8')
      migrations.push({
        version: match[1]!,
        name: match[2]!,
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      })
    }
  }
  // One timeline across both folders: service schemas sort before the public tables using them.
  migrations.sort((a, b) => a.version.localeCompare(b.version))
  const versions = new Set<string>()
  for (const { version } of migrations) {
    if (versions.has(version)) {
      throw new Error(`two migrations share the version ${version}`)
    }
    versions.add(version)
  }
  return migrations
}

/**
 * Applies pending migrations, each in its own transaction, and records them in
 * `app_migrations.schema_migrations`. A session advisory lock makes concurrent start-ups
 * safe: the second process waits, then finds nothing left to do.
 */
export async function migrate(
  client: pg.Client | pg.PoolClient,
  options: { includeServiceSchemas: boolean; logger: Logger },
): Promise<string[]> {
  const directories = [PUBLIC_MIGRATIONS_DIR]
  if (options.includeServiceSchemas) {
    directories.unshift(SERVICE_MIGRATIONS_DIR)
  }
  const migrations = await readMigrations(directories)
  await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
  try {
    await client.query(`
      create schema if not exists app_migrations;
      create table if not exists app_migrations.schema_migrations (
        version text primary key,
        name text not null,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`)
    const { rows } = await client.query<{ version: string; checksum: string }>(
      'select version, checksum from app_migrations.schema_migrations',
    )
    const applied = new Map(rows.map((row) => [row.version, row.checksum]))
    const appliedNow: string[] = []
    for (const migration of migrations) {
      const checksum = applied.get(migration.version)
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          options.logger.warn(
            { version: migration.version, name: migration.name },
            'an applied migration was edited; migrations are forward-only, add a new one instead',
          )
        }
        continue
      }
      await applyMigration(client, migration)
      options.logger.info({ version: migration.version, name: migration.name }, 'migration applied')
      appliedNow.push(`${migration.version}_${migration.name}`)
    }
    return appliedNow
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
  }
}

/**
 * The migrations of these folders that the database has not applied (newest files a deploy
 * brought that no process has run yet): empty when the schema is current. Read by `/ready`.
 */
export async function pendingMigrations(
  db: pg.Pool | pg.PoolClient,
  options: { includeServiceSchemas: boolean },
): Promise<string[]> {
  const versions = await migrationVersions(options.includeServiceSchemas)
  const { rows } = await db.query<{ version: string }>(
    'select version from app_migrations.schema_migrations where version = any ($1)',
    [versions],
  )
  const applied = new Set(rows.map((row) => row.version))
  return versions.filter((version) => !applied.has(version))
}

/** The versions this build carries, read from disk once per process (they never change). */
const carriedVersions = new Map<boolean, Promise<string[]>>()
function migrationVersions(includeServiceSchemas: boolean): Promise<string[]> {
  let versions = carriedVersions.get(includeServiceSchemas)
  if (!versions) {
    const directories = includeServiceSchemas
      ? [SERVICE_MIGRATIONS_DIR, PUBLIC_MIGRATIONS_DIR]
      : [PUBLIC_MIGRATIONS_DIR]
    versions = readMigrations(directories).then((all) => all.map((migration) => migration.version))
    carriedVersions.set(includeServiceSchemas, versions)
  }
  return versions
}

async function applyMigration(client: pg.Client | pg.PoolClient, migration: Migration) {
  await client.query('begin')
  try {
    await client.query(migration.sql)
    await client.query(
      'insert into app_migrations.schema_migrations (version, name, checksum) values ($1, $2, $3)',
      [migration.version, migration.name, migration.checksum],
    )
    await client.query('commit')
  } catch (error) {
    await client.query('rollback')
    throw new Error(`migration ${migration.version}_${migration.name} failed`, { cause: error })
  }
}

/**
 * Applies these migrations inside the caller's open transaction, recording none of them:
 * `npm run restore` rebuilds the schema and loads `app_migrations.schema_migrations` from the
 * archive, all in one transaction that either lands whole or leaves nothing.
 */
export async function applyMigrationsWithin(
  client: pg.Client | pg.PoolClient,
  migrations: Migration[],
): Promise<void> {
  await client.query(`
    create schema if not exists app_migrations;
    create table if not exists app_migrations.schema_migrations (
      version text primary key,
      name text not null,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`)
  for (const migration of migrations) {
    try {
      await client.query(migration.sql)
    } catch (error) {
      throw new Error(`migration ${migration.version}_${migration.name} failed`, { cause: error })
    }
  }
}
