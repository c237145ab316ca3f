/**
 * The interviewer's voice when the browser has none (issue 16, ADR 0026): an OpenAI-compatible
 * `/audio/speech` API when `TTS_BASE_URL` is set, else the offline voice (eSpeak NG in a child
 * process, `offline-voice-process.ts`). The app prefers the browser's own speech synthesis and
 * fetches this only when that has no voice. Questions repeat (each is read, maybe repeated, then
 * replayed), so the last few spoken are kept in memory.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'

export type SpokenAudio = { bytes: Uint8Array; mimeType: string }

export type QuestionVoice = {
  name: string
  speak: (text: string) => Promise<SpokenAudio>
}

export class QuestionVoiceError extends Error {}

const OFFLINE_VOICE_SCRIPT = fileURLToPath(new URL('./offline-voice-process.ts', import.meta.url))
const OFFLINE_TIMEOUT_MS = 20_000
/** A calm interviewer's pace, inside the 140–160 words per minute the feedback recommends. */
const OFFLINE_RATE_WPM = 150

export function offlineVoice(options: { voice?: string } = {}): QuestionVoice {
  return {
    name: 'offline voice (eSpeak NG)',
    speak: (text) =>
      new Promise((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [OFFLINE_VOICE_SCRIPT, options.voice ?? 'en-us', String(OFFLINE_RATE_WPM)],
          { stdio: ['pipe', 'pipe', 'pipe'], timeout: OFFLINE_TIMEOUT_MS },
        )
        const chunks: Buffer[] = []
        let errors = ''
        child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
        child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
        child.on('error', (error) => reject(new QuestionVoiceError(error.message)))
        child.on('close', (code) => {
          const bytes = Buffer.concat(chunks)
          if (code === 0 && bytes.length > 44) {
            resolve({ bytes, mimeType: 'audio/wav' })
          } else {
            reject(new QuestionVoiceError(`The offline voice failed (${code}): ${errors.trim()}`))
          }
        })
        child.stdin.end(text)
      }),
  }
}

export type SpeechApiSettings = {
  baseUrl: string
  apiKey: string | null
  model: string
  voice: string
  timeoutMs: number
}

export function openAiCompatibleVoice(settings: SpeechApiSettings): QuestionVoice {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/audio/speech`
  return {
    name: `speech API at ${new URL(url).host}`,
    async speak(text) {
      let response: Response
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: settings.model,
            voice: settings.voice,
            input: text,
            response_format: 'mp3',
          }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        })
      } catch (error) {
        throw new QuestionVoiceError(`The speech API did not answer: ${String(error)}`)
      }
      if (!response.ok) {
        throw new QuestionVoiceError(`The speech API answered ${response.status}`)
      }
      return { bytes: new Uint8Array(await response.arrayBuffer()), mimeType: 'audio/mpeg' }
    },
  }
}

/** A voice that falls back to another when it fails (the API, then the offline voice). */
function withFallback(first: QuestionVoice, fallback: QuestionVoice): QuestionVoice {
  return {
    name: `${first.name}, else ${fallback.name}`,
    speak: (text) => first.speak(text).catch(() => fallback.speak(text)),
  }
}

/** Keeps the last `size` spoken texts' audio. */
export function remembering(voice: QuestionVoice, size = 64): QuestionVoice {
  const spoken = new Map<string, Promise<SpokenAudio>>()
  return {
    name: voice.name,
    speak(text) {
      const key = createHash('sha256').update(text).digest('hex')
      const known = spoken.get(key)
      if (known) {
        return known
      }
      const audio = voice.speak(text)
      audio.catch(() => spoken.delete(key))
      spoken.set(key, audio)
      if (spoken.size > size) {
        spoken.delete(spoken.keys().next().value!)
      }
      return audio
    },
  }
}

export function questionVoiceFromConfig(config: {
  TTS_BASE_URL?: string
  TTS_API_KEY?: string
  TTS_MODEL: string
  TTS_VOICE: string
}): QuestionVoice {
  if (!config.TTS_BASE_URL) {
    return offlineQuestionVoice
  }
  const api = openAiCompatibleVoice({
    baseUrl: config.TTS_BASE_URL,
    apiKey: config.TTS_API_KEY ?? null,
    model: config.TTS_MODEL,
    voice: config.TTS_VOICE,
    timeoutMs: 20_000,
  })
  return remembering(withFallback(api, offlineVoice()))
}

/** The offline voice, remembering what it said: the default when nothing is configured. */
export const offlineQuestionVoice: QuestionVoice = remembering(offlineVoice())
