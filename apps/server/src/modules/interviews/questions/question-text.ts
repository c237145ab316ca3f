/**
 * Small text helpers that let the job's and the seeker's own words slot into a question and
 * still read as a sentence someone would say.
 */
import type { LetterFacts } from '../../cover-letters/index.ts'

/** Lower-cases the first letter unless the word is an acronym or a name-like token ("AWS", "iOS"). */
export function lowerFirst(text: string): string {
  const first = text.split(/\s+/)[0] ?? ''
  if (first.length > 1 && /[A-Z0-9]/.test(first.slice(1))) return text
  return text.charAt(0).toLowerCase() + text.slice(1)
}

/** First words that make a skill a common noun phrase rather than a product name. */
const COMMON_FIRST_WORDS = new Set(
  'patient wound customer client data project team time risk food quality inventory budget conflict process care sales stock cash route fleet lesson classroom behaviour behavior curriculum first basic'.split(
    ' ',
  ),
)

/**
 * A skill as it reads mid-sentence: "Wound care" → "wound care" and "Electronic health records" →
 * "electronic health records", but "Go", "PostgreSQL", "Microsoft Excel" and "Alteryx software"
 * keep their capitals. Only a phrase whose first word is an ordinary word (a known common noun, or
 * an adjective by its ending) is lowered: a product name lowered reads worse than a noun
 * capitalised.
 */
export function skillInSentence(skill: string): string {
  const words = skill.split(/\s+/)
  const first = (words[0] ?? '').toLowerCase()
  const restLower = words.slice(1).every((word) => word === word.toLowerCase())
  const ordinary = COMMON_FIRST_WORDS.has(first) || /^[a-z]+(al|ic|ive|ed|ing|ary|ory)$/.test(first)
  return words.length > 1 && restLower && ordinary && /^[A-Z][a-z]+$/.test(words[0]!)
    ? lowerFirst(skill)
    : skill
}

/** Without the trailing full stop, semicolon or bullet-ish punctuation. */
export function withoutEndPunctuation(text: string): string {
  return text.replace(/[\s.;:,!]+$/u, '').trim()
}

/** The job title as spoken: no "(m/f/d)" or other bracketed notes. */
export function spokenTitle(title: string): string {
  return (
    title
      .replace(/\s*[([][^)\]]*[)\]]/g, '')
      .replace(/\s+/g, ' ')
      .trim() || title.trim()
  )
}

/** Whether a whole word or phrase occurs in a text, ignoring case ("C" is not in "CSS"). */
export function mentionsTerm(text: string, term: string): boolean {
  const escaped = term.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(^|[^\\p{L}\\p{N}+#])${escaped}($|[^\\p{L}\\p{N}+#])`, 'u').test(
    text.toLowerCase(),
  )
}

/** Everything the seeker wrote about themselves, to tell which job skills they already show. */
export function seekerText(facts: LetterFacts): string {
  const { seeker } = facts
  return [
    seeker.headline,
    seeker.summary,
    ...seeker.skills,
    ...seeker.positions.flatMap((p) => [p.title, p.summary, ...p.highlights]),
    seeker.accomplishment,
    seeker.additionalContext,
  ]
    .filter((part): part is string => Boolean(part))
    .join('\n')
}

/** The job skills a text mentions, at most `max`, in the job's order. */
export function skillsIn(text: string, skills: readonly string[], max = 6): string[] {
  return skills.filter((skill) => mentionsTerm(text, skill)).slice(0, max)
}

/** Past-tense verbs a resume line often opens with that do not end in "-ed". */
const IRREGULAR_PAST = new Set(
  'led built ran cut wrote grew made won taught drove set brought began bought chose did drew found gave got held kept lent met oversaw paid rebuilt rewrote sold sent spent spoke stood took understood undertook saw shot spun sped split wound'.split(
    ' ',
  ),
)

/** Whether a resume line opens with a past-tense verb ("Cut p95 latency…", "Trained 12 nurses"). */
export function opensWithPastVerb(line: string): boolean {
  const first = (line.split(/\s+/)[0] ?? '').toLowerCase().replace(/[^a-z]/g, '')
  return first.length > 2 && (first.endsWith('ed') || IRREGULAR_PAST.has(first))
}

/** Whether a line holds a figure (a digit, or a number word such as "twelve"). */
export function holdsFigure(line: string): boolean {
  return /\d|\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|half|double|doubled|tripled)\b/i.test(
    line,
  )
}
