// The resume upload feature's public face: what routes (and only routes) use. Everything else in
// features/resume-upload is private to it; eslint/web-boundaries.js rejects imports that reach past this file.
export { ResumeUploadView } from './components/resume-upload-view'
