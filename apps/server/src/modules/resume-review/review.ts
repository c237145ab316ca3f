/**
 * The resume review (issue 15, ADR 0024): five 0–100 sub-scores, an overall score and grade,
 * findings quoting the resume's own lines with a rewrite built from them, and the strengths that
 * are already there. Deterministic and offline: the same parsed resume always gets the same review.
 */
import {
  RESUME_GRADE_BOUNDARIES,
  RESUME_REVIEW_CATEGORIES,
  RESUME_REVIEW_CATEGORY_LABELS,
  RESUME_REVIEW_WEIGHTS,
  type ResumeFinding,
  type ResumeFindingCode,
  type ResumeFindingSeverity,
  type ResumeGrade,
  type ResumeReview,
  type ResumeReviewCategory,
  type ResumeStrength,
} from '@app/contracts'
import type { JsonResume, JsonResumeWork, ParsedResume } from '../resume-parser/index.ts'
import {
  bulletText,
  buzzwordsIn,
  firstPersonIn,
  hasNumber,
  hasResult,
  passiveIn,
  rewritePassive,
  rewriteWeakBullet,
  rewriteWithResult,
  splitLongBullet,
  startsWithActionVerb,
  withoutBuzzwords,
  withoutFirstPerson,
  wordCount,
} from './bullets.ts'
import { formatMonth, gapsIn, overlapsIn, periodsOf, studyPeriodsOf } from './dates.ts'

/** Words over which a bullet is too long. */
export const BULLET_MAX_WORDS = 30
/** Words a highlight needs to count as a bullet (shorter ones are fragments: a name, a place). */
export const MIN_BULLET_WORDS = 4
/** Words over which a summary is too long. */
export const SUMMARY_MAX_WORDS = 60
/** Skills a resume is expected to list. */
export const SKILLS_EXPECTED = 10
/** At most this many findings of one code are listed (the score counts them all). */
export const MAX_FINDINGS_PER_CODE = 5
/** A high-severity finding keeps the overall score below an A or B: at most this. */
export const HIGH_FINDING_SCORE_CAP = 79

type Bullet = { text: string; quote: string[] }
type Draft = Omit<ResumeFinding, 'rewrite'>

const SEVERITY_ORDER: Record<ResumeFindingSeverity, number> = { high: 0, medium: 1, low: 2 }

