// The resume upload feature's public face: what routes (and only routes) use. Everything else in
// features/resume-upload is private to it; eslint/web-boundaries.js rejects imports that reach past this file.
export { ResumeUploadView } from './components/resume-upload-view'
// The same upload, inline: the app's Resume page composes it (features never import each other).
export { ResumeUploadPanel, type ResumeUploadPanelProps } from './components/resume-upload-panel'
