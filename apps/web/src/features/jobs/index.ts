// The jobs feature's public face: what routes (and only routes) use. Everything else in
// features/jobs is private to it; eslint/web-boundaries.js rejects imports that reach past this file.
export { creditsQueryOptions, jobDetailQueryOptions, jobListQueryOptions } from './api/job-queries'
export { JobDetailView } from './components/job-detail-view'
export { JobsBrowser } from './components/jobs-browser'
export { CreditsPill } from './components/credits-pill'
export { JobsViews } from './components/jobs-header'
export { filtersFromSearch, jobQueryFor, JobsSearchSchema } from './lib/jobs-search'
export { registerSwipeDefaults } from './api/swipe-defaults'
