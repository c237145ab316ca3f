/**
 * `npm run jobs:import -- <source> <board-or-file> [--board <name>] [--company <name>]`:
 * imports one job board into the configured database (migrating it first, like a start) and
 * prints what changed.
 *
 *   npm run jobs:import -- greenhouse northwindrobotics          fetch the board's feed
 *   npm run jobs:import -- lever ./exports/bluepeak.json          a saved feed; board "bluepeak"
 *   curl … | npm run jobs:import -- ashby - --board harborfinch   a feed on standard input
 *   npm run jobs:import -- jsonld https://acme.example/careers    a career page's JSON-LD
 *
 * A saved feed imports as the board named by `--board`, else by the file's name; `--company`
 * names the employer for feeds that do not (Greenhouse files, Lever, Ashby). Exits 2 on wrong
 * usage, 1 when the import fails, with the reason on stderr.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import { parseArgs } from 'node:util'
import cliProgress from 'cli-progress'
import { loadConfig } from '../platform/config.ts'
import { migrate } from '../platform/db/migrate.ts'
import { openDatabase } from '../platform/db/open-database.ts'
import { createPool } from '../platform/db/pool.ts'
import { createLogger } from '../platform/logger.ts'
import { importFeedBody, syncBoard } from '../modules/jobs/index.ts'
import type { ImportCounts, ImportOptions } from '../modules/jobs/index.ts'
import { isSourceName, type JobBoard, SOURCE_NAMES } from '../platform/job-boards.ts'
import { loadOrCreateSecrets } from '../platform/keys/install-secrets.ts'

const USAGE = `Usage: npm run jobs:import -- <source> <board-or-file> [--board <name>] [--company <name>]
  source: ${SOURCE_NAMES.join(', ')}
  board-or-file: the board's token/site/id (a career page URL for jsonld), a saved feed file,
  or - for standard input`

class UsageError extends Error {}

/** Where the feed comes from: its board's URL, standard input, or a saved file. */
type Input = { from: 'board' } | { from: 'stdin' } | { from: 'file'; path: string }

type Plan = { board: JobBoard; input: Input; companyName: string | null }

function plan(argv: string[]): Plan {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { board: { type: 'string' }, company: { type: 'string' } },
  })
  const [source, target, ...rest] = positionals
  if (!source || !target || rest.length > 0) {
    throw new UsageError('expected a source and a board or file')
  }
  if (!isSourceName(source)) {
    throw new UsageError(`unknown source "${source}"`)
  }
  const companyName = values.company ?? null
  if (target === '-') {
    if (!values.board) {
      throw new UsageError('reading standard input needs --board <name>')
    }
    return { board: { source, board: values.board }, input: { from: 'stdin' }, companyName }
  }
  const isUrl = /^https?:\/\//.test(target)
  if (!isUrl && existsSync(target)) {
    const board = values.board ?? path.basename(target).replace(/\.[^.]+$/, '')
    return { board: { source, board }, input: { from: 'file', path: target }, companyName }
  }
  if (!isUrl && /[/\\]|\.(json|html?)$/i.test(target)) {
    throw new UsageError(`no such file: ${target}`)
  }
  return { board: { source, board: values.board ?? target }, input: { from: 'board' }, companyName }
}

function printCounts(board: JobBoard, counts: ImportCounts) {
  console.log(`${board.source}:${board.board}
  added      ${counts.added}
  updated    ${counts.updated}
  unchanged  ${counts.unchanged}
  expired    ${counts.expired}
  skipped    ${counts.skipped.length}`)
  for (const skipped of counts.skipped) {
    console.log(`    ${skipped.sourceId}: ${skipped.reason}`)
  }
}

async function run(importPlan: Plan) {
  const config = loadConfig()
  const logger = createLogger({ level: 'warn', pretty: false })
  const database = await openDatabase(
    config,
    await loadOrCreateSecrets(config.DATA_DIR, config.JWT_SECRET),
    logger,
  )
  const db = createPool(database.url, 2)
  const bar = new cliProgress.SingleBar(
    { format: 'storing [{bar}] {value}/{total} jobs', hideCursor: true },
    cliProgress.Presets.shades_classic,
  )
  try {
    const client = await db.connect()
    try {
      await migrate(client, { includeServiceSchemas: config.PROVIDE_SUPABASE_SERVICES, logger })
    } finally {
      client.release()
    }
    let started = false
    const options: ImportOptions & { companyName: string | null } = {
      companyName: importPlan.companyName,
      onProgress: (done, total) => {
        if (!started) {
          bar.start(total, 0)
          started = true
        }
        bar.update(done)
      },
    }
    const { board, input } = importPlan
    let counts: ImportCounts
    if (input.from === 'board') {
      console.error(`Fetching ${board.source}:${board.board} …`)
      counts = await syncBoard(db, board, options)
    } else {
      const body =
        input.from === 'stdin' ? await text(process.stdin) : await readFile(input.path, 'utf8')
      counts = await importFeedBody(db, board, body, options)
    }
    bar.stop()
    printCounts(board, counts)
  } finally {
    bar.stop()
    await db.end()
    await database.close()
  }
}

let importPlan: Plan
try {
  importPlan = plan(process.argv.slice(2))
} catch (error) {
  console.error(`jobs:import: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
  process.exit(2)
}
try {
  await run(importPlan)
} catch (error) {
  console.error(`jobs:import failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
