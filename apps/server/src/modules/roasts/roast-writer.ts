/**
 * The optional LLM pass (when `LLM_BASE_URL` is configured, ADR 0020's `TextGenerator`): the
 * model rewrites the roast's lines in the same voice from the same findings. Its answer is kept
 * only when it is a JSON array of 4–8 short strings that, after the same contact redaction,
 * touch none of the forbidden topics; on any failure the offline lines stand.
 */
import type { RoastContent } from '@app/contracts'
import type { TextGenerator } from '../cover-letters/index.ts'
import {
  composeRoast,
  distinctFindings,
  MAX_LINE_CHARS,
  MAX_LINES,
  MIN_LINES,
  quoteOf,
  type RoastInput,
} from './compose-roast.ts'
import { redactContacts } from './redact.ts'
import { mentionsForbiddenTopic } from './roast-safety.ts'

export type WrittenRoast = {
  content: RoastContent
  source: 'offline' | 'llm'
  /** Why the LLM's lines were not used, else null. */
  fallbackReason: string | null
}

export function roastPrompt(input: RoastInput, offline: RoastContent) {
  const findings = distinctFindings(input.review)
    .slice(0, MAX_LINES - 1)
    .map((finding) => ({
      code: finding.code,
      severity: finding.severity,
      quote: quoteOf(finding.lines[0]),
      problem: redactContacts(finding.explanation),
    }))
  return [
    {
      role: 'system' as const,
      content: [
        'You write a comedy roast of a resume in an invented, over-the-top, boastful showman voice: superlatives, bragging, punchy short sentences.',
        'It is a parody: never name, quote or imitate any real person, and use no real person’s catchphrases.',
        'Roast only the resume’s content, using only the findings you are given (quote a few words from a finding’s quote where there is one).',
        'Never mention the person’s age, gender, race, ethnicity, religion, nationality, disability, appearance, family, health or name. No insults, no slurs, nothing cruel.',
        'No email addresses, phone numbers or links.',
        `Answer with a JSON array of ${MIN_LINES} to ${MAX_LINES} strings, each under ${MAX_LINE_CHARS} characters, and nothing else. The first string opens the roast and mentions the score.`,
      ].join('\n'),
    },
    {
      role: 'user' as const,
      content: JSON.stringify(
        { grade: input.review.grade, score: input.review.score, findings, example: offline.lines },
        null,
        2,
      ),
    },
  ]
}

/** The model's lines when usable, else a reason. */
export function checkedLines(answer: string): string[] | string {
  let parsed: unknown
  try {
    parsed = JSON.parse(answer.replace(/^```(?:json)?\s*|\s*```$/g, ''))
  } catch {
    return 'the LLM did not answer a JSON array'
  }
  if (!Array.isArray(parsed) || !parsed.every((line) => typeof line === 'string')) {
    return 'the LLM did not answer a JSON array of strings'
  }
  const lines = parsed.map((line: string) => redactContacts(line.trim())).filter(Boolean)
  if (lines.length < MIN_LINES || lines.length > MAX_LINES) {
    return `the LLM answered ${lines.length} lines`
  }
  if (lines.some((line) => line.length > MAX_LINE_CHARS)) {
    return 'the LLM answered a line that is too long'
  }
  if (lines.some(mentionsForbiddenTopic)) {
    return 'the LLM answered a line on a forbidden topic'
  }
  return lines
}

/** The roast: the offline composer's, with the LLM's lines when one is given and answers well. */
export async function writeRoast(
  generator: TextGenerator | null,
  input: RoastInput,
  seed: string,
): Promise<WrittenRoast> {
  const offline = composeRoast(input, seed)
  if (!generator) {
    return { content: offline, source: 'offline', fallbackReason: null }
  }
  let answer: string
  try {
    answer = await generator.generate(roastPrompt(input, offline))
  } catch (error) {
    return {
      content: offline,
      source: 'offline',
      fallbackReason: error instanceof Error ? error.message : String(error),
    }
  }
  const lines = checkedLines(answer)
  if (typeof lines === 'string') {
    return { content: offline, source: 'offline', fallbackReason: lines }
  }
  return { content: { ...offline, lines }, source: 'llm', fallbackReason: null }
}
