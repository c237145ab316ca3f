/**
 * Questions about the job's own work, each from a fact the inputs hold and nothing else:
 * - the posting's requirement lines (quoted, or by the skill they name);
 * - the job's skills the seeker already shows (how deep does it go?);
 * - the job's skills the seeker does not show (how would they close the gap?);
 * - O*NET task statements of the occupation, turned into situational questions;
 * - the seeker's own resume highlights (the story behind a claimed result).
 * Each candidate carries a `key` (the skill, task or line it is about) so one interview never asks
 * twice about the same thing.
 */
import type { LetterFacts } from '../../cover-letters/index.ts'
import type { DraftQuestion } from './opening-and-closing.ts'
import {
  holdsFigure,
  lowerFirst,
  mentionsTerm,
  opensWithPastVerb,
  seekerText,
  skillInSentence,
  skillsIn,
  withoutEndPunctuation,
} from './question-text.ts'
import { type Random, pick } from './seeded-random.ts'

export type Candidate = DraftQuestion & { keys: string[] }

/** Candidates of one kind, and how many of them one interview may ask at most. */
export type CandidateSource = { candidates: Candidate[]; max: number }

const RESULT = 'the result, with a number if there is one'
const SELF = 'what you did yourself, not the team'

/** Whether the job is a real posting (requirements or a description), not a typed role. */
function hasPosting(facts: LetterFacts): boolean {
  return facts.job.requirements.length > 0 || Boolean(facts.job.description?.trim())
}

/**
 * The job skills worth asking about. A real posting's skills are its own; a typed role's are the
 * occupation's whole technology list (long, and full of niche products), so only its first few.
 */
function askableSkills(facts: LetterFacts): string[] {
  const { job } = facts
  if (hasPosting(facts)) {
    const postingText = [...job.requirements, job.description ?? ''].join('\n')
    const named = job.skills.filter((skill) => mentionsTerm(postingText, skill))
    return named.length > 0 ? named : job.skills.slice(0, 6)
  }
  return job.skills.slice(0, 3)
}

function fromRequirements(facts: LetterFacts, random: Random): Candidate[] {
  return facts.job.requirements
    .map(withoutEndPunctuation)
    .filter((line) => line.length >= 12 && line.length <= 180)
    .map((line) => {
      const terms = skillsIn(line, facts.job.skills)
      const skill = terms[0]
      const reason = `The posting asks for it: “${line}”.`
      if (skill) {
        const said = skillInSentence(skill)
        return {
          kind: 'role' as const,
          text: pick(
            [
              `The posting asks for experience with ${said}. Walk me through the most demanding piece of work you did with it, from the problem to the result.`,
              `This role leans on ${said}. Tell me about a time you relied on it for something that really mattered.`,
            ],
            random,
          ),
          talkingPoints: [
            `a specific piece of work with ${said}, and your part in it`,
            `a problem you hit with ${said} and how you solved it`,
            RESULT,
          ],
          reason,
          jobTerms: terms,
          keys: [line.toLowerCase(), ...terms.map((t) => t.toLowerCase())],
        }
      }
      // A requirement that names no skill may be a credential ("Current NMC registration"), so
      // ask how the seeker meets it rather than for "a time you did it".
      return {
        kind: 'role' as const,
        text: pick(
          [
            `One of the requirements is “${line}”. How does your experience meet it? Give me a concrete example.`,
            `The posting lists “${line}”. Tell me about the part of your background that shows it best.`,
          ],
          random,
        ),
        talkingPoints: [
          'how you meet the requirement, said in one sentence',
          'a concrete example: the situation, what you did and how it turned out',
          'why it matters for this job',
        ],
        reason,
        jobTerms: [],
        keys: [line.toLowerCase()],
      }
    })
}

function fromSharedSkills(facts: LetterFacts, skills: string[]): Candidate[] {
  const own = seekerText(facts)
  return skills
    .filter((skill) => mentionsTerm(own, skill))
    .map((skill) => ({
      kind: 'role' as const,
      text: `You list ${skillInSentence(skill)}, and this role uses it. Tell me about the hardest thing you have done with it.`,
      talkingPoints: [
        `what you did with ${skillInSentence(skill)}, and why it was hard`,
        'a problem you hit and how you solved it',
        RESULT,
      ],
      reason: `${skill} is a skill of the job that your profile shows too; expect to be asked how deep it goes.`,
      jobTerms: [skill],
      keys: [skill.toLowerCase()],
    }))
}

function fromSkillGaps(facts: LetterFacts, skills: string[]): Candidate[] {
  // "You haven't listed X" is only true of a seeker who listed something, and only worth asking
  // about a skill a real posting asks for (a typed role's occupation lists every tool anyone in
  // it has used: a chef would be asked about Microsoft Excel).
  const { seeker } = facts
  if (seeker.skills.length === 0 && seeker.positions.length === 0) return []
  if (!hasPosting(facts)) return []
  const own = seekerText(facts)
  return skills
    .filter((skill) => !mentionsTerm(own, skill))
    .map((skill) => ({
      kind: 'role' as const,
      text: `You haven’t listed ${skillInSentence(skill)}; how would you get productive with it in your first month?`,
      talkingPoints: [
        `what you already know that is close to ${skillInSentence(skill)}`,
        'a concrete plan for the first weeks: what you would learn, and from whom',
        'a time you learned something similar quickly',
      ],
      reason: `The job asks for ${skillInSentence(skill)}, which your profile does not mention.`,
      jobTerms: [skill],
      keys: [skill.toLowerCase()],
    }))
}

