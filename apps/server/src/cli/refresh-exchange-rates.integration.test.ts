import { createServer, type Server } from 'node:http'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CURRENCY_CODES } from '@app/contracts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { findFreePort } from '../../../../test/free-port.ts'
import { type CliRun, runCli } from '../../../../test/run-cli.ts'

/**
 * `npm run rates:refresh`, the real CLI in a child process, against a local stand-in for the
 * European Central Bank serving its daily reference rates XML (and the bad answers a network
 * can give). It writes to a scratch file (`--out`), never the repository's table.
 */
const CLI = fileURLToPath(new URL('./refresh-exchange-rates.ts', import.meta.url))

/** The ECB's published rates of one day, in its own format (`eurofxref-daily.xml`). */
const ECB_RATES: Record<string, string> = {
  USD: '1.1550',
  JPY: '181.24',
  BGN: '1.9558',
  CZK: '24.196',
  DKK: '7.4695',
  GBP: '0.88110',
  HUF: '384.63',
  PLN: '4.2423',
  RON: '5.0881',
  SEK: '10.9855',
  CHF: '0.9317',
  ISK: '147.20',
  NOK: '11.7665',
  TRY: '49.0271',
  AUD: '1.7845',
  BRL: '6.1672',
  CAD: '1.6268',
  CNY: '8.2041',
  HKD: '8.9921',
  IDR: '19284.62',
  ILS: '3.7789',
  INR: '102.5900',
  KRW: '1694.08',
  MXN: '21.2263',
  MYR: '4.7979',
  NZD: '2.0624',
  PHP: '68.042',
  SGD: '1.5068',
  THB: '37.431',
  ZAR: '19.9627',
}

function ecbXml(rates: Record<string, string>, date = '2026-11-24'): string {
  const cubes = Object.entries(rates)
    .map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`)
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='${date}'>
${cubes}
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>
`
}

/** What the stand-in answers, by path. */
const ANSWERS: Record<string, { status: number; type: string; body: string }> = {
  '/daily.xml': { status: 200, type: 'text/xml', body: ecbXml(ECB_RATES) },
  '/down.xml': { status: 503, type: 'text/plain', body: 'Service Unavailable' },
  '/html.xml': { status: 200, type: 'text/html', body: '<html><body>Maintenance</body></html>' },
  '/no-rupee.xml': {
    status: 200,
    type: 'text/xml',
    body: ecbXml(Object.fromEntries(Object.entries(ECB_RATES).filter(([code]) => code !== 'INR'))),
  },
  '/bad-rate.xml': { status: 200, type: 'text/xml', body: ecbXml({ ...ECB_RATES, GBP: 'n/a' }) },
  '/no-date.xml': {
    status: 200,
    type: 'text/xml',
    body: ecbXml(ECB_RATES).replace("time='2026-11-24'", "time='yesterday'"),
  },
}

let server: Server
let baseUrl: string
let dir: string
let out: string

const PREVIOUS = '{"previous": "table"}\n'

beforeAll(async () => {
  const port = await findFreePort()
  server = createServer((request, response) => {
    const answer = ANSWERS[request.url ?? ''] ?? { status: 404, type: 'text/plain', body: '' }
    response.writeHead(answer.status, { 'content-type': answer.type })
    response.end(answer.body)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${port}`
  dir = await mkdtemp(path.join(tmpdir(), 'rates-refresh-'))
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await rm(dir, { recursive: true, force: true })
})

beforeEach(async () => {
  out = path.join(dir, 'exchange-rates.json')
  await writeFile(out, PREVIOUS)
})

/** Runs the CLI with `EXCHANGE_RATES_URL` at a path of the stand-in (or any URL). */
function refresh(urlPath: string): Promise<CliRun> {
  const url = urlPath.startsWith('http') ? urlPath : `${baseUrl}${urlPath}`
  return runCli(CLI, ['--out', out], {
    env: { ...process.env, EXCHANGE_RATES_URL: url, LOG_LEVEL: 'silent' },
  })
}

describe('npm run rates:refresh', () => {
  it("rewrites the table from the ECB's XML: its date, every currency the product reads", async () => {
    const run = await refresh('/daily.xml')
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toContain('Exchange rates of 2026-11-24 written')
    const table = JSON.parse(await readFile(out, 'utf8')) as {
      date: string
      base: string
      source: string
      rates: Record<string, number>
    }
    expect(table.date).toBe('2026-11-24')
    expect(table.base).toBe('EUR')
    expect(table.source).toContain(`${baseUrl}/daily.xml`)
    expect(Object.keys(table.rates).sort()).toEqual([...CURRENCY_CODES].sort())
    expect(table.rates).toMatchObject({ EUR: 1, USD: 1.155, INR: 102.59, GBP: 0.8811 })
    // The dirham, which the ECB does not publish, from its peg to the dollar.
    expect(table.rates.AED).toBeCloseTo(1.155 * 3.6725, 4)
  })

  it.each([
    ['an error status', '/down.xml', /answered 503/],
    ['a page that is not the XML', '/html.xml', /not the ECB reference rates XML/],
    ['a currency missing', '/no-rupee.xml', /no rate for INR/],
    ['a rate that is no number', '/bad-rate.xml', /rate of GBP is not a positive number/],
    ['no date', '/no-date.xml', /no valid date/],
  ])('refuses %s with a clear message and leaves the file as it was', async (_, urlPath, why) => {
    const run = await refresh(urlPath)
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(why)
    expect(run.stderr).toContain('The rates file is unchanged')
    expect(await readFile(out, 'utf8')).toBe(PREVIOUS)
  })

  it('says so when nothing answers', async () => {
    const port = await findFreePort()
    const run = await refresh(`http://127.0.0.1:${port}/daily.xml`)
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/Could not fetch http:\/\/127\.0\.0\.1:\d+\/daily\.xml/)
    expect(await readFile(out, 'utf8')).toBe(PREVIOUS)
  })
})
