/**
 * The seeker a search ranks for: their latest professional profile's skills and titles, and
 * their onboarding answers (wanted titles, level, work modes, places, minimum salary). The answers also give the default filters of a search that names none.
 *
 * `professional_profiles.parsed_data` is whatever the resume parser extracted; it is read
 * tolerantly: skills as strings, `{name}` or JSON Resume's `{name, keywords}`; titles from
 * `basics.label`, `title`/`headline`, and the latest `work[].position` /
 * `experience[].title`. A profile without them simply adds nothing.
 */
import {
  defaultJobFiltersFromWizard,
  type JobFilters,
  type Wizard,
  WizardRowSchema,
} from '@app/contracts'
import type { Queryable } from '../../../platform/db/pool.ts'
import { findWizardJson } from '../../onboarding/index.ts'
import { findLatestParsedData } from '../../professional-profiles/index.ts'
import { normalizeTitle } from '../catalogue/onet/title-normalizer.ts'
import type { Seeker } from './match-score.ts'

export type SeekerProfile = {
  seeker: Seeker
  /** The filters the onboarding answers imply (empty when none were given). */
  defaultFilters: JobFilters
}

type Json = unknown

const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const asArray = (value: Json): Json[] => (Array.isArray(value) ? value : [])
const asText = (value: Json): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null

export function profileSkills(parsed: Json): string[] {
  if (!isRecord(parsed)) return []
  const skills = asArray(parsed.skills).flatMap((entry) => {
    if (!isRecord(entry)) return [asText(entry)]
    return [asText(entry.name), ...asArray(entry.keywords).map(asText)]
  })
  return [...new Set(skills.filter((skill): skill is string => skill !== null))]
}

/** Titles held most recently first; at most three positions are read. */
export function profileTitles(parsed: Json): string[] {
  if (!isRecord(parsed)) return []
  const positions = [...asArray(parsed.work), ...asArray(parsed.experience)]
    .filter(isRecord)
    .slice(0, 3)
    .map((position) => asText(position.position) ?? asText(position.title))
  const titles = [
    isRecord(parsed.basics) ? asText(parsed.basics.label) : null,
    asText(parsed.title),
    asText(parsed.headline),
    ...positions,
  ]
  return [...new Set(titles.filter((title): title is string => title !== null))]
}

export function seekerFrom(wizard: Wizard | null, parsedProfile: Json): SeekerProfile {
  const defaultFilters = wizard ? defaultJobFiltersFromWizard(wizard) : {}
  const wantedTitles = [...(defaultFilters.jobTitles ?? []), ...profileTitles(parsedProfile)]
  const titles = [...new Set(wantedTitles)].map((title) => ({
    title,
    onetCode: normalizeTitle(title)?.code ?? null,
  }))
  return {
    seeker: {
      skills: profileSkills(parsedProfile),
      titles,
      experienceLevel: wizard?.experienceLevel ?? null,
      workLocations: wizard?.jobPreferences.workLocations ?? [],
      places: wizard?.jobPreferences.locations ?? [],
      minimumSalary: wizard?.minimumSalary || null,
      minimumSalaryCurrency: wizard?.minimumSalaryCurrency ?? null,
    },
    defaultFilters,
  }
}

/**
 * The two reads a search makes about its user, side by side: the onboarding answers (owned by
 * onboarding) and the latest profile's parsed data (owned by professional-profiles).
 */
export async function loadSeekerProfile(db: Queryable, userId: string): Promise<SeekerProfile> {
  const [wizardJson, parsedData] = await Promise.all([
    findWizardJson(db, userId),
    findLatestParsedData(db, userId),
  ])
  const wizard = wizardJson ? WizardRowSchema.parse(wizardJson) : null
  return seekerFrom(wizard, parsedData)
}
