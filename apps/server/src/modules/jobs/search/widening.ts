/**
 * The deck's widening (ADR 0015): when the jobs matching a search's filters run out, the deck
 * goes on with jobs just outside them, one step at a time, nearest first:
 *
 * 1. location: a city asked for becomes its whole country ("Berlin" → Germany);
 * 2. level: the experience levels next to the ones asked for (mid → entry and senior);
 * 3. title: the occupations of the same O*NET broad occupation as each title asked for
 *    (Software Developers, 15-1252: also Web Developers, QA analysts, programmers, 15-125x);
 * 4. title: then of the same O*NET minor group (15-12: the computer occupations);
 * 5. remote: remote jobs wherever they are;
 * 6. work mode: any work mode in the places asked for.
 *
 * Each stage keeps every earlier relaxation, so the stages only ever widen: a stage's new jobs
 * are its matches that the previous stage did not match. Only the steps that change something
 * are stages; the filters nobody widens (job type, salary, education, companies, free text…)
 * stay as they are. Pure: the same criteria always give the same stages, which is what lets a
 * cursor name a stage by its number.
 */
import { EXPERIENCE_LEVELS, type ExperienceLevel, type JobFilters } from '@app/contracts'
import { loadOccupations } from '../catalogue/onet/onet-data.ts'
import { normalizeTitle } from '../catalogue/onet/title-normalizer.ts'
import { countryName } from '../catalogue/places.ts'
import type { JobSearchCriteria } from './job-search.sql.ts'

type Relaxation = (criteria: JobSearchCriteria) => JobSearchCriteria | null

const withFilters = (criteria: JobSearchCriteria, filters: JobFilters): JobSearchCriteria => ({
  ...criteria,
  filters: { ...criteria.filters, ...filters },
})

/** Cities become their countries. */
const wholeCountries: Relaxation = (criteria) => {
  const { locations } = criteria.filters
  if (!locations?.some((place) => !place.isCountry)) return null
  const countries = new Map<string, (typeof locations)[number]>()
  for (const place of locations) {
    if (countries.has(place.countryCode)) continue
    const name = place.isCountry ? place.name : (countryName(place.countryCode) ?? place.name)
    countries.set(place.countryCode, { name, countryCode: place.countryCode, isCountry: true })
  }
  return withFilters(criteria, { locations: [...countries.values()] })
}

/** Each experience level asked for, with its neighbours. */
const neighbouringLevels: Relaxation = (criteria) => {
  const levels = criteria.filters.experienceLevels
  if (!levels?.length) return null
  const widened = new Set<ExperienceLevel>()
  for (const level of levels) {
    const index = EXPERIENCE_LEVELS.indexOf(level)
    for (const near of [index - 1, index, index + 1]) {
      const neighbour = EXPERIENCE_LEVELS[near]
      if (neighbour) widened.add(neighbour)
    }
  }
  if (widened.size === levels.length) return null
  return withFilters(criteria, {
    experienceLevels: EXPERIENCE_LEVELS.filter((level) => widened.has(level)),
  })
}

/** A near O*NET match is good enough to name a title's family ("Chief Vibes Officer" is not). */
const FAMILY_TITLE_SCORE = 0.6

/** O*NET-SOC codes by prefix: "15-125" (broad occupation), "15-12" (minor group). */
function occupationsStartingWith(prefix: string): string[] {
  return [...loadOccupations().keys()].filter((code) => code.startsWith(prefix))
}

/**
 * The titles' occupations widened to every occupation sharing the first `prefixLength`
 * characters of their code (6: the broad occupation, 5: the minor group). A title O*NET does
 * not name exactly stands for its nearest occupation when that is close enough.
 */
function relatedOccupations(prefixLength: number): Relaxation {
  return (criteria) => {
    const { onetCodes, phrases } = criteria.titles
    const anchors = [
      ...(criteria.filters.jobTitles ?? [])
        .map((title) => normalizeTitle(title))
        .filter((match) => match !== null && match.score >= FAMILY_TITLE_SCORE)
        .map((match) => match!.code),
    ]
    if (!anchors.length) return null
    const codes = new Set(onetCodes)
    for (const code of anchors) {
      for (const related of occupationsStartingWith(code.slice(0, prefixLength))) {
        codes.add(related)
      }
    }
    if (codes.size === onetCodes.length) return null
    return { ...criteria, titles: { onetCodes: [...codes].sort(), phrases } }
  }
}

/** Remote jobs pass the place filters (and the work-mode filter) whatever their place. */
const remoteAnywhere: Relaxation = (criteria) => {
  const { workLocations, locations, countries } = criteria.filters
  if (workLocations?.includes('REMOTE')) return null
  if (workLocations?.length) {
    return withFilters(criteria, { workLocations: [...workLocations, 'REMOTE'] })
  }
  // No work mode asked for: every mode, so that remote jobs pass the places too.
  if (!locations?.length && !countries?.length) return null
  return withFilters(criteria, { workLocations: ['REMOTE', 'HYBRID', 'ONSITE'] })
}

/** Every work mode (remote jobs keep passing the places). */
const anyWorkMode: Relaxation = (criteria) => {
  const { workLocations } = criteria.filters
  if (!workLocations?.length || workLocations.length === 3) return null
  return withFilters(criteria, { workLocations: ['REMOTE', 'HYBRID', 'ONSITE'] })
}

const RELAXATIONS: Relaxation[] = [
  wholeCountries,
  neighbouringLevels,
  relatedOccupations(6),
  relatedOccupations(5),
  remoteAnywhere,
  anyWorkMode,
]

/**
 * The stages of a widened search: the criteria themselves first, then each relaxation that
 * changes something, applied on top of the ones before.
 */
export function wideningStages(criteria: JobSearchCriteria): JobSearchCriteria[] {
  const stages = [criteria]
  for (const relax of RELAXATIONS) {
    const next = relax(stages.at(-1)!)
    if (next) stages.push(next)
  }
  return stages
}
