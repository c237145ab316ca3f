/**
 * The built-in offline composer (ADR 0020): a cover letter a person would send, from the facts
 * of letter-facts.ts only. Deterministic (the same facts give the same letter) and honest: every
 * claim is a fact the seeker gave (a position, a highlight, a skill, a degree, their own words),
 * and the job's own words (its title, company, skills and requirement lines) tie them to the job.
 * A thin profile gives a shorter letter, never an invented one.
 *
 * Shape: greeting; an opening naming the role and company and who the seeker is; one or two
 * paragraphs connecting their experience and skills to the job; a closing; a sign-off. The
 * seeker's feedback on earlier letters (letter-style.ts) sets how much of it there is: a shorter
 * letter keeps one highlight and their own words about the role, a longer one a third highlight
 * and an earlier position, a more specific one names more of the job's skills and requirements.
 */
import { type LetterFacts, type Position, mentions, sharedSkills, shorten } from './letter-facts.ts'
import { type LetterStyle, USUAL_STYLE } from './letter-style.ts'

/** How much of each part a letter of this style holds. */
function budgetFor(style: LetterStyle) {
  return {
    highlights: { shorter: 1, usual: 2, longer: 3 }[style.length],
    skillsNamed: style.specific ? 6 : 4,
    requirementsQuoted: style.specific ? 2 : 1,
    /** A shorter letter keeps only the seeker's own words about the role from paragraph two. */
    background: style.length !== 'shorter',
    earlierPositions: style.length === 'longer' ? 2 : 1,
    /** A longer letter also gives the title of an earlier employer a highlight already named. */
    retellEmployers: style.length === 'longer',
  }
}
type Budget = ReturnType<typeof budgetFor>

/** Past-tense verbs a highlight may start with, to read "At Acme I led …". */
const PAST_TENSE =
  /^(?:[a-z]+ed|led|built|ran|wrote|made|grew|taught|won|drove|set|cut|sold|began|brought|took|kept|spoke|gave|held|met|oversaw|rebuilt|rewrote|shipped|undertook)\b/i

export function composeOfflineLetter(facts: LetterFacts, style: LetterStyle = USUAL_STYLE): string {
  const { seeker, job } = facts
  const budget = budgetFor(style)
  const company = job.company
  const paragraphs: string[] = []

  paragraphs.push(company ? `Dear ${company} hiring team,` : 'Dear hiring team,')
  paragraphs.push(opening(facts))

  const experience = experienceParagraph(facts, budget)
  if (experience) paragraphs.push(experience)
  const more = secondParagraph(facts, budget, experience ?? '')
  if (more) paragraphs.push(more)

  const where = company ? ` at ${company}` : ''
  paragraphs.push(
    `I would welcome the chance to talk about how I could contribute as ${article(job.title)} ${job.title}${where}. ` +
      'Thank you for your time and consideration.',
  )
  paragraphs.push(seeker.name ? `Kind regards,\n${seeker.name}` : 'Kind regards')
  return paragraphs.join('\n\n')
}

function opening({ seeker, job }: LetterFacts): string {
  const at = job.company ? ` at ${job.company}` : ''
  const first = `I am writing to apply for the ${job.title} position${at}.`
  const latest = seeker.positions[0]
  if (latest?.title && latest.company) {
    const verb = latest.current ? 'I currently work as' : 'Most recently I worked as'
    const fit = sameLineOfWork(latest.title, job.title)
      ? 'and the role matches the work I want to keep doing'
      : 'and I want to bring that experience to this role'
    return `${first} ${verb} ${article(latest.title)} ${latest.title} at ${latest.company}, ${fit}.`
  }
  if (latest?.title) {
    return `${first} ${latest.current ? 'I currently work as' : 'Most recently I worked as'} ${article(latest.title)} ${latest.title}.`
  }
  if (seeker.headline) {
    return `${first} I am ${article(seeker.headline)} ${seeker.headline}.`
  }
  return first
}

function experienceParagraph(facts: LetterFacts, budget: Budget): string | null {
  const { seeker, job } = facts
  const sentences: string[] = []
  const shared = sharedSkills(facts)
  if (shared.length > 0) {
    const named = shared.slice(0, budget.skillsNamed)
    sentences.push(
      named.length > 1
        ? `Your posting asks for ${listOf(named)}, ${named.length === 2 ? 'both' : 'all'} of which are among my core skills.`
        : `Your posting asks for ${named[0]}, which is among my core skills.`,
    )
  }
  const named = shared.slice(0, budget.skillsNamed).map((skill) => skill.toLowerCase())
  // Requirement lines in the job's own words that one of the seeker's skills answers (not one
  // already named above, and none with a number the seeker might seem to claim).
  const requirements: { line: string; skill: string }[] = []
  for (const line of job.requirements.filter((text) => !/\d/.test(text))) {
    const skill = seeker.skills.find(
      (own) =>
        own.length > 1 &&
        mentions(line, own) &&
        !named.includes(own.toLowerCase()) &&
        !requirements.some((quoted) => quoted.skill === own),
    )
    if (skill) requirements.push({ line, skill })
    if (requirements.length === budget.requirementsQuoted) break
  }
  const highlights = pickHighlights(
    seeker.positions,
    [...job.skills, ...seeker.skills],
    budget.highlights,
  )
  let previous: Position | null = null
  for (const { position, highlight } of highlights) {
    sentences.push(highlightSentence(position, highlight, position === previous))
    previous = position
  }
  for (const requirement of requirements) {
    sentences.push(
      `You mention “${shorten(requirement.line, 110)}”: ${requirement.skill} is one of the skills on my profile.`,
    )
  }
  if (sentences.length === 0 && job.skills.length > 0) {
    sentences.push(
      `I read that you are looking for someone with ${listOf(job.skills.slice(0, 3))}, and I would be glad to tell you more about myself in a conversation.`,
    )
  }
  if (sentences.length === 0 && seeker.summary) {
    sentences.push(endSentence(shorten(seeker.summary, 400)))
  }
  return sentences.length > 0 ? sentences.join(' ') : null
}

