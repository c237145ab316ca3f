import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { SignJWT } from 'jose'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../test/test-app.ts'
import { buildMarketingServer } from '../../src/modules/marketing/index.ts'
import { insertJobs } from '../swipe-support.ts'
import { type FuzzContext, type FuzzRequest, rawRequests, requestFor } from './arbitraries.ts'
import { formatReport, type FuzzOutcome, fuzzAll, summarise } from './fuzz-driver.ts'
import { parseRouteTree, type RoutePattern } from './route-table.ts'

/**
 * The fuzz suite (issue 12, item 7): malformed requests generated for every route of the real
 * app (read from its route tree) and of the marketing site, sent over HTTP to the real server
 * on a real database. No answer may be a 5xx, and every 4xx must carry a stable code.
 *
 * `npm test` runs a short pass (FUZZ_REQUESTS, default 400); `npm run fuzz` a long one (20,000).
 * FUZZ_SEED replays a run; the report prints the seed, totals, a table by route and each
 * failure with the request that caused it.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 400)
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31)
const CONCURRENCY = 8
/** Each batch runs with a fresh user: a batch may delete its account or end its session. */
const BATCH = 250
const PASSWORD = 'correct-horse-battery-staple'

/**
 * Routes that reach the database with the caller's own text (users' data, files, the product
 * API) get more of the requests; every route gets some.
 */
function weightOf(route: RoutePattern): number {
  if (route.path.startsWith('/rest/v1/')) {
    return 6
  }
  if (route.path.startsWith('/storage/v1/object') || route.path.startsWith('/api/')) {
    return 2
  }
  return 1
}

describe('fuzzing every route', () => {
  let testApp: TestApp
  let marketing: FastifyInstance
  let marketingUrl: string
  let distDir: string
  let jobIds: string[]

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'fuzz-dist-'))
    await mkdir(path.join(distDir, 'assets'))
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>app</title>')
    await writeFile(path.join(distDir, '404.html'), '<!doctype html><title>missing</title>')
    await writeFile(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)')
    testApp = await startTestApp({
      webDistDir: distDir,
      // Rate limits answer 429 with a code; off, the fuzz reaches deeper into each route.
      env: { API_RATE_LIMITS: 'false' },
    })
    marketing = await buildMarketingServer({
      distDir,
      appUrl: testApp.baseUrl,
      logger: pino({ level: 'silent' }),
    })
    marketingUrl = await marketing.listen({ host: '127.0.0.1', port: 0 })
    jobIds = await insertJobs(testApp.database.pool, 20)
  })

  afterAll(async () => {
    await marketing?.close()
    await testApp?.close()
    await rm(distDir, { recursive: true, force: true })
  })

  /** A fresh user with a session, and the tokens the fuzz sends. */
  async function freshContext(): Promise<FuzzContext> {
    const email = `fuzz-${randomUUID().slice(0, 8)}@example.com`
    const { data, error } = await testApp.client().auth.signUp({ email, password: PASSWORD })
    if (error || !data.session || !data.user) {
      throw new Error(`could not sign up ${email}: ${error?.message ?? 'no session'}`)
    }
    const userId = data.user.id
    const accessToken = data.session.access_token
    const expiredToken = await new SignJWT({
      sub: userId,
      role: 'authenticated',
      aal: 'aal1',
      session_id: randomUUID(),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(testApp.jwtSecret))
    return {
      userId,
      email,
      jobIds,
      userToken: () => accessToken,
      anonKey: testApp.anonKey,
      serviceRoleKey: testApp.serviceRoleKey,
      expiredToken,
    }
  }

  it(
    `answers ${REQUESTS} malformed requests with no 5xx and a code on every 4xx`,
    { timeout: 60_000 + REQUESTS * 100 },
    async () => {
      const appRoutes: RoutePattern[] = [
        ...parseRouteTree(testApp.app.printRoutes()),
        // The web app's fallback: any other path.
        { method: 'GET', path: '/*' },
        { method: 'POST', path: '/*' },
      ]
      const marketingRoutes: RoutePattern[] = [
        ...parseRouteTree(marketing.printRoutes()),
        { method: 'GET', path: '/*' },
      ]
      expect(appRoutes.length).toBeGreaterThan(60)

      const outcomes: FuzzOutcome[] = []
      for (let start = 0, batch = 0; start < REQUESTS; start += BATCH, batch++) {
        const size = Math.min(BATCH, REQUESTS - start)
        const context = await freshContext()
        const appRequest = fc
          .oneof(
            ...appRoutes.map((route) => ({
              weight: weightOf(route),
              arbitrary: fc.constant(route),
            })),
          )
          .chain((route) => requestFor(route, context))
        const marketingRequest = fc
          .constantFrom(...marketingRoutes)
          .chain((route) => requestFor(route, context))
          .map((request) => ({ ...request, route: `marketing ${request.route}`, marketing: true }))
        const requests = fc.sample(
          fc.oneof(
            {
              weight: 92,
              arbitrary: appRequest.map((request) => ({ ...request, marketing: false })),
            },
            { weight: 5, arbitrary: marketingRequest },
            {
              weight: 3,
              arbitrary: rawRequests.map((request) => ({ ...request, marketing: false })),
            },
          ),
          { numRuns: size, seed: SEED + batch },
        )
        const forApp: FuzzRequest[] = requests.filter((request) => !request.marketing)
        const forMarketing: FuzzRequest[] = requests.filter((request) => request.marketing)
        outcomes.push(
          ...(await fuzzAll(testApp.baseUrl, forApp, CONCURRENCY)),
          ...(await fuzzAll(marketingUrl, forMarketing, CONCURRENCY)),
        )
      }

      const report = summarise(outcomes)
      console.log(formatReport(report, SEED))
      expect(report.requests).toBe(REQUESTS)
      expect(
        report.failures.map(
          (failure) =>
            `${failure.verdict} ${failure.status} ${failure.request.method} ${failure.request.target.slice(0, 120)}`,
        ),
      ).toEqual([])
    },
  )
})
