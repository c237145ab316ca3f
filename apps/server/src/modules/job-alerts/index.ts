export { jobAlertDigests } from './job-alert-digests.ts'
export { registerJobAlertRoutes } from './job-alerts.routes.ts'