export function reviewResume(parsed: ParsedResume): ResumeReview {
  const { resume, layout } = parsed
  const lines = parsed.lines.filter((line) => line.text.trim())
  const findings: Draft[] = []
  const strengths: ResumeStrength[] = []
  const add = (finding: Draft) => findings.push(finding)

  const bullets = bulletsOf(parsed)
  const summary = summaryOf(parsed)
  const skills = skillsOf(resume)
  const work = resume.work ?? []
  const quoteWork = (entry: JsonResumeWork) => quoteOfWork(parsed, entry)

  // ── ATS parseability ──────────────────────────────────────────────────────────────────────
  let ats = 100
  if (layout.columns > 1) {
    ats -= 20
    add({
      code: 'layout_columns',
      category: 'ats',
      severity: 'medium',
      lines: [],
      explanation: `The resume is laid out in ${layout.columns} columns side by side. Many applicant tracking systems read straight across the page and mix the columns' lines, so a recruiter searching their system may see your skills inside a job description.`,
      suggestion:
        'Use one column: put the sidebar (contact, skills, languages) at the top or bottom of the page as plain lines, e.g. "Skills: [skill], [skill], [skill]".',
    })
  }
  if (layout.tables) {
    ats -= 15
    add({
      code: 'layout_tables',
      category: 'ats',
      severity: 'medium',
      lines: [],
      explanation:
        'Part of the resume is laid out as a table. Tracking systems often read table cells out of order or skip them.',
      suggestion:
        'Replace the table with plain lines: "[Job title], [Company] — [Month Year] – [Month Year]" followed by its bullets.',
    })
  }
  if (layout.images > 0) {
    ats -= 10
    add({
      code: 'layout_images',
      category: 'ats',
      severity: 'low',
      lines: [],
      explanation: `The resume contains ${layout.images === 1 ? 'an image' : `${layout.images} images`} (a photo, icons or logos). A tracking system cannot read text in images, and icons in place of words ("✉" for email) leave gaps.`,
      suggestion:
        'Remove icons and logos, write the words they stand for ("Email: …", "Phone: …"), and keep any photo only where local custom expects one.',
    })
  }
  if (layout.repeatedHeaderOrFooter) {
    ats -= 10
    add({
      code: 'layout_header_footer',
      category: 'ats',
      severity: 'medium',
      lines: repeatedMarginLines(parsed),
      explanation:
        'Some text repeats at the top or bottom of every page. Many tracking systems drop page headers and footers, so anything important there (your name, email or phone) may be lost.',
      suggestion:
        'Move your name and contact details into the body of the first page, and keep the header and footer empty (or only a page number).',
    })
  }
  const undated = work.filter((entry) => !entry.startDate)
  if (undated.length > 0) {
    ats -= Math.min(20, undated.length * 10)
    add({
      code: 'missing_dates',
      category: 'ats',
      severity: 'medium',
      lines: undated.flatMap(quoteWork).slice(0, 4),
      explanation: `No dates could be read for ${undated.length === 1 ? 'this position' : `${undated.length} positions`}. Tracking systems compute your years of experience from them, and recruiters filter on it.`,
      suggestion:
        'Give every position a start and end month on the same line as the title, e.g. "[Job title], [Company] — Mar 2021 – Present".',
    })
  }
  if (layout.pages > 2) {
    ats -= 5
    add({
      code: 'resume_too_long',
      category: 'ats',
      severity: 'low',
      lines: [],
      explanation: `The resume runs to ${layout.pages} pages. Recruiters skim; two pages is the usual most, one for under ten years of experience.`,
      suggestion:
        'Keep the last ten years in full, cut older positions to one line each ("[Title], [Company], [Year]–[Year]"), and drop bullets without a result.',
    })
  }

  // ── Contact and sections ──────────────────────────────────────────────────────────────────
  const basics = resume.basics ?? {}
  const hasSection = (kind: 'experience' | 'education' | 'skills') =>
    lines.some((line) => line.section === kind)
  const checks: {
    present: boolean
    points: number
    code: ResumeFindingCode
    severity: ResumeFindingSeverity
    explanation: string
    suggestion: string
    ats?: number
  }[] = [
    {
      present: Boolean(basics.name?.trim()),
      points: 10,
      code: 'missing_name',
      severity: 'high',
      ats: 10,
      explanation:
        'No name could be read at the top of the resume. A tracking system files the resume under the name it finds.',
      suggestion:
        'Start the resume with your full name alone on the first line, as plain text: "[First name] [Last name]".',
    },
    {
      present: Boolean(basics.email?.trim()),
      points: 20,
      code: 'missing_email',
      severity: 'high',
      ats: 15,
      explanation:
        'No email address could be read. Recruiters reply by email, and a tracking system without one cannot contact you.',
      suggestion:
        'Write your email as plain text under your name (not in an image, icon or page header): "[name]@[provider].com".',
    },
    {
      present: Boolean(basics.phone?.trim()),
      points: 15,
      code: 'missing_phone',
      severity: 'medium',
      explanation: 'No phone number could be read. Many recruiters call before they write.',
      suggestion:
        'Add your phone number with its country code next to your email: "+[country code] [number]".',
    },
    {
      present: Boolean(
        basics.location &&
        (basics.location.city ||
          basics.location.region ||
          basics.location.address ||
          basics.location.countryCode),
      ),
      points: 10,
      code: 'missing_location',
      severity: 'low',
      explanation:
        'No location could be read. Recruiters and tracking systems filter candidates by city or region.',
      suggestion: 'Add your city and country (no street address needed): "[City], [Country]".',
    },
    {
      present: Boolean(basics.url || (basics.profiles ?? []).length > 0),
      points: 10,
      code: 'missing_links',
      severity: 'low',
      explanation:
        'No LinkedIn profile, portfolio or website was found. Most recruiters look you up; a link saves them the search.',
      suggestion:
        'Add your LinkedIn URL ("linkedin.com/in/[your-name]") and, if you have one, a portfolio or GitHub link.',
    },
    {
      present: work.length > 0 || hasSection('experience'),
      points: 15,
      code: 'missing_experience_section',
      severity: 'high',
      ats: 20,
      explanation:
        'No work experience could be read. A tracking system looks for a section headed "Experience" with titles, employers and dates.',
      suggestion:
        'Add a section headed "Experience" with one entry per position: "[Job title], [Company] — [Month Year] – [Month Year]" and two to five bullets each.',
    },
    {
      present: (resume.education ?? []).length > 0 || hasSection('education'),
      points: 10,
      code: 'missing_education_section',
      severity: 'medium',
      explanation:
        'No education section was found. Many job filters check for a degree or a qualification.',
      suggestion:
        'Add a section headed "Education": "[Degree], [Field] — [School], [Year]" (courses and certificates count too).',
    },
    {
      present: skills.length > 0 || hasSection('skills'),
      points: 10,
      code: 'missing_skills_section',
      severity: 'medium',
      explanation:
        'No skills section was found. Recruiters search their tracking system by skill, and this is where it looks first.',
      suggestion:
        'Add a section headed "Skills" with your tools and methods, grouped: "[Group]: [skill], [skill], [skill]".',
    },
  ]
  let contact = 0
  for (const check of checks) {
    if (check.present) {
      contact += check.points
      continue
    }
    if (check.ats) ats -= check.ats
    add({
      code: check.code,
      category: 'contact',
      severity: check.severity,
      lines: [],
      explanation: check.explanation,
      suggestion: check.suggestion,
    })
  }
  const contactComplete = checks.slice(0, 5).every((check) => check.present)
  if (contactComplete) {
    strengths.push({
      code: 'complete_contact',
      category: 'contact',
      text: 'Name, email, phone, location and a link are all there and readable.',
      lines: [],
    })
  }

  // ── Impact ────────────────────────────────────────────────────────────────────────────────
  const withAction = bullets.filter((bullet) => startsWithActionVerb(bullet.text))
  const withNumbers = bullets.filter((bullet) => hasNumber(bullet.text))
  const withResults = bullets.filter((bullet) => hasResult(bullet.text))
  let impact = 0
  if (bullets.length === 0) {
    impact = 0
    add({
      code: 'no_bullets',
      category: 'impact',
      severity: work.length > 0 ? 'high' : 'medium',
      lines: work.flatMap(quoteWork).slice(0, 3),
      explanation:
        'No bullet points describe what you achieved in your positions. Titles alone do not show a recruiter what you can do.',
      suggestion:
        'Under each position add two to five bullets of the form "[Action verb] [what you did] for [whom], resulting in [result with a number]".',
    })
  } else {
    const actionShare = withAction.length / bullets.length
    const numberShare = withNumbers.length / bullets.length
    const resultShare = withResults.length / bullets.length
    impact = Math.round(
      100 * (0.5 * Math.min(1, numberShare / 0.6) + 0.3 * actionShare + 0.2 * resultShare),
    )
    const weak = bullets.filter((bullet) => !startsWithActionVerb(bullet.text))
    for (const bullet of weak.slice(0, MAX_FINDINGS_PER_CODE)) {
      add({
        code: 'weak_bullet_no_action_verb',
        category: 'impact',
        severity: 'medium',
        lines: bullet.quote,
        explanation:
          'This bullet describes a duty, not what you did. Recruiters skim the first word of each bullet: a strong verb ("Led", "Built", "Cut") says what you achieved.',
        suggestion: rewriteWeakBullet(bullet.text),
      })
    }
    const noResult = withAction.filter((bullet) => !hasResult(bullet.text))
    for (const bullet of noResult.slice(0, MAX_FINDINGS_PER_CODE)) {
      add({
        code: 'bullet_no_result',
        category: 'impact',
        severity: 'low',
        lines: bullet.quote,
        explanation: `This bullet says what you did but not what came of it. Add the outcome: ${numberHint(bullet.text)}.`,
        suggestion: rewriteWithResult(bullet.text),
      })
    }
    if (bullets.length >= 3 && numberShare < 0.4) {
      const without = bullets.filter((bullet) => !hasNumber(bullet.text)).slice(0, 3)
      add({
        code: 'missing_numbers',
        category: 'impact',
        severity: numberShare === 0 ? 'high' : 'medium',
        lines: without.flatMap((bullet) => bullet.quote),
        explanation: `Only ${withNumbers.length} of your ${bullets.length} bullets has a number in it. Figures (team size, money, time, volume, percentages) are what make a result believable and what recruiters remember.`,
        suggestion: without
          .map((bullet) => `“${shortQuote(bullet.text)}”: add ${numberHint(bullet.text)}`)
          .join('; '),
      })
    }
    if (bullets.length >= 3 && actionShare >= 0.7) {
      strengths.push({
        code: 'strong_action_verbs',
        category: 'impact',
        text: `${withAction.length} of your ${bullets.length} bullets start with an action verb.`,
        lines: withAction[0]!.quote,
      })
    }
    if (bullets.length >= 3 && numberShare >= 0.5) {
      strengths.push({
        code: 'quantified_impact',
        category: 'impact',
        text: `${withNumbers.length} of your ${bullets.length} bullets back their result with a number.`,
        lines: withNumbers[0]!.quote,
      })
    }
  }

  // ── Clarity ───────────────────────────────────────────────────────────────────────────────
  let clarity = 100
  const long = bullets.filter((bullet) => wordCount(bullet.text) > BULLET_MAX_WORDS)
  clarity -= Math.min(32, long.length * 8)
  for (const bullet of long.slice(0, MAX_FINDINGS_PER_CODE)) {
    const parts = splitLongBullet(bullet.text)
    add({
      code: 'bullet_too_long',
      category: 'clarity',
      severity: wordCount(bullet.text) > 45 ? 'medium' : 'low',
      lines: bullet.quote,
      explanation: `This bullet has ${wordCount(bullet.text)} words; over ${BULLET_MAX_WORDS}, recruiters stop reading before the result. Keep one idea per bullet, one or two lines.`,
      suggestion:
        parts.length === 2
          ? `Split it in two: “${parts[0]}.” and “${parts[1]}.”`
          : `Keep the action and the result, cut the rest: “${parts[0]}”`,
    })
  }
  if (bullets.length >= 3 && long.length === 0) {
    strengths.push({
      code: 'concise_bullets',
      category: 'clarity',
      text: `Every bullet stays under ${BULLET_MAX_WORDS} words.`,
      lines: [],
    })
  }

  const prose: Bullet[] = [
    ...(summary ? [summary] : []),
    ...(basics.label ? [{ text: basics.label, quote: quoteLine(parsed, basics.label) }] : []),
    ...bullets,
  ]
  const passive = prose.filter((line) => passiveIn(line.text))
  clarity -= Math.min(24, passive.length * 6)
  for (const line of passive.slice(0, MAX_FINDINGS_PER_CODE)) {
    const found = passiveIn(line.text)!
    add({
      code: 'passive_voice',
      category: 'clarity',
      severity: 'low',
      lines: line.quote,
      explanation: `“${found.auxiliary} ${found.participle}” hides who did the work. Put yourself first: start with what you did.`,
      suggestion: rewritePassive(line.text),
    })
  }
  const buzzy = prose
    .map((line) => ({ line, words: buzzwordsIn(line.text) }))
    .filter(({ words }) => words.length > 0)
  clarity -= Math.min(20, buzzy.length * 5)
  for (const { line, words } of buzzy.slice(0, MAX_FINDINGS_PER_CODE)) {
    const named = words.map((word) => `“${word}”`).join(', ')
    add({
      code: 'buzzword',
      category: 'clarity',
      severity: 'low',
      lines: line.quote,
      explanation: `${named} ${words.length > 1 ? 'are claims' : 'is a claim'} every recruiter has read a thousand times; ${words.length > 1 ? 'they prove' : 'it proves'} nothing. Show the quality with a fact instead.`,
      suggestion: `“${withoutBuzzwords(line.text, words)}” — and show it with a result, e.g. “[what you did], [result with a number]”.`,
    })
  }
  const firstPerson = prose.filter((line) => firstPersonIn(line.text).length > 0)
  clarity -= Math.min(15, firstPerson.length * 5)
  if (firstPerson.length > 0) {
    add({
      code: 'first_person',
      category: 'clarity',
      severity: 'low',
      lines: firstPerson.slice(0, 3).flatMap((line) => line.quote),
      explanation:
        'Resumes leave out "I" and "my": every line is about you already, and the pronoun costs a word at the start where the verb should be.',
      suggestion: firstPerson
        .slice(0, 3)
        .map((line) => `“${withoutFirstPerson(line.text)}”`)
        .join('; '),
    })
  }
  if (!summary) {
    clarity -= 10
    add({
      code: 'summary_missing',
      category: 'clarity',
      severity: 'medium',
      lines: [],
      explanation:
        'There is no summary at the top. Two or three lines that say who you are and what you are best at set how the rest is read, and give a tracking system your key words early.',
      suggestion: summaryTemplate(resume, skills),
    })
  } else if (wordCount(summary.text) > SUMMARY_MAX_WORDS) {
    clarity -= 10
    add({
      code: 'summary_too_long',
      category: 'clarity',
      severity: 'low',
      lines: summary.quote,
      explanation: `The summary has ${wordCount(summary.text)} words; over ${SUMMARY_MAX_WORDS}, it stops being read. Keep two or three lines: who you are, your strongest skills, one result.`,
      suggestion: `“${firstWords(summary.text, 50)}”`,
    })
  } else if (buzzwordsIn(summary.text).length === 0) {
    strengths.push({
      code: 'focused_summary',
      category: 'clarity',
      text: 'A short summary opens the resume without empty claims.',
      lines: summary.quote,
    })
  }

  const periods = periodsOf(work)
  const gaps = gapsIn(periods, studyPeriodsOf(resume))
  const overlaps = overlapsIn(periods)
  clarity -= Math.min(10, gaps.length * 5) + Math.min(10, overlaps.length * 5)
  for (const gap of gaps.slice(0, MAX_FINDINGS_PER_CODE)) {
    const from = formatMonth(gap.before.end + 1)
    const to = formatMonth(gap.after.start - 1)
    add({
      code: 'date_gap',
      category: 'clarity',
      severity: gap.months >= 12 ? 'medium' : 'low',
      lines: [...quoteWork(gap.before.work), ...quoteWork(gap.after.work)],
      explanation: `About ${gap.months} months pass between ${describe(gap.before.work)} (ended ${formatMonth(gap.before.end)}) and ${describe(gap.after.work)} (started ${formatMonth(gap.after.start)}). An unexplained gap draws questions; an explained one rarely does.`,
      suggestion: `If you studied, freelanced, cared for family or travelled then, add one line for it: “[Career break / Freelance / Course], ${from} – ${to}: [what you did]”.`,
    })
  }
  for (const overlap of overlaps.slice(0, MAX_FINDINGS_PER_CODE)) {
    const both = !Number.isFinite(overlap.months)
    add({
      code: 'date_overlap',
      category: 'clarity',
      severity: 'low',
      lines: [...quoteWork(overlap.first.work), ...quoteWork(overlap.second.work)],
      explanation: both
        ? `${capitalise(describe(overlap.first.work))} and ${describe(overlap.second.work)} are both shown as current. A reader wonders which one is your real job.`
        : `${capitalise(describe(overlap.first.work))} and ${describe(overlap.second.work)} overlap by ${overlap.months} months. A reader wonders whether a date is wrong.`,
      suggestion: `If one of them was part-time, freelance or a side project, say so in its title (“${overlap.second.work.position ?? '[Title]'} (part-time)”); if a date is wrong, correct it${both ? ' or add the end date of the one you left' : ''}.`,
    })
  }
  if (periods.length >= 2 && gaps.length === 0) {
    strengths.push({
      code: 'continuous_history',
      category: 'clarity',
      text: `Your ${periods.length} positions follow on without an unexplained gap.`,
      lines: [],
    })
  }

  // ── Skills ────────────────────────────────────────────────────────────────────────────────
  const grouped =
    (resume.skills ?? []).filter((entry) => (entry.keywords ?? []).length > 0).length >= 2
  const experienceText = [
    ...bullets.map((bullet) => bullet.text),
    ...work.map((entry) => entry.summary ?? ''),
  ]
    .join('\n')
    .toLowerCase()
  const evidenced = skills.filter((skill) => containsWord(experienceText, skill.toLowerCase()))
  const skillsScore = Math.round(
    Math.min(skills.length, SKILLS_EXPECTED) * 7 +
      (grouped || (skills.length > 0 && skills.length < 8) ? 15 : 0) +
      Math.min(evidenced.length, 3) * 5,
  )
  if (skills.length < SKILLS_EXPECTED) {
    const candidates = toolsNamedIn(bullets, skills, resume)
    add({
      code: 'few_skills',
      category: 'skills',
      severity: skills.length < 5 ? 'medium' : 'low',
      lines: skillLines(parsed),
      explanation: `${skills.length === 0 ? 'No skills are' : `Only ${skills.length} skill${skills.length === 1 ? ' is' : 's are'}`} listed; around ${SKILLS_EXPECTED} or more is usual. Recruiters search by skill: one that is not written down is not found.`,
      suggestion:
        candidates.length > 0
          ? `Add the tools your bullets already name: ${candidates.map((name) => `“${name}”`).join(', ')}; then the ones you use daily, grouped: "[Group]: [skill], [skill], [skill]".`
          : 'Add the tools, languages and methods you use at work, grouped: "Tools: [tool], [tool]; Languages: [language]; Methods: [method]".',
    })
  } else if (!grouped) {
    add({
      code: 'skills_ungrouped',
      category: 'skills',
      severity: 'low',
      lines: skillLines(parsed),
      explanation: `Your ${skills.length} skills are one long list. Grouped skills are read faster and show a recruiter where your depth is.`,
      suggestion: `Group them in two to four lines, e.g. "[Group]: ${skills.slice(0, 3).join(', ')}" and "[Group]: ${skills.slice(3, 6).join(', ')}".`,
    })
  }
  if (skills.length >= SKILLS_EXPECTED && grouped) {
    strengths.push({
      code: 'rich_skills',
      category: 'skills',
      text: `${skills.length} skills, grouped${evidenced.length > 0 ? `, and ${evidenced.length} of them shown at work in your bullets` : ''}.`,
      lines: [],
    })
  }

  if (
    layout.columns <= 1 &&
    !layout.tables &&
    layout.images === 0 &&
    !layout.repeatedHeaderOrFooter
  ) {
    strengths.unshift({
      code: 'ats_friendly_layout',
      category: 'ats',
      text: 'One column, no tables, images or page headers: a tracking system reads it in the order you wrote it.',
      lines: [],
    })
  }

  // ── Scores, grade and summaries ───────────────────────────────────────────────────────────
  const scores: Record<ResumeReviewCategory, number> = {
    ats: clamp(ats),
    contact: clamp(contact),
    impact: clamp(impact),
    clarity: clamp(clarity),
    skills: clamp(skillsScore),
  }
  const weighted = Math.round(
    RESUME_REVIEW_CATEGORIES.reduce(
      (sum, category) => sum + scores[category] * RESUME_REVIEW_WEIGHTS[category],
      0,
    ) / 100,
  )
  const hasHigh = findings.some((finding) => finding.severity === 'high')
  const score = hasHigh ? Math.min(weighted, HIGH_FINDING_SCORE_CAP) : weighted
  const sorted = findings
    .map((finding, index) => ({ finding, index }))
    .sort(
      (a, b) =>
        SEVERITY_ORDER[a.finding.severity] - SEVERITY_ORDER[b.finding.severity] ||
        RESUME_REVIEW_CATEGORIES.indexOf(a.finding.category) -
          RESUME_REVIEW_CATEGORIES.indexOf(b.finding.category) ||
        a.index - b.index,
    )
    .map(({ finding }) => ({ ...finding, rewrite: null }))
  const grade = gradeOf(score)
  const counts = {
    bullets: bullets.length,
    withNumbers: withNumbers.length,
    withAction: withAction.length,
    long: long.length,
    passive: passive.length,
    buzzy: buzzy.length,
    skills: skills.length,
    evidenced: evidenced.length,
  }
  return {
    version: 1,
    grade,
    score,
    summary: overallSummary(grade, score, scores, sorted),
    subScores: RESUME_REVIEW_CATEGORIES.map((category) => ({
      category,
      label: RESUME_REVIEW_CATEGORY_LABELS[category],
      score: scores[category],
      weight: RESUME_REVIEW_WEIGHTS[category],
      summary: subScoreSummary(category, scores[category], sorted, counts),
    })),
    findings: sorted,
    strengths,
    stats: {
      pages: layout.pages,
      bullets: bullets.length,
      bulletsWithNumbers: withNumbers.length,
      bulletsWithActionVerb: withAction.length,
      skills: skills.length,
      positions: work.length,
    },
  }
}

