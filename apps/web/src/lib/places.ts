import type { JobLocationFilter } from '@app/contracts'

/**
 * Places, one list for the whole app: the one place picker (`components/place-picker.tsx`)
 * that onboarding's job preferences and the jobs filters both use, so a place chosen in one
 * reads the same in the other. A place is a `JobLocationFilter`: a city in a country, or a whole
 * country (its English name, `isCountry`). Countries are ISO 3166-1 alpha-2 codes (plus XK,
 * the code job feeds use for Kosovo) named by the browser's Intl data, so no name list ships.
 */
const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR ' +
  'BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ ' +
  'EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW ' +
  'GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY ' +
  'KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV ' +
  'MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY ' +
  'QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG ' +
  'TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ' +
  'ZM ZW'
).split(' ')

/** A few large cities of common job-market countries: suggestions only, any city can be typed. */
const CITIES_BY_COUNTRY: Readonly<Record<string, readonly string[]>> = {
  AR: ['Buenos Aires', 'Córdoba'],
  AT: ['Vienna', 'Graz'],
  AU: ['Sydney', 'Melbourne', 'Brisbane'],
  BE: ['Brussels', 'Antwerp'],
  BR: ['São Paulo', 'Rio de Janeiro'],
  CA: ['Toronto', 'Vancouver', 'Montreal'],
  CH: ['Zurich', 'Geneva', 'Basel'],
  CL: ['Santiago'],
  CN: ['Shanghai', 'Beijing', 'Shenzhen'],
  CO: ['Bogotá', 'Medellín'],
  CZ: ['Prague', 'Brno'],
  DE: ['Berlin', 'Munich', 'Hamburg', 'Frankfurt'],
  DK: ['Copenhagen', 'Aarhus'],
  EE: ['Tallinn'],
  ES: ['Madrid', 'Barcelona', 'Valencia'],
  FI: ['Helsinki'],
  FR: ['Paris', 'Lyon', 'Toulouse'],
  GB: ['London', 'Manchester', 'Edinburgh'],
  GR: ['Athens'],
  HU: ['Budapest'],
  IE: ['Dublin', 'Cork'],
  IL: ['Tel Aviv'],
  IN: ['Bengaluru', 'Mumbai', 'Hyderabad'],
  IT: ['Milan', 'Rome', 'Turin'],
  JP: ['Tokyo', 'Osaka'],
  KR: ['Seoul'],
  MX: ['Mexico City', 'Guadalajara'],
  NL: ['Amsterdam', 'Rotterdam', 'Utrecht'],
  NO: ['Oslo'],
  NZ: ['Auckland', 'Wellington'],
  PL: ['Warsaw', 'Kraków', 'Wrocław'],
  PT: ['Lisbon', 'Porto'],
  RO: ['Bucharest', 'Cluj-Napoca'],
  SE: ['Stockholm', 'Gothenburg'],
  SG: ['Singapore'],
  TR: ['Istanbul'],
  UA: ['Kyiv'],
  US: ['New York', 'San Francisco', 'Seattle', 'Austin', 'Chicago', 'Boston'],
  ZA: ['Cape Town', 'Johannesburg'],
}

export type CountryOption = { code: string; name: string }

/**
 * Country names in English, the app's language (also the name a whole-country place keeps).
 * Made on first use: the first `Intl.DisplayNames` loads the browser's region names, ~60 ms
 * on a throttled phone, and the onboarding steps that import this module without naming a
 * country would pay it before their first paint (issue 21).
 */
let englishNames: Intl.DisplayNames | undefined

/** "Germany" for DE; the code itself when Intl does not know it. */
export function countryName(countryCode: string): string {
  try {
    englishNames ??= new Intl.DisplayNames(['en'], { type: 'region' })
    return englishNames.of(countryCode) ?? countryCode
  } catch {
    return countryCode
  }
}

/** Every country, named in `locale` (English by default) and sorted by name. */
export function listCountries(locale = 'en'): CountryOption[] {
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' })
  const collator = new Intl.Collator(locale)
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.name, b.name),
  )
}

/** The country a language tag names ("en-GB" → "GB"), if it is one of ours; else null. */
export function countryOfLocale(locale: string): string | null {
  try {
    const region = new Intl.Locale(locale).maximize().region
    return region && COUNTRY_CODES.includes(region) ? region : null
  } catch {
    return null
  }
}

export function suggestedCities(countryCode: string): readonly string[] {
  return CITIES_BY_COUNTRY[countryCode] ?? []
}

/**
 * A city of the country, or the whole country when no city is given. The whole country keeps
 * its English name whichever list it was picked from, so both pickers write the same value.
 */
export function placeFrom(country: { code: string }, city: string): JobLocationFilter {
  const cityName = city.trim().replace(/\s+/g, ' ')
  return cityName
    ? { name: cityName, isCountry: false, countryCode: country.code }
    : { name: countryName(country.code), isCountry: true, countryCode: country.code }
}

/** The same place, whatever the case of its name. */
export function samePlace(a: JobLocationFilter, b: JobLocationFilter): boolean {
  return (
    a.countryCode === b.countryCode &&
    a.isCountry === b.isCountry &&
    (a.isCountry || a.name.toLowerCase() === b.name.toLowerCase())
  )
}

/** A stable key of a place, for lists. */
export function placeKey(place: JobLocationFilter): string {
  return `${place.countryCode}:${place.isCountry ? '*' : place.name.toLowerCase()}`
}

/** How a place reads everywhere: "Berlin, Germany", or "France (anywhere)". */
export function placeLabel(place: JobLocationFilter): string {
  return place.isCountry
    ? `${countryName(place.countryCode)} (anywhere)`
    : `${place.name}, ${countryName(place.countryCode)}`
}

export type PlaceAdded = { ok: true; value: JobLocationFilter[] } | { ok: false; error: string }

/** Adds a place unless it is already there (then the list stays) or one too many. */
export function addPlace(
  places: readonly JobLocationFilter[],
  place: JobLocationFilter,
  max: number,
): PlaceAdded {
  if (places.some((other) => samePlace(other, place))) {
    return { ok: true, value: [...places] }
  }
  if (places.length >= max) {
    return { ok: false, error: `You can add up to ${max} places.` }
  }
  return { ok: true, value: [...places, place] }
}

/** What is typed in the picker and not added yet: a country, and a city or nothing. */
export type PlaceDraft = { countryCode: string; city: string }

/** The places with the draft added: "Choose a country first." without a country. */
export function addDraft(
  places: readonly JobLocationFilter[],
  draft: PlaceDraft,
  max: number,
): PlaceAdded {
  if (!COUNTRY_CODES.includes(draft.countryCode)) {
    return { ok: false, error: 'Choose a country first.' }
  }
  return addPlace(places, placeFrom({ code: draft.countryCode }, draft.city), max)
}
