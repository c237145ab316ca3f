import {
  RESUME_FINDING_CODES,
  RESUME_GRADES,
  RESUME_REVIEW_CATEGORIES,
  RESUME_REVIEW_CATEGORY_LABELS,
  RESUME_REVIEW_WEIGHTS,
  type ResumeFinding,
  type ResumeFindingCode,
  type ResumeGrade,
  type ResumeReview,
  RoastContentSchema,
} from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { composeRoast, composeRoastLines, MAX_LINES, MIN_LINES } from './compose-roast.ts'
import { redactContacts, REDACTED } from './redact.ts'
import { FINDING_LINES, HEADLINES, OPENERS, STRENGTH_LINES, VERDICTS } from './roast-lines.ts'
import { FORBIDDEN_PATTERNS, mentionsForbiddenTopic } from './roast-safety.ts'

function finding(
  code: ResumeFindingCode,
  lines: string[] = [],
  severity = 'medium',
): ResumeFinding {
  return {
    code,
    category: 'impact',
    severity: severity as ResumeFinding['severity'],
    lines,
    explanation: `Explanation of ${code}.`,
    suggestion: `Suggestion for ${code}.`,
    rewrite: null,
  }
}

function review(grade: ResumeGrade, score: number, findings: ResumeFinding[]): ResumeReview {
  return {
    version: 1,
    grade,
    score,
    summary: 'A summary.',
    subScores: RESUME_REVIEW_CATEGORIES.map((category, index) => ({
      category,
      label: RESUME_REVIEW_CATEGORY_LABELS[category],
      score: 60 + index * 8,
      weight: RESUME_REVIEW_WEIGHTS[category],
      summary: `Why ${category} scored so.`,
    })),
    findings,
    strengths: [],
    stats: {
      pages: 1,
      bullets: 8,
      bulletsWithNumbers: 2,
      bulletsWithActionVerb: 5,
      skills: 9,
      positions: 2,
    },
  }
}

/** Five reviews with different grades and findings. */
const REVIEWS: ResumeReview[] = [
  review('F', 41, [
    finding('missing_email', [], 'high'),
    finding('layout_columns', [], 'high'),
    finding('missing_numbers', ['Managed the migration of the billing platform to the cloud']),
    finding('buzzword', ['Results-driven synergistic team player with a passion for excellence']),
    finding('resume_too_long'),
  ]),
  review('D', 63, [
    finding('weak_bullet_no_action_verb', [
      'Responsible for the on-call rota and incident reviews',
    ]),
    finding('passive_voice', ['Deployments were handled across three regions']),
    finding('summary_missing'),
    finding('skills_ungrouped', ['Go, Rust, Kafka, Excel, Figma, Jira, Scrum, SQL']),
  ]),
  review('C', 74, [
    finding('bullet_no_result', ['Built the internal dashboard for the sales team']),
    finding('first_person', ['I led the redesign of our onboarding flow']),
    finding('date_gap'),
    finding('few_skills'),
    finding('bullet_too_long', [
      'Worked closely with product, design, data and marketing to plan, build, test, launch and iterate on the new checkout experience across web and mobile',
    ]),
  ]),
  review('B', 84, [
    finding('missing_numbers', ['Improved the performance of the search service']),
    finding('summary_too_long', ['Seasoned engineer with a broad background in many things']),
  ]),
  review('A', 95, []),
]

