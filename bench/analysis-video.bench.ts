/**
 * The analysis video renderer (issue 17, ADR 0027) on a typical resume review: a full
 * 1080×1920, 30 fps narrated MP4 with the offline voice, as the background job renders it. The
 * voice's lines are spoken once in a warm-up and remembered (as `defaultVoice` does in the
 * server), so the timed runs measure drawing and encoding; the first run's total is printed too.
 * Goal: a 45-second video in under 30 s on the 2-core machine. Needs no database.
 */
import { performance } from 'node:perf_hooks'
import { renderReviewVideo } from '../apps/server/src/modules/analysis-video/index.ts'
import { defaultVoice } from '../apps/server/src/modules/voice/index.ts'
import { TYPICAL_INPUT } from '../test/review-video-inputs.ts'
import type { Benchmark } from './run.ts'

const RUNS = Number(process.env.VIDEO_BENCH_RUNS ?? 3)
const GOAL_SECONDS = 30
const GOAL_VIDEO_SECONDS = 45

const INPUT = TYPICAL_INPUT

export const analysisVideoBenchmark: Benchmark = {
  name: 'analysis-video',
  description: 'renderReviewVideo: a typical review as a 1080×1920 30 fps narrated MP4',
  async run() {
    let started = performance.now()
    const first = await renderReviewVideo(INPUT, { voice: defaultVoice })
    const cold = (performance.now() - started) / 1000
    const times: number[] = []
    let size = first.mp4.length
    for (let i = 0; i < RUNS; i++) {
      started = performance.now()
      const video = await renderReviewVideo(INPUT, { voice: defaultVoice })
      times.push((performance.now() - started) / 1000)
      size = video.mp4.length
    }
    times.sort((a, b) => a - b)
    const median = times[Math.floor(times.length / 2)]!
    const worst = times.at(-1)!
    const perVideoSecond = worst / first.durationSeconds
    const at45 = Math.max(worst, perVideoSecond * GOAL_VIDEO_SECONDS)
    console.log(
      `\n  video ${first.durationSeconds.toFixed(1)} s, ${(size / 1e6).toFixed(1)} MB MP4, ` +
        `poster ${(first.poster.length / 1e3).toFixed(0)} kB`,
    )
    console.log(
      `  render: first (voice included) ${cold.toFixed(1)} s; ${RUNS} more runs: ` +
        `median ${median.toFixed(1)} s, worst ${worst.toFixed(1)} s ` +
        `(${perVideoSecond.toFixed(2)} s per video second)`,
    )
    console.log(
      `  a ${GOAL_VIDEO_SECONDS}-second video: ~${Math.max(cold, at45).toFixed(1)} s at worst ` +
        `(goal < ${GOAL_SECONDS} s: ${Math.max(cold, at45) < GOAL_SECONDS ? 'met' : 'NOT met'})`,
    )
  },
}
