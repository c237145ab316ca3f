/**
 * Questions from the configured LLM (`LLM_BASE_URL`, the cover letters' OpenAI-compatible
 * adapter): it gets the same facts as the offline generator, and the offline questions as a
 * draft to improve, and answers JSON. Its questions are used only when every one passes the same
 * bar as the offline ones (the asked count, a real question, a known kind, 2–4 talking points,
 * no placeholder); anything else, or any failure, keeps the offline questions.
 */
import {
  INTERVIEW_QUESTION_KINDS,
  type InterviewFocus,
  type InterviewQuestion,
} from '@app/contracts'
import { z } from 'zod'
import type { LetterFacts, TextGenerator } from '../../cover-letters/index.ts'

const LlmQuestions = z.object({
  questions: z.array(
    z.object({
      text: z.string().trim().min(15).max(300),
      kind: z.enum(INTERVIEW_QUESTION_KINDS),
      talkingPoints: z.array(z.string().trim().min(3).max(140)).min(2).max(4),
      reason: z.string().trim().min(3).max(200),
    }),
  ),
})

/** Text a model writes when it has no fact to put there. */
const PLACEHOLDER = /\[[^\]]*\]|\{[^}]*\}|\bundefined\b|\bnull\b|<[^>]+>|lorem ipsum|TODO/i

const SYSTEM = `You prepare a realistic spoken mock interview for a job seeker.
Use only the facts given: never invent an employer, a number, a tool or an achievement.
Keep the order of a real interview (an opening, then behavioural and role questions as the focus asks, a closing question when there are four or more).
For each question give 2 to 4 talking points that a strong answer covers, and one short reason (why this question, for this job).
Answer only with JSON: {"questions": [{"text": "...", "kind": "opening|behavioural|role|closing", "talkingPoints": ["..."], "reason": "..."}]}.`

export async function withLlmQuestions(
  generator: TextGenerator,
  input: { facts: LetterFacts; tasks: string[]; focus: InterviewFocus; count: number },
  offline: InterviewQuestion[],
): Promise<{ questions: InterviewQuestion[]; source: 'llm' | 'offline' }> {
  const { facts } = input
  const brief = {
    job: {
      title: facts.job.title,
      company: facts.job.company,
      skills: facts.job.skills.slice(0, 12),
      requirements: facts.job.requirements.slice(0, 8),
      tasks: input.tasks.slice(0, 6),
    },
    seeker: {
      positions: facts.seeker.positions.map((position) => ({
        title: position.title,
        company: position.company,
        highlights: position.highlights.slice(0, 3),
      })),
      skills: facts.seeker.skills.slice(0, 15),
      notesAboutThisRole: facts.seeker.additionalContext,
    },
    focus: input.focus,
    questionCount: input.count,
    draft: offline.map(({ text, kind, talkingPoints }) => ({ text, kind, talkingPoints })),
  }
  let answer: string
  try {
    answer = await generator.generate([
      { role: 'system', content: SYSTEM },
      { role: 'user', content: JSON.stringify(brief) },
    ])
  } catch {
    return { questions: offline, source: 'offline' }
  }
  const questions = readQuestions(answer, input.count, facts)
  return questions ? { questions, source: 'llm' } : { questions: offline, source: 'offline' }
}

function readQuestions(
  answer: string,
  count: number,
  facts: LetterFacts,
): InterviewQuestion[] | null {
  const start = answer.indexOf('{')
  const end = answer.lastIndexOf('}')
  if (start < 0 || end <= start) return null
  let parsed: z.infer<typeof LlmQuestions>
  try {
    parsed = LlmQuestions.parse(JSON.parse(answer.slice(start, end + 1)))
  } catch {
    return null
  }
  const { questions } = parsed
  const texts = new Set(questions.map((question) => question.text.toLowerCase()))
  const written = questions.flatMap((question) => [
    question.text,
    question.reason,
    ...question.talkingPoints,
  ])
  if (
    questions.length !== count ||
    texts.size !== count ||
    written.some((text) => PLACEHOLDER.test(text))
  ) {
    return null
  }
  return questions.map((question, index) => ({
    index,
    text: question.text,
    kind: question.kind,
    talkingPoints: question.talkingPoints,
    reason: question.reason,
    // The job's own terms that the question or its points name.
    jobTerms: facts.job.skills
      .filter((skill) =>
        [question.text, ...question.talkingPoints].some((text) =>
          text.toLowerCase().includes(skill.toLowerCase()),
        ),
      )
      .slice(0, 6),
  }))
}