/** The grade of an overall score (boundaries in `RESUME_GRADE_BOUNDARIES`). */
export function gradeOf(score: number): ResumeGrade {
  if (score >= RESUME_GRADE_BOUNDARIES.A) return 'A'
  if (score >= RESUME_GRADE_BOUNDARIES.B) return 'B'
  if (score >= RESUME_GRADE_BOUNDARIES.C) return 'C'
  if (score >= RESUME_GRADE_BOUNDARIES.D) return 'D'
  return 'F'
}

// ── Reading the parsed resume ─────────────────────────────────────────────────────────────────

const MARKER = /^\s*(?:[-*•·–—▪◦●○■□➢►✓✔])\s*/u
const DATE_LIKE = /\b(?:19|20)\d{2}\b|\bpresent\b|\bheute\b|\bactuel|\bactualidad\b/i

/**
 * The resume's bullets: the highlights of its positions and projects, each with the lines of the
 * resume it was read from; when the parser found none, the marked or sentence-like lines of the
 * experience section.
 */
function bulletsOf(parsed: ParsedResume): Bullet[] {
  const { resume } = parsed
  const highlights = [
    ...(resume.work ?? []).flatMap((entry) => entry.highlights ?? []),
    ...(resume.projects ?? []).flatMap((entry) => entry.highlights ?? []),
  ]
    .map((text) => bulletText(text))
    .filter((text) => wordCount(text) >= MIN_BULLET_WORDS)
  if (highlights.length > 0) {
    return highlights.map((text) => ({ text, quote: quoteLine(parsed, text) }))
  }
  const out: Bullet[] = []
  const headers = (resume.work ?? [])
    .flatMap((entry) => [entry.name, entry.position])
    .filter((text): text is string => Boolean(text && text.length > 2))
    .map((text) => text.toLowerCase())
  for (const line of parsed.lines) {
    if (line.heading || (line.section !== 'experience' && line.section !== 'projects')) continue
    const text = bulletText(line.text)
    // A position's own line ("Financial Analyst @ JPMorgan Chase & Co.") is not a bullet.
    if (headers.some((header) => text.toLowerCase().includes(header))) continue
    const marked = MARKER.test(line.text)
    if (
      (marked && wordCount(text) >= MIN_BULLET_WORDS) ||
      (wordCount(text) >= 6 && !DATE_LIKE.test(text))
    ) {
      if (!marked && out.length > 0 && /^[a-z]/.test(text)) {
        // A wrapped continuation of the previous bullet.
        const last = out[out.length - 1]!
        last.text = `${last.text} ${text}`
        last.quote.push(line.text)
        continue
      }
      out.push({ text, quote: [line.text] })
    }
  }
  return out
}

