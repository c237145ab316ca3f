/**
 * Acoustic speaking rate, in the spirit of de Jong & Wempe (2009): syllable nuclei are peaks of
 * the (smoothed) intensity contour inside speech segments that stand out from the dip before
 * them by `DIP_DB`, rise above a threshold set from the answer's own loudness, and are voiced.
 * Syllables are converted to words with `SYLLABLES_PER_WORD`, calibrated on the training part of
 * the labelled set (docs/decisions/0025-speech-analysis.md).
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
 * Syllables per word, calibrated on the labelled set's training cohort (the value that puts
 * most training answers within ±10%; their median nuclei-per-word is 1.475). It sits inside
 * the 1.3–1.5 usually reported for conversational English; see ADR 0025.
 */
export const SYLLABLES_PER_WORD = 1.45

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

/** Words per minute estimated from syllable nuclei over the first-to-last-word span. */
export function acousticWordsPerMinute(nuclei: number, spanSeconds: number): number {
  if (spanSeconds <= 0) return 0
  return (nuclei / SYLLABLES_PER_WORD / spanSeconds) * 60
}