/** `told`: the paragraph before, whose employers are not introduced again. */
function secondParagraph(
  { seeker, job }: LetterFacts,
  budget: Budget,
  told: string,
): string | null {
  const sentences: string[] = []
  const earlier = seeker.positions
    .slice(1, 1 + budget.earlierPositions)
    .filter(
      (position) =>
        position.title &&
        position.company &&
        (budget.retellEmployers || !told.includes(position.company)),
    )
  if (budget.background && earlier.length > 0) {
    const roles = earlier.map(
      (position) => `${article(position.title ?? '')} ${position.title} at ${position.company}`,
    )
    sentences.push(`Before that I worked as ${roles.join(', and before that as ')}.`)
  }
  if (budget.background && seeker.accomplishment) {
    const proud = endSentence(lowerFirstIfSentence(seeker.accomplishment))
    sentences.push(`One thing I am proud of: ${PAST_TENSE.test(proud) ? `I ${proud}` : proud}`)
  }
  const degree = seeker.education[0]
  if (budget.background && degree?.institution) {
    const what = [degree.studyType, degree.area && `in ${degree.area}`].filter(Boolean).join(' ')
    sentences.push(
      what
        ? `I hold ${article(what)} ${what} from ${institutionName(degree.institution)}.`
        : `I studied at ${institutionName(degree.institution)}.`,
    )
  }
  if (seeker.additionalContext) {
    const why = job.company ? `What draws me to ${job.company}: ` : 'What draws me to this role: '
    sentences.push(why + endSentence(lowerFirstIfSentence(shorten(seeker.additionalContext, 400))))
  }
  return sentences.length > 0 ? sentences.join(' ') : null
}

function pickHighlights(positions: Position[], keywords: string[], count: number) {
  const all = positions.flatMap((position) =>
    position.highlights.map((highlight) => ({ position, highlight })),
  )
  const scored = all.map((entry, index) => ({
    ...entry,
    index,
    score: keywords.filter((word) => word.length > 1 && mentions(entry.highlight, word)).length,
  }))
  scored.sort((a, b) => b.score - a.score || a.index - b.index)
  // The best ones, told in the profile's order (latest position first), so the story runs back.
  return scored.slice(0, count).sort((a, b) => a.index - b.index)
}

function highlightSentence(position: Position, highlight: string, again: boolean): string {
  const text = endSentence(shorten(highlight, 220))
  const where = position.company ?? (position.title ? `my role as ${position.title}` : null)
  if (PAST_TENSE.test(text) && where) {
    const lowered = `${text.charAt(0).toLowerCase()}${text.slice(1)}`
    return again ? `I also ${lowered}` : `At ${where} I ${lowered}`
  }
  if (again) return `There I also worked on this: ${text}`
  return where ? `At ${where}: ${text}` : text
}

/** Words a job title shares with another that say it is the same line of work. */
const titleWords = (title: string) =>
  new Set(
    title
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter(
        (word) =>
          word.length > 3 &&
          !/^(?:senior|junior|lead|head|staff|chief|principal|assistant)$/.test(word),
      ),
  )

function sameLineOfWork(held: string, wanted: string): boolean {
  const wantedWords = titleWords(wanted)
  return [...titleWords(held)].some(
    (word) => wantedWords.has(word) || wantedWords.has(word.replace(/s$/, '')),
  )
}

/** "University of Leeds" reads "the University of Leeds"; "TU Hamborn" stays as it is. */
function institutionName(name: string): string {
  return /^(?:University|Institute|College|School|Academy) of\b/.test(name) ? `the ${name}` : name
}

function endSentence(text: string): string {
  const trimmed = text.trim()
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`
}

/** "Led a team" → "led a team" (not "NASA …" nor "I …"). */
function lowerFirstIfSentence(text: string): string {
  return /^[A-Z][a-z]/.test(text) && !/^I\b/.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text
}

export function article(word: string): 'a' | 'an' {
  return /^[aeiou]/i.test(word) && !/^(?:uni|use|eu|one)/i.test(word) ? 'an' : 'a'
}

export function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}