/**
 * The lines of the resume a text was read from: the run of consecutive lines that, joined, make
 * the text (a bullet wrapped over two lines quotes both); the text itself when none matches.
 */
function quoteLine(parsed: ParsedResume, text: string): string[] {
  const target = normalise(text)
  if (!target) return [text]
  const lines = parsed.lines
  for (let i = 0; i < lines.length; i++) {
    const first = normalise(bulletText(lines[i]!.text))
    if (!first || !target.startsWith(first.slice(0, Math.min(first.length, 40)))) continue
    const run = [lines[i]!.text]
    let joined = first
    for (let j = i + 1; j < lines.length && joined.length < target.length; j++) {
      const next = normalise(bulletText(lines[j]!.text))
      const candidate = `${joined} ${next}`
      if (!target.startsWith(candidate.slice(0, Math.min(candidate.length, target.length)))) break
      run.push(lines[j]!.text)
      joined = candidate
    }
    // The run must make (nearly) the whole text: a short line that merely starts it is not it.
    if (joined.length >= target.length * 0.9) return run
  }
  return [text]
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim()

/** The resume's line naming a position's employer, or a line built from the position. */
function quoteOfWork(parsed: ParsedResume, entry: JsonResumeWork): string[] {
  const name = entry.name?.trim().toLowerCase()
  const line = name
    ? parsed.lines.find((candidate) => candidate.text.toLowerCase().includes(name))
    : entry.position
      ? parsed.lines.find((candidate) =>
          candidate.text.toLowerCase().includes(entry.position!.toLowerCase()),
        )
      : undefined
  return [line?.text ?? describe(entry)]
}

function describe(entry: JsonResumeWork): string {
  if (entry.position && entry.name) return `${entry.position} at ${entry.name}`
  return entry.name ?? entry.position ?? 'a position'
}

function summaryOf(parsed: ParsedResume): Bullet | null {
  const fromBasics = parsed.resume.basics?.summary?.replace(/\s+/g, ' ').trim()
  if (fromBasics) return { text: fromBasics, quote: quoteLine(parsed, fromBasics) }
  const lines = parsed.lines.filter(
    (line) => line.section === 'summary' && !line.heading && line.text.trim(),
  )
  if (lines.length === 0) return null
  return {
    text: lines.map((line) => line.text.trim()).join(' '),
    quote: lines.map((line) => line.text),
  }
}

/** Each skill once: the keywords of a group (its name is a label), or the entry's name alone. */
function skillsOf(resume: JsonResume): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const entry of resume.skills ?? []) {
    const names = (entry.keywords ?? []).length > 0 ? entry.keywords! : [entry.name]
    for (const name of names) {
      const clean = name?.trim()
      if (!clean || seen.has(clean.toLowerCase())) continue
      seen.add(clean.toLowerCase())
      out.push(clean)
    }
  }
  return out
}

