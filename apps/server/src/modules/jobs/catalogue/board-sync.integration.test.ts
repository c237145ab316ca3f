import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../../../../test/database.ts'
import { JOB_QUEUE_SCHEMA, type JobQueue, startJobQueue } from '../../../platform/job-queue.ts'
import { JOB_BOARD_SYNC_QUEUE, jobBoardSync, syncBoard } from './board-sync.ts'
import { FeedFetchError } from './fetch-feed.ts'
import type { JobBoard } from '../../../platform/job-boards.ts'

const logger = pino({ level: 'silent' })

function fixture(name: string): string {
  return readFileSync(new URL(`./sources/fixtures/${name}`, import.meta.url), 'utf8')
}

const smartRecruiters = JSON.parse(fixture('smartrecruiters-tidewatersystems.json')) as {
  content: Array<{ id: string; jobAd?: unknown }>
}

/**
 * Greenhouse's and SmartRecruiters' public APIs for one board each, on a local port: the
 * SmartRecruiters list without descriptions, each posting's detail with its `jobAd`.
 */
function fakeJobBoards(): Server {
  const routes = new Map<string, string>([
    [
      '/v1/boards/northwindrobotics/jobs?content=true',
      fixture('greenhouse-northwindrobotics.json'),
    ],
    ['/v1/boards/northwindrobotics', JSON.stringify({ name: 'Northwind Robotics', content: '' })],
    [
      '/v1/companies/TidewaterSystems/postings?limit=100&offset=0',
      JSON.stringify({
        offset: 0,
        limit: 100,
        totalFound: smartRecruiters.content.length,
        content: smartRecruiters.content.map(({ jobAd: _jobAd, ...listed }) => listed),
      }),
    ],
    ...smartRecruiters.content.map(
      (posting) =>
        [`/v1/companies/TidewaterSystems/postings/${posting.id}`, JSON.stringify(posting)] as const,
    ),
  ])
  return createServer((request, response) => {
    if (request.url === '/slow') {
      return // never answers
    }
    const body = routes.get(request.url ?? '')
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' })
    response.end(body ?? '{"message":"not found"}')
  })
}

describe('syncing job boards over HTTP', () => {
  let server: Server
  let baseUrl: string
  let database: TestDatabase
  const queues: JobQueue[] = []

  beforeAll(async () => {
    server = fakeJobBoards()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  beforeEach(async () => {
    database = await createTestDatabase()
  })
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()))
    await database.drop()
  })

  const fetchOptions = () => ({
    baseUrls: { greenhouse: baseUrl, smartrecruiters: baseUrl, lever: baseUrl },
    timeoutMs: 2_000,
  })
  const greenhouse: JobBoard = { source: 'greenhouse', board: 'northwindrobotics' }
  const tidewater: JobBoard = { source: 'smartrecruiters', board: 'TidewaterSystems' }

  it("fetches a Greenhouse board with the company's name from the board itself", async () => {
    const counts = await syncBoard(database.pool, greenhouse, { fetch: fetchOptions() })
    expect(counts).toMatchObject({ added: 3, updated: 0, unchanged: 0, expired: 0 })
    const { rows } = await database.pool.query(
      `select distinct company_name from public.jobs where source = 'greenhouse'`,
    )
    expect(rows).toEqual([{ company_name: 'Northwind Robotics' }])
  })

  it("merges each SmartRecruiters posting's detail into the list", async () => {
    const counts = await syncBoard(database.pool, tidewater, { fetch: fetchOptions() })
    expect(counts).toMatchObject({ added: 3, expired: 0 })
    const { rows } = await database.pool.query<{ source_id: string; has_text: boolean }>(
      `select source_id, description <> '' as has_text from public.jobs order by source_id`,
    )
    expect(rows).toEqual([
      { source_id: '744000012345678', has_text: true },
      { source_id: '744000012345679', has_text: true },
      { source_id: '744000012345680', has_text: false },
    ])
  })

  it('names the board and the status when a host refuses, and times out a silent one', async () => {
    await expect(
      syncBoard(database.pool, { source: 'lever', board: 'nobody' }, { fetch: fetchOptions() }),
    ).rejects.toThrow(
      new FeedFetchError(`lever:nobody: ${baseUrl}/v0/postings/nobody?mode=json answered HTTP 404`),
    )
    await expect(
      syncBoard(
        database.pool,
        { source: 'jsonld', board: `${baseUrl}/slow` },
        { fetch: { timeoutMs: 300 } },
      ),
    ).rejects.toThrow(/jsonld:.*\/slow timed out/)
  })

  it('syncs the configured boards through the job queue, once per period however often it starts', async () => {
    const feature = () =>
      jobBoardSync({
        db: database.pool,
        logger,
        boards: [greenhouse, tidewater],
        // The longest period pg-boss throttles over: a new one starts twice a day.
        intervalMs: 12 * 60 * 60 * 1000,
        fetch: fetchOptions(),
      })
    const start = async () => {
      const queue = await startJobQueue({
        db: database.pool,
        logger,
        features: [feature()],
        pollingIntervalSeconds: 0.5,
        stopTimeoutMs: 5_000,
      })
      queues.push(queue)
      return queue
    }
    const syncJobs = async () =>
      (
        await database.pool.query<{ state: string }>(
          `select state from ${JOB_QUEUE_SCHEMA}.job where name = $1`,
          [JOB_BOARD_SYNC_QUEUE],
        )
      ).rows.map((row) => row.state)

    const first = await start()
    const deadline = Date.now() + 20_000
    while ((await syncJobs()).filter((state) => state === 'completed').length < 2) {
      if (Date.now() > deadline) {
        throw new Error(`sync jobs did not complete: ${(await syncJobs()).join(', ')}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const { rows } = await database.pool.query(
      `select source, count(*)::int as jobs from public.jobs where expired_at is null
       group by source order by source`,
    )
    expect(rows).toEqual([
      { source: 'greenhouse', jobs: 3 },
      { source: 'smartrecruiters', jobs: 3 },
    ])

    // A restart within the period schedules nothing new.
    await first.stop()
    queues.splice(queues.indexOf(first), 1)
    await start()
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(await syncJobs()).toEqual(['completed', 'completed'])
  })
})
