import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

/**
 * Builds the web app and the marketing site when a source file is newer than the build, so
 * `npm start` is fast when nothing changed and never serves a stale build.
 */
const ROOT = path.resolve(import.meta.dirname, '..')
const BUILDS = [
  {
    output: 'apps/web/dist/index.html',
    sources: ['apps/web', 'packages/contracts/src', 'packages/design-tokens'],
  },
  {
    output: 'apps/marketing/dist/index.html',
    sources: ['apps/marketing', 'packages/design-tokens'],
  },
]
const SKIPPED = new Set(['node_modules', 'dist', 'e2e'])

function newestModification(directory: string): number {
  let newest = 0
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.endsWith('.gen.ts')) {
      continue
    }
    const full = path.join(directory, entry.name)
    newest = Math.max(
      newest,
      entry.isDirectory() ? newestModification(full) : statSync(full).mtimeMs,
    )
  }
  return newest
}

export function isBuildStale(): boolean {
  return BUILDS.some(({ output, sources }) => {
    const outputPath = path.join(ROOT, output)
    if (!existsSync(outputPath)) {
      return true
    }
    const builtAt = statSync(outputPath).mtimeMs
    return sources.some((source) => newestModification(path.join(ROOT, source)) > builtAt)
  })
}

export function buildIfNeeded(): void {
  if (!isBuildStale()) {
    return
  }
  console.log('Building the web app and the marketing site…')
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' })
  if (result.status !== 0) {
    throw new Error('the build failed; see the output above')
  }
}
