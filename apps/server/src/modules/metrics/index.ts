export { type AppMetrics, createAppMetrics, measureRequests } from './app-metrics.ts'
export { type MetricsAccess, registerMetricsRoutes } from './metrics.routes.ts'
