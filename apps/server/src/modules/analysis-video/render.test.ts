import { loadImage } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'
import { defaultVoice, openAiCompatibleVoice } from '../voice/index.ts'
import { encodeVideo, probeMedia } from './encoder.ts'
import { MINIMAL_INPUT, TYPICAL_INPUT } from '../../../../../test/review-video-inputs.ts'
import { renderReviewVideo, VideoRenderError } from './index.ts'
import { MAX_SECONDS, MIN_SECONDS } from './script.ts'
import { planFrames, presentationExpression } from './timeline.ts'

describe('renderReviewVideo', () => {
  it('renders a typical review as a 1080×1920 H.264 + AAC MP4 of 30–60 s, with a poster', async () => {
    const progress: number[] = []
    // 10 frames a second keeps the test short; the bench measures the real 30.
    const video = await renderReviewVideo(
      TYPICAL_INPUT,
      { voice: defaultVoice, onProgress: (percent) => progress.push(percent) },
      { fps: 10 },
    )
    const info = await probeMedia(video.mp4)
    expect(info.video).toEqual({ codec: 'h264', pixelFormat: 'yuv420p', width: 1080, height: 1920 })
    expect(info.audio).toEqual({ codec: 'aac' })
    expect(info.durationSeconds).toBeGreaterThanOrEqual(MIN_SECONDS)
    expect(info.durationSeconds).toBeLessThanOrEqual(MAX_SECONDS)
    expect(Math.abs(info.durationSeconds! - video.durationSeconds)).toBeLessThan(0.3)
    // +faststart: the index (moov) comes before the media data (mdat).
    const head = Buffer.from(video.mp4.subarray(0, 4096)).toString('latin1')
    expect(head.indexOf('moov')).toBeGreaterThan(0)
    expect(head.indexOf('mdat') === -1 || head.indexOf('moov') < head.indexOf('mdat')).toBe(true)

    expect(video.posterType).toBe('image/jpeg')
    const poster = await loadImage(Buffer.from(video.poster))
    expect([poster.width, poster.height]).toEqual([1080, 1920])

    expect(progress[0]).toBe(0)
    expect(progress.at(-1)).toBe(100)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
    expect(progress.length).toBeGreaterThan(10)
  }, 180_000) // a real render: about 10 s alone, several times that beside a full test run

  it('fails clearly when the voice fails', async () => {
    // A speech API that is not there (a closed port): the voice's own error, not a silent video.
    const voice = openAiCompatibleVoice({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: null,
      model: 'tts-1',
      voice: 'alloy',
      timeoutMs: 2000,
    })
    const error = await renderReviewVideo(MINIMAL_INPUT, { voice }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VideoRenderError)
    expect(error).toMatchObject({ code: 'voice_failed' })
    expect((error as Error).message).toMatch(/narration could not be spoken.*speech API/)
  })
})

describe('the encoder', () => {
  it('reports ffmpeg failing as a VideoRenderError', async () => {
    const plan = planFrames([{ kind: 'title', start: 0, duration: 1, speechStart: 0.3 }], 10)
    async function* frames() {
      for (let i = 0; i < plan.frames.length; i++) yield new Uint8Array(1080 * 1920 * 4)
    }
    const error = await encodeVideo({
      plan,
      fps: 10,
      frames: frames(),
      audioPcmPath: '/nonexistent/narration.pcm',
      outputPath: '/nonexistent/video.mp4',
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VideoRenderError)
    expect(error).toMatchObject({ code: 'encoder_failed' })
    expect((error as Error).message).toMatch(/ffmpeg could not encode the video: .*nonexistent/)
  })
})

describe('the timeline', () => {
  it('draws only the moving seconds of each scene and places each frame in the output', () => {
    const plan = planFrames(
      [
        { kind: 'title', start: 0, duration: 4, speechStart: 0.3 },
        { kind: 'grade', start: 4, duration: 6, speechStart: 4.3 },
      ],
      10,
    )
    expect(plan.totalFrames).toBe(100)
    // title: 0.6 s of fade-in at 10 fps (7 frames); grade: 1.6 s (17 frames); the last still again.
    expect(plan.frames).toHaveLength(7 + 17 + 1)
    expect(plan.frames.map((frame) => frame.outputFrame).slice(5, 9)).toEqual([5, 6, 40, 41])
    expect(plan.frames.at(-1)).toMatchObject({ scene: 1, outputFrame: 99 })
    const expression = presentationExpression(plan.frames)
    expect(expression).toBe('N+0+gte(N,7)*33+gte(N,24)*42')
  })
})
