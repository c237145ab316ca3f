/**
 * `npm test`: every check, once, headless.
 * 1. Debian's Chromium for the end-to-end tests (installed with apt-get when missing: browser
 *    downloads cannot work on these machines);
 * 2. typecheck and lint;
 * 3. a fresh build of the web app and the marketing site (end-to-end tests drive the build);
 * 4. Vitest: unit, integration (real PostgreSQL) and end-to-end (real server, real Chromium).
 * Extra arguments go to Vitest, e.g. `npm test -- --project unit`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CHROMIUM_PATH } from '../test/browser.ts'

const ROOT = path.resolve(import.meta.dirname, '..')

function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: options.env ?? process.env,
  })
  return result.status ?? 1
}

function step(title: string, command: string, args: string[]) {
  console.log(`\n▶ ${title}`)
  if (run(command, args) !== 0) {
    console.error(`✗ ${title} failed`)
    process.exit(1)
  }
}

function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) {
    return
  }
  const sudo = process.getuid?.() === 0 ? [] : ['sudo']
  const [apt = 'apt-get', ...aptArgs] = [...sudo, 'apt-get']
  step('Install Debian chromium (package lists)', apt, [...aptArgs, 'update', '-qq'])
  step('Install Debian chromium', apt, [...aptArgs, 'install', '-y', '-qq', 'chromium'])
}

ensureChromium()
step('Typecheck', 'npm', ['run', 'typecheck', '--silent'])
step('Lint', 'npm', ['run', 'lint', '--silent'])
step('Build', 'npm', ['run', 'build', '--silent'])

console.log('\n▶ Tests')
const report = path.join(tmpdir(), `vitest-report-${process.pid}.json`)
const status = run(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { env: { ...process.env, TZ: 'UTC' } },
)
// The report decides as much as Vitest's exit status: a failed test must fail the run even if
// something in the run left the process exit code at 0.
let failed = status !== 0
if (existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests, numTodoTests, success } = JSON.parse(
    readFileSync(report, 'utf8'),
  ) as Record<'numPassedTests' | 'numFailedTests' | 'numPendingTests' | 'numTodoTests', number> & {
    success: boolean
  }
  rmSync(report)
  failed ||= numFailedTests > 0 || !success
  console.log(
    `\n${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests + numTodoTests} skipped`,
  )
} else {
  failed = true
  console.error('✗ Vitest wrote no report')
}
process.exit(failed ? 1 : 0)
