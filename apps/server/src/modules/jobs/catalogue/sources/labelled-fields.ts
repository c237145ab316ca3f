/**
 * Employer-defined fields some feeds carry beside the standard ones (Greenhouse `metadata`,
 * SmartRecruiters `customField`): each is a label and a value the employer chose, so they are
 * recognised by what the label says ("Employment Type", "Salary Range", "Remote?").
 */
import type { WorkLocation } from '@app/contracts'
import type { JobPosting, Salary } from '../normalized-job.ts'
import { salaryFromText, workLocationFromText } from '../signals.ts'

export type LabelledField = { label: string; value: unknown }

type LabelledFacts = Pick<
  JobPosting,
  'employmentType' | 'experience' | 'education' | 'salary' | 'workLocation' | 'industry'
>

/** Greenhouse's `currency_range` value: `{min_value: "100000.0", max_value: …, unit: "USD"}`. */
function currencyRange(value: unknown): Salary | null {
  if (!value || typeof value !== 'object' || !('unit' in value)) {
    return null
  }
  const range = value as { min_value?: unknown; max_value?: unknown; unit?: unknown }
  const amount = (raw: unknown) => (raw === null || raw === undefined ? null : Number(raw))
  const min = amount(range.min_value)
  const max = amount(range.max_value)
  if (typeof range.unit !== 'string' || (min === null && max === null)) {
    return null
  }
  return { min, max, currency: range.unit.toUpperCase(), period: 'YEAR' }
}

function asText(value: unknown): string | null {
  if (typeof value === 'string') {
    return value
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return String(value)
  }
  if (Array.isArray(value)) {
    return value.map(asText).filter(Boolean).join(', ')
  }
  return null
}

function workLocationOf(label: string, text: string): WorkLocation | null {
  // "Remote?" → "Yes" / "No"; "Workplace type" → "Hybrid".
  if (/^(yes|true)$/i.test(text)) {
    return /remote/i.test(label) ? 'REMOTE' : null
  }
  if (/^(no|false)$/i.test(text)) {
    return /remote/i.test(label) ? 'ONSITE' : null
  }
  return workLocationFromText(text)
}

export function readLabelledFields(fields: LabelledField[]): LabelledFacts {
  const facts: LabelledFacts = {}
  for (const { label, value } of fields) {
    const text = asText(value)
    if (/salary|compensation|pay (range|band)/i.test(label)) {
      facts.salary ??= currencyRange(value) ?? (text ? salaryFromText(text) : null)
    } else if (!text) {
      continue
    } else if (/employment|job type|contract type|commitment/i.test(label)) {
      facts.employmentType ??= text
    } else if (/remote|workplace|work (model|location|arrangement)|location type/i.test(label)) {
      facts.workLocation ??= workLocationOf(label, text)
    } else if (/seniority|experience|level/i.test(label)) {
      facts.experience ??= text
    } else if (/education|degree/i.test(label)) {
      facts.education ??= text
    } else if (/industry/i.test(label)) {
      facts.industry ??= text
    }
  }
  return facts
}
