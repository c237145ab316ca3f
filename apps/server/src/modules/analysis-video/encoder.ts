/**
 * The encoder: raw RGBA frames stream to ffmpeg's stdin (no image encoding on our side: a JPEG
 * of 1080×1920 costs ~65 ms to encode, a raw copy ~3 ms), placed in time by `setpts` and held by
 * the `fps` filter; the narration track comes from a file. H.264 (x264 `superfast`, CRF 20,
 * yuv420p, High profile) and AAC in an MP4 with its index at the front (`+faststart`, which needs
 * a seekable output, hence a temporary file).
 */
import { runFfmpeg, streamFfmpeg } from '../../platform/ffmpeg.ts'
import { AUDIO_SAMPLE_RATE } from './audio.ts'
import { VideoRenderError } from './errors.ts'
import { HEIGHT, WIDTH } from './theme.ts'
import type { FramePlan } from './timeline.ts'
import { presentationExpression } from './timeline.ts'

export type EncodeJob = {
  plan: FramePlan
  fps: number
  /** Raw RGBA frames, one per `plan.frames` entry, in order. */
  frames: AsyncIterable<Uint8Array>
  audioPcmPath: string
  outputPath: string
  /** 0–1 of the output written. */
  onProgress?: (fraction: number) => void
}

export async function encodeVideo(job: EncodeJob): Promise<void> {
  const { fps, plan } = job
  const seconds = plan.totalFrames / fps
  const args = [
    ...[
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      '-s',
      `${WIDTH}x${HEIGHT}`,
      '-framerate',
      String(fps),
    ],
    ...['-i', 'pipe:0'],
    ...['-f', 's16le', '-ar', String(AUDIO_SAMPLE_RATE), '-ac', '1', '-i', job.audioPcmPath],
    ...['-map', '0:v', '-map', '1:a'],
    // Convert colours before the fps filter repeats the frame, so each still is converted once.
    ...[
      '-vf',
      `setpts='(${presentationExpression(plan.frames)})/(${fps}*TB)',format=yuv420p,fps=${fps}`,
    ],
    ...['-frames:v', String(plan.totalFrames)],
    ...['-c:v', 'libx264', '-preset', 'superfast', '-crf', '20', '-profile:v', 'high'],
    ...['-pix_fmt', 'yuv420p', '-g', String(fps * 2)],
    ...['-c:a', 'aac', '-b:a', '128k', '-ar', '44100', '-t', seconds.toFixed(3)],
    ...['-movflags', '+faststart', '-progress', 'pipe:1', '-nostats', '-y', job.outputPath],
  ]
  let pending = ''
  const run = await streamFfmpeg(args, job.frames, (chunk) => {
    pending += chunk.toString()
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) {
      const match = /^out_time_(?:us|ms)=(\d+)/.exec(line)
      if (match) {
        job.onProgress?.(Math.min(1, Number(match[1]) / 1e6 / seconds))
      }
    }
  })
  if (run.code !== 0) {
    throw new VideoRenderError(
      'encoder_failed',
      `ffmpeg could not encode the video: ${run.stderr.trim() || `it exited with ${run.code}`}`,
    )
  }
}

export type MediaInfo = {
  durationSeconds: number | null
  video: { codec: string; width: number; height: number; pixelFormat: string | null } | null
  audio: { codec: string } | null
}

/** What ffmpeg reads from a media file's header (there is no ffprobe in the static build). */
export async function probeMedia(bytes: Uint8Array): Promise<MediaInfo> {
  // `-v info` after runFfmpeg's `-v error`: the later one wins, and the stream list is info.
  const run = await runFfmpeg(['-v', 'info', '-i', 'pipe:0'], bytes)
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(run.stderr)
  const videoLine = /Stream #\d+:\d+.*?: Video: (.*)/.exec(run.stderr)?.[1] ?? null
  const size = videoLine ? /, (\d{2,5})x(\d{2,5})/.exec(videoLine) : null
  const video =
    videoLine && size ? { line: videoLine, width: Number(size[1]), height: Number(size[2]) } : null
  const audio = /Stream #\d+:\d+.*?: Audio: (\w+)/.exec(run.stderr)
  return {
    durationSeconds: duration
      ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
      : null,
    video: video
      ? {
          codec: /^(\w+)/.exec(video.line)?.[1] ?? '',
          pixelFormat: /^[^,]+, (\w+)/.exec(video.line)?.[1] ?? null,
          width: video.width,
          height: video.height,
        }
      : null,
    audio: audio ? { codec: audio[1]! } : null,
  }
}
