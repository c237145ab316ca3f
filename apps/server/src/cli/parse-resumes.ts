/**
 * `npm run resume:parse -- <file.pdf>…`: parses resumes offline and prints one JSON Resume per
 * file, one JSON line each, in the order given (only the resume on the line). A file that cannot
 * be parsed prints `{"error":"<failure>","message":"…","file":"…"}` instead and the command goes
 * on; it exits 1 at the end if any file failed, 0 otherwise, 2 on wrong usage (ADR 0022).
 */
import { readFile } from 'node:fs/promises'
import { parseResumePdf, ResumeParseError } from '../modules/resume-parser/index.ts'

const USAGE = 'Usage: npm run resume:parse -- <file.pdf>…'

const args = process.argv.slice(2).filter((arg) => arg !== '--')
if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
  console.error(USAGE)
  process.exit(args.length === 0 ? 2 : 0)
}
const unknown = args.filter((arg) => arg.startsWith('-'))
if (unknown.length) {
  console.error(`Unknown option: ${unknown.join(', ')}\n${USAGE}`)
  process.exit(2)
}

let anyFailed = false
for (const file of args) {
  let line: string
  try {
    const bytes = new Uint8Array(await readFile(file))
    line = JSON.stringify((await parseResumePdf(bytes)).resume)
  } catch (error) {
    anyFailed = true
    if (error instanceof ResumeParseError) {
      line = JSON.stringify({ error: error.failure, message: error.message, file })
    } else {
      const code = (error as NodeJS.ErrnoException).code
      const reason =
        code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code
      line = JSON.stringify({
        error: 'unreadable',
        message: `Cannot read the file: ${reason ?? (error as Error).message}`,
        file,
      })
    }
  }
  process.stdout.write(`${line}\n`)
}
process.exitCode = anyFailed ? 1 : 0
