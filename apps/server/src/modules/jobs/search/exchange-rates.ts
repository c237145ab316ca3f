/**
 * Currency conversion for the match score: a small dated table of euro reference rates kept in
 * the repository (`exchange-rates.json`: `{date, base: "EUR", source, rates}`, one rate per code
 * of `CURRENCY_CODES`, units of the currency per euro), read once per process, and the parser
 * `npm run rates:refresh` rewrites it with (the European Central Bank's daily reference rates
 * XML). ADR 0015.
 *
 * Salaries are compared approximately ("about €26k"): a table a few weeks old is good enough to
 * tell a rupee salary from a euro one, and keeps a search free of network calls.
 */
import { readFileSync } from 'node:fs'
import { rename, writeFile } from 'node:fs/promises'
import { CURRENCY_CODES } from '@app/contracts'
import { z } from 'zod'

/** The rates file beside this module. */
export const EXCHANGE_RATES_FILE = new URL('./exchange-rates.json', import.meta.url)

const Rate = z.number().positive().finite()

export const ExchangeRatesSchema = z.object({
  /** The day the rates were published (YYYY-MM-DD). */
  date: z.iso.date(),
  base: z.literal('EUR'),
  source: z.string().min(1),
  /** Units of each currency for one euro; EUR itself is 1. */
  rates: z.record(z.string().regex(/^[A-Z]{3}$/), Rate),
})
export type ExchangeRates = z.infer<typeof ExchangeRatesSchema>

/**
 * Currencies the ECB does not publish, derived from one it does: the UAE dirham is pegged to the
 * US dollar at 3.6725 since 1997.
 */
const PEGGED: Record<string, { to: string; rate: number }> = {
  AED: { to: 'USD', rate: 3.6725 },
}

let loaded: ExchangeRates | undefined

/** The repository's rates table, read on first use. */
export function exchangeRates(): ExchangeRates {
  loaded ??= ExchangeRatesSchema.parse(JSON.parse(readFileSync(EXCHANGE_RATES_FILE, 'utf8')))
  return loaded
}

/**
 * `amount` of `from` in `to`, or null when either currency is not in the table (the caller then
 * knows nothing to compare).
 */
export function convertAmount(
  amount: number,
  from: string,
  to: string,
  rates: ExchangeRates = exchangeRates(),
): number | null {
  if (from === to) return amount
  const fromRate = rates.rates[from]
  const toRate = rates.rates[to]
  if (fromRate === undefined || toRate === undefined) return null
  return (amount / fromRate) * toRate
}

/** A rejected rates answer: the message says what was wrong; the file is left as it was. */
export class ExchangeRatesError extends Error {}

/**
 * The ECB's daily reference rates XML (`eurofxref-daily.xml`) as a rates table for every code
 * of `CURRENCY_CODES`: `<Cube time='YYYY-MM-DD'>` holding `<Cube currency='USD' rate='1.1550'/>`
 * entries. Throws `ExchangeRatesError` when the answer is not that, or lacks a currency.
 */
export function ratesFromEcbXml(xml: string, source: string): ExchangeRates {
  if (!/<(?:\w+:)?Envelope\b/.test(xml) || !/<Cube\b/.test(xml)) {
    throw new ExchangeRatesError('The answer is not the ECB reference rates XML (no Cube element)')
  }
  const date = /<Cube\s+time\s*=\s*['"](\d{4}-\d{2}-\d{2})['"]/.exec(xml)?.[1]
  if (!date || !z.iso.date().safeParse(date).success) {
    throw new ExchangeRatesError('The rates XML names no valid date (<Cube time="YYYY-MM-DD">)')
  }
  const rates: Record<string, number> = { EUR: 1 }
  const entry = /<Cube\s+currency\s*=\s*['"]([A-Z]{3})['"]\s+rate\s*=\s*['"]([^'"]*)['"]/g
  for (const [, currency, text] of xml.matchAll(entry)) {
    const rate = Number(text)
    if (!Rate.safeParse(rate).success) {
      throw new ExchangeRatesError(`The rate of ${currency} is not a positive number: "${text}"`)
    }
    rates[currency!] = rate
  }
  for (const [currency, peg] of Object.entries(PEGGED)) {
    const base = rates[peg.to]
    if (rates[currency] === undefined && base !== undefined) {
      rates[currency] = Number((base * peg.rate).toFixed(4))
    }
  }
  const missing = CURRENCY_CODES.filter((code) => rates[code] === undefined)
  if (missing.length) {
    throw new ExchangeRatesError(`The rates XML has no rate for ${missing.join(', ')}`)
  }
  const kept = Object.fromEntries(
    CURRENCY_CODES.map((code) => [code, rates[code]!] as const).sort(([a], [b]) =>
      a.localeCompare(b),
    ),
  )
  return {
    date,
    base: 'EUR',
    source: `${source} (AED from the USD peg of 3.6725)`,
    rates: kept,
  }
}

/**
 * Fetches the ECB's XML from `url`, checks it, and rewrites `file` (a temporary file renamed
 * over it, so a reader never sees half a table). Throws `ExchangeRatesError` on a bad answer,
 * leaving `file` untouched.
 */
export async function refreshExchangeRates(options: {
  url: string
  file?: URL
  timeoutMs?: number
}): Promise<ExchangeRates> {
  const file = options.file ?? EXCHANGE_RATES_FILE
  let response: Response
  try {
    response = await fetch(options.url, {
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      headers: { accept: 'application/xml, text/xml' },
    })
  } catch (error) {
    throw new ExchangeRatesError(
      `Could not fetch ${options.url}: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  if (!response.ok) {
    throw new ExchangeRatesError(`${options.url} answered ${response.status}`)
  }
  const rates = ratesFromEcbXml(
    await response.text(),
    `European Central Bank euro foreign exchange reference rates (${options.url})`,
  )
  const temporary = new URL(`${file.href}.${process.pid}.tmp`)
  await writeFile(temporary, `${JSON.stringify(rates, null, 2)}\n`)
  await rename(temporary, file)
  return rates
}
