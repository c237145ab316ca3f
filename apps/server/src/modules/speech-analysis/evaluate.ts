/**
 * `node apps/server/src/modules/speech-analysis/evaluate.ts [--containers wav,mp3,webm] [--ids t01,h02]
 * [--cohorts training,held-out,prose-training,prose-held-out] [--answers 1] [--json out.json]`
 * scores the analyser on the labelled set (labelled-set/generate.ts), per cohort (training
 * halves: looked at while calibrating; held-out: never) and container: share of answers whose
 * pace is within ±5% with the transcript and ±10% from audio alone, median absolute errors,
 * filler recall and precision from the transcript, recall of held filled pauses from the audio,
 * and the misses. Then, per voice, espeak rate band and cohort, where acoustic misses come from:
 * nuclei ÷ spoken syllables (the detector) and spoken syllables ÷ written words (the text).
 * `--answers` lists every answer; `--json` writes the scores.
 */
import { writeFile } from 'node:fs/promises'
import { analyzeRecording } from './analyze-speech.ts'
import { findFillers } from './fillers.ts'
import { type Container, loadLabelledSet, type Truth } from './labelled-set/generate.ts'
import { REFERENCE_NUCLEI_PER_SECOND, SYLLABLES_PER_WORD } from './speaking-rate.ts'

export type AnswerScore = {
  id: string
  cohort: Truth['cohort']
  container: Container
  noise: string
  truthWpm: number
  transcriptWpm: number
  acousticWpm: number
  transcriptError: number
  acousticError: number
  firstWordError: number
  syllables: number
  /** Syllables of the spoken text (espeak's phonemes), held pauses not counted. */
  trueSyllables: number
  voice: string
  rate: number
  /** Detected first-to-last-word span minus the true one, seconds. */
  spanError: number
  /** Seconds inside speech segments (articulation time). */
  speakingSeconds: number
  words: number
  fillerTruth: number
  fillerFound: number
  fillerHits: number
  heldTruth: number
  heldFound: number
  pausesTruth: number
  pausesFound: number
}

export async function scoreAnswer(truth: Truth, container: Container): Promise<AnswerScore> {
  const file = truth.files[container]
  const withTranscript = await analyzeRecording(file, { transcript: truth.transcript })
  const acoustic = await analyzeRecording(file)
  const marks = findFillers(truth.transcript)
  const found: Record<string, number> = {}
  for (const m of marks) found[m.word] = (found[m.word] ?? 0) + 1
  let hits = 0
  for (const [word, n] of Object.entries(truth.fillers)) hits += Math.min(n, found[word] ?? 0)
  return {
    id: truth.id,
    cohort: truth.cohort,
    container,
    noise: truth.noise,
    truthWpm: truth.wordsPerMinute,
    transcriptWpm: withTranscript.wordsPerMinute,
    acousticWpm: acoustic.wordsPerMinute,
    transcriptError: withTranscript.wordsPerMinute / truth.wordsPerMinute - 1,
    acousticError: acoustic.wordsPerMinute / truth.wordsPerMinute - 1,
    firstWordError: (acoustic.firstWordSeconds ?? 0) - truth.firstWordSeconds,
    syllables: acoustic.syllableCount,
    trueSyllables: truth.syllables ?? Number.NaN,
    voice: truth.voice,
    rate: truth.rate,
    spanError:
      (acoustic.lastWordSeconds ?? 0) -
      (acoustic.firstWordSeconds ?? 0) -
      (truth.lastWordSeconds - truth.firstWordSeconds),
    speakingSeconds: acoustic.speakingSeconds,
    words: truth.words,
    fillerTruth: truth.fillerCount,
    fillerFound: marks.length,
    fillerHits: hits,
    heldTruth: truth.filledPauses,
    heldFound: acoustic.acousticFilledPauses.count,
    pausesTruth: truth.longPauses,
    pausesFound: acoustic.pauses.count,
  }
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b)
  return s.length
    ? (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2
    : Number.NaN
}

export type Summary = {
  answers: number
  transcriptWithin5: number
  acousticWithin10: number
  transcriptMedianError: number
  acousticMedianError: number
  fillerRecall: number
  fillerPrecision: number
  heldRecall: number
  heldFalsePositives: number
  pauseCountExact: number
}

