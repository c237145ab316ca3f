// The resume feature's public face: what routes (and only routes) use. Everything else in
// features/resume is private to it; eslint/web-boundaries.js rejects imports that reach past this file.
export { ResumePage } from './components/resume-page'
export type { RenderUpload } from './components/resume-sources'
