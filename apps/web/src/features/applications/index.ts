// The applications feature's public face: what routes (and only routes) use. Everything else in
// features/applications is private to it; eslint/web-boundaries.js rejects imports that reach
// past this file.
export { ApplicationsView } from './components/applications-view'
export { ApplicationPage } from './components/application-page'
export { SavedJobApply } from './components/saved-job-apply'
export { type TrackerLayout, TrackerView } from './components/tracker-view'
export { APPLICATION_STATUSES, type ApplicationStatus } from './lib/application-status'
