/**
 * Which frames are drawn and when they show. Only the first seconds of each scene move; the
 * renderer draws those frames at the video's rate and then nothing until the next scene. Each
 * drawn frame carries its place in the output (`outputFrame`): ffmpeg's `setpts` puts it there
 * and its `fps` filter repeats it until the next one, so a still scene costs one drawing, one
 * colour conversion and no bytes through the pipe.
 */
import { ANIMATION_SECONDS } from './frames.ts'
import type { PlannedScene } from './script.ts'

export type DrawnFrame = { scene: number; t: number; outputFrame: number }

export type FramePlan = { frames: DrawnFrame[]; totalFrames: number }

export function planFrames(plan: PlannedScene[], fps: number): FramePlan {
  const frames: DrawnFrame[] = []
  const last = plan.at(-1)
  const totalFrames = last ? Math.round((last.start + last.duration) * fps) : 0
  plan.forEach((scene, index) => {
    const first = Math.round(scene.start * fps)
    const end = Math.round((scene.start + scene.duration) * fps)
    const moving = Math.min(end - first, Math.ceil(ANIMATION_SECONDS[scene.kind] * fps) + 1)
    for (let i = 0; i < moving; i++) {
      frames.push({ scene: index, t: i / fps, outputFrame: first + i })
    }
  })
  // The last still is repeated at the very end so the video runs to its full length.
  const final = frames.at(-1)
  if (final && final.outputFrame < totalFrames - 1) {
    frames.push({ scene: final.scene, t: final.t, outputFrame: totalFrames - 1 })
  }
  return { frames, totalFrames }
}

/**
 * An ffmpeg expression mapping the n-th drawn frame (`N`) to its output frame: N plus an offset
 * that steps up wherever the drawn frames jump ahead.
 */
export function presentationExpression(frames: DrawnFrame[]): string {
  let expression = ''
  let offset = 0
  frames.forEach((frame, n) => {
    const wanted = frame.outputFrame - n
    if (n === 0) {
      offset = wanted
      expression = `N+${wanted}`
    } else if (wanted !== offset) {
      expression += `+gte(N,${n})*${wanted - offset}`
      offset = wanted
    }
  })
  return expression || 'N'
}
