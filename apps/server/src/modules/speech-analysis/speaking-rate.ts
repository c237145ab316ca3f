/**
 * Acoustic speaking rate, in the spirit of de Jong & Wempe (2009): syllable nuclei are peaks of
 * the (smoothed) intensity contour inside speech segments that stand out from the dip before
 * them by `DIP_DB`, rise above a threshold set from the answer's own loudness, and are voiced.
 * Syllables are converted to words with a nuclei-per-word ratio that follows the articulation
 * rate, calibrated on the two training halves of the labelled set (ordinary and number-heavy
 * prose; docs/decisions/0025-speech-analysis.md).
 */
import { HOP_SECONDS, isVoiced, type Voicing } from './frames.ts'
import type { SpeechSegment } from './voice-activity.ts'

export const SYLLABLE_TUNING = {
  /** A peak must rise this far above the lowest point since the previous nucleus. */
  dipDb: 2,
  /** Peaks quieter than the answer's 95th-percentile loudness minus this are ignored. */
  belowLoudDb: 25,
  /** Moving-average smoothing of the intensity contour, in frames of 10 ms. */
  smoothFrames: 5,
  /** Minimum distance between two nuclei, in seconds. */
  minGapSeconds: 0.06,
}

/**
 * Nuclei per written word at the reference articulation rate. Calibrated on both training halves
 * of the labelled set together (the value that puts most of them within ±10%): the ordinary-prose
 * half has a median of 1.26 nuclei per word, the first, number- and jargon-heavy half 1.5, and
 * together they span the 1.3–1.5 syllables per word of typical spoken English. Fitting the prose
 * half alone (1.25) would serve only very plain prose; see ADR 0025.
 */
export const SYLLABLES_PER_WORD = 1.34
/** Articulation rate (nuclei per second of speech) at which `SYLLABLES_PER_WORD` holds. */
export const REFERENCE_NUCLEI_PER_SECOND = 4.5
/**
 * Relative change of nuclei per syllable per nucleus-per-second of articulation rate: the
 * detector finds 2–10% more nuclei than espeak's phonemes have syllables in slow speech (a long
 * vowel with two intensity peaks) and 2–8% fewer in fast speech (peaks merged). Least squares
 * on both training halves against espeak's phonemes: −0.0275 per syllable per second. Tying the
 * minimum nucleus spacing to the rate instead did not reduce the error (ADR 0025).
 */
export const NUCLEI_RATE_SLOPE = -0.0275

/** Nuclei per word expected at an articulation rate (clamped to 2.5–7 nuclei per second). */
export function nucleiPerWord(nucleiPerSecond: number): number {
  const rate = Math.min(7, Math.max(2.5, nucleiPerSecond))
  return SYLLABLES_PER_WORD * (1 + NUCLEI_RATE_SLOPE * (rate - REFERENCE_NUCLEI_PER_SECOND))
}

/** Words estimated from the nuclei heard over `speakingSeconds` of speech. */
export function acousticWordCount(nuclei: number, speakingSeconds: number): number {
  if (nuclei === 0 || speakingSeconds <= 0) return 0
  return nuclei / nucleiPerWord(nuclei / speakingSeconds)
}

function smooth(values: Float32Array, width: number): Float32Array {
  const out = new Float32Array(values.length)
  const half = Math.floor(width / 2)
  let sum = 0
  let count = 0
  for (let i = 0; i < values.length + half; i++) {
    if (i < values.length) {
      sum += values[i]!
      count++
    }
    if (i - width >= 0) {
      sum -= values[i - width]!
      count--
    }
    const centre = i - half
    if (centre >= 0 && centre < values.length) out[centre] = sum / count
  }
  return out
}

/** Times (seconds) of the syllable nuclei found inside the speech segments. */
export function syllableNuclei(
  energies: Float32Array,
  voicing: Voicing,
  segments: SpeechSegment[],
  tuning = SYLLABLE_TUNING,
): number[] {
  const contour = smooth(energies, tuning.smoothFrames)
  const inSpeech: number[] = []
  for (const s of segments) {
    for (let f = Math.round(s.start / HOP_SECONDS); f < Math.round(s.end / HOP_SECONDS); f++) {
      if (f < contour.length) inSpeech.push(contour[f]!)
    }
  }
  if (inSpeech.length === 0) return []
  inSpeech.sort((a, b) => a - b)
  const loud = inSpeech[Math.floor(inSpeech.length * 0.95)]!
  const threshold = loud - tuning.belowLoudDb
  const minGap = Math.round(tuning.minGapSeconds / HOP_SECONDS)
  const nuclei: number[] = []
  for (const s of segments) {
    const a = Math.max(1, Math.round(s.start / HOP_SECONDS))
    const b = Math.min(contour.length - 1, Math.round(s.end / HOP_SECONDS))
    let dip = Infinity
    let lastPeak = -Infinity
    for (let f = a; f < b; f++) {
      const v = contour[f]!
      dip = Math.min(dip, v)
      const isPeak = v >= contour[f - 1]! && v > contour[f + 1]!
      if (!isPeak || v < threshold) continue
      if (v - dip < tuning.dipDb && nuclei.length > 0 && lastPeak >= a) continue
      if (!isVoiced(voicing, f)) continue
      if (f - lastPeak < minGap) continue
      nuclei.push(f * HOP_SECONDS)
      lastPeak = f
      dip = v
    }
  }
  return nuclei
}

/**
 * Words per minute estimated from syllable nuclei over the first-to-last-word span; the
 * nuclei-per-word ratio follows the articulation rate (nuclei ÷ `speakingSeconds`).
 */
export function acousticWordsPerMinute(
  nuclei: number,
  spanSeconds: number,
  speakingSeconds: number,
): number {
  if (spanSeconds <= 0) return 0
  return (acousticWordCount(nuclei, speakingSeconds) / spanSeconds) * 60
}
