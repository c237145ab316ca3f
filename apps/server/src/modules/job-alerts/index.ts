export { jobAlertDigests } from './job-alert-digests.ts'
export { registerJobAlertRoutes } from './job-alerts.routes.ts'
export { findJobAlertSearch } from './job-alerts.repository.ts'
export { sendJobAlertDigests } from './job-alert-digests.ts'
