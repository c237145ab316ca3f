/**
 * The countries of the app's one list (`@/lib/places`, shared with the place picker): named in
 * the reader's language, and the country a language tag names (the salary's default currency).
 */
export { type CountryOption, countryOfLocale, listCountries } from '@/lib/places'
