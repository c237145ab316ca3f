/**
 * The resume against one job (issue 15). The score, the matched and the missing items are the
 * cover letters' match report for the same profile and job (`buildMatchReport` over the same
 * facts), so the review and the letter never show two different percentages. What this adds:
 * the job's own sentence behind each item (`quote`) and suggestions that quote it.
 */
import type { MatchItem, ResumeJobMatch, ResumeJobMatchItem } from '@app/contracts'
import {
  buildMatchReport,
  mentions,
  requirementsFrom,
  seekerFacts,
} from '../cover-letters/index.ts'
import type { JsonResume } from '../resume-parser/index.ts'

/**
 * A job as the catalogue row or an application's snapshot holds it. `requirements` default to the
 * requirement lines of the description, read as the cover letters read them.
 */
export type JobToMatch = {
  title: string
  company?: string | null
  location?: string | null
  description?: string | null
  skills?: string[]
  requirements?: string[] | null
}

/** What the cover letter's report also reads, so the two scores agree for one application. */
export type MatchExtras = {
  /** The onboarding wizard's accomplishment. */
  accomplishment?: string | null
  /** The application's additional context. */
  additionalContext?: string | null
}

export function matchResumeToJob(
  resume: JsonResume,
  job: JobToMatch,
  extras: MatchExtras = {},
): ResumeJobMatch {
  const description = job.description?.trim() ? job.description : null
  const requirements = job.requirements ?? requirementsFrom(description)
  const facts = {
    seeker: seekerFacts({
      parsedProfile: resume,
      profileName: null,
      accomplishment: extras.accomplishment ?? null,
      additionalContext: extras.additionalContext ?? null,
    }),
    job: {
      title: job.title,
      company: job.company?.trim() || null,
      location: job.location ?? null,
      skills: job.skills ?? [],
      requirements,
      description,
      applyUrl: null,
    },
  }
  const report = buildMatchReport(facts, new Date(0))
  const sentences = jobSentences(requirements, description)
  const quoteOf = (item: MatchItem): string | null =>
    item.kind === 'requirement'
      ? (requirements.find((line) => line.startsWith(item.label.replace(/…$/, ''))) ?? item.label)
      : (sentences.find((sentence) => mentions(sentence, item.label)) ?? null)
  const matched = report.matched.map((item) => ({ ...item, quote: quoteOf(item) }))
  const missing = report.missing.map((item) => ({ ...item, quote: quoteOf(item) }))
  const latest = facts.seeker.positions[0]
  return {
    score: report.score,
    job: { title: job.title, company: facts.job.company },
    matched,
    missing,
    suggestions: suggestionsFor(matched, missing, latest ?? null, report.suggestions),
  }
}

/** The job's requirement lines first, then the description's lines and sentences. */
function jobSentences(requirements: string[], description: string | null): string[] {
  const fromDescription = (description ?? '')
    .split(/\r?\n|(?<=[.!?])\s+/)
    .map((line) => line.replace(/^\s*(?:[-*•·–]|\d+[.)])\s+/, '').trim())
    .filter((line) => line.length > 3 && line.length <= 200)
  return [...requirements, ...fromDescription]
}

function suggestionsFor(
  matched: ResumeJobMatchItem[],
  missing: ResumeJobMatchItem[],
  latest: { title: string | null; company: string | null } | null,
  fallback: string[],
): string[] {
  const out: string[] = []
  for (const item of missing.filter((entry) => entry.kind === 'skill').slice(0, 2)) {
    out.push(
      item.quote
        ? `Add '${item.label}' to your skills if you have used it; the job asks for it in '${item.quote}'.`
        : `Add '${item.label}' to your skills if you have used it; it is in the job's list of skills.`,
    )
  }
  const requirement = missing.find((entry) => entry.kind === 'requirement')
  if (requirement && out.length < 3) {
    const where = latest?.company
      ? ` under ${latest.title ? `${latest.title} at ` : ''}${latest.company}`
      : ''
    out.push(
      `The job asks for '${requirement.quote ?? requirement.label}'. If you have done this, add a bullet that shows it${where}: '[action verb] [what you did] … resulting in [result with a number]'.`,
    )
  }
  const shown = matched.filter((entry) => entry.kind === 'skill').slice(0, 3)
  if (shown.length > 0 && out.length < 3) {
    const names = shown.map((entry) => `'${entry.label}'`).join(', ')
    out.push(
      `Your resume already shows ${names}: keep ${shown.length > 1 ? 'them' : 'it'} in your skills and name ${shown.length > 1 ? 'them' : 'it'} in the bullet where you used ${shown.length > 1 ? 'them' : 'it'}, near the top.`,
    )
  }
  for (const line of fallback) {
    if (out.length >= 2) break
    out.push(line)
  }
  return out.slice(0, 3)
}
