export type SpeechAnalysisFailure = 'audio_unreadable' | 'audio_too_long' | 'audio_too_large'

const MESSAGES: Record<SpeechAnalysisFailure, string> = {
  audio_unreadable:
    'We could not read this recording: it is not audio we can decode (use wav, mp3, webm, ogg or m4a).',
  audio_too_long: 'This recording is too long: record an answer of at most {maxSeconds} seconds.',
  audio_too_large: 'This recording is too large: upload a file of at most {maxMegabytes} MB.',
}

/** A recording that cannot be analysed; `code` is stable, `message` a clear English sentence. */
export class SpeechAnalysisError extends Error {
  readonly code: SpeechAnalysisFailure

  constructor(
    code: SpeechAnalysisFailure,
    options: { maxSeconds?: number; maxBytes?: number; cause?: unknown } = {},
  ) {
    super(
      MESSAGES[code]
        .replace('{maxSeconds}', String(options.maxSeconds ?? ''))
        .replace('{maxMegabytes}', String(Math.round(((options.maxBytes ?? 0) / 1e6) * 10) / 10)),
      { cause: options.cause },
    )
    this.name = 'SpeechAnalysisError'
    this.code = code
  }
}