describe('the roast composer', () => {
  const roasts = REVIEWS.map((r, index) => composeRoast({ review: r }, `seed-${index}`))

  it('writes a valid roast of 4–8 lines, a verdict and up to three fixes for each review', () => {
    for (const [index, roast] of roasts.entries()) {
      expect(RoastContentSchema.parse(roast)).toEqual(roast)
      expect(roast.lines.length).toBeGreaterThanOrEqual(MIN_LINES)
      expect(roast.lines.length).toBeLessThanOrEqual(MAX_LINES)
      expect(roast.grade).toBe(REVIEWS[index]!.grade)
      expect(roast.score).toBe(REVIEWS[index]!.score)
      expect(roast.lines[0]).toContain(String(REVIEWS[index]!.score))
      expect(roast.fixes).toHaveLength(3)
      for (const line of roast.lines) {
        expect(line).not.toMatch(/\{q\}|\{score\}|\{category\}|\{label\}/)
      }
    }
  })

  it('gives every review different lines', () => {
    const all = roasts.flatMap((roast) => roast.lines)
    expect(new Set(all).size).toBe(all.length)
    expect(new Set(roasts.map((roast) => roast.lines.join('\n'))).size).toBe(REVIEWS.length)
  })

  it('builds each line after the opener from a finding of the review, quoting its line', () => {
    for (const [index, r] of REVIEWS.entries()) {
      const lines = composeRoastLines({ review: r }, `seed-${index}`)
      const codes = new Set(r.findings.map((f) => f.code))
      const fromFindings = lines.filter((line) => line.code !== null)
      expect(fromFindings).toHaveLength(Math.min(codes.size, MAX_LINES - 1))
      for (const line of fromFindings) {
        expect(codes.has(line.code!)).toBe(true)
        const quoted = r.findings.find((f) => f.code === line.code)!.lines[0]
        if (quoted && FINDING_LINES[line.code!].every((template) => template.includes('{q}'))) {
          expect(line.text).toContain(quoted.split(' ').slice(0, 3).join(' '))
        }
      }
    }
    // The missing-numbers line of the first review quotes its bullet whenever a quoting
    // template is drawn: across seeds, it does.
    const quotes = Array.from({ length: 20 }, (_, seed) =>
      composeRoastLines({ review: REVIEWS[0]! }, `q${seed}`).find(
        (line) => line.code === 'missing_numbers',
      ),
    )
    expect(quotes.some((line) => line!.text.includes('Managed the migration of the billing'))).toBe(
      true,
    )
  })

  it('writes the fixes from the review’s most severe findings, plainly', () => {
    expect(roasts[0]!.fixes.map((fix) => fix.title)).toEqual([
      'Add an email address',
      'Use a single column',
      'Add numbers to your impact',
    ])
    expect(roasts[0]!.fixes[0]!.detail).toBe(
      'Explanation of missing_email. Suggestion for missing_email.',
    )
    // Fewer findings than three: the weakest sub-scores fill in.
    expect(roasts[4]!.fixes[0]).toEqual({
      title: 'Improve ATS parseability',
      detail: 'Why ats scored so.',
    })
  })

  it('is deterministic per seed and varies with it', () => {
    for (const r of REVIEWS) {
      expect(composeRoast({ review: r }, 'same-id')).toEqual(composeRoast({ review: r }, 'same-id'))
    }
    const variants = new Set(
      Array.from({ length: 12 }, (_, seed) =>
        JSON.stringify(composeRoast({ review: REVIEWS[1]! }, `variant-${seed}`)),
      ),
    )
    expect(variants.size).toBeGreaterThan(3)
  })

  it('never touches a forbidden topic, in any template or any composed roast', () => {
    const bank = [
      ...Object.values(FINDING_LINES).flat(),
      ...Object.values(OPENERS).flat(),
      ...Object.values(HEADLINES).flat(),
      ...Object.values(VERDICTS).flat(),
      ...STRENGTH_LINES,
    ]
    expect(bank.filter(mentionsForbiddenTopic)).toEqual([])
    for (const code of RESUME_FINDING_CODES) {
      expect(FINDING_LINES[code].length).toBeGreaterThanOrEqual(2)
      // A finding that quotes nothing still has a line.
      expect(FINDING_LINES[code].some((template) => !template.includes('{q}'))).toBe(true)
    }
    for (const grade of RESUME_GRADES) {
      expect(OPENERS[grade].length).toBeGreaterThanOrEqual(2)
    }
    for (const roast of roasts) {
      const text = [roast.headline, roast.verdict, ...roast.lines].join('\n')
      expect(mentionsForbiddenTopic(text)).toBe(false)
    }
    // The checker itself catches what it is for.
    for (const bad of [
      'At your age this is fine',
      'Believe me, this resume is great',
      'Your wife must have written it',
      'Typical for a woman',
      'Trump would love it',
    ]) {
      expect(FORBIDDEN_PATTERNS.some((pattern) => pattern.test(bad))).toBe(true)
    }
  })

  it('never publishes contact details the review quotes', () => {
    const leaky = review('D', 61, [
      finding('missing_numbers', ['Reach me at ines.duarte@example.com or +351 912 345 678']),
      finding('buzzword', ['See https://ines.dev/portfolio and linkedin.com/in/ines-duarte']),
      finding('bullet_no_result', ['Call (415) 555-0134 for references']),
    ])
    leaky.findings[0]!.explanation = 'The line ines.duarte@example.com has no number.'
    for (let seed = 0; seed < 10; seed += 1) {
      const text = JSON.stringify(
        composeRoast({ review: leaky, label: 'ines@example.com' }, `${seed}`),
      )
      expect(text).not.toMatch(/@|example\.com|ines\.dev|linkedin|https?:|912|555/)
    }
  })
})

describe('redactContacts', () => {
  it('removes emails, phone numbers, URLs and handles', () => {
    expect(redactContacts('Mail ines.duarte+jobs@example.co.uk today')).toBe(
      `Mail ${REDACTED} today`,
    )
    expect(redactContacts('Call +44 20 7946 0958 or (415) 555-0134 or 0612345678')).toBe(
      `Call ${REDACTED} or ${REDACTED} or ${REDACTED}`,
    )
    expect(redactContacts('See https://example.org/a?b=c, www.ines.dev and github.com/ines')).toBe(
      `See ${REDACTED}, ${REDACTED} and ${REDACTED}`,
    )
    expect(redactContacts('Follow @ines_dev for more')).toBe(`Follow ${REDACTED} for more`)
  })

  it('keeps numbers that are not contact details, and technology names', () => {
    for (const text of [
      'Cut p95 latency from 900 ms to 180 ms',
      'Engineer, 2019-2021 and 2021 – 2024',
      'Started 2020-02-01',
      'Grew revenue by $1,200,000 (35%)',
      'Node.js, ASP.NET, Vue.js and C#',
      'Served 12 000 users',
    ]) {
      expect(redactContacts(text)).toBe(text)
    }
  })
})
