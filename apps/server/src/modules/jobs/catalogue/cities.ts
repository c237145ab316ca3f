/**
 * Real cities the catalogue knows by name: the places of the demo catalogue, and the cities a
 * feed may name without a country ("London", "Berlin, DE"). Region is the state, province or
 * equivalent; countryCode is ISO 3166-1 alpha-2.
 */
export type City = {
  name: string
  region: string
  countryCode: string
  /** Other spellings feeds use ("NYC", "München", "Bangalore"). */
  aliases?: string[]
  /** Postal abbreviation of the region, where feeds write one ("CA", "ON"). */
  regionCode?: string
}

export const CITIES: readonly City[] = [
  {
    name: 'New York',
    region: 'New York',
    regionCode: 'NY',
    countryCode: 'US',
    aliases: ['NYC', 'New York City'],
  },
  {
    name: 'San Francisco',
    region: 'California',
    regionCode: 'CA',
    countryCode: 'US',
    aliases: ['SF', 'San Francisco Bay Area'],
  },
  {
    name: 'Los Angeles',
    region: 'California',
    regionCode: 'CA',
    countryCode: 'US',
    aliases: ['LA'],
  },
  { name: 'Seattle', region: 'Washington', regionCode: 'WA', countryCode: 'US' },
  { name: 'Austin', region: 'Texas', regionCode: 'TX', countryCode: 'US' },
  { name: 'Dallas', region: 'Texas', regionCode: 'TX', countryCode: 'US' },
  { name: 'Houston', region: 'Texas', regionCode: 'TX', countryCode: 'US' },
  { name: 'Chicago', region: 'Illinois', regionCode: 'IL', countryCode: 'US' },
  { name: 'Boston', region: 'Massachusetts', regionCode: 'MA', countryCode: 'US' },
  { name: 'Denver', region: 'Colorado', regionCode: 'CO', countryCode: 'US' },
  { name: 'Atlanta', region: 'Georgia', regionCode: 'GA', countryCode: 'US' },
  { name: 'Miami', region: 'Florida', regionCode: 'FL', countryCode: 'US' },
  {
    name: 'Washington',
    region: 'District of Columbia',
    regionCode: 'DC',
    countryCode: 'US',
    aliases: ['Washington DC', 'Washington D.C.'],
  },
  { name: 'Philadelphia', region: 'Pennsylvania', regionCode: 'PA', countryCode: 'US' },
  { name: 'Phoenix', region: 'Arizona', regionCode: 'AZ', countryCode: 'US' },
  { name: 'Minneapolis', region: 'Minnesota', regionCode: 'MN', countryCode: 'US' },
  { name: 'Portland', region: 'Oregon', regionCode: 'OR', countryCode: 'US' },
  { name: 'Raleigh', region: 'North Carolina', regionCode: 'NC', countryCode: 'US' },
  { name: 'Toronto', region: 'Ontario', regionCode: 'ON', countryCode: 'CA' },
  { name: 'Vancouver', region: 'British Columbia', regionCode: 'BC', countryCode: 'CA' },
  {
    name: 'Montreal',
    region: 'Quebec',
    regionCode: 'QC',
    countryCode: 'CA',
    aliases: ['Montréal'],
  },
  { name: 'Calgary', region: 'Alberta', regionCode: 'AB', countryCode: 'CA' },
  { name: 'London', region: 'England', countryCode: 'GB' },
  { name: 'Manchester', region: 'England', countryCode: 'GB' },
  { name: 'Bristol', region: 'England', countryCode: 'GB' },
  { name: 'Edinburgh', region: 'Scotland', countryCode: 'GB' },
  { name: 'Dublin', region: 'Leinster', countryCode: 'IE' },
  { name: 'Berlin', region: 'Berlin', countryCode: 'DE' },
  { name: 'Munich', region: 'Bavaria', countryCode: 'DE', aliases: ['München', 'Muenchen'] },
  { name: 'Hamburg', region: 'Hamburg', countryCode: 'DE' },
  { name: 'Frankfurt', region: 'Hesse', countryCode: 'DE', aliases: ['Frankfurt am Main'] },
  { name: 'Cologne', region: 'North Rhine-Westphalia', countryCode: 'DE', aliases: ['Köln'] },
  { name: 'Paris', region: 'Île-de-France', countryCode: 'FR' },
  { name: 'Lyon', region: 'Auvergne-Rhône-Alpes', countryCode: 'FR' },
  { name: 'Amsterdam', region: 'North Holland', countryCode: 'NL' },
  { name: 'Rotterdam', region: 'South Holland', countryCode: 'NL' },
  { name: 'Madrid', region: 'Community of Madrid', countryCode: 'ES' },
  { name: 'Barcelona', region: 'Catalonia', countryCode: 'ES' },
  { name: 'Milan', region: 'Lombardy', countryCode: 'IT', aliases: ['Milano'] },
  { name: 'Rome', region: 'Lazio', countryCode: 'IT', aliases: ['Roma'] },
  { name: 'Lisbon', region: 'Lisbon', countryCode: 'PT', aliases: ['Lisboa'] },
  { name: 'Porto', region: 'Porto', countryCode: 'PT' },
  { name: 'Zurich', region: 'Zurich', countryCode: 'CH', aliases: ['Zürich'] },
  { name: 'Geneva', region: 'Geneva', countryCode: 'CH', aliases: ['Genève'] },
  { name: 'Vienna', region: 'Vienna', countryCode: 'AT', aliases: ['Wien'] },
  { name: 'Brussels', region: 'Brussels-Capital', countryCode: 'BE', aliases: ['Bruxelles'] },
  { name: 'Stockholm', region: 'Stockholm County', countryCode: 'SE' },
  { name: 'Copenhagen', region: 'Capital Region', countryCode: 'DK', aliases: ['København'] },
  { name: 'Oslo', region: 'Oslo', countryCode: 'NO' },
  { name: 'Helsinki', region: 'Uusimaa', countryCode: 'FI' },
  { name: 'Warsaw', region: 'Masovia', countryCode: 'PL', aliases: ['Warszawa'] },
  { name: 'Krakow', region: 'Lesser Poland', countryCode: 'PL', aliases: ['Kraków'] },
  { name: 'Prague', region: 'Prague', countryCode: 'CZ', aliases: ['Praha'] },
  { name: 'Bengaluru', region: 'Karnataka', countryCode: 'IN', aliases: ['Bangalore'] },
  { name: 'Mumbai', region: 'Maharashtra', countryCode: 'IN' },
  { name: 'Hyderabad', region: 'Telangana', countryCode: 'IN' },
  { name: 'Singapore', region: 'Singapore', countryCode: 'SG' },
  { name: 'Tokyo', region: 'Tokyo', countryCode: 'JP' },
  { name: 'Sydney', region: 'New South Wales', regionCode: 'NSW', countryCode: 'AU' },
  { name: 'Melbourne', region: 'Victoria', regionCode: 'VIC', countryCode: 'AU' },
  { name: 'Auckland', region: 'Auckland', countryCode: 'NZ' },
  { name: 'São Paulo', region: 'São Paulo', countryCode: 'BR', aliases: ['Sao Paulo'] },
  {
    name: 'Mexico City',
    region: 'Mexico City',
    countryCode: 'MX',
    aliases: ['Ciudad de México', 'CDMX'],
  },
  { name: 'Cape Town', region: 'Western Cape', countryCode: 'ZA' },
  { name: 'Dubai', region: 'Dubai', countryCode: 'AE' },
  { name: 'Tel Aviv', region: 'Tel Aviv District', countryCode: 'IL', aliases: ['Tel Aviv-Yafo'] },
]

const byName = new Map<string, City[]>()
for (const city of CITIES) {
  for (const name of [city.name, ...(city.aliases ?? [])]) {
    const key = name.toLowerCase()
    byName.set(key, [...(byName.get(key) ?? []), city])
  }
}

/** The known city of that name (in that country, when one is given). */
export function findCity(name: string, countryCode?: string | null): City | undefined {
  const cities = byName.get(name.trim().toLowerCase()) ?? []
  return countryCode ? cities.find((city) => city.countryCode === countryCode) : cities[0]
}
