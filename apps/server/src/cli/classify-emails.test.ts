// `npm run emails:classify`: the real command in a child process on labelled fixtures, a
// directory, a missing file and a file that is not an email.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonLines, runCli } from '../../../../test/run-cli.ts'

const CLI = fileURLToPath(new URL('./classify-emails.ts', import.meta.url))
const FIXTURES = fileURLToPath(new URL('../modules/email-classifier/fixtures/', import.meta.url))

const run = (args: string[]) => runCli(CLI, args)
const lines = jsonLines

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'classify-emails-'))
  await writeFile(path.join(dir, 'b.eml'), 'not an email at all\n\njust words\n')
  await writeFile(
    path.join(dir, 'a.eml'),
    [
      'From: "Acme Talent" <talent@acme-robotics.de>',
      'Subject: Interview invitation',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Hi Lena, we would like to invite you to an interview for the Data Engineer position.',
      '',
    ].join('\r\n'),
  )
  await writeFile(path.join(dir, 'notes.txt'), 'not an .eml file')
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('npm run emails:classify', () => {
  it('prints one exact JSON line per file, in the order given, and exits 0', async () => {
    const files = [
      path.join(FIXTURES, 'en-unable-to-offer.eml'),
      path.join(FIXTURES, 'de-einladung.eml'),
      path.join(FIXTURES, 'fr-offre-embauche.eml'),
    ]
    const { code, stdout } = await run(files)
    expect(code).toBe(0)
    expect(stdout.split('\n').slice(0, 3)).toEqual([
      JSON.stringify({
        file: files[0],
        type: 'rejection_received',
        company: 'Corvid Systems',
        role: 'DevOps Engineer',
        confidence: lines(stdout)[0]!.confidence,
      }),
      JSON.stringify({
        file: files[1],
        type: 'interview_invitation',
        company: 'Nordlicht Energie',
        role: null,
        confidence: lines(stdout)[1]!.confidence,
      }),
      JSON.stringify({
        file: files[2],
        type: 'offer_received',
        company: 'Maison Lavande',
        role: 'Chef de projet marketing',
        confidence: lines(stdout)[2]!.confidence,
      }),
    ])
    for (const line of lines(stdout)) {
      expect(Object.keys(line)).toEqual(['file', 'type', 'company', 'role', 'confidence'])
      expect(line.confidence).toBeGreaterThan(0.5)
      expect(line.confidence).toBeLessThanOrEqual(1)
      expect(String(line.confidence)).toMatch(/^(0(\.\d{1,2})?|1)$/)
    }
  })

  it('reads a directory’s .eml files in name order, reports a bad file and exits 1', async () => {
    const missing = path.join(dir, 'missing.eml')
    const { code, stdout } = await run([dir, missing])
    expect(code).toBe(1)
    const out = lines(stdout)
    expect(out.map((line) => line.file)).toEqual([
      path.join(dir, 'a.eml'),
      path.join(dir, 'b.eml'),
      missing,
    ])
    expect(out[0]).toMatchObject({
      type: 'interview_invitation',
      company: 'Acme Robotics',
      role: 'Data Engineer',
    })
    expect(out[1]).toEqual({
      file: path.join(dir, 'b.eml'),
      type: 'other',
      company: null,
      role: null,
      confidence: 0,
      error: 'not an email message: no header block',
    })
    expect(out[2]).toMatchObject({ type: 'other', confidence: 0 })
    expect(out[2]!.error).toMatch(/no such file/)
  })

  it('prints its usage and exits 2 without arguments', async () => {
    const { code, stdout, stderr } = await run([])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toMatch(/Usage: npm run emails:classify/)
  })
})
