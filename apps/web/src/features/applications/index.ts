// The applications feature's public face: what routes (and only routes) use. Everything else in
// features/applications is private to it; eslint/web-boundaries.js rejects imports that reach
// past this file.
export { ApplicationsView } from './components/applications-view'
export { SavedJobApply } from './components/saved-job-apply'
export { APPLICATION_STATUSES, type ApplicationStatus } from './lib/application-status'
