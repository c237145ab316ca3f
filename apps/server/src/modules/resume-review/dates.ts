/**
 * Gaps and overlaps in the work history, from the JSON Resume dates (`YYYY-MM` or `YYYY`). A year
 * alone is read generously: a start in January, an end in December, so "2019 – 2020" never makes
 * a gap the seeker did not have. A current job (no end date) runs to the end of time.
 */
import type { JsonResume, JsonResumeWork } from '../resume-parser/index.ts'

/** Months between jobs that make a gap worth explaining (more than six). */
export const GAP_MONTHS = 6
/** Months two jobs may share (a handover) before it reads as an overlap. */
export const OVERLAP_MONTHS = 1

/**
 * A job's months. `start` and `end` read a year alone generously (January to December: the widest
 * the job may have been, for gaps); `startLate` and `endEarly` narrowly (December to January: the
 * least it must have covered, for overlaps, so "2015 – 2018" then "2018 – 2021" is a handover).
 */
export type Period = {
  work: JsonResumeWork
  start: number
  end: number
  startLate: number
  endEarly: number
}

/** A date as a month number (year × 12 + month − 1), or null when it is not one. */
export function monthOf(date: string | undefined, edge: 'start' | 'end'): number | null {
  // `edge` says how to read a year alone: its first month for 'start', its last for 'end'.
  if (!date) return null
  const match = /^(\d{4})(?:-(\d{2}))?/.exec(date.trim())
  if (!match) return null
  const year = Number(match[1])
  const month = match[2] ? Number(match[2]) : edge === 'start' ? 1 : 12
  if (month < 1 || month > 12) return null
  return year * 12 + month - 1
}

export function periodsOf(work: JsonResumeWork[]): Period[] {
  return work
    .map((entry) => {
      const start = monthOf(entry.startDate, 'start')
      if (start === null) return null
      const end = entry.endDate ? monthOf(entry.endDate, 'end') : Number.POSITIVE_INFINITY
      if (end === null || end < start) return null
      const startLate = monthOf(entry.startDate, 'end')!
      const endEarly = entry.endDate ? monthOf(entry.endDate, 'start')! : Number.POSITIVE_INFINITY
      return { work: entry, start, end, startLate, endEarly }
    })
    .filter((period): period is Period => period !== null)
    .sort((a, b) => a.start - b.start || a.end - b.end)
}

export type Gap = { before: Period; after: Period; months: number }
export type Overlap = { first: Period; second: Period; months: number }

/** Months a study usually lasts, for a school with an end date and no start. */
const STUDY_MONTHS = 36

/** When the seeker studied: months between jobs spent at school are not a gap. */
export function studyPeriodsOf(resume: JsonResume): { start: number; end: number }[] {
  return (resume.education ?? []).flatMap((entry) => {
    const end = entry.endDate ? monthOf(entry.endDate, 'end') : null
    const start = entry.startDate ? monthOf(entry.startDate, 'start') : null
    if (start === null && end === null) return []
    return [
      {
        start: start ?? end! - STUDY_MONTHS,
        end: end ?? Number.POSITIVE_INFINITY,
      },
    ]
  })
}

/**
 * Gaps of more than `GAP_MONTHS` between the end of everything before a job and its start, left
 * out when the seeker was studying for most of it (internships between terms are not gaps).
 */
export function gapsIn(periods: Period[], studies: { start: number; end: number }[] = []): Gap[] {
  const gaps: Gap[] = []
  let latest: Period | null = null
  for (const period of periods) {
    if (latest && latest.end !== Number.POSITIVE_INFINITY) {
      const months = period.start - latest.end - 1
      const from = latest.end + 1
      const to = period.start - 1
      const studied = studies.reduce(
        (sum, study) =>
          sum + Math.max(0, Math.min(to, study.end) - Math.max(from, study.start) + 1),
        0,
      )
      if (months > GAP_MONTHS && studied < months / 2) {
        gaps.push({ before: latest, after: period, months })
      }
    }
    if (!latest || period.end > latest.end) latest = period
  }
  return gaps
}

/** Pairs of jobs that share more than `OVERLAP_MONTHS` months. */
export function overlapsIn(periods: Period[]): Overlap[] {
  const overlaps: Overlap[] = []
  for (let i = 0; i < periods.length; i++) {
    for (let j = i + 1; j < periods.length; j++) {
      const first = periods[i]!
      const second = periods[j]!
      const end = Math.min(first.endEarly, second.endEarly)
      if (!Number.isFinite(end)) {
        // Two current jobs: they overlap from the later start on; count it as one long overlap.
        overlaps.push({ first, second, months: Number.POSITIVE_INFINITY })
        continue
      }
      const months = end - Math.max(first.startLate, second.startLate) + 1
      if (months > OVERLAP_MONTHS) overlaps.push({ first, second, months })
    }
  }
  return overlaps
}

export function formatMonth(month: number): string {
  const year = Math.floor(month / 12)
  const name = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
    month % 12
  ]!
  return `${name} ${year}`
}