/** "Administer medications to patients, such as …" → "administer medications to patients". */
function taskAsVerbPhrase(task: string): string | null {
  // Only a comma-led list of examples can go without breaking the sentence ("… in locations such
  // as schools" cannot).
  const core = withoutEndPunctuation(
    task.split(/,\s*(?:such as|including|for example)\b|;/)[0] ?? '',
  )
  if (core.length < 12 || core.length > 115) return null
  return lowerFirst(core)
}

function fromTasks(facts: LetterFacts, tasks: string[], random: Random): Candidate[] {
  // Core tasks come first in O*NET's order; the first dozen are the heart of the job.
  return tasks.slice(0, 12).flatMap((task) => {
    const phrase = taskAsVerbPhrase(task)
    if (!phrase) return []
    const terms = skillsIn(task, facts.job.skills)
    const reason = `A core task of the role (O*NET): “${withoutEndPunctuation(task)}”.`
    const keys = [`task:${phrase}`, ...terms.map((t) => t.toLowerCase())]
    const situational = random() < 0.4
    if (situational) {
      return [
        {
          kind: 'role' as const,
          text: `Suppose that in your first week you need to ${phrase}, and something does not go to plan. How would you handle it?`,
          talkingPoints: [
            'what could go wrong, and how you would spot it early',
            'the steps you would take, in order',
            'who you would tell or ask for help',
          ],
          reason,
          jobTerms: terms,
          keys,
        },
      ]
    }
    return [
      {
        kind: 'role' as const,
        text: pick(
          [
            `A big part of this job is to ${phrase}. Tell me about a time you did that under pressure: what happened, and what did you do?`,
            `This role means you ${phrase}. Give me an example of doing that well, and how you knew it was done right.`,
          ],
          random,
        ),
        talkingPoints: [
          'a real situation, not a general description',
          'the steps you took, in order, and why',
          'how you checked it was done right, or what went wrong',
        ],
        reason,
        jobTerms: terms,
        keys,
      },
    ]
  })
}

function fromHighlights(facts: LetterFacts): Candidate[] {
  return facts.seeker.positions.flatMap((position) =>
    position.highlights
      .map(withoutEndPunctuation)
      .filter((line) => line.length >= 12 && line.length <= 160)
      .map((line) => {
        const where = [position.title, position.company].filter(Boolean).join(' at ')
        const hasFigure = holdsFigure(line)
        const text = opensWithPastVerb(line)
          ? hasFigure
            ? `Your resume says you ${lowerFirst(line)}. How did you get there, and how did you measure it?`
            : `Your resume says you ${lowerFirst(line)}. Walk me through it: where did you start, and what was the hardest part?`
          : `Your resume mentions “${line}”. Tell me the story behind it.`
        return {
          kind: 'role' as const,
          text,
          talkingPoints: [
            'where things stood before, and why it needed doing',
            SELF,
            'the hardest part and how you got past it',
            hasFigure ? 'the result, with the figure from your resume' : RESULT,
          ],
          reason: `A result from your resume${where ? ` (${where})` : ''}: interviewers ask for the story behind it.`,
          jobTerms: skillsIn(line, facts.job.skills),
          keys: [`highlight:${line.toLowerCase()}`],
        }
      }),
  )
}

/** The seeker's own "accomplishment you are proud of", asked as a behavioural question. */
export function accomplishmentQuestion(facts: LetterFacts): Candidate | null {
  const text = facts.seeker.accomplishment?.trim()
  if (!text || text.length < 12) return null
  const quoted = text.length > 160 ? `${text.slice(0, text.lastIndexOf(' ', 157))}…` : text
  return {
    kind: 'behavioural',
    text: `You told us you are proud of this: “${withoutEndPunctuation(quoted)}”. What was your own part in it, and what would you do differently now?`,
    talkingPoints: [
      'the situation and why it was hard',
      SELF,
      RESULT,
      'what you would do differently',
    ],
    reason:
      'The accomplishment you named in your profile: a story you should be able to tell well.',
    jobTerms: skillsIn(text, facts.job.skills),
    keys: ['accomplishment'],
  }
}

/**
 * Role question candidates per source. The posting's requirements come first (they are what the
 * interviewer will ask about); the others in turn. Skill questions are capped: two "you haven't
 * listed X" in one interview would feel like an audit, not an interview.
 */
export function roleCandidateSources(
  facts: LetterFacts,
  tasks: string[],
  random: Random,
): { requirements: CandidateSource; others: CandidateSource[] } {
  const skills = askableSkills(facts)
  return {
    requirements: { candidates: fromRequirements(facts, random), max: 4 },
    others: [
      { candidates: fromHighlights(facts), max: 3 },
      // Without a posting the occupation's tasks are most of what there is to ask about.
      { candidates: fromTasks(facts, tasks, random), max: hasPosting(facts) ? 4 : 6 },
      { candidates: fromSharedSkills(facts, skills), max: 2 },
      { candidates: fromSkillGaps(facts, skills), max: 1 },
    ],
  }
}
