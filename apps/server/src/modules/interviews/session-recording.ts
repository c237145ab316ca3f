/**
 * The session recording (spec section 3: `{userId}/{interviewId}.mp3` in the `interviews`
 * bucket): the spoken answers, decoded, joined in question order with a short silence between
 * them, and encoded once as MP3 (mono, 48 kbit/s: clear speech, about 360 KB a minute, plays in
 * every browser and phone). Each answer's place in the file is returned, so the app can jump to
 * any answer.
 */
import { runFfmpeg } from '../../platform/ffmpeg.ts'
import { SAMPLE_RATE } from '../speech-analysis/index.ts'

/** Silence between two answers, so that one does not run into the next on replay. */
const GAP_SECONDS = 0.8

export type AnswerAudio = { answerId: string; samples: Float32Array }
export type AnswerSpan = { answerId: string; start: number; end: number }

export type JoinedRecording = {
  mp3: Uint8Array
  durationSeconds: number
  spans: AnswerSpan[]
}

export async function joinAnswers(answers: AnswerAudio[]): Promise<JoinedRecording> {
  const gap = Math.round(GAP_SECONDS * SAMPLE_RATE)
  const total = answers.reduce((sum, answer) => sum + answer.samples.length, 0)
  const joined = new Float32Array(total + gap * Math.max(0, answers.length - 1))
  const spans: AnswerSpan[] = []
  let offset = 0
  for (const answer of answers) {
    joined.set(answer.samples, offset)
    spans.push({
      answerId: answer.answerId,
      start: round(offset / SAMPLE_RATE),
      end: round((offset + answer.samples.length) / SAMPLE_RATE),
    })
    offset += answer.samples.length + gap
  }
  return {
    mp3: await encodeMp3(joined),
    durationSeconds: round(joined.length / SAMPLE_RATE),
    spans,
  }
}

const round = (seconds: number) => Math.round(seconds * 100) / 100

/** 16 kHz mono float samples → MP3, through the bundled ffmpeg. */
async function encodeMp3(samples: Float32Array): Promise<Uint8Array> {
  const run = await runFfmpeg(
    [
      '-f',
      'f32le',
      '-ar',
      String(SAMPLE_RATE),
      '-ac',
      '1',
      '-i',
      'pipe:0',
      '-codec:a',
      'libmp3lame',
      '-b:a',
      '48k',
      '-f',
      'mp3',
      'pipe:1',
    ],
    new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength),
  )
  if (run.code !== 0) {
    throw new Error(`ffmpeg could not encode the recording (${run.code}): ${run.stderr.trim()}`)
  }
  return run.stdout
}
