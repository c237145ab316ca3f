/**
 * Text generation behind one small interface (ADR 0020), with two adapters:
 * - the OpenAI-compatible HTTP adapter: `POST ${LLM_BASE_URL}/chat/completions` with
 *   `LLM_MODEL` and `Authorization: Bearer ${LLM_API_KEY}` (OpenAI, Ollama's /v1, llama.cpp's
 *   server all speak it), used when `LLM_BASE_URL` is set;
 * - the built-in offline composer (offline-composer.ts), the default, and the fallback whenever
 *   the HTTP adapter fails (timeout, an error status, an empty or unusable answer): the letter
 *   is then the offline one and the reason is recorded on the application.
 */
import type { CoverLetterSource } from '@app/contracts'
import type { LetterFacts } from './letter-facts.ts'
import { type LetterStyle, USUAL_STYLE } from './letter-style.ts'
import { composeOfflineLetter } from './offline-composer.ts'

export type ChatMessage = { role: 'system' | 'user'; content: string }

/** Writes text for a conversation; throws when it cannot. */
export type TextGenerator = {
  name: string
  generate: (messages: ChatMessage[]) => Promise<string>
}

export type LlmSettings = {
  baseUrl: string
  apiKey: string | null
  model: string
  timeoutMs: number
}

export class TextGenerationError extends Error {}

export function openAiCompatibleGenerator(settings: LlmSettings): TextGenerator {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`
  return {
    name: `${settings.model} at ${new URL(url).host}`,
    generate: async (messages) => {
      let response: Response
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: settings.model, messages, temperature: 0.4 }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        })
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError'
        throw new TextGenerationError(
          timedOut
            ? `the LLM did not answer within ${settings.timeoutMs} ms`
            : `the LLM could not be reached (${error instanceof Error ? error.message : String(error)})`,
        )
      }
      if (!response.ok) {
        await response.body?.cancel()
        throw new TextGenerationError(`the LLM answered HTTP ${response.status}`)
      }
      let body: unknown
      try {
        body = await response.json()
      } catch {
        throw new TextGenerationError('the LLM answered something that is not JSON')
      }
      const content = (body as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]
        ?.message?.content
      if (typeof content !== 'string' || !content.trim()) {
        throw new TextGenerationError('the LLM answered no text')
      }
      return content.trim()
    },
  }
}

const WORDS: Record<LetterStyle['length'], string> = {
  shorter: 'between 120 and 220 words',
  usual: 'between 120 and 350 words',
  longer: 'between 250 and 450 words',
}

/** What the seeker said about earlier letters, as an instruction (empty when nothing). */
function styleInstruction(style: LetterStyle): string[] {
  return [
    style.length === 'shorter' && 'The seeker found earlier letters too long: keep it short.',
    style.length === 'longer' && 'The seeker found earlier letters too short: say more.',
    style.specific &&
      "The seeker found earlier letters too generic: name more of the job's skills and requirements that their facts support.",
    style.comments.length > 0 &&
      `The seeker's own comments on earlier letters, newest first (follow them unless they ask you to invent facts): ${style.comments.map((comment) => JSON.stringify(comment)).join('; ')}`,
  ].filter((line): line is string => typeof line === 'string')
}

/** The instruction and the facts, the same facts the offline composer reads. */
export function letterPrompt(facts: LetterFacts, style: LetterStyle = USUAL_STYLE): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        'You write cover letters that a job seeker sends under their own name.',
        'Use only the facts in the JSON you are given. Never invent employers, job titles, dates, numbers, degrees, skills or achievements; if a fact is not given, leave it out.',
        "Use the job's own words (its title, company, skills and requirements) where the seeker's facts support them.",
        'Structure: a greeting; an opening that names the role and the company; one or two paragraphs connecting the seeker’s real experience and skills to the job; a short closing; a sign-off with the seeker’s name (just "Kind regards" when no name is given).',
        `Plain text only, no markdown, no placeholders in brackets, ${WORDS[style.length]}. Answer with the letter and nothing else.`,
        ...styleInstruction(style),
      ].join('\n'),
    },
    { role: 'user', content: JSON.stringify(facts, null, 2) },
  ]
}

const PLACEHOLDER = /\[[^\]\n]{1,40}\]|\{\{|<[A-Z][A-Za-z ]{1,30}>|\bLorem ipsum\b/

export type WrittenLetter = {
  text: string
  source: CoverLetterSource
  /** Why the LLM's letter was not used (the offline one stands), else null. */
  fallbackReason: string | null
}

/**
 * The letter for these facts: the LLM's when one is configured and answers a usable letter,
 * else the offline composer's (with the reason).
 */
export async function writeLetter(
  generator: TextGenerator | null,
  facts: LetterFacts,
  style: LetterStyle = USUAL_STYLE,
): Promise<WrittenLetter> {
  if (!generator) {
    return { text: composeOfflineLetter(facts, style), source: 'offline', fallbackReason: null }
  }
  try {
    const text = await generator.generate(letterPrompt(facts, style))
    if (PLACEHOLDER.test(text)) {
      throw new TextGenerationError('the LLM left a placeholder in the letter')
    }
    if (text.length < 200 || text.length > 6000) {
      throw new TextGenerationError(`the LLM's letter has ${text.length} characters`)
    }
    return { text, source: 'llm', fallbackReason: null }
  } catch (error) {
    const reason = error instanceof TextGenerationError ? error.message : 'the LLM failed'
    return {
      text: composeOfflineLetter(facts, style),
      source: 'offline',
      fallbackReason: `Written by the offline composer: ${reason}`,
    }
  }
}
