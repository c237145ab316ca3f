/**
 * An app's metrics (issue 22): HTTP requests by route, method and status with their durations,
 * the connection pool's use, and the job queue's depth read from PostgreSQL when scraped (so
 * every process reports the same, whichever runs the workers). Served with the process's own
 * metrics (platform/metrics.ts) by `GET /metrics`.
 */
import type { FastifyInstance } from 'fastify'
import { Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from '../../platform/db/pool.ts'
import {
  clusterMetrics,
  processMetrics,
  shareMetricsWithSupervisor,
} from '../../platform/metrics.ts'

type RequestLabels = 'method' | 'route' | 'status'

export type AppMetrics = {
  requests: Counter<RequestLabels>
  durations: Histogram<RequestLabels>
  /** The text `GET /metrics` answers: this app's metrics and the process's. */
  render: () => Promise<{ contentType: string; body: string }>
}

export function createAppMetrics(db: Database): AppMetrics {
  const registry = new Registry()
  const labelNames: RequestLabels[] = ['method', 'route', 'status']
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  })
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of this process’s pool: total, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, db.totalCount)
      this.set({ state: 'idle' }, db.idleCount)
      this.set({ state: 'waiting' }, db.waitingCount)
    },
  })
  new Gauge({
    name: 'job_queue_depth',
    help: 'Background jobs waiting or running, by queue and state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    // Every process reads the same rows: the cluster's figure is one of them, not their sum.
    aggregator: 'max',
    async collect() {
      this.reset()
      for (const { name, state, count } of await queueDepth(db)) {
        this.set({ queue: name, state }, count)
      }
    },
  })
  shareMetricsWithSupervisor([registry])
  return {
    requests,
    durations,
    render: async () => {
      const cluster = clusterMetrics()
      if (cluster) return cluster
      const merged = Registry.merge([registry, processMetrics])
      return { contentType: merged.contentType, body: await merged.metrics() }
    },
  }
}

/** Counts every answered request under its route's pattern (never the raw URL: ids, tokens). */
export function measureRequests(app: FastifyInstance, { requests, durations }: AppMetrics) {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    }
    requests.inc(labels)
    durations.observe(labels, reply.elapsedTime / 1000)
  })
}

type QueueDepthRow = { name: string; state: string; count: number }

async function queueDepth(db: Database): Promise<QueueDepthRow[]> {
  try {
    const { rows } = await db.query<QueueDepthRow>(
      `select name, state::text as state, count(*)::int as count
       from pgboss.job
       where state in ('created', 'retry', 'active')
       group by name, state`,
    )
    return rows
  } catch {
    // No queue schema (a process that never started pg-boss) or no database: no depth to show.
    return []
  }
}
