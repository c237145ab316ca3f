import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import pino from 'pino'
import { readConfig } from '../apps/server/src/platform/config.ts'
import { buildApp } from '../apps/server/src/http/app.ts'
import { startBackgroundJobs } from '../apps/server/src/jobs/background-jobs.ts'
import type { JobQueue } from '../apps/server/src/platform/job-queue.ts'
import { type AuthSettings, authSettingsFromConfig } from '../apps/server/src/modules/auth/index.ts'
import { devMailboxEnabled } from '../apps/server/src/modules/email/index.ts'
import { textGeneratorFromConfig } from '../apps/server/src/modules/cover-letters/index.ts'
import { referralSettingsFromConfig } from '../apps/server/src/modules/referrals/index.ts'
import { billingSettingsFromConfig } from '../apps/server/src/modules/billing/index.ts'
import { inboundEmailSettingsFromConfig } from '../apps/server/src/modules/inbound-email/index.ts'
import { restSettingsFromConfig } from '../apps/server/src/modules/rest/index.ts'
import {
  type ByteStore,
  byteStoreFromConfig,
  storageSettingsFromConfig,
} from '../apps/server/src/modules/storage/index.ts'
import { signApiKey } from '../apps/server/src/platform/keys/install-secrets.ts'
import { type JwtKeys, loadJwtKeys } from '../apps/server/src/platform/keys/signing-keys.ts'
import { buildWebConfig } from '../apps/server/src/modules/web-config/index.ts'
import { pushSettingsFromConfig } from '../apps/server/src/modules/push/index.ts'
import { createTestDatabase, type TestDatabase } from './database.ts'
import { findFreePort } from './free-port.ts'

/**
 * The real HTTP app in this test process, on a free port, against a fresh database: what
 * integration tests of the Supabase-compatible surfaces and the product API drive with the
 * real supabase-js client. The clock can be moved forward to step past expiries.
 */
export type TestApp = {
  baseUrl: string
  database: TestDatabase
  /** The app's data folder (storage bytes under `storage/` by default), removed by `close()`. */
  dataDir: string
  /** Where the app keeps storage bytes (`STORAGE_BACKEND` of `env`: the data folder or S3). */
  byteStore: ByteStore
  app: FastifyInstance
  jwtSecret: string
  /** The app's JWT keys: user tokens ES256 unless AUTH_JWT_SIGNING_ALGORITHM=HS256. */
  jwtKeys: JwtKeys
  anonKey: string
  serviceRoleKey: string
  settings: AuthSettings
  /** Moves the server's clock forward (tokens, intervals and expiries all follow it). */
  advanceClock: (milliseconds: number) => void
  /**
   * Another server process on the same database: its own pool and app, with the same settings
   * and clock (what a second process behind a load balancer would be).
   */
  startSecondProcess: () => Promise<{ url: string; close: () => Promise<void> }>
  /** A fresh supabase-js client with the anon key that keeps its session in memory only. */
  client: () => SupabaseClient
  /** A supabase-js client with the service-role key (admin API, bypasses RLS). */
  adminClient: () => SupabaseClient
  /** The emails queued to an address, newest first. */
  emailsTo: (address: string) => Promise<QueuedEmail[]>
  close: () => Promise<void>
}

export type QueuedEmail = {
  id: string
  template: string
  template_data: Record<string, string>
  subject: string
  text_body: string
  html_body: string | null
  created_at: Date
}

const JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long'

