/**
 * Places as feeds write them ("San Francisco, CA", "Berlin, DE", "Remote - US", "London or
 * Remote", `{city, region, country: "us"}`) turned into `JobPlace`s with ISO country codes,
 * and the one-line label of a job's places.
 *
 * Country names and codes come from the runtime's own region names (Intl.DisplayNames), so no
 * country list is kept here; US states and Canadian provinces resolve "City, ST"; the known
 * cities (cities.ts) resolve a bare "London".
 */
import type { WorkLocation } from '@app/contracts'
import { findCity } from './cities.ts'
import type { JobPlace } from './normalized-job.ts'

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })

/** Region codes Intl knows that are not countries. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ'])

function simplify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/^the\s+/, '')
    .trim()
}

const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'US',
  'united states of america': 'US',
  america: 'US',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  deutschland: 'DE',
  holland: 'NL',
  'czech republic': 'CZ',
  turkey: 'TR',
  korea: 'KR',
  'republic of korea': 'KR',
  'hong kong': 'HK',
  macau: 'MO',
  russia: 'RU',
  uae: 'AE',
  'ivory coast': 'CI',
  vietnam: 'VN',
}

/** The current code of a region code ("UK" → "GB", "DD" → "DE"), or null if none. */
function canonicalRegion(code: string): string | null {
  if (NOT_COUNTRIES.has(code) || !regionNames.of(code)) {
    return null
  }
  const [canonical] = Intl.getCanonicalLocales(`und-${code}`)
  return canonical!.slice(4)
}

const countryByName = new Map<string, string>(Object.entries(COUNTRY_ALIASES))
for (let first = 65; first <= 90; first += 1) {
  for (let second = 65; second <= 90; second += 1) {
    const code = String.fromCharCode(first, second)
    if (canonicalRegion(code) === code) {
      const name = simplify(regionNames.of(code)!)
      countryByName.set(name, code)
      // "Myanmar (Burma)" is also just "Myanmar".
      countryByName.set(name.replace(/\s*\(.*\)$/, ''), code)
    }
  }
}

/** ISO 3166-1 alpha-2 of a country name or code ("Germany", "de", "USA", "UK"), or null. */
export function countryCode(value: string | null | undefined): string | null {
  if (!value?.trim()) {
    return null
  }
  const trimmed = value.trim()
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    return canonicalRegion(trimmed.toUpperCase())
  }
  return countryByName.get(simplify(trimmed)) ?? null
}

const countryNames = new Map<string, string | null>()

/** The English name of a country code ("DE" → "Germany"). */
export function countryName(code: string): string | null {
  let name = countryNames.get(code)
  if (name === undefined) {
    name = NOT_COUNTRIES.has(code) ? null : (regionNames.of(code) ?? null)
    countryNames.set(code, name)
  }
  return name
}

const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
}

const CANADIAN_PROVINCES: Record<string, string> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
}

/** A state or province by its code or name, with its country. */
function subdivision(value: string): { name: string; countryCode: string } | null {
  const upper = value.trim().toUpperCase()
  for (const [table, code] of [
    [US_STATES, 'US'],
    [CANADIAN_PROVINCES, 'CA'],
  ] as const) {
    const name = Object.hasOwn(table, upper)
      ? table[upper]
      : Object.values(table).find((known) => known.toUpperCase() === upper)
    if (name) {
      return { name, countryCode: code }
    }
  }
  return null
}

/** Words that mean "no particular place". */
const NOWHERE = new Set(['anywhere', 'worldwide', 'global', 'remote', 'various', 'multiple'])

/** A place from separate fields, as Workable and SmartRecruiters give them. */
export function placeFromParts(parts: {
  city?: string | null
  region?: string | null
  country?: string | null
}): JobPlace | null {
  const city = parts.city?.trim() || null
  const regionText = parts.region?.trim() || null
  const state = regionText ? subdivision(regionText) : null
  const code = countryCode(parts.country) ?? state?.countryCode ?? null
  const known = city ? findCity(city, code) : undefined
  const countryOfPlace = code ?? known?.countryCode ?? null
  const knownRegion =
    known && (!regionText || regionText.toUpperCase() === known.regionCode) ? known.region : null
  const region =
    (state && state.countryCode === countryOfPlace ? state.name : null) ?? knownRegion ?? regionText
  const name = known?.name ?? city ?? region ?? (countryOfPlace && countryName(countryOfPlace))
  return name ? { name, region, countryCode: countryOfPlace } : null
}

