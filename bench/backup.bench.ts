/**
 * `npm run bench -- backup`: `npm run backup` and `npm run restore` as an operator runs them
 * (child processes, the real CLI), on the demo data and then on the demo data plus a catalogue
 * of `BACKUP_BENCH_JOBS` jobs (default 1,000,000, the generator of the search benchmark):
 * archive size, backup time, restore time into a new empty database and data folder.
 * Not part of `npm test`: at a million jobs it takes minutes.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import pino from 'pino'
import { createLocalByteStore } from '../apps/server/src/modules/storage/index.ts'
import { seedDemoData } from '../apps/server/src/seed/demo-data.ts'
import { runCli } from '../test/run-cli.ts'
import { createDatabaseFromTemplate, createEmptyDatabase } from '../test/template-database.ts'
import { loadCatalogue } from './jobs.bench.ts'
import type { Benchmark } from './run.ts'

const JOB_COUNT = Number(process.env.BACKUP_BENCH_JOBS ?? 1_000_000)

type Figures = { label: string; rows: string; archiveMb: string; backupS: string; restoreS: string }

async function roundTrip(
  adminUrl: string,
  label: string,
  source: { url: string; dataDir: string },
  scratch: string,
): Promise<Figures> {
  const env = (url: string, dataDir: string) => ({
    ...process.env,
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  })
  const archive = path.join(scratch, `${label.replace(/\W+/g, '-')}.tar.gz`)
  let started = performance.now()
  const backup = await runCli('apps/server/src/cli/backup.ts', ['--out', archive], {
    env: env(source.url, source.dataDir),
  })
  const backupSeconds = (performance.now() - started) / 1000
  if (backup.code !== 0) throw new Error(`backup failed: ${backup.stderr}`)
  const target = await createEmptyDatabase(adminUrl)
  const targetDir = await mkdtemp(path.join(scratch, 'target-'))
  try {
    started = performance.now()
    const restore = await runCli('apps/server/src/cli/restore.ts', [archive], {
      env: env(target.url, targetDir),
    })
    const restoreSeconds = (performance.now() - started) / 1000
    if (restore.code !== 0) throw new Error(`restore failed: ${restore.stderr}`)
    console.log(backup.stdout.trimEnd())
    console.log(restore.stdout.trimEnd())
    return {
      label,
      rows: /(\d+) rows/.exec(backup.stdout)?.[1] ?? '?',
      archiveMb: ((await stat(archive)).size / 1024 / 1024).toFixed(1),
      backupS: backupSeconds.toFixed(1),
      restoreS: restoreSeconds.toFixed(1),
    }
  } finally {
    await target.drop()
    await rm(archive, { force: true })
  }
}

export const backupBenchmark: Benchmark = {
  name: 'backup',
  description: `npm run backup / restore: the demo data, then with ${JOB_COUNT} jobs`,
  run: async ({ adminUrl }) => {
    const database = await createDatabaseFromTemplate(adminUrl)
    const scratch = await mkdtemp(path.join(tmpdir(), 'backup-bench-'))
    const dataDir = path.join(scratch, 'source')
    try {
      const client = await database.pool.connect()
      try {
        await seedDemoData(client, pino({ level: 'silent' }), createLocalByteStore(dataDir))
      } finally {
        client.release()
      }
      const source = { url: database.url, dataDir }
      const figures = [await roundTrip(adminUrl, 'demo data', source, scratch)]
      const pool = new pg.Pool({ connectionString: database.url, max: 2 })
      try {
        await loadCatalogue(pool, JOB_COUNT)
      } finally {
        await pool.end()
      }
      figures.push(await roundTrip(adminUrl, `demo data + ${JOB_COUNT} jobs`, source, scratch))
      console.log('\n  what                         rows   archive MB   backup s   restore s')
      for (const row of figures) {
        console.log(
          `  ${row.label.padEnd(28)} ${row.rows.padStart(8)} ${row.archiveMb.padStart(12)} ${row.backupS.padStart(10)} ${row.restoreS.padStart(11)}`,
        )
      }
    } finally {
      await database.drop()
      await rm(scratch, { recursive: true, force: true })
    }
  },
}
