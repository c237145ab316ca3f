import type { JobFilters } from '@app/contracts'

/** What the filter mix draws its values from: a sample of the loaded catalogue's rows. */
export type JobSample = {
  title: string
  normalized_title: string | null
  company_name: string | null
  industry: string | null
  company_size: string | null
  locations: Array<{ name: string; countryCode?: string }>
  country_codes: string[]
  work_location: string | null
  job_type: string | null
  experience_level: string | null
  education_level: string | null
  salary_min_yearly: number | null
  benefits: string[]
  skills: string[]
}

export type JobQuery = { filters: JobFilters; q?: string }

/** mulberry32: a small seeded generator, so every run measures the same mix. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type FilterField = keyof JobFilters | 'q'

/**
 * Draws `count` searches: 1 to 4 fields each (35 / 30 / 20 / 15 %), every filter field and free
 * text equally likely, values taken from one sampled job (so most searches find something, as a
 * seeker's do) and, one time in four, a second value from another job (an OR).
 */
export function filterMix(samples: JobSample[], count: number, seed: number): JobQuery[] {
  const random = seededRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const fields: FilterField[] = [
    'locations',
    'countries',
    'types',
    'experienceLevels',
    'educationLevels',
    'companySizes',
    'jobTitles',
    'workLocations',
    'minimumSalary',
    'benefits',
    'companies',
    'industries',
    'q',
  ]
  const valueOf = (field: FilterField, job: JobSample): unknown => {
    const place = job.locations[0]
    switch (field) {
      case 'locations':
        if (!place?.countryCode) return undefined
        return random() < 0.7
          ? { name: place.name, countryCode: place.countryCode, isCountry: false }
          : { name: place.countryCode, countryCode: place.countryCode, isCountry: true }
      case 'countries':
        return job.country_codes[0]
      case 'types':
        return job.job_type
      case 'experienceLevels':
        return job.experience_level
      case 'educationLevels':
        return job.education_level
      case 'companySizes':
        return job.company_size
      case 'workLocations':
        return job.work_location
      case 'jobTitles':
        return job.normalized_title ?? job.title
      case 'benefits':
        return job.benefits.length ? pick(job.benefits) : undefined
      case 'companies':
        return job.company_name
      case 'industries':
        return job.industry
      case 'minimumSalary':
        return Math.round((job.salary_min_yearly ?? 60_000) / 1000) * 1000
      case 'q':
        return random() < 0.5 && job.skills.length
          ? pick(job.skills)
          : pick(job.title.split(/\s+/).filter((word) => word.length > 3))
    }
  }
  const searches: JobQuery[] = []
  while (searches.length < count) {
    const roll = random()
    const size = roll < 0.35 ? 1 : roll < 0.65 ? 2 : roll < 0.85 ? 3 : 4
    const chosen = new Set<FilterField>()
    while (chosen.size < size) chosen.add(pick(fields))
    const job = pick(samples)
    const search: JobQuery = { filters: {} }
    const filters = search.filters as Record<string, unknown>
    for (const field of chosen) {
      const value = valueOf(field, job)
      if (value === undefined || value === null || value === '') continue
      if (field === 'q') {
        search.q = String(value)
      } else if (field === 'minimumSalary') {
        filters[field] = value
      } else {
        const values = [value]
        const other = random() < 0.25 ? valueOf(field, pick(samples)) : undefined
        if (other !== undefined && other !== null && JSON.stringify(other) !== JSON.stringify(value)) {
          values.push(other)
        }
        filters[field] = values
      }
    }
    if (Object.keys(filters).length || search.q) searches.push(search)
  }
  return searches
}
