export type VideoRenderFailure = 'voice_failed' | 'encoder_failed' | 'narration_too_long'

/**
 * A video that could not be rendered; `code` is stable, `message` a clear English sentence, and
 * `cause` keeps the voice's or ffmpeg's own error for the logs.
 */
export class VideoRenderError extends Error {
  readonly code: VideoRenderFailure

  constructor(code: VideoRenderFailure, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.name = 'VideoRenderError'
    this.code = code
  }
}
