/**
 * `npm run rates:refresh [-- --out <file>]`: fetches the European Central Bank's daily euro
 * reference rates (`EXCHANGE_RATES_URL`), checks that they cover every currency the product
 * reads, and rewrites `apps/server/src/modules/jobs/search/exchange-rates.json`, the table match
 * scores convert salaries with (ADR 0015), or the file `--out` names. Commit the file it writes;
 * a running server reads it at its next start. Exits 1 with the reason on stderr when the answer
 * is not usable (the file is then left as it was), 2 on wrong usage.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { loadConfig } from '../platform/config.ts'
import { ExchangeRatesError, refreshExchangeRates } from '../modules/jobs/index.ts'

let out: string | undefined
try {
  ;({
    values: { out },
  } = parseArgs({ args: process.argv.slice(2), options: { out: { type: 'string' } } }))
} catch (error) {
  console.error(`${(error as Error).message}\nUsage: npm run rates:refresh [-- --out <file>]`)
  process.exit(2)
}

try {
  const config = loadConfig()
  const rates = await refreshExchangeRates({
    url: config.EXCHANGE_RATES_URL,
    file: out ? pathToFileURL(path.resolve(out)) : undefined,
  })
  console.log(
    `Exchange rates of ${rates.date} written (${Object.keys(rates.rates).length} currencies; 1 EUR = ${rates.rates.USD} USD)`,
  )
} catch (error) {
  if (!(error instanceof ExchangeRatesError)) throw error
  console.error(`rates:refresh failed: ${error.message}. The rates file is unchanged.`)
  process.exitCode = 1
}
