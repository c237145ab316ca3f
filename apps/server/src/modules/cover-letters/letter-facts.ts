/**
 * The facts a cover letter and a match report may use, and nothing else: the seeker's latest
 * professional profile (`parsed_data`, JSON Resume-like, read tolerantly), their onboarding
 * answers, the application's additional context, and the job. Both the offline composer and the
 * LLM prompt are built from these, so neither can reach a fact the seeker did not give.
 */
export type Position = {
  title: string | null
  company: string | null
  /** True when the position has no end date (the seeker holds it now). */
  current: boolean
  summary: string | null
  highlights: string[]
}

export type Education = {
  institution: string | null
  area: string | null
  studyType: string | null
}

export type SeekerFacts = {
  name: string | null
  headline: string | null
  summary: string | null
  /** Most recent first, at most three. */
  positions: Position[]
  skills: string[]
  education: Education[]
  /** The onboarding wizard's "an accomplishment you are proud of". */
  accomplishment: string | null
  /** The seeker's own notes about this role (the application's additional context). */
  additionalContext: string | null
}

export type JobFacts = {
  title: string
  company: string | null
  location: string | null
  skills: string[]
  /** Requirement lines of the description, in the job's own words. */
  requirements: string[]
  description: string | null
  applyUrl: string | null
}

export type LetterFacts = { seeker: SeekerFacts; job: JobFacts }

type Json = unknown
const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const asArray = (value: Json): Json[] => (Array.isArray(value) ? value : [])
/** Trimmed single-spaced text, or null for anything empty or not text. */
export const asText = (value: Json): string | null =>
  typeof value === 'string' && value.trim() ? value.replace(/\s+/g, ' ').trim() : null

function readSkills(parsed: Record<string, Json>): string[] {
  const skills = asArray(parsed.skills).flatMap((entry) => {
    if (!isRecord(entry)) return [asText(entry)]
    return [asText(entry.name), ...asArray(entry.keywords).map(asText)]
  })
  const seen = new Set<string>()
  return skills.filter((skill): skill is string => {
    if (skill === null || skill.length > 60 || seen.has(skill.toLowerCase())) return false
    seen.add(skill.toLowerCase())
    return true
  })
}

function readPositions(parsed: Record<string, Json>): Position[] {
  return [...asArray(parsed.work), ...asArray(parsed.experience)]
    .filter(isRecord)
    .slice(0, 3)
    .map((entry) => ({
      title: asText(entry.position) ?? asText(entry.title),
      company: asText(entry.name) ?? asText(entry.company) ?? asText(entry.organization),
      current: !asText(entry.endDate) && !asText(entry.end_date) && !asText(entry.end),
      summary: asText(entry.summary) ?? asText(entry.description),
      highlights: [...asArray(entry.highlights), ...asArray(entry.achievements)]
        .map(asText)
        .filter((line): line is string => line !== null)
        .slice(0, 5),
    }))
    .filter((position) => position.title !== null || position.company !== null)
}

function readEducation(parsed: Record<string, Json>): Education[] {
  return asArray(parsed.education)
    .filter(isRecord)
    .slice(0, 2)
    .map((entry) => ({
      institution: asText(entry.institution) ?? asText(entry.school),
      area: asText(entry.area) ?? asText(entry.field),
      studyType: asText(entry.studyType) ?? asText(entry.degree),
    }))
    .filter((entry) => entry.institution !== null)
}

/** The seeker's facts from their latest parsed profile, wizard answer and the application. */
export function seekerFacts(input: {
  parsedProfile: Json
  profileName: string | null
  accomplishment: string | null
  additionalContext: string | null
}): SeekerFacts {
  const parsed = isRecord(input.parsedProfile) ? input.parsedProfile : {}
  const basics = isRecord(parsed.basics) ? parsed.basics : {}
  return {
    name: asText(basics.name) ?? asText(parsed.name) ?? input.profileName,
    headline: asText(basics.label) ?? asText(parsed.headline) ?? asText(parsed.title),
    summary: asText(basics.summary) ?? asText(parsed.summary),
    positions: readPositions(parsed),
    skills: readSkills(parsed),
    education: readEducation(parsed),
    accomplishment: asText(input.accomplishment),
    additionalContext: asText(input.additionalContext),
  }
}

const REQUIREMENT_HEADING =
  /^(requirements?|qualifications?|what you (?:will )?bring|what we(?:'re| are) looking for|you have|about you|your profile|must[- ]haves?|skills|who you are|what you need)\b/i
const OTHER_HEADING = /^[A-Z][^.!?]{2,60}:?$/
const BULLET = /^\s*(?:[-*•·–]|\d+[.)])\s+/

/**
 * The requirement lines of a description: the bullets under a heading like "Requirements" or
 * "What you bring", else every bullet that reads like one ("experience", "knowledge", …).
 */
export function requirementsFrom(description: string | null): string[] {
  if (!description) return []
  const lines = description.split(/\r?\n/).map((line) => line.trim())
  const found: string[] = []
  let inSection = false
  for (const line of lines) {
    if (!line) continue
    const bare = line.replace(BULLET, '').replace(/:$/, '').trim()
    if (!BULLET.test(line) && REQUIREMENT_HEADING.test(bare)) {
      inSection = true
      continue
    }
    if (!BULLET.test(line) && OTHER_HEADING.test(line)) {
      inSection = false
      continue
    }
    if (inSection && BULLET.test(line)) found.push(bare)
  }
  const lines2 =
    found.length > 0
      ? found
      : lines
          .filter((line) => BULLET.test(line))
          .map((line) => line.replace(BULLET, '').trim())
          .filter((line) =>
            /experience|knowledge|ability|familiar|degree|fluent|skills?\b/i.test(line),
          )
  return [...new Set(lines2.map((line) => shorten(line.replace(/[.;]+$/, ''), 140)))].slice(0, 8)
}

export function shorten(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : max)}…`
}

/** Whether `needle` occurs in `haystack` as whole words, ignoring case ("C" is not in "CSS"). */
export function mentions(haystack: string, needle: string): boolean {
  const escaped = needle.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(^|[^\\p{L}\\p{N}+#])${escaped}($|[^\\p{L}\\p{N}+#])`, 'u').test(
    haystack.toLowerCase(),
  )
}

/** Everything the seeker wrote about their work, as one text (to find where a skill shows). */
export function seekerText(seeker: SeekerFacts): string {
  return [
    seeker.headline,
    seeker.summary,
    ...seeker.positions.flatMap((p) => [p.title, p.summary, ...p.highlights]),
    seeker.accomplishment,
  ]
    .filter(Boolean)
    .join('\n')
}

/** The job's skills the seeker shows: in their skills list, or named in their experience. */
export function sharedSkills(facts: LetterFacts): string[] {
  const text = seekerText(facts.seeker)
  return facts.job.skills.filter(
    (skill) =>
      facts.seeker.skills.some((own) => own.toLowerCase() === skill.toLowerCase()) ||
      mentions(text, skill),
  )
}
