/**
 * The offline question generator (issue 16): a practice interview shaped like a real one, from
 * the facts the seeker and the job give and the occupation's O*NET tasks, without a language model.
 *
 * The arc: an opening (a tailored "tell me about yourself") when there are two questions or more,
 * then the middle questions per focus, then a closing question when there are four or more.
 * - behavioural: the seeker's own accomplishment, then the behavioural bank;
 * - role: the job's requirements first, then in turn resume highlights, O*NET tasks, the job's
 *   skills the seeker shows and those they do not (falling back to the bank when they run out);
 * - mixed: role and behavioural alternate, role first, role taking the odd one.
 * Deterministic for a seed (the interview id): the same interview rebuilds the same questions.
 */
import type { InterviewFocus, InterviewQuestion } from '@app/contracts'
import type { LetterFacts } from '../../cover-letters/index.ts'
import { BEHAVIOURAL_BANK } from './behavioural-bank.ts'
import { type DraftQuestion, closingQuestion, openingQuestion } from './opening-and-closing.ts'
import {
  type Candidate,
  type CandidateSource,
  accomplishmentQuestion,
  roleCandidateSources,
} from './role-questions.ts'
import { type Random, seededRandom, shuffled } from './seeded-random.ts'

export type GenerateQuestionsInput = {
  facts: LetterFacts
  /** O*NET task statements of the job's occupation, core first; may be empty. */
  tasks: string[]
  focus: InterviewFocus
  count: number
  /** The interview id: the same seed gives the same questions. */
  seed: string
}

/** Takes candidates source by source in turn, skipping any about something already asked. */
class QuestionPicker {
  private readonly usedKeys = new Set<string>()
  private readonly usedTexts = new Set<string>()
  private readonly sources: Array<CandidateSource & { taken: number }>

  constructor(sources: CandidateSource[]) {
    this.sources = sources.map((source) => ({ ...source, taken: 0 }))
  }

  private accepts(candidate: Candidate): boolean {
    return (
      !this.usedTexts.has(candidate.text.toLowerCase()) &&
      !candidate.keys.some((key) => this.usedKeys.has(key))
    )
  }

  take(): DraftQuestion | null {
    for (let turn = 0; turn < this.sources.length; turn++) {
      const source = this.sources.shift()!
      this.sources.push(source)
      if (source.taken >= source.max) continue
      const chosen = source.candidates.find((candidate) => this.accepts(candidate))
      if (chosen) {
        source.taken++
        chosen.keys.forEach((key) => this.usedKeys.add(key))
        this.usedTexts.add(chosen.text.toLowerCase())
        return {
          kind: chosen.kind,
          text: chosen.text,
          talkingPoints: chosen.talkingPoints,
          reason: chosen.reason,
          jobTerms: chosen.jobTerms,
        }
      }
    }
    return null
  }
}

function behaviouralCandidates(facts: LetterFacts, random: Random): Candidate[] {
  const bank: Candidate[] = shuffled(BEHAVIOURAL_BANK, random).map((entry) => ({
    kind: 'behavioural',
    text: entry.text,
    talkingPoints: entry.talkingPoints,
    reason: `A common behavioural question about ${entry.competency}: interviewers want a real story, told in order.`,
    jobTerms: [],
    keys: [`competency:${entry.competency}`],
  }))
  const own = accomplishmentQuestion(facts)
  // The seeker's own story is the best practice there is, but not in every single interview.
  if (own && random() < 0.6) bank.splice(random() < 0.5 ? 0 : 1, 0, own)
  return bank
}

function middleKinds(focus: InterviewFocus, count: number): Array<'role' | 'behavioural'> {
  return Array.from({ length: count }, (_, i) => {
    if (focus === 'mixed') return i % 2 === 0 ? 'role' : 'behavioural'
    return focus
  })
}

export function generateQuestions(input: GenerateQuestionsInput): InterviewQuestion[] {
  const { facts, tasks, focus } = input
  const count = Math.max(1, Math.floor(input.count))
  const random = seededRandom(input.seed)

  const roleSources = roleCandidateSources(facts, tasks, random)
  const inSeededOrder = (source: CandidateSource) => ({
    ...source,
    candidates: shuffled(source.candidates, random),
  })
  const roles = new QuestionPicker([
    inSeededOrder(roleSources.requirements),
    ...shuffled(roleSources.others, random).map(inSeededOrder),
  ])
  const behavioural = new QuestionPicker([
    { candidates: behaviouralCandidates(facts, random), max: Infinity },
  ])

  const hasOpening = count >= 2
  const hasClosing = count >= 4
  const middle = middleKinds(focus, count - Number(hasOpening) - Number(hasClosing)).map(
    (kind) => (kind === 'role' ? roles.take() : null) ?? behavioural.take()!,
  )
  const drafts: DraftQuestion[] = [
    ...(hasOpening ? [openingQuestion(facts, random)] : []),
    ...middle,
    ...(hasClosing ? [closingQuestion(facts, random)] : []),
  ]
  return drafts.map((draft, index) => ({ index, ...draft }))
}
