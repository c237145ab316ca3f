import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../../', import.meta.url))
const SOURCES = ['apps/web/src', 'apps/server/src', 'packages/contracts/src']
const TEST_FILE = /\.(test|spec)\.tsx?$/
const TESTING_IMPORT = /from\s+['"](@app\/contracts\/testing|[./]+\/testing(\/index\.ts)?)['"]/

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('@app/contracts/testing', () => {
  it('is imported by test files only, so no production code or bundle carries its fixtures', () => {
    const importers = SOURCES.flatMap((source) => sourceFiles(join(root, source)))
      .filter((path) => !TEST_FILE.test(path) && !path.includes('/contracts/src/testing/'))
      .filter((path) => TESTING_IMPORT.test(readFileSync(path, 'utf8')))
      .map((path) => relative(root, path))
    expect(importers).toEqual([])
  })
})
