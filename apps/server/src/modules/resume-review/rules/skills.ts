/**
 * Skills: how many skills are listed (7 points each up to ten), whether they are grouped (15) and
 * how many the bullets show at work (5 each up to three). A short list is told which tools the
 * bullets already name.
 */
import type { JsonResume } from '../../resume-parser/index.ts'
import type { Draft, RuleResult } from '../finding.ts'
import { skillLines } from '../quotes.ts'
import type { Bullet, ReviewInput } from '../reading.ts'

/** Skills a resume is expected to list. */
export const SKILLS_EXPECTED = 10

export type SkillsResult = RuleResult & {
  /** At least two skill groups have keywords. */
  grouped: boolean
  /** The skills the bullets or position summaries name. */
  evidenced: string[]
}

export function skillsRule({ parsed, resume, bullets, skills, work }: ReviewInput): SkillsResult {
  const grouped =
    (resume.skills ?? []).filter((entry) => (entry.keywords ?? []).length > 0).length >= 2
  const experienceText = [
    ...bullets.map((bullet) => bullet.text),
    ...work.map((entry) => entry.summary ?? ''),
  ]
    .join('\n')
    .toLowerCase()
  const evidenced = skills.filter((skill) => containsWord(experienceText, skill.toLowerCase()))
  const score = Math.round(
    Math.min(skills.length, SKILLS_EXPECTED) * 7 +
      (grouped || (skills.length > 0 && skills.length < 8) ? 15 : 0) +
      Math.min(evidenced.length, 3) * 5,
  )
  const result = { score, grouped, evidenced }
  if (skills.length < SKILLS_EXPECTED) {
    const candidates = toolsNamedIn(bullets, skills, resume)
    const finding: Draft = {
      code: 'few_skills',
      category: 'skills',
      severity: skills.length < 5 ? 'medium' : 'low',
      lines: skillLines(parsed),
      explanation: `${skills.length === 0 ? 'No skills are' : `Only ${skills.length} skill${skills.length === 1 ? ' is' : 's are'}`} listed; around ${SKILLS_EXPECTED} or more is usual. Recruiters search by skill: one that is not written down is not found.`,
      suggestion:
        candidates.length > 0
          ? `Add the tools your bullets already name: ${candidates.map((name) => `“${name}”`).join(', ')}; then the ones you use daily, grouped: "[Group]: [skill], [skill], [skill]".`
          : 'Add the tools, languages and methods you use at work, grouped: "Tools: [tool], [tool]; Languages: [language]; Methods: [method]".',
    }
    return { ...result, findings: [finding] }
  }
  if (!grouped) {
    const finding: Draft = {
      code: 'skills_ungrouped',
      category: 'skills',
      severity: 'low',
      lines: skillLines(parsed),
      explanation: `Your ${skills.length} skills are one long list. Grouped skills are read faster and show a recruiter where your depth is.`,
      suggestion: `Group them in two to four lines, e.g. "[Group]: ${skills.slice(0, 3).join(', ')}" and "[Group]: ${skills.slice(3, 6).join(', ')}".`,
    }
    return { ...result, findings: [finding] }
  }
  return { ...result, findings: [] }
}

/** Whether a text holds a word or phrase whole (so "Java" is not found in "JavaScript"). */
function containsWord(haystack: string, needle: string): boolean {
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(^|[^\\p{L}\\p{N}+#])${escaped}($|[^\\p{L}\\p{N}+#])`, 'u').test(haystack)
}

/**
 * Capitalised words inside the bullets (not their first word) that the skills list does not hold:
 * mostly tools and products ("Excel", "PostgreSQL"); the seeker's employers and places are left out.
 */
function toolsNamedIn(bullets: Bullet[], skills: string[], resume: JsonResume): string[] {
  const known = new Set(skills.map((skill) => skill.toLowerCase()))
  const own = [
    ...(resume.work ?? []).flatMap((entry) => [entry.name, entry.location]),
    resume.basics?.name,
    resume.basics?.location?.city,
  ]
    .filter((text): text is string => Boolean(text))
    .flatMap((text) => text.toLowerCase().split(/\s+/))
  const found: string[] = []
  for (const bullet of bullets) {
    for (const raw of bullet.text.split(/\s+/).slice(1)) {
      const token = raw.replace(/^[("“']+|[)"”'.,;:!?]+$/g, '')
      const lower = token.toLowerCase()
      // A tool: a known one, or a word only a product is spelt like ("PostgreSQL", "Node.js", "C++").
      const toolLike =
        (/^[A-Z]/.test(token) && KNOWN_TOOLS.has(lower)) ||
        /^[A-Z][a-z]+[A-Z][A-Za-z]*$/.test(token) ||
        /^[A-Za-z]+(?:\.js|\+\+|#)$/.test(token) ||
        /^[A-Z]{2,5}$/.test(token)
      if (!toolLike || known.has(lower) || own.includes(lower) || NOT_TOOLS.has(lower)) continue
      if (!found.includes(token)) found.push(token)
    }
  }
  return found.slice(0, 5)
}

/** Upper-case words that are not tools. */
const NOT_TOOLS = new Set(
  'ceo cto cfo coo cio vp eu us usa uk emea apac kpi kpis roi b2b b2c hr it qa ui ux api apis okr okrs sla slas ai ml'.split(
    ' ',
  ),
)

/** Tools spelt like ordinary words, which a bullet may name without the skills list holding them. */
const KNOWN_TOOLS = new Set(
  `excel word powerpoint outlook access tableau looker oracle spark hadoop kafka airflow snowflake
  salesforce hubspot jira confluence figma sketch photoshop illustrator indesign premiere
  python java kotlin swift rust ruby rails django flask react angular vue svelte docker kubernetes
  terraform ansible jenkins linux windows azure gcp git github gitlab postgres mysql mongodb redis
  elasticsearch pandas numpy pytorch tensorflow matlab stata spss sap workday zendesk shopify
  wordpress magento marketo mailchimp asana trello notion slack unity unreal autocad revit solidworks`
    .trim()
    .split(/\s+/),
)
