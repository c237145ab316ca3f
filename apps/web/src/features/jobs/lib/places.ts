import { countryName } from './job-formatting'

/**
 * The places the location filter suggests: common job-market countries and a few of their large
 * cities. A suggestion list only: any city can be typed, and a link may name any country.
 */
const CITIES_BY_COUNTRY: Record<string, readonly string[]> = {
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

type CountryOption = { code: string; name: string }

/** Every suggested country, by name. */
export const COUNTRY_OPTIONS: readonly CountryOption[] = Object.keys(CITIES_BY_COUNTRY)
  .map((code) => ({ code, name: countryName(code) }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'))

export function suggestedCities(countryCode: string): readonly string[] {
  return CITIES_BY_COUNTRY[countryCode] ?? []
}