function skillLines(parsed: ParsedResume): string[] {
  return parsed.lines
    .filter((line) => line.section === 'skills' && !line.heading && line.text.trim())
    .slice(0, 3)
    .map((line) => line.text)
}

function repeatedMarginLines(parsed: ParsedResume): string[] {
  const counts = new Map<string, Set<number>>()
  for (const line of parsed.lines) {
    const key = line.text.trim().replace(/\d+/g, '#')
    if (!key) continue
    counts.set(key, (counts.get(key) ?? new Set()).add(line.page))
  }
  const pages = parsed.layout.pages
  return parsed.lines
    .filter(
      (line) =>
        pages > 1 && (counts.get(line.text.trim().replace(/\d+/g, '#'))?.size ?? 0) >= pages,
    )
    .map((line) => line.text)
    .filter(
      (text, index, all) =>
        all.findIndex((other) => other.replace(/\d+/g, '#') === text.replace(/\d+/g, '#')) ===
        index,
    )
    .slice(0, 2)
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

/** Which figure a bullet could carry, from what it is about. */
function numberHint(text: string): string {
  const lower = text.toLowerCase()
  if (/\b(team|staff|people|engineers|reports|mentor|hired|recruit)/.test(lower)) {
    return 'how many people (the team size) and what changed for them'
  }
  if (/\b(budget|cost|costs|spend|saving|revenue|sales|price|profit|deal)/.test(lower)) {
    return 'the amount (€ or $) and the % change'
  }
  if (/\b(customer|client|user|users|patient|student|visitor|subscriber)/.test(lower)) {
    return 'how many customers or users, and by how much satisfaction or usage rose'
  }
  if (
    /\b(process|time|report|deploy|release|pipeline|automat|workflow|latency|speed)/.test(lower)
  ) {
    return 'the time saved (hours per week, days to minutes) or the % faster'
  }
  return 'how many, how much or how fast (a count, an amount or a %)'
}

function summaryTemplate(resume: JsonResume, skills: string[]): string {
  const latest = (resume.work ?? [])[0]
  const title = resume.basics?.label ?? latest?.position ?? '[Your title]'
  const top = skills.length > 0 ? skills.slice(0, 3).join(', ') : '[skill], [skill] and [skill]'
  const recent = latest?.name
    ? ` Most recently ${latest.position ? `${latest.position} at ` : 'at '}${latest.name}, where [one result with a number].`
    : ' [One result you are proud of, with a number].'
  return `Add two or three lines at the top: “${title} with [N] years in [field], strongest in ${top}.${recent}”`
}

function firstWords(text: string, max: number): string {
  const sentences = text.match(/[^.!?]+[.!?]*/g) ?? [text]
  let out = ''
  for (const sentence of sentences) {
    const next = `${out} ${sentence.trim()}`.trim()
    if (wordCount(next) > max) break
    out = next
  }
  if (out) return out
  return `${text.split(/\s+/).slice(0, 40).join(' ')} …`
}

function shortQuote(text: string): string {
  const words = text.split(/\s+/)
  return words.length > 10 ? `${words.slice(0, 10).join(' ')} …` : text
}

function containsWord(haystack: string, needle: string): boolean {
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(^|[^\\p{L}\\p{N}+#])${escaped}($|[^\\p{L}\\p{N}+#])`, 'u').test(haystack)
}

const clamp = (value: number) => Math.max(0, Math.min(100, Math.round(value)))
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

type Counts = {
  bullets: number
  withNumbers: number
  withAction: number
  long: number
  passive: number
  buzzy: number
  skills: number
  evidenced: number
}

function subScoreSummary(
  category: ResumeReviewCategory,
  score: number,
  findings: ResumeFinding[],
  counts: Counts,
): string {
  const own = findings.filter((finding) => finding.category === category)
  const codes = new Set(own.map((finding) => finding.code))
  switch (category) {
    case 'ats': {
      const risks = [
        codes.has('layout_columns') && 'columns',
        codes.has('layout_tables') && 'a table',
        codes.has('layout_images') && 'images',
        codes.has('layout_header_footer') && 'page headers or footers',
        codes.has('missing_dates') && 'positions without dates',
      ].filter(Boolean)
      if (risks.length === 0 && score >= 90)
        return 'A tracking system can read every line in order.'
      if (risks.length === 0)
        return 'The layout is safe, but a tracking system misses some of your details (see the contact findings).'
      return `A tracking system may misread it: ${listOf(risks as string[])}.`
    }
    case 'contact': {
      const missing = own.map((finding) =>
        finding.code
          .replace(/^missing_/, '')
          .replace(/_section$/, ' section')
          .replace('_', ' '),
      )
      return missing.length === 0
        ? 'Every contact detail and the main sections are there.'
        : `Missing: ${listOf(missing)}.`
    }
    case 'impact':
      if (counts.bullets === 0) return 'No bullets describe what you achieved yet.'
      return `${counts.withAction} of ${counts.bullets} bullets start with an action verb and ${counts.withNumbers} carry a number${score >= 80 ? ': results come through.' : ': add figures and outcomes.'}`
    case 'clarity': {
      const issues = [
        counts.long > 0 && `${counts.long} long bullet${counts.long > 1 ? 's' : ''}`,
        counts.passive > 0 && `${counts.passive} passive line${counts.passive > 1 ? 's' : ''}`,
        counts.buzzy > 0 && `${counts.buzzy} line${counts.buzzy > 1 ? 's' : ''} with buzzwords`,
        codes.has('first_person') && 'first-person pronouns',
        codes.has('summary_missing') && 'no summary',
        codes.has('summary_too_long') && 'a long summary',
        codes.has('date_gap') && 'a gap in the dates',
        codes.has('date_overlap') && 'overlapping dates',
      ].filter(Boolean) as string[]
      return issues.length === 0
        ? 'Short, direct and easy to skim.'
        : `Reads less easily because of ${listOf(issues)}.`
    }
    case 'skills':
      if (counts.skills === 0) return 'No skills are listed.'
      return `${counts.skills} skill${counts.skills > 1 ? 's' : ''} listed${counts.evidenced > 0 ? `, ${counts.evidenced} backed by your bullets` : ''}${counts.skills < SKILLS_EXPECTED ? `; around ${SKILLS_EXPECTED} is usual` : ''}.`
  }
}

function overallSummary(
  grade: ResumeGrade,
  score: number,
  scores: Record<ResumeReviewCategory, number>,
  findings: ResumeFinding[],
): string {
  const ranked = [...RESUME_REVIEW_CATEGORIES].sort((a, b) => scores[b] - scores[a])
  const best = RESUME_REVIEW_CATEGORY_LABELS[ranked[0]!].replace(/^[A-Z](?=[a-z])/, (c) =>
    c.toLowerCase(),
  )
  const first = findings[0]
  const next = first
    ? ` Fix first: ${first.explanation.split(/(?<=[.!?])\s/)[0]!.replace(/\.$/, '')}.`
    : ' Nothing stands out to fix.'
  return `Grade ${grade} (${score}/100), strongest in ${best}.${next}`
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}
