import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../../test/database.ts'
import { findFreePort } from '../../../../test/free-port.ts'
import { type CliRun, runCli } from '../../../../test/run-cli.ts'

const CLI = fileURLToPath(new URL('./import-jobs.ts', import.meta.url))
const FIXTURES = fileURLToPath(
  new URL('../modules/jobs/catalogue/sources/fixtures/', import.meta.url),
)

describe('npm run jobs:import', () => {
  let database: TestDatabase
  let dataDir: string

  beforeAll(async () => {
    database = await createTestDatabase()
    dataDir = await mkdtemp(path.join(tmpdir(), 'jobs-import-'))
  })
  afterAll(async () => {
    await database.drop()
    await rm(dataDir, { recursive: true, force: true })
  })

  function run(args: string[], stdin?: string): Promise<CliRun> {
    return runCli(CLI, args, {
      env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdin,
    })
  }

  it('imports a saved feed and prints the counts, then finds it unchanged', async () => {
    const file = path.join(FIXTURES, 'greenhouse-northwindrobotics.json')
    const args = [
      'greenhouse',
      file,
      '--board',
      'northwindrobotics',
      '--company',
      'Northwind Robotics',
    ]
    const first = await run(args)
    expect(first).toMatchObject({ code: 0, stderr: '' })
    expect(first.stdout).toBe(
      [
        'greenhouse:northwindrobotics',
        '  added      3',
        '  updated    0',
        '  unchanged  0',
        '  expired    0',
        '  skipped    2',
        '    4011005: unreadable item (title: Too small: expected string to have >=1 characters)',
        '    4011004: same job as 4011001 in the feed',
        '',
      ].join('\n'),
    )
    const { rows } = await database.pool.query(
      `select distinct company_name, source_board from public.jobs where source = 'greenhouse'`,
    )
    expect(rows).toEqual([
      { company_name: 'Northwind Robotics', source_board: 'northwindrobotics' },
    ])

    const second = await run(args)
    expect(second.code).toBe(0)
    expect(second.stdout).toContain('  unchanged  3\n')
  })

  it('reads a feed on standard input, named by --board', async () => {
    const { readFile } = await import('node:fs/promises')
    const feed = await readFile(path.join(FIXTURES, 'lever-bluepeak.json'), 'utf8')
    const result = await run(['lever', '-', '--board', 'bluepeak'], feed)
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^lever:bluepeak\n {2}added {6}4\n/)
    const { rows } = await database.pool.query(
      `select distinct company_name from public.jobs where source = 'lever'`,
    )
    expect(rows).toEqual([{ company_name: 'Bluepeak' }])
  })

  it('exits 2 with the usage on a wrong command', async () => {
    const cases = [
      [['monster', 'acme'], 'unknown source "monster"'],
      [['greenhouse'], 'expected a source and a board or file'],
      [['ashby', '-'], 'reading standard input needs --board <name>'],
      [['lever', './missing.json'], 'no such file: ./missing.json'],
    ] as const
    for (const [args, message] of cases) {
      const result = await run([...args])
      expect(result.code).toBe(2)
      expect(result.stderr).toMatch(/^jobs:import: .+\nUsage: npm run jobs:import/)
      expect(result.stderr).toContain(message)
    }
  })

  it('exits 1 naming the reason when the feed cannot be read or fetched', async () => {
    const broken = path.join(dataDir, 'broken.json')
    await writeFile(broken, '{"jobs": "none"}')
    const malformed = await run(['greenhouse', broken])
    expect(malformed.code).toBe(1)
    expect(malformed.stderr).toContain(
      'jobs:import failed: greenhouse: not a greenhouse feed (jobs:',
    )

    const closedPort = await findFreePort()
    const unreachable = await run(['jsonld', `http://127.0.0.1:${closedPort}/careers`])
    expect(unreachable.code).toBe(1)
    expect(unreachable.stderr).toContain(
      `jobs:import failed: jsonld:http://127.0.0.1:${closedPort}/careers: http://127.0.0.1:${closedPort}/careers failed: ECONNREFUSED`,
    )
  })
})
