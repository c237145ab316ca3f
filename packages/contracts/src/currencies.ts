/**
 * The currencies the product reads in job postings and offers for a salary wish (ISO 4217).
 * One list for the catalogue's salary reader and the onboarding salary step.
 */
export const CURRENCY_CODES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'INR',
  'JPY',
  'SGD',
  'HKD',
  'ZAR',
  'BRL',
  'MXN',
  'AED',
  'ILS',
] as const

export type CurrencyCode = (typeof CURRENCY_CODES)[number]

export function isCurrencyCode(value: string): value is CurrencyCode {
  return (CURRENCY_CODES as readonly string[]).includes(value)
}
