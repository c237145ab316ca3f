/**
 * Text to speech for the server (ADR 0026): the interviewer's voice when the browser has none,
 * and the narration of analysis videos. An OpenAI-compatible `/audio/speech` API when
 * `TTS_BASE_URL` is set (falling back on failure), else the offline voice (eSpeak NG in a child
 * process, `offline-voice-process.ts`). What was said last is kept in memory: questions are read,
 * repeated and replayed.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'

export type SpokenAudio = { bytes: Uint8Array; mimeType: string }

export type Voice = {
  name: string
  speak: (text: string) => Promise<SpokenAudio>
}

export class VoiceError extends Error {}

const OFFLINE_VOICE_SCRIPT = fileURLToPath(new URL('./offline-voice-process.ts', import.meta.url))
const OFFLINE_TIMEOUT_MS = 20_000
/** A calm interviewer's pace, inside the 140–160 words per minute the feedback recommends. */
const OFFLINE_RATE_WPM = 150

export function offlineVoice(options: { voice?: string } = {}): Voice {
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
        child.on('error', (error) => reject(new VoiceError(error.message)))
        child.on('close', (code) => {
          const bytes = Buffer.concat(chunks)
          if (code === 0 && bytes.length > 44) {
            resolve({ bytes, mimeType: 'audio/wav' })
          } else {
            reject(new VoiceError(`The offline voice failed (${code}): ${errors.trim()}`))
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

export function openAiCompatibleVoice(settings: SpeechApiSettings): Voice {
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
        throw new VoiceError(`The speech API did not answer: ${String(error)}`)
      }
      if (!response.ok) {
        throw new VoiceError(`The speech API answered ${response.status}`)
      }
      return { bytes: new Uint8Array(await response.arrayBuffer()), mimeType: 'audio/mpeg' }
    },
  }
}

/** A voice that falls back to another when it fails (the API, then the offline voice). */
function withFallback(first: Voice, fallback: Voice): Voice {
  return {
    name: `${first.name}, else ${fallback.name}`,
    speak: (text) => first.speak(text).catch(() => fallback.speak(text)),
  }
}

/** Keeps the last `size` spoken texts' audio. */
export function remembering(voice: Voice, size = 64): Voice {
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

export function voiceFromConfig(config: {
  TTS_BASE_URL?: string
  TTS_API_KEY?: string
  TTS_MODEL: string
  TTS_VOICE: string
}): Voice {
  if (!config.TTS_BASE_URL) {
    return defaultVoice
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
export const defaultVoice: Voice = remembering(offlineVoice())
