/**
 * The delivery figures of one spoken answer: timing from the voice-activity segments, pace from
 * the transcript's words (or, without one, from syllable nuclei), pauses, fillers, hedges and
 * repetitions from the transcript, filled pauses from the audio.
 */
import { decodeAudio, type DecodeLimits, type Pcm } from './decode-audio.ts'
import { findFilledPauses } from './filled-pauses.ts'
import { countMarks, findFillers, findHedges, findRepeatedWords, type TextMark } from './fillers.ts'
import { frameEnergiesDb, frameTilt, frameVoicing, HOP_SECONDS } from './frames.ts'
import { acousticWordCount, acousticWordsPerMinute, syllableNuclei } from './speaking-rate.ts'
import { countWords } from './transcript-words.ts'
import { detectSpeech, type SpeechSegment } from './voice-activity.ts'

/** A silence between two speech segments counts as a pause from this long (seconds). */
export const PAUSE_THRESHOLD_SECONDS = 0.5

/** A filled pause this close to the first (last) speech is taken to open (close) the answer. */
const EDGE_FILLED_PAUSE_SECONDS = 0.15

/** Fillers a recogniser may drop, which the audio can stand in for. */
const VOCAL_FILLERS = new Set(['um', 'uh', 'erm', 'er', 'ah', 'hmm', 'mm', 'eh'])
/** The key under which filled pauses heard in the audio are counted in `fillers`. */
export const ACOUSTIC_FILLER_KEY = 'filled pause'

export type AnalyzeOptions = {
  /** What was said, if known (typed or from a recogniser). */
  transcript?: string
  /** Silences from this long count as pauses (default 0.5 s). */
  pauseThresholdSeconds?: number
}

export type SpeechAnalysis = {
  durationSeconds: number
  /** Sum of the speech segments. */
  speakingSeconds: number
  /**
   * Start of the first speech segment (time to first word), or the end of a held "uhhh" that
   * opens the answer; null when no speech.
   */
  firstWordSeconds: number | null
  /** End of the last speech segment (before a closing held "uhhh"); null when no speech. */
  lastWordSeconds: number | null
  /** Words per minute over the first-to-last-word span (fillers included); 0 when no speech. */
  wordsPerMinute: number
  paceSource: 'transcript' | 'acoustic'
  /** Words counted in the transcript, or estimated from syllables without one. */
  wordCount: number
  /** Syllable nuclei heard in the audio. */
  syllableCount: number
  pauses: {
    count: number
    longestSeconds: number
    thresholdSeconds: number
    at: { start: number; end: number }[]
  }
  /** Transcript fillers, plus filled pauses from the audio when the transcript has no um/uh. */
  fillerCount: number
  fillers: Record<string, number>
  /** Each transcript filler with its character offsets. */
  fillerMarks: TextMark[]
  /** Held "uhhh"/"ummm" sounds found in the audio, by start time. */
  acousticFilledPauses: { count: number; at: number[] }
  repeatedWords: TextMark[]
  hedges: TextMark[]
  segments: SpeechSegment[]
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits

/** Analyses decoded 16 kHz mono audio. */
export async function analyzeSpeech(
  pcm: Pcm,
  options: AnalyzeOptions = {},
): Promise<SpeechAnalysis> {
  const pauseThreshold = options.pauseThresholdSeconds ?? PAUSE_THRESHOLD_SECONDS
  const segments = await detectSpeech(pcm.samples)
  const energies = frameEnergiesDb(pcm.samples)
  const speechFrame = new Uint8Array(energies.length)
  for (const s of segments) {
    const to = Math.min(energies.length, Math.round(s.end / HOP_SECONDS))
    for (let f = Math.round(s.start / HOP_SECONDS); f < to; f++) speechFrame[f] = 1
  }
  const voicing = frameVoicing(pcm.samples, (f) => speechFrame[f] === 1)
  const nuclei = syllableNuclei(energies, voicing, segments)
  const filled = findFilledPauses(energies, voicing, frameTilt(pcm.samples), segments)

  // A held "uhhh" is no word: when the answer opens (or ends) with one, the first (last) word
  // is after (before) it.
  let first = segments[0]?.start ?? null
  let last = segments.at(-1)?.end ?? null
  const opening = filled[0]
  if (first !== null && opening && opening.start - first < EDGE_FILLED_PAUSE_SECONDS) {
    const after = segments.find((s) => s.end > opening.end + 0.05)
    if (after) first = Math.max(after.start, opening.end)
  }
  const closing = filled.at(-1)
  if (last !== null && closing && last - closing.end < EDGE_FILLED_PAUSE_SECONDS) {
    const before = segments.findLast((s) => s.start < closing.start - 0.05)
    if (before) last = Math.min(before.end, closing.start)
  }
  const span = first !== null && last !== null ? last - first : 0
  const speakingSeconds = segments.reduce((sum, s) => sum + (s.end - s.start), 0)

  const gaps: { start: number; end: number }[] = []
  for (let i = 1; i < segments.length; i++) {
    const start = segments[i - 1]!.end
    const end = segments[i]!.start
    if (end - start >= pauseThreshold) gaps.push({ start: round(start), end: round(end) })
  }

  const transcript = options.transcript?.trim() ? options.transcript : undefined
  const wordCount = transcript
    ? countWords(transcript)
    : round(acousticWordCount(nuclei.length, speakingSeconds), 1)
  const wordsPerMinute =
    span > 0
      ? transcript
        ? (wordCount / span) * 60
        : acousticWordsPerMinute(nuclei.length, span, speakingSeconds)
      : 0

  const fillerMarks = transcript ? findFillers(transcript) : []
  const fillers = countMarks(fillerMarks)
  const transcriptHasVocal = fillerMarks.some((m) => VOCAL_FILLERS.has(m.word))
  if (!transcriptHasVocal && filled.length > 0) fillers[ACOUSTIC_FILLER_KEY] = filled.length
  const fillerCount = Object.values(fillers).reduce((sum, n) => sum + n, 0)

  return {
    durationSeconds: round(pcm.durationSeconds),
    speakingSeconds: round(speakingSeconds),
    firstWordSeconds: first === null ? null : round(first),
    lastWordSeconds: last === null ? null : round(last),
    wordsPerMinute: round(wordsPerMinute, 1),
    paceSource: transcript ? 'transcript' : 'acoustic',
    wordCount,
    syllableCount: nuclei.length,
    pauses: {
      count: gaps.length,
      longestSeconds: round(gaps.reduce((max, g) => Math.max(max, g.end - g.start), 0)),
      thresholdSeconds: pauseThreshold,
      at: gaps,
    },
    fillerCount,
    fillers,
    fillerMarks,
    acousticFilledPauses: { count: filled.length, at: filled.map((f) => round(f.start)) },
    repeatedWords: transcript ? findRepeatedWords(transcript) : [],
    hedges: transcript ? findHedges(transcript) : [],
    segments: segments.map((s) => ({ start: round(s.start, 3), end: round(s.end, 3) })),
  }
}

/** Decodes a recording (bytes or a path) and analyses it. */
export async function analyzeRecording(
  input: Uint8Array | string,
  options: AnalyzeOptions & { limits?: DecodeLimits } = {},
): Promise<SpeechAnalysis> {
  return analyzeSpeech(await decodeAudio(input, options.limits), options)
}