function parseOnePlace(text: string): JobPlace | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (parts.length === 0 || NOWHERE.has(simplify(parts.join(' ')))) {
    return null
  }
  if (parts.length === 1) {
    const only = parts[0]!
    const city = findCity(only)
    if (city) {
      return { name: city.name, region: city.region, countryCode: city.countryCode }
    }
    const code = countryCode(only)
    if (code) {
      return { name: countryName(code)!, region: null, countryCode: code }
    }
    const state = subdivision(only)
    if (state && only.length > 2) {
      return { name: state.name, region: state.name, countryCode: state.countryCode }
    }
    return { name: only, region: null, countryCode: null }
  }
  const [first, second] = parts as [string, string]
  const last = parts.at(-1)!
  if (parts.length === 2) {
    // "Berlin, DE" is Germany, "Dover, DE" Delaware: a known city decides first.
    const city = findCity(first)
    if (city) {
      const upper = second.toUpperCase()
      if (
        upper === city.regionCode ||
        countryCode(second) === city.countryCode ||
        simplify(second) === simplify(city.region)
      ) {
        return { name: city.name, region: city.region, countryCode: city.countryCode }
      }
    }
    const state = subdivision(second)
    if (state) {
      return { name: first, region: state.name, countryCode: state.countryCode }
    }
    return placeFromParts({ city: first, country: second }) ?? null
  }
  return placeFromParts({ city: first, region: second, country: last })
}

const REMOTE_WORDS =
  /\b(fully remote|remote|anywhere( in the world)?|work from home|wfh|telecommute|virtual)\b/gi
const HYBRID_WORDS = /\bhybrid\b/gi

/**
 * The places in a feed's location text, and whether the text itself says remote or hybrid.
 * Several places may be joined by ";", "|", " or ", " / " ("San Francisco, CA or Remote").
 */
export function parseLocationText(text: string | null | undefined): {
  places: JobPlace[]
  remote: boolean
  hybrid: boolean
} {
  if (!text?.trim()) {
    return { places: [], remote: false, hybrid: false }
  }
  const remote = text.search(REMOTE_WORDS) >= 0
  const hybrid = text.search(HYBRID_WORDS) >= 0
  const places: JobPlace[] = []
  for (const piece of text.split(/;|\s\|\s|\s+or\s+|\s\/\s|\n/i)) {
    const cleaned = piece
      .replace(REMOTE_WORDS, ' ')
      .replace(HYBRID_WORDS, ' ')
      .replace(/[()[\]]/g, ',')
      .replace(/\s[-–—:]\s|^\s*[-–—:]|[-–—:]\s*$/g, ',')
      .replace(/\s+/g, ' ')
    const place = parseOnePlace(cleaned)
    if (place && !places.some((known) => samePlace(known, place))) {
      places.push(place)
    }
  }
  return { places, remote, hybrid }
}

function samePlace(a: JobPlace, b: JobPlace): boolean {
  return a.name === b.name && a.countryCode === b.countryCode
}

/** Adds `place` unless an equal one is there already. */
export function addPlace(places: JobPlace[], place: JobPlace | null): JobPlace[] {
  return place && !places.some((known) => samePlace(known, place)) ? [...places, place] : places
}

function placeLabel(place: JobPlace): string {
  const country = place.countryCode ? countryName(place.countryCode) : null
  return country && country !== place.name ? `${place.name}, ${country}` : place.name
}

/** "Berlin, Germany", "Berlin, Germany +2 more (hybrid)", "Remote (United States)", "Remote". */
export function locationLabel(
  places: JobPlace[],
  workLocation: WorkLocation | null,
): string | null {
  if (workLocation === 'REMOTE') {
    return places.length ? `Remote (${places.map(placeLabel).join(', ')})` : 'Remote'
  }
  if (places.length === 0) {
    return null
  }
  const more = places.length > 1 ? ` +${places.length - 1} more` : ''
  return `${placeLabel(places[0]!)}${more}${workLocation === 'HYBRID' ? ' (hybrid)' : ''}`
}