export function summarise(scores: AnswerScore[]): Summary {
  const share = (f: (s: AnswerScore) => boolean) =>
    scores.filter(f).length / Math.max(1, scores.length)
  const sum = (f: (s: AnswerScore) => number) => scores.reduce((t, s) => t + f(s), 0)
  const heldTruth = sum((s) => s.heldTruth)
  return {
    answers: scores.length,
    transcriptWithin5: share((s) => Math.abs(s.transcriptError) <= 0.05),
    acousticWithin10: share((s) => Math.abs(s.acousticError) <= 0.1),
    transcriptMedianError: median(scores.map((s) => Math.abs(s.transcriptError))),
    acousticMedianError: median(scores.map((s) => Math.abs(s.acousticError))),
    fillerRecall:
      sum((s) => s.fillerHits) /
      Math.max(
        1,
        sum((s) => s.fillerTruth),
      ),
    fillerPrecision:
      sum((s) => s.fillerHits) /
      Math.max(
        1,
        sum((s) => s.fillerFound),
      ),
    heldRecall: sum((s) => Math.min(s.heldTruth, s.heldFound)) / Math.max(1, heldTruth),
    heldFalsePositives: sum((s) => Math.max(0, s.heldFound - s.heldTruth)),
    pauseCountExact: share((s) => s.pausesFound === s.pausesTruth),
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`

function printSummary(title: string, scores: AnswerScore[]) {
  const s = summarise(scores)
  console.log(
    `${title.padEnd(22)} n=${String(s.answers).padStart(2)}  pace±5% (transcript) ${pct(s.transcriptWithin5)}` +
      ` (median err ${pct(s.transcriptMedianError)})  pace±10% (acoustic) ${pct(s.acousticWithin10)}` +
      ` (median err ${pct(s.acousticMedianError)})  fillers R ${s.fillerRecall.toFixed(3)} P ${s.fillerPrecision.toFixed(3)}` +
      `  held pauses R ${s.heldRecall.toFixed(2)} (+${s.heldFalsePositives} false)  pause count exact ${pct(s.pauseCountExact)}`,
  )
}

if (import.meta.main) {
  const argument = (name: string) => {
    const i = process.argv.indexOf(name)
    return i >= 0 ? process.argv[i + 1] : undefined
  }
  const containers = (argument('--containers') ?? 'wav,mp3,webm').split(',') as Container[]
  const ids = argument('--ids')?.split(',')
  const cohorts = (
    argument('--cohorts') ?? 'training,held-out,prose-training,prose-held-out'
  ).split(',') as Truth['cohort'][]
  const truths = await loadLabelledSet(
    (spec) => (!ids || ids.includes(spec.id)) && cohorts.includes(spec.cohort),
  )
  const scores: AnswerScore[] = []
  for (const truth of truths) {
    for (const container of containers) scores.push(await scoreAnswer(truth, container))
  }
  const training = scores.filter((s) => s.cohort === 'prose-training' && s.container === 'wav')
  const ratios = training.map((s) => s.syllables / s.words)
  console.log(
    `nuclei per word: in use ${SYLLABLES_PER_WORD} at ${REFERENCE_NUCLEI_PER_SECOND}/s; prose training half (wav) median ${median(ratios).toFixed(3)}, ` +
      `pooled ${(training.reduce((t, s) => t + s.syllables, 0) / training.reduce((t, s) => t + s.words, 0)).toFixed(3)}`,
  )
  for (const cohort of cohorts) {
    for (const container of containers) {
      printSummary(
        `${cohort} ${container}`,
        scores.filter((s) => s.cohort === cohort && s.container === container),
      )
    }
    printSummary(
      `${cohort} all`,
      scores.filter((s) => s.cohort === cohort),
    )
  }
  // Where the acoustic misses come from: the syllable counter (nuclei ÷ spoken syllables) or the
  // text (spoken syllables ÷ written words), per voice and per espeak rate band.
  const wav = scores.filter((s) => s.container === containers[0])
  const band = (s: AnswerScore) =>
    s.rate <= 130 ? '110-130' : s.rate <= 170 ? '140-170' : '180-220'
  for (const [title, key] of [
    ['voice', (s: AnswerScore) => s.voice],
    ['rate', band],
    ['cohort', (s: AnswerScore) => s.cohort],
  ] as const) {
    console.log(`\nby ${title} (${containers[0]}):`)
    const groups = new Map<string, AnswerScore[]>()
    for (const s of wav) groups.set(key(s), [...(groups.get(key(s)) ?? []), s])
    for (const [name, group] of [...groups].sort()) {
      console.log(
        `  ${name.padEnd(15)} n=${String(group.length).padStart(2)}  acoustic ±10% ${pct(summarise(group).acousticWithin10)}` +
          `  median err ${pct(summarise(group).acousticMedianError)}` +
          `  nuclei/syllables median ${median(group.map((s) => s.syllables / s.trueSyllables)).toFixed(3)}` +
          `  syllables/word median ${median(group.map((s) => s.trueSyllables / s.words)).toFixed(3)}`,
      )
    }
  }
  if (argument('--answers') !== undefined) {
    console.log('\nid  container voice rate words syll/word nuclei/syll acoustic-error')
    for (const s of scores) {
      console.log(
        `  ${s.id} ${s.container.padEnd(4)} ${s.voice.padEnd(9)} ${s.rate} ${String(s.words).padStart(3)}` +
          ` ${(s.trueSyllables / s.words).toFixed(2)} ${(s.syllables / s.trueSyllables).toFixed(3)}` +
          ` ${(s.acousticError * 100).toFixed(1)}% ${s.noise}`,
      )
    }
  }
  const json = argument('--json')
  if (json) await writeFile(json, JSON.stringify(scores, null, 1))
  console.log(
    '\nMisses (pace outside the bar, filler or held-pause counts off, first word off by > 0.1 s):',
  )
  for (const s of scores) {
    const notes: string[] = []
    if (Math.abs(s.transcriptError) > 0.05)
      notes.push(`transcript pace ${s.transcriptWpm} vs ${s.truthWpm.toFixed(1)}`)
    if (Math.abs(s.acousticError) > 0.1)
      notes.push(`acoustic pace ${s.acousticWpm} vs ${s.truthWpm.toFixed(1)}`)
    if (s.fillerHits < s.fillerTruth || s.fillerFound > s.fillerHits)
      notes.push(`fillers ${s.fillerHits}/${s.fillerTruth} (found ${s.fillerFound})`)
    if (s.heldFound !== s.heldTruth) notes.push(`held pauses ${s.heldFound} vs ${s.heldTruth}`)
    if (Math.abs(s.firstWordError) > 0.1)
      notes.push(`first word ${s.firstWordError > 0 ? '+' : ''}${s.firstWordError.toFixed(2)} s`)
    if (s.pausesFound !== s.pausesTruth) notes.push(`pauses ${s.pausesFound} vs ${s.pausesTruth}`)
    if (notes.length) console.log(`  ${s.id} ${s.container} (${s.noise}): ${notes.join('; ')}`)
  }
}
