/**
 * Frame-level measures of a 16 kHz signal on a 10 ms hop: energy in dB (25 ms windows) and
 * pitch/voicing by normalised autocorrelation on a 4 kHz copy (40 ms windows, 60–400 Hz, the
 * peak's lag refined by a parabola through its neighbours).
 */
import { SAMPLE_RATE } from './decode-audio.ts'

export const HOP_SECONDS = 0.01
const HOP = SAMPLE_RATE * HOP_SECONDS
const ENERGY_WINDOW = 400

/** Energy of each 10 ms frame (25 ms window centred on it), in dB re full scale. */
export function frameEnergiesDb(samples: Float32Array): Float32Array {
  const frames = Math.max(0, Math.floor(samples.length / HOP))
  const out = new Float32Array(frames)
  const half = ENERGY_WINDOW / 2
  for (let f = 0; f < frames; f++) {
    const centre = f * HOP + HOP / 2
    const a = Math.max(0, centre - half)
    const b = Math.min(samples.length, centre + half)
    let sum = 0
    for (let i = a; i < b; i++) sum += samples[i]! * samples[i]!
    out[f] = 10 * Math.log10(sum / Math.max(1, b - a) + 1e-10)
  }
  return out
}

/**
 * Lag-one autocorrelation of each 10 ms frame (25 ms window) at 16 kHz, normalised: a cheap
 * measure of spectral tilt and the first formant, steady while a vowel is held and moving
 * through a diphthong or from one sound to the next.
 */
export function frameTilt(samples: Float32Array): Float32Array {
  const frames = Math.max(0, Math.floor(samples.length / HOP))
  const out = new Float32Array(frames)
  const half = ENERGY_WINDOW / 2
  for (let f = 0; f < frames; f++) {
    const centre = f * HOP + HOP / 2
    const a = Math.max(1, centre - half)
    const b = Math.min(samples.length, centre + half)
    let r0 = 0
    let r1 = 0
    for (let i = a; i < b; i++) {
      r0 += samples[i]! * samples[i]!
      r1 += samples[i]! * samples[i - 1]!
    }
    out[f] = r0 > 1e-10 ? r1 / r0 : 0
  }
  return out
}

export type Voicing = {
  /** Normalised autocorrelation peak of each frame, 0–1 (0 outside the frames asked for). */
  strength: Float32Array
  /** Pitch in Hz of each frame, 0 when unvoiced or not computed. */
  pitch: Float32Array
}

const VOICED = 0.5

/** Voicing and pitch of the frames where `wanted(frame)` is true. */
export function frameVoicing(samples: Float32Array, wanted: (frame: number) => boolean): Voicing {
  const frames = Math.max(0, Math.floor(samples.length / HOP))
  const strength = new Float32Array(frames)
  const pitch = new Float32Array(frames)
  // 4 kHz copy: an 8-sample running mean (its first null at 2 kHz) taken every 4th sample.
  const factor = 4
  const low = new Float32Array(Math.floor(samples.length / factor))
  for (let i = 0; i < low.length; i++) {
    const centre = i * factor
    let sum = 0
    for (let k = -4; k < 4; k++) sum += samples[centre + k] ?? 0
    low[i] = sum / 8
  }
  const rate = SAMPLE_RATE / factor
  const window = Math.round(rate * 0.04)
  const minLag = Math.floor(rate / 400)
  const maxLag = Math.ceil(rate / 60)
  const r = new Float32Array(maxLag + 2)
  for (let f = 0; f < frames; f++) {
    if (!wanted(f)) continue
    const start = Math.round((f * HOP + HOP / 2) / factor) - (window >> 1)
    if (start < 0 || start + window + maxLag + 1 > low.length) continue
    let mean = 0
    for (let i = 0; i < window; i++) mean += low[start + i]!
    mean /= window
    let e0 = 0
    for (let i = 0; i < window; i++) {
      const x = low[start + i]! - mean
      e0 += x * x
    }
    if (e0 < 1e-9) continue
    let best = 0
    let bestLag = 0
    for (let lag = minLag - 1; lag <= maxLag + 1; lag++) {
      let cross = 0
      let eLag = 0
      for (let i = 0; i < window; i++) {
        const x = low[start + i]! - mean
        const y = (low[start + i + lag] ?? 0) - mean
        cross += x * y
        eLag += y * y
      }
      r[lag] = cross / Math.sqrt(e0 * eLag + 1e-12)
      if (lag >= minLag && lag <= maxLag && r[lag]! > best) {
        best = r[lag]!
        bestLag = lag
      }
    }
    // Octave check: the period is the shortest lag whose peak comes close to the best one (a
    // high voice correlates as well at two periods as at one).
    for (let lag = minLag; lag < bestLag; lag++) {
      if (r[lag]! >= 0.9 * best && r[lag]! >= r[lag - 1]! && r[lag]! >= r[lag + 1]!) {
        bestLag = lag
        break
      }
    }
    // Parabolic interpolation: the true period lies between whole lags.
    const peak = r[bestLag]!
    const before = r[bestLag - 1] ?? peak
    const after = r[bestLag + 1] ?? peak
    const curve = before - 2 * peak + after
    const shift = curve < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (before - after)) / curve)) : 0
    strength[f] = best
    if (best >= VOICED && bestLag > 0) pitch[f] = rate / (bestLag + shift)
  }
  return { strength, pitch }
}

export const isVoiced = (voicing: Voicing, frame: number) => (voicing.pitch[frame] ?? 0) > 0
