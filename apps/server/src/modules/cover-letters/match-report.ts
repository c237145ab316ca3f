/**
 * The match report (issue 14): which of the job's skills and requirement lines the seeker's
 * profile shows (and where), which it does not, and two or three concrete suggestions.
 * Deterministic and built from the same facts as the letter. A requirement counts as shown when
 * it names one of the seeker's skills, or when at least two of its significant words occur in
 * what the seeker wrote about their work.
 */
import type { MatchItem, MatchReport } from '@app/contracts'
import { type LetterFacts, mentions, seekerText, shorten } from './letter-facts.ts'
import { listOf } from './offline-composer.ts'

const STOP_WORDS = new Set(
  'with have from that this your will ability able experience years year knowledge strong good working work using such other least plus including within about their they them into across skills skill understanding'.split(
    ' ',
  ),
)

export function buildMatchReport(facts: LetterFacts, now: Date): MatchReport {
  const { seeker, job } = facts
  const text = seekerText(seeker)
  const matched: MatchItem[] = []
  const missing: MatchItem[] = []

  for (const skill of job.skills) {
    const own = seeker.skills.find((candidate) => candidate.toLowerCase() === skill.toLowerCase())
    const position = seeker.positions.find((p) =>
      [p.title, p.summary, ...p.highlights].some((line) => line && mentions(line, skill)),
    )
    const evidence = own
      ? `Listed in your skills${position ? ` and used ${where(position)}` : ''}`
      : position
        ? `Used ${where(position)}`
        : mentions(text, skill)
          ? 'Named in your profile'
          : null
    ;(evidence ? matched : missing).push({ label: skill, kind: 'skill', evidence })
  }

  for (const requirement of job.requirements) {
    const label = shorten(requirement, 120)
    const skill = seeker.skills.find((own) => own.length > 1 && mentions(requirement, own))
    if (skill) {
      matched.push({ label, kind: 'requirement', evidence: `Your skill ${skill}` })
      continue
    }
    const words = significantWords(requirement).filter((word) => mentions(text, word))
    if (words.length >= 2) {
      matched.push({
        label,
        kind: 'requirement',
        evidence: `Your experience mentions ${listOf(words.slice(0, 3))}`,
      })
    } else {
      missing.push({ label, kind: 'requirement', evidence: null })
    }
  }

  const total = matched.length + missing.length
  return {
    score: total === 0 ? 0 : Math.round((matched.length / total) * 100),
    matched,
    missing,
    suggestions: suggestions(facts, matched, missing),
    generatedAt: now.toISOString(),
  }
}

function where(position: { title: string | null; company: string | null }): string {
  if (position.company) return `at ${position.company}`
  return `as ${position.title}`
}

function significantWords(line: string): string[] {
  const words = line.toLowerCase().match(/[\p{L}][\p{L}\p{N}+#-]{3,}/gu) ?? []
  return [...new Set(words.filter((word) => !STOP_WORDS.has(word)))]
}

function suggestions(facts: LetterFacts, matched: MatchItem[], missing: MatchItem[]): string[] {
  const { seeker, job } = facts
  const company = job.company ?? 'the employer'
  const out: string[] = []
  const matchedSkills = matched.filter((item) => item.kind === 'skill').map((item) => item.label)
  const missingSkills = missing.filter((item) => item.kind === 'skill').map((item) => item.label)
  const missingRequirements = missing.filter((item) => item.kind === 'requirement')

  if (matchedSkills.length > 0) {
    out.push(
      `Lead with ${listOf(matchedSkills.slice(0, 3))}: ${company} asks for ${matchedSkills.length > 1 ? 'them' : 'it'} and your profile shows ${matchedSkills.length > 1 ? 'them' : 'it'}. Name ${matchedSkills.length > 1 ? 'them' : 'it'} in the top third of your resume and in your first answer at the interview.`,
    )
  }
  if (missingSkills.length > 0) {
    out.push(
      `The posting asks for ${listOf(missingSkills.slice(0, 3))}, which your profile does not show. If you have used ${missingSkills.length > 1 ? 'them' : 'it'}, add where and how to your profile; if not, say in the interview how you would learn ${missingSkills.length > 1 ? 'them' : 'it'} (a course or a small project).`,
    )
  }
  if (missingRequirements.length > 0 && out.length < 3) {
    out.push(
      `Prepare one concrete example for “${shorten(missingRequirements[0]!.label, 90)}”: your profile does not show it yet, and it is what the interview will probe.`,
    )
  }
  const hasHighlights = seeker.positions.some((position) => position.highlights.length > 0)
  if (out.length < 3 && !hasHighlights) {
    out.push(
      seeker.positions.length > 0
        ? 'Add two or three results to your latest position (what you changed, for whom, and by how much): the letter uses them to show your fit.'
        : 'Add your work history to your profile (positions, employers and a few results): the letter and this report can only use what your profile shows.',
    )
  }
  if (out.length === 0) {
    out.push(
      `Add notes about why you want to work at ${company} in the additional context: the letter uses them.`,
    )
  }
  return out.slice(0, 3)
}
