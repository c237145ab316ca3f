/**
 * `npm run interview:analyze -- <answer.wav|.mp3|.webm|.ogg|.m4a> [--transcript file.txt]`:
 * analyses one spoken answer offline and prints exactly one JSON object on stdout:
 * `{"speakingSeconds", "wordsPerMinute", "paceSource", "fillerCount", "fillers", "pauses",
 * "transcript"?}` followed by a few extra keys (first/last word, filled pauses heard, hedges,
 * repeated words). Wrong usage or a file that is not readable audio: one line on stderr and
 * exit code 2 (ADR 0025).
 */
import { readFile, stat } from 'node:fs/promises'
import { analyzeRecording, SpeechAnalysisError } from '../modules/speech-analysis/index.ts'

const USAGE = 'Usage: npm run interview:analyze -- <answer.wav|.mp3|.webm> [--transcript file.txt]'

function fail(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(2)
}

const args = process.argv.slice(2).filter((arg) => arg !== '--')
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(`${USAGE}\n`)
  process.exit(0)
}
let audioPath: string | undefined
let transcriptPath: string | undefined
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!
  if (arg === '--transcript') {
    transcriptPath = args[++i]
    if (!transcriptPath) fail(`--transcript needs a file\n${USAGE}`)
  } else if (arg.startsWith('--transcript=')) {
    transcriptPath = arg.slice('--transcript='.length)
  } else if (arg.startsWith('-')) {
    fail(`Unknown option: ${arg}\n${USAGE}`)
  } else if (audioPath === undefined) {
    audioPath = arg
  } else {
    fail(`Only one recording at a time\n${USAGE}`)
  }
}
if (!audioPath) fail(USAGE)

const reason = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOENT'
    ? 'no such file'
    : code === 'EISDIR'
      ? 'is a directory'
      : (code ?? String(error))
}

let transcript: string | undefined
if (transcriptPath !== undefined) {
  try {
    transcript = await readFile(transcriptPath, 'utf8')
  } catch (error) {
    fail(`Cannot read the transcript ${transcriptPath}: ${reason(error)}`)
  }
}
try {
  if (!(await stat(audioPath)).isFile()) fail(`Cannot read the recording ${audioPath}: not a file`)
} catch (error) {
  fail(`Cannot read the recording ${audioPath}: ${reason(error)}`)
}

try {
  const analysis = await analyzeRecording(audioPath, { transcript })
  const output = {
    speakingSeconds: analysis.speakingSeconds,
    wordsPerMinute: analysis.wordsPerMinute,
    paceSource: analysis.paceSource,
    fillerCount: analysis.fillerCount,
    fillers: analysis.fillers,
    pauses: { count: analysis.pauses.count, longestSeconds: analysis.pauses.longestSeconds },
    ...(transcript !== undefined ? { transcript: transcript.trim() } : {}),
    firstWordSeconds: analysis.firstWordSeconds,
    lastWordSeconds: analysis.lastWordSeconds,
    durationSeconds: analysis.durationSeconds,
    wordCount: analysis.wordCount,
    acousticFilledPauses: analysis.acousticFilledPauses,
    hedges: analysis.hedges.length,
    repeatedWords: analysis.repeatedWords.length,
  }
  process.stdout.write(`${JSON.stringify(output)}\n`)
} catch (error) {
  if (error instanceof SpeechAnalysisError) fail(`${audioPath}: ${error.message} (${error.code})`)
  fail(`${audioPath}: could not analyse the recording: ${(error as Error).message}`)
}
