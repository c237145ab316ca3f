// The roasts feature's public face: what routes (and only routes) use. Everything else in
// features/roasts is private to it; eslint/web-boundaries.js rejects imports that reach past this file.
export { PublicRoastPage } from './components/public-roast-page'
export { PublicRoastVideoPage } from './components/public-roast-video-page'
export { ResumeRoastCard } from './components/resume-roast-card'
export { type RoastsViewer, RoastsIndexPage } from './components/roasts-index-page'