export async function startTestApp(
  options: {
    /** Environment variables, as `readConfig` takes them (e.g. AUTH_EMAIL_AUTOCONFIRM). */
    env?: Record<string, string>
    /** Final changes to the Auth settings (e.g. a provider served by a local JWKS). */
    settings?: (settings: AuthSettings) => AuthSettings
    /** Run the server's background jobs (pg-boss: every queue, worker and task), as it does. */
    backgroundJobs?: boolean
    /** A built web app to serve (default none: pages answer 503 "not built"). */
    webDistDir?: string
    /** Where the app's log lines go (at level info), for tests of what is logged. */
    logDestination?: pino.DestinationStream
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase()
  const dataDir = await mkdtemp(path.join(tmpdir(), 'test-app-'))
  const nowSeconds = Math.floor(Date.now() / 1000)
  const anonKey = await signApiKey(JWT_SECRET, 'anon', nowSeconds)
  const serviceRoleKey = await signApiKey(JWT_SECRET, 'service_role', nowSeconds)
  const config = readConfig({ DATA_DIR: dataDir, AUTH_RATE_LIMITS: 'false', ...options.env })
  const jwtKeys = await loadJwtKeys(
    dataDir,
    JWT_SECRET,
    config.AUTH_JWT_SIGNING_ALGORITHM,
    config.JWT_SIGNING_KEYS,
  )
  const byteStore = byteStoreFromConfig(config)
  let clockOffsetMs = 0
  let app: FastifyInstance | undefined
  let jobs: JobQueue | undefined
  const logger = options.logDestination
    ? pino({ level: 'info' }, options.logDestination)
    : pino({ level: process.env.TEST_APP_LOG ?? 'silent' })
  try {
    // The port is chosen first so that emailed links and redirects point at this very app.
    const port = await findFreePort()
    const baseUrl = `http://127.0.0.1:${port}`
    const baseSettings = authSettingsFromConfig(config, baseUrl)
    const settings = options.settings ? options.settings(baseSettings) : baseSettings
    if (options.backgroundJobs) {
      jobs = await startBackgroundJobs({ config, db: database.pool, logger })
    }
    const buildOn = (db: pg.Pool) =>
      buildApp({
        db,
        logger,
        webConfig: buildWebConfig(config, {
          jwtSecret: JWT_SECRET,
          anonKey,
          serviceRoleKey,
          postgresPassword: 'unused-in-tests',
        }),
        webDistDir: options.webDistDir ?? dataDir,
        dataDir,
        byteStore,
        provideSupabaseServices: true,
        restSettings: restSettingsFromConfig(config),
        jwtSecret: JWT_SECRET,
        jwtKeys,
        authSettings: settings,
        now: () => new Date(Date.now() + clockOffsetMs),
        devMailbox: devMailboxEnabled(config),
        boss: jobs?.boss,
        storageSettings: storageSettingsFromConfig(config, baseUrl),
        trustProxy: config.TRUST_PROXY,
        apiRateLimits: config.API_RATE_LIMITS,
        inboundEmail: inboundEmailSettingsFromConfig(config),
        textGenerator: textGeneratorFromConfig(config),
        referrals: referralSettingsFromConfig(config),
        billing: billingSettingsFromConfig(config, baseUrl),
        metricsAccess: config.METRICS_TOKEN
          ? { kind: 'token', token: config.METRICS_TOKEN }
          : { kind: 'off' },
        jobQueueRunning: jobs ? () => true : undefined,
        push: pushSettingsFromConfig(config, baseUrl),
      })
    app = await buildOn(database.pool)
    await app.listen({ host: '127.0.0.1', port })
    const running = app
    const clientWith = (key: string) =>
      createClient(baseUrl, key, { auth: { persistSession: false, autoRefreshToken: false } })
    return {
      baseUrl,
      database,
      dataDir,
      byteStore,
      app: running,
      jwtSecret: JWT_SECRET,
      jwtKeys,
      anonKey,
      serviceRoleKey,
      settings,
      advanceClock: (milliseconds) => {
        clockOffsetMs += milliseconds
      },
      startSecondProcess: async () => {
        const pool = new pg.Pool({ connectionString: database.url, max: 2 })
        const second = await buildOn(pool)
        return {
          url: await second.listen({ host: '127.0.0.1', port: 0 }),
          close: async () => {
            await second.close()
            await pool.end()
          },
        }
      },
      client: () => clientWith(anonKey),
      adminClient: () => clientWith(serviceRoleKey),
      emailsTo: async (address) => {
        const result = await database.pool.query<QueuedEmail>(
          `select id, template, template_data, subject, text_body, html_body, created_at
           from public.emails where lower(to_address) = lower($1) order by created_at desc, id`,
          [address],
        )
        return result.rows
      },
      close: async () => {
        await running.close()
        await jobs?.stop()
        await database.drop()
        await rm(dataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await app?.close()
    await jobs?.stop()
    await database.drop()
    await rm(dataDir, { recursive: true, force: true })
    throw error
  }
}
