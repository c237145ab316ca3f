/**
 * `renderReviewVideo`: a resume review as a 30–60 s vertical narrated MP4 (ADR 0027). Speaks
 * each scene's line, times the scenes on the real audio (choosing a shorter wording if the voice
 * ran long), lays the narration track, then draws only the frames that move and streams them to
 * ffmpeg. No database, no HTTP: the caller stores the result.
 */
import { captionsVtt } from './captions.ts'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCanvas } from '@napi-rs/canvas'
import type { Voice } from '../voice/index.ts'
import { layTrack, speakLine, type SpokenLine } from './audio.ts'
import { encodeVideo } from './encoder.ts'
import { VideoRenderError } from './errors.ts'
import { drawScene } from './frames.ts'
import {
  buildScript,
  MAX_SECONDS,
  planTimeline,
  PRODUCT_NAME,
  type PlannedScene,
  type ReviewVideoInput,
  type Scene,
  shorterWording,
  totalSeconds,
  writeScenes,
} from './script.ts'
import { HEIGHT, WIDTH } from './theme.ts'
import { planFrames } from './timeline.ts'

export type RenderDeps = {
  voice: Voice
  /** 0–100, rising; called often (the caller decides how often to store it). */
  onProgress?: (percent: number) => void
}

export type RenderOptions = {
  /** Frames per second of the output (default 30; tests use fewer to run faster). */
  fps?: number
  productName?: string
}

export type RenderedVideo = {
  mp4: Uint8Array
  /** The grade scene as a still, 1080×1920 JPEG. */
  poster: Uint8Array
  posterType: string
  durationSeconds: number
  /** The narration as WebVTT captions, timed to the video. */
  captions: string
}

/** The share of the progress bar each stage takes: voice, then frames and encoding. */
const VOICE_SHARE = 15

export async function renderReviewVideo(
  input: ReviewVideoInput,
  deps: RenderDeps,
  options: RenderOptions = {},
): Promise<RenderedVideo> {
  const fps = options.fps ?? 30
  const productName = options.productName ?? PRODUCT_NAME
  let reported = -1
  const report = (percent: number) => {
    const rounded = Math.max(0, Math.min(100, Math.floor(percent)))
    if (rounded > reported) {
      reported = rounded
      deps.onProgress?.(rounded)
    }
  }
  report(0)

  // Speak every line (each scene's line once, in parallel), then time the scenes on the audio.
  let script = buildScript(input, productName)
  let scenes: Scene[] = script.scenes
  let spoken: SpokenLine[]
  let plan: PlannedScene[]
  for (;;) {
    let done = 0
    spoken = await Promise.all(
      scenes.map(async (scene) => {
        const line = await speakLine(deps.voice, scene.narration)
        done += 1
        report((done / scenes.length) * VOICE_SHARE)
        return line
      }),
    )
    plan = planTimeline(
      scenes.map((scene) => scene.kind),
      spoken.map((line) => line.seconds),
    )
    if (totalSeconds(plan) <= MAX_SECONDS) {
      break
    }
    const shorter = shorterWording(script.wording)
    if (!shorter) {
      throw new VideoRenderError(
        'narration_too_long',
        `The narration runs ${totalSeconds(plan).toFixed(1)} s even in its shortest wording; a video is at most ${MAX_SECONDS} s.`,
      )
    }
    scenes = writeScenes(input, shorter, productName)
    script = { ...script, wording: shorter, scenes }
  }
  const duration = totalSeconds(plan)
  const frames = planFrames(plan, fps)

  const directory = await mkdtemp(join(tmpdir(), 'analysis-video-'))
  try {
    const audioPath = join(directory, 'narration.pcm')
    const outputPath = join(directory, 'video.mp4')
    await writeFile(
      audioPath,
      layTrack(
        spoken.map((line, i) => ({ pcm: line.pcm, start: plan[i]!.speechStart })),
        duration,
      ),
    )
    const canvas = createCanvas(WIDTH, HEIGHT)
    const ctx = canvas.getContext('2d')
    async function* rawFrames(): AsyncGenerator<Uint8Array> {
      for (const frame of frames.frames) {
        drawScene(ctx, scenes[frame.scene]!, frame.t)
        yield canvas.data()
      }
    }
    await encodeVideo({
      plan: frames,
      fps,
      frames: rawFrames(),
      audioPcmPath: audioPath,
      outputPath,
      onProgress: (fraction) => report(VOICE_SHARE + fraction * (99 - VOICE_SHARE)),
    })
    const mp4 = new Uint8Array(await readFile(outputPath))

    const grade = scenes.find((scene) => scene.kind === 'grade') ?? scenes[0]!
    drawScene(ctx, grade, 60)
    const poster = new Uint8Array(await canvas.encode('jpeg', 80))
    report(100)
    return {
      mp4,
      poster,
      posterType: 'image/jpeg',
      durationSeconds: Math.round(duration * 100) / 100,
      captions: captionsVtt(
        spoken.map((line, i) => ({
          text: scenes[i]!.narration,
          start: plan[i]!.speechStart,
          seconds: line.seconds,
        })),
      ),
    }
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
}
