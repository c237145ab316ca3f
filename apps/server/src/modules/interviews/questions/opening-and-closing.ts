/**
 * The two ends of a real interview's arc: a tailored "tell me about yourself" to open, and a
 * question about why this company or where the seeker wants to grow to close. "What questions do
 * you have for us?" is left out on purpose: it is worth preparing, but not worth practising aloud
 * and scoring.
 */
import type { InterviewQuestion } from '@app/contracts'
import type { LetterFacts } from '../../cover-letters/index.ts'
import { type Random, pick } from './seeded-random.ts'
import { seekerText, skillsIn, spokenTitle } from './question-text.ts'

export type DraftQuestion = Omit<InterviewQuestion, 'index'>

function roleAt(facts: LetterFacts): string {
  const title = spokenTitle(facts.job.title)
  const role = title ? `${title} role` : 'role'
  return facts.job.company ? `the ${role} at ${facts.job.company}` : `this ${role}`
}

export function openingQuestion(facts: LetterFacts, random: Random): DraftQuestion {
  const target = roleAt(facts)
  const text = pick(
    [
      `Tell me about yourself, and what brings you to ${target}?`,
      `Walk me through your background, and what draws you to ${target}?`,
      `Tell me a little about yourself and why ${target} appeals to you.`,
    ],
    random,
  )
  const recent = facts.seeker.positions[0]
  const experience =
    recent?.title && recent.company
      ? `your most relevant experience, such as your work as ${recent.title} at ${recent.company}`
      : 'the experience most relevant to this role'
  return {
    kind: 'opening',
    text,
    talkingPoints: [
      'who you are professionally, in a sentence or two',
      experience,
      `why ${facts.job.company ?? 'this role'}, and why now`,
    ],
    reason:
      'Interviews usually open this way; a short, tailored answer sets the tone for the rest.',
    jobTerms: skillsIn(seekerText(facts), facts.job.skills, 3),
  }
}

export function closingQuestion(facts: LetterFacts, random: Random): DraftQuestion {
  const options: DraftQuestion[] = [
    {
      kind: 'closing',
      text: 'Where do you want to grow in the next two years, and how does this role fit into that?',
      talkingPoints: [
        'a concrete skill or responsibility you want to grow into',
        'how this role helps you get there',
        'what you are already doing to learn it',
      ],
      reason:
        'A closing question: it shows what you want next and that this role is a step, not a stopgap.',
      jobTerms: [],
    },
    {
      kind: 'closing',
      text: 'What would you want to have achieved after your first three months in this role?',
      talkingPoints: [
        'a concrete goal for the first months',
        'how you would learn how things work here, and from whom',
        'how you would know you were succeeding',
      ],
      reason: 'A closing question: it shows you can picture the work and set yourself goals.',
      jobTerms: [],
    },
  ]
  const company = facts.job.company
  if (company) {
    options.push({
      kind: 'closing',
      text: `Why ${company}? What makes it the place you want to work next?`,
      talkingPoints: [
        `something specific about ${company}: its work, its people or its reputation`,
        'how it fits what you want next in your career',
        `what you would bring to ${company}`,
      ],
      reason: `A closing question: interviewers want to hear that you chose ${company}, not just any job.`,
      jobTerms: [],
    })
  }
  return pick(options, random)
}
