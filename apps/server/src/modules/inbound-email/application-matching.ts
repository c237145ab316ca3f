/**
 * Which of the user's applications a classified employer email is about. Pure: scores each
 * application on
 * - the company: the classifier's company against the job's company name (legal suffixes and
 *   accents dropped; equal, one inside the other, or shared words), and the sender's domain
 *   against the company name (careers@mail.acme-robotics.com is Acme Robotics);
 * - the role: the classifier's role against the job title (shared words);
 * - the thread: a reply to an earlier message already linked to an application wins outright.
 * A match is "clear" when exactly one application's company matches, or several do and the role
 * singles one out; anything else goes to the review inbox.
 */
import type { ApplicationCandidate } from '../applications/index.ts'

export type ScoredCandidate = {
  id: string
  company: string | null
  title: string | null
  status: string
  score: number
}

export type MatchResult = {
  /** The application the message is clearly about, or null. */
  match: string | null
  /** The likeliest applications, best first (at most 5), for the review inbox. */
  candidates: ScoredCandidate[]
}

const LEGAL_SUFFIXES = new Set([
  'ag',
  'bv',
  'co',
  'company',
  'corp',
  'corporation',
  'gmbh',
  'group',
  'inc',
  'kg',
  'limited',
  'llc',
  'ltd',
  'nv',
  'plc',
  'sa',
  'sarl',
  'sas',
  'se',
  'sl',
  'spa',
  'srl',
  'the',
  'und',
  'and',
  'mbh',
  'ug',
  'ab',
  'as',
  'oy',
  'holding',
  'holdings',
])

/** Mail hosts that say nothing about the employer (job boards, applicant tracking systems). */
const GENERIC_DOMAINS = new Set([
  'gmail',
  'googlemail',
  'outlook',
  'hotmail',
  'yahoo',
  'icloud',
  'gmx',
  'web',
  'proton',
  'protonmail',
  'greenhouse',
  'lever',
  'workday',
  'myworkday',
  'myworkdayjobs',
  'smartrecruiters',
  'ashbyhq',
  'recruitee',
  'personio',
  'teamtailor',
  'workable',
  'bamboohr',
  'jobvite',
  'icims',
  'successfactors',
  'taleo',
  'linkedin',
  'indeed',
  'stepstone',
  'join',
  'softgarden',
])

const ROLE_STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'for',
  'and',
  'in',
  'at',
  'to',
  'm',
  'w',
  'd',
  'f',
  'h',
  'x',
  'mwd',
  'all',
  'genders',
  'remote',
  'de',
  'la',
  'le',
  'el',
  'en',
  'und',
  'der',
  'die',
])

function words(value: string): string[] {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
}

function companyWords(value: string): string[] {
  return words(value).filter((word) => !LEGAL_SUFFIXES.has(word))
}

function overlap(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) {
    return 0
  }
  const right = new Set(b)
  const shared = new Set(a.filter((word) => right.has(word))).size
  return (2 * shared) / (new Set(a).size + right.size)
}

export function companySimilarity(a: string, b: string): number {
  const left = companyWords(a)
  const right = companyWords(b)
  if (left.length === 0 || right.length === 0) {
    return 0
  }
  const leftJoined = left.join('')
  const rightJoined = right.join('')
  if (leftJoined === rightJoined) {
    return 1
  }
  const shorter = leftJoined.length <= rightJoined.length ? leftJoined : rightJoined
  const longer = shorter === leftJoined ? rightJoined : leftJoined
  // "Acme" in "Acme Robotics": the short form people write (at least 4 letters).
  if (shorter.length >= 4 && longer.startsWith(shorter)) {
    return 0.9
  }
  return overlap(left, right)
}

/** Whether the sender's domain names the company (acme-robotics.com, jobs.acmerobotics.de). */
export function domainMatchesCompany(fromAddress: string, company: string): boolean {
  const domain = fromAddress.split('@')[1]?.toLowerCase() ?? ''
  const labels = domain.split('.').slice(0, -1)
  const compact = companyWords(company).join('')
  if (compact.length < 3) {
    return false
  }
  return labels.some((label) => {
    const flat = label.replace(/-/g, '')
    if (flat.length < 3 || GENERIC_DOMAINS.has(flat)) {
      return false
    }
    return (
      flat === compact ||
      (flat.length >= 4 && (compact.startsWith(flat) || flat.startsWith(compact)))
    )
  })
}

export function roleSimilarity(role: string, title: string): number {
  const keep = (value: string) => words(value).filter((word) => !ROLE_STOP_WORDS.has(word))
  return overlap(keep(role), keep(title))
}

const COMPANY_MATCH = 0.8

export function matchApplication(
  email: { company: string | null; role: string | null; fromAddress: string },
  applications: ApplicationCandidate[],
  threadApplicationId: string | null,
): MatchResult {
  const scored = applications.map((application) => {
    const company = application.company ?? ''
    const byName = email.company && company ? companySimilarity(email.company, company) : 0
    const byDomain = company && domainMatchesCompany(email.fromAddress, company) ? 1 : 0
    const companyScore = Math.max(byName, byDomain)
    const roleScore =
      email.role && application.title ? roleSimilarity(email.role, application.title) : 0
    const thread = application.id === threadApplicationId
    return {
      candidate: {
        id: application.id,
        company: application.company,
        title: application.title,
        status: application.status,
        score: thread ? 1 : Math.round((0.75 * companyScore + 0.25 * roleScore) * 100) / 100,
      },
      companyScore: thread ? 1 : companyScore,
      roleScore,
      thread,
    }
  })
  scored.sort((a, b) => b.candidate.score - a.candidate.score)
  const candidates = scored
    .filter((entry) => entry.candidate.score > 0)
    .slice(0, 5)
    .map((entry) => entry.candidate)

  const threaded = scored.find((entry) => entry.thread)
  if (threaded) {
    return { match: threaded.candidate.id, candidates }
  }
  const sameCompany = scored.filter((entry) => entry.companyScore >= COMPANY_MATCH)
  if (sameCompany.length === 1) {
    return { match: sameCompany[0]!.candidate.id, candidates }
  }
  if (sameCompany.length > 1) {
    const byRole = [...sameCompany].sort((a, b) => b.roleScore - a.roleScore)
    const [first, second] = byRole
    if (first && second && first.roleScore >= 0.5 && first.roleScore - second.roleScore >= 0.2) {
      return { match: first.candidate.id, candidates }
    }
  }
  return { match: null, candidates }
}
