// `npm run resume:parse`: the real command in a child process on two labelled fixtures, a file
// that is not a PDF and a missing file.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonLines, runCli } from '../../../../test/run-cli.ts'

const CLI = fileURLToPath(new URL('./parse-resumes.ts', import.meta.url))
const FIXTURES = fileURLToPath(new URL('../modules/resume-parser/fixtures/', import.meta.url))

const run = (args: string[]) => runCli(CLI, args)
const lines = jsonLines

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'parse-resumes-'))
  await writeFile(path.join(dir, 'notes.pdf'), 'just some notes, not a PDF at all\n')
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('npm run resume:parse', () => {
  it('prints one JSON Resume per file, one line each, in the order given, and exits 0', async () => {
    const files = [
      path.join(FIXTURES, 'two-column', 'aisha-khan.pdf'),
      path.join(FIXTURES, 'linkedin', 'anna-schmidt.pdf'),
    ]
    const { code, stdout, stderr } = await run(['--', ...files])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout.endsWith('\n')).toBe(true)
    const [first, second] = lines(stdout)
    expect(lines(stdout)).toHaveLength(2)
    // Only the resume on the line.
    expect(Object.keys(first!).sort()).toEqual(
      expect.arrayContaining(['basics', 'education', 'skills', 'work']),
    )
    expect(first).not.toHaveProperty('lines')
    expect(first).not.toHaveProperty('layout')
    const aisha = first as { basics: Record<string, unknown>; work: Record<string, unknown>[] }
    expect(aisha.basics).toMatchObject({ name: 'Aisha Khan', email: 'aisha.khan@example.ca' })
    expect(aisha.work[0]).toMatchObject({
      name: 'Shopify',
      position: 'Data Analyst',
      startDate: '2022-01',
    })
    expect(aisha.work[0]).not.toHaveProperty('endDate')
    const anna = second as { basics: Record<string, unknown>; work: Record<string, unknown>[] }
    const expected = JSON.parse(await readFile(files[1]!.replace(/\.pdf$/, '.json'), 'utf8')) as {
      basics: { name: string }
      work: { name: string }[]
    }
    expect(anna.basics.name).toBe(expected.basics.name)
    expect(anna.work.map((job) => job.name)).toEqual(expected.work.map((job) => job.name))
  })

  it('prints an error line for a file that fails, goes on, and exits 1', async () => {
    const notPdf = path.join(dir, 'notes.pdf')
    const missing = path.join(dir, 'missing.pdf')
    const good = path.join(FIXTURES, 'two-column', 'aisha-khan.pdf')
    const { code, stdout } = await run([notPdf, good, missing])
    expect(code).toBe(1)
    const [first, second, third] = lines(stdout)
    expect(Object.keys(first!).sort()).toEqual(['error', 'file', 'message'])
    expect(first).toMatchObject({ error: 'not_pdf', file: notPdf })
    expect(first!.message).toMatch(/not a PDF/)
    expect(second).toHaveProperty('basics.name', 'Aisha Khan')
    expect(third).toMatchObject({ error: 'unreadable', file: missing })
    expect(third!.message).toMatch(/no such file/)
  })

  it('exits 2 with the usage on wrong usage', async () => {
    const none = await run([])
    expect(none.code).toBe(2)
    expect(none.stderr).toMatch(/Usage: npm run resume:parse/)
    const option = await run(['--verbose', 'a.pdf'])
    expect(option.code).toBe(2)
    expect(option.stdout).toBe('')
  })
})
