// `npm run interview:analyze`: the real command in a child process, with no ffmpeg on PATH, on
// an answer spoken by espeak-ng at test time, with and without a transcript; and its refusals.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ESpeakNg from 'espeak-ng'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../../test/run-cli.ts'

const CLI = fileURLToPath(new URL('./analyze-interview-answer.ts', import.meta.url))
const TEXT = 'So, um, I led a team of five engineers, and I like Python.'
const KEYS = ['speakingSeconds', 'wordsPerMinute', 'paceSource', 'fillerCount', 'fillers', 'pauses']

// No ffmpeg on PATH: the command must use the bundled binary.
const run = (args: string[]) => runCli(CLI, args, { env: { ...process.env, PATH: '' } })

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'analyze-answer-'))
  const engine = await ESpeakNg({ arguments: ['-v', 'en-us', '-s', '160', '-w', 'a.wav', TEXT] })
  await writeFile(path.join(dir, 'answer.wav'), engine.FS.readFile('a.wav'))
  await writeFile(path.join(dir, 'answer.txt'), `${TEXT}\n`)
  await writeFile(path.join(dir, 'notes.wav'), 'just some notes, not audio at all\n')
}, 20_000)
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('npm run interview:analyze', () => {
  it('prints exactly one JSON object with the figures, from the transcript when given', async () => {
    const result = await run([
      '--',
      path.join(dir, 'answer.wav'),
      '--transcript',
      path.join(dir, 'answer.txt'),
    ])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout.trim().split('\n')).toHaveLength(1)
    const output = JSON.parse(result.stdout) as Record<string, unknown>
    expect(Object.keys(output).slice(0, 7)).toEqual([...KEYS, 'transcript'])
    expect(output).toMatchObject({
      paceSource: 'transcript',
      fillerCount: 2,
      fillers: { so: 1, um: 1 },
      transcript: TEXT,
      pauses: { count: 0, longestSeconds: 0 },
    })
    expect(output.wordsPerMinute).toBeGreaterThan(100)
    expect(output.wordsPerMinute).toBeLessThan(260)
    expect(output.speakingSeconds).toBeGreaterThan(2)
  })

  it('estimates the pace from the audio alone without a transcript', async () => {
    const result = await run([path.join(dir, 'answer.wav')])
    expect(result.code).toBe(0)
    const output = JSON.parse(result.stdout) as Record<string, unknown>
    expect(Object.keys(output).slice(0, 6)).toEqual(KEYS)
    expect(output).not.toHaveProperty('transcript')
    expect(output.paceSource).toBe('acoustic')
    expect(output.wordsPerMinute).toBeGreaterThan(100)
  })

  it('refuses bad usage and unreadable files with one line on stderr and exit code 2', async () => {
    const cases = [
      { args: [], message: /^Usage: npm run interview:analyze/ },
      { args: ['--verbose', path.join(dir, 'answer.wav')], message: /^Unknown option: --verbose/ },
      { args: [path.join(dir, 'missing.wav')], message: /no such file/ },
      {
        args: [path.join(dir, 'notes.wav')],
        message: /not audio we can decode.*\(audio_unreadable\)$/,
      },
      {
        args: [path.join(dir, 'answer.wav'), '--transcript', path.join(dir, 'missing.txt')],
        message: /Cannot read the transcript .*no such file/,
      },
    ]
    for (const { args, message } of cases) {
      const result = await run(args)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stdout).toBe('')
      const lines = result.stderr.trim().split('\n')
      expect(lines[0]).toMatch(message)
      expect(result.stderr).not.toMatch(/\n\s+at /)
    }
  })
})
