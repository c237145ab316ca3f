/**
 * The process's own metrics (Prometheus, `prom-client`): what happens in this process whatever
 * app or job queue it runs — job durations, credits spent, emails sent, unexpected errors — and
 * Node's process metrics (CPU, memory, event-loop lag). Each app adds its own registry (HTTP
 * requests, its pool, the queue's depth) and `GET /metrics` serves both merged.
 *
 * A registry of our own rather than prom-client's global one, so that nothing a library
 * registers leaks in, and `collectDefaultMetrics` runs once per process.
 */
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client'

export const processMetrics = new Registry()
collectDefaultMetrics({ register: processMetrics })

export const jobDurationSeconds = new Histogram({
  name: 'job_duration_seconds',
  help: 'Background jobs run by this process, by queue and outcome',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers: [processMetrics],
})

export const creditsSpentTotal = new Counter({
  name: 'credits_spent_total',
  help: 'Credits spent on paid actions (a right swipe, …)',
  labelNames: ['reason'] as const,
  registers: [processMetrics],
})

export const emailsSentTotal = new Counter({
  name: 'emails_sent_total',
  help: 'Outbox emails handed to the transport, by template and outcome',
  labelNames: ['template', 'outcome'] as const,
  registers: [processMetrics],
})

export const unexpectedErrorsTotal = new Counter({
  name: 'unexpected_errors_total',
  help: 'Errors answered 500 or thrown by a job: each one is a bug or an outage',
  labelNames: ['where'] as const,
  registers: [processMetrics],
})
