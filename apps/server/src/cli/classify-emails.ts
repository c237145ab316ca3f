/**
 * `npm run emails:classify -- <file.eml | directory>…`: classifies recruiting emails offline and
 * prints one JSON line per message, in the order given (a directory's `*.eml` files sorted by
 * name):
 *
 *   {"file":"a.eml","type":"rejection_received","company":"Acme","role":"Data Engineer","confidence":0.93}
 *
 * `type` is interview_invitation, offer_received, rejection_received or other; `company` and
 * `role` are null when unknown; `confidence` is 0–1 with two decimals (ADR 0017). A file that
 * cannot be read or is not an email prints `"type":"other","confidence":0` and an `error`, and
 * the command goes on; it exits 1 at the end if any file failed, 0 otherwise, 2 on wrong usage.
 */
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { classifyEmail, parseRawEmail } from '../modules/email-classifier/index.ts'

const USAGE = 'Usage: npm run emails:classify -- <file.eml | directory>…'

const args = process.argv.slice(2).filter((arg) => arg !== '--')
if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
  console.error(USAGE)
  process.exit(args.length === 0 ? 2 : 0)
}

interface Line {
  file: string
  type: string
  company: string | null
  role: string | null
  confidence: number
  error?: string
}

/** The files an argument stands for: itself, or a directory's `*.eml` files sorted by name. */
async function expand(arg: string): Promise<string[]> {
  let info
  try {
    info = await stat(arg)
  } catch {
    return [arg] // reported as unreadable below
  }
  if (!info.isDirectory()) return [arg]
  const names = (await readdir(arg)).filter((name) => name.toLowerCase().endsWith('.eml'))
  return names.sort().map((name) => path.join(arg, name))
}

async function classifyFile(file: string): Promise<Line> {
  let raw: Buffer
  try {
    raw = await readFile(file)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code
    return failed(file, `cannot read the file: ${reason ?? (error as Error).message}`)
  }
  try {
    const result = classifyEmail(await parseRawEmail(raw))
    return {
      file,
      type: result.type,
      company: result.company,
      role: result.role,
      confidence: result.confidence,
    }
  } catch (error) {
    return failed(file, (error as Error).message)
  }
}

function failed(file: string, error: string): Line {
  return { file, type: 'other', company: null, role: null, confidence: 0, error }
}

let anyFailed = false
for (const arg of args) {
  for (const file of await expand(arg)) {
    const line = await classifyFile(file)
    if (line.error) anyFailed = true
    process.stdout.write(`${JSON.stringify(line)}\n`)
  }
}
process.exitCode = anyFailed ? 1 : 0
