import type { Config } from '../../platform/config.ts'
import { openAiCompatibleGenerator, type TextGenerator } from './text-generation.ts'

/** The LLM of `LLM_BASE_URL` (with `LLM_MODEL`, `LLM_API_KEY`), or null: the offline composer. */
export function textGeneratorFromConfig(config: Config): TextGenerator | null {
  if (!config.LLM_BASE_URL) return null
  return openAiCompatibleGenerator({
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY || null,
    model: config.LLM_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
  })
}
