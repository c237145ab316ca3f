/**
 * The process's own metrics (Prometheus, `prom-client`): what happens in this process whatever
 * app or job queue it runs — job durations, credits spent, emails sent, unexpected errors — and
 * Node's process metrics (CPU, memory, event-loop lag). Each app adds its own registry (HTTP
 * requests, its pool, the queue's depth) and `GET /metrics` serves both merged.
 *
 * A registry of our own rather than prom-client's global one, so that nothing a library
 * registers leaks in, and `collectDefaultMetrics` runs once per process.
 */
import cluster from 'node:cluster'
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Counter,
  Histogram,
  Registry,
} from 'prom-client'

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

// --- Several processes (the supervisor's cluster) ----------------------------------------------
//
// Under `npm start` each HTTP and job process counts on its own, and a scrape reaches whichever
// HTTP process the kernel hands the connection to. So a supervised process asks the supervisor,
// which gathers every process's registries (prom-client's AggregatorRegistry over the cluster's
// IPC channel) and answers the sum; gauges read from the database say how they combine
// (`aggregator: 'max'`).

const METRICS_REQUEST = 'jobsearch:metrics-request'
const METRICS_ANSWER = 'jobsearch:metrics-answer'
const CLUSTER_METRICS_TIMEOUT_MS = 5000

type MetricsText = { contentType: string; body: string }
type MetricsAnswer = { type: typeof METRICS_ANSWER; id: number } & (MetricsText | { error: string })

let answeringSupervisor: unknown

/** What this process gives the supervisor when it gathers metrics: these and its own. */
export function shareMetricsWithSupervisor(registries: Registry[] = []): void {
  if (cluster.isWorker) {
    // Constructing one is what makes prom-client answer the supervisor's requests here.
    answeringSupervisor ??= new AggregatorRegistry()
    AggregatorRegistry.setRegistries([processMetrics, ...registries])
  }
}
shareMetricsWithSupervisor()

/** In the supervisor: answers its processes' requests for the whole cluster's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry()
  cluster.on('message', (worker, message: { type?: unknown; id?: unknown }) => {
    if (message?.type !== METRICS_REQUEST || typeof message.id !== 'number') return
    const id = message.id
    aggregator.clusterMetrics().then(
      (body) =>
        worker.send({ type: METRICS_ANSWER, id, contentType: aggregator.contentType, body }),
      (error: unknown) => worker.send({ type: METRICS_ANSWER, id, error: String(error) }),
    )
  })
}

let nextRequestId = 0

/** In a supervised process: the whole cluster's metrics; null outside a cluster. */
export function clusterMetrics(): Promise<MetricsText> | null {
  if (!cluster.isWorker || !process.send) return null
  const id = ++nextRequestId
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onAnswer)
      reject(new Error('the supervisor did not answer the metrics request'))
    }, CLUSTER_METRICS_TIMEOUT_MS)
    function onAnswer(message: MetricsAnswer) {
      if (message?.type !== METRICS_ANSWER || message.id !== id) return
      clearTimeout(timer)
      process.off('message', onAnswer)
      if ('error' in message) reject(new Error(message.error))
      else resolve({ contentType: message.contentType, body: message.body })
    }
    process.on('message', onAnswer)
    process.send?.({ type: METRICS_REQUEST, id })
  })
}
