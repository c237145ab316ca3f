/**
 * ATS parseability: what makes an applicant tracking system misread the resume (columns, tables,
 * images, page headers, undated positions, length). Starts at 100; each failed check costs points.
 * The contact rule takes its own share off this score for a missing name, email or experience.
 */
import { type Check, failedChecks, type RuleResult } from '../finding.ts'
import { repeatedMarginLines } from '../quotes.ts'
import type { ReviewInput } from '../reading.ts'

type AtsCheck = Check & { penalty: number }

export function atsRule({ parsed, work, quoteWork }: ReviewInput): RuleResult {
  const { layout } = parsed
  const undated = work.filter((entry) => !entry.startDate)
  const checks: AtsCheck[] = [
    {
      failed: layout.columns > 1,
      penalty: 20,
      code: 'layout_columns',
      severity: 'medium',
      explanation: `The resume is laid out in ${layout.columns} columns side by side. Many applicant tracking systems read straight across the page and mix the columns' lines, so a recruiter searching their system may see your skills inside a job description.`,
      suggestion:
        'Use one column: put the sidebar (contact, skills, languages) at the top or bottom of the page as plain lines, e.g. "Skills: [skill], [skill], [skill]".',
    },
    {
      failed: layout.tables,
      penalty: 15,
      code: 'layout_tables',
      severity: 'medium',
      explanation:
        'Part of the resume is laid out as a table. Tracking systems often read table cells out of order or skip them.',
      suggestion:
        'Replace the table with plain lines: "[Job title], [Company] — [Month Year] – [Month Year]" followed by its bullets.',
    },
    {
      failed: layout.images > 0,
      penalty: 10,
      code: 'layout_images',
      severity: 'low',
      explanation: `The resume contains ${layout.images === 1 ? 'an image' : `${layout.images} images`} (a photo, icons or logos). A tracking system cannot read text in images, and icons in place of words ("✉" for email) leave gaps.`,
      suggestion:
        'Remove icons and logos, write the words they stand for ("Email: …", "Phone: …"), and keep any photo only where local custom expects one.',
    },
    {
      failed: layout.repeatedHeaderOrFooter,
      penalty: 10,
      code: 'layout_header_footer',
      severity: 'medium',
      lines: layout.repeatedHeaderOrFooter ? repeatedMarginLines(parsed) : [],
      explanation:
        'Some text repeats at the top or bottom of every page. Many tracking systems drop page headers and footers, so anything important there (your name, email or phone) may be lost.',
      suggestion:
        'Move your name and contact details into the body of the first page, and keep the header and footer empty (or only a page number).',
    },
    {
      failed: undated.length > 0,
      penalty: Math.min(20, undated.length * 10),
      code: 'missing_dates',
      severity: 'medium',
      lines: undated.flatMap(quoteWork).slice(0, 4),
      explanation: `No dates could be read for ${undated.length === 1 ? 'this position' : `${undated.length} positions`}. Tracking systems compute your years of experience from them, and recruiters filter on it.`,
      suggestion:
        'Give every position a start and end month on the same line as the title, e.g. "[Job title], [Company] — Mar 2021 – Present".',
    },
    {
      failed: layout.pages > 2,
      penalty: 5,
      code: 'resume_too_long',
      severity: 'low',
      explanation: `The resume runs to ${layout.pages} pages. Recruiters skim; two pages is the usual most, one for under ten years of experience.`,
      suggestion:
        'Keep the last ten years in full, cut older positions to one line each ("[Title], [Company], [Year]–[Year]"), and drop bullets without a result.',
    },
  ]
  const penalty = checks.reduce((sum, check) => sum + (check.failed ? check.penalty : 0), 0)
  return { score: 100 - penalty, findings: failedChecks('ats', checks) }
}

/** One column, no tables, images or page headers: the layout a tracking system reads in order. */
export function hasCleanLayout({ parsed: { layout } }: ReviewInput): boolean {
  return (
    layout.columns <= 1 && !layout.tables && layout.images === 0 && !layout.repeatedHeaderOrFooter
  )
}
