/**
 * Transcripts of spoken answers, behind one interface (issue 16, ADR 0026). Three sources, best
 * first: an OpenAI-compatible `/audio/transcriptions` API (`STT_BASE_URL`: OpenAI, whisper.cpp's
 * server, faster-whisper servers), the browser's own live recognition (sent with the answer),
 * none. This file is the first; the answer analysis picks among the three.
 */

export type SpeechToText = {
  name: string
  /** The words of a recording; throws `SpeechToTextError` when the service fails. */
  transcribe: (audio: { bytes: Uint8Array; mimeType: string; fileName: string }) => Promise<string>
}

export class SpeechToTextError extends Error {}

export type SpeechToTextSettings = {
  baseUrl: string
  apiKey: string | null
  model: string
  timeoutMs: number
}

/**
 * Whisper-style recognisers tidy speech up: they drop "um" and "uh" unless the prompt shows
 * them. A prompt written with fillers keeps more of them (OpenAI's speech-to-text guide); the
 * audio's filled-pause detector still backs it up.
 */
const KEEP_FILLERS_PROMPT =
  'Umm, so, like, I was, uh, thinking about it, you know, and, hmm, I mean, we kind of, like, did it.'

export function openAiCompatibleSpeechToText(settings: SpeechToTextSettings): SpeechToText {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`
  return {
    name: `speech-to-text at ${new URL(url).host}`,
    async transcribe(audio) {
      const form = new FormData()
      form.append(
        'file',
        new Blob([new Uint8Array(audio.bytes)], { type: audio.mimeType }),
        audio.fileName,
      )
      form.append('model', settings.model)
      form.append('response_format', 'json')
      form.append('prompt', KEEP_FILLERS_PROMPT)
      let response: Response
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
          body: form,
          signal: AbortSignal.timeout(settings.timeoutMs),
        })
      } catch (error) {
        throw new SpeechToTextError(`The speech-to-text service did not answer: ${String(error)}`)
      }
      if (!response.ok) {
        throw new SpeechToTextError(`The speech-to-text service answered ${response.status}`)
      }
      const body = (await response.json().catch(() => null)) as { text?: unknown } | null
      if (typeof body?.text !== 'string') {
        throw new SpeechToTextError('The speech-to-text service answered without a text')
      }
      return body.text.trim()
    },
  }
}

/** The configured service, or null (`STT_BASE_URL` unset): the browser's text or none. */
export function speechToTextFromConfig(config: {
  STT_BASE_URL?: string
  STT_API_KEY?: string
  STT_MODEL: string
}): SpeechToText | null {
  if (!config.STT_BASE_URL) {
    return null
  }
  return openAiCompatibleSpeechToText({
    baseUrl: config.STT_BASE_URL,
    apiKey: config.STT_API_KEY ?? null,
    model: config.STT_MODEL,
    timeoutMs: 120_000,
  })
}
