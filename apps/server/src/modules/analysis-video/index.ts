/**
 * Analysis videos (ADR 0027): a resume review rendered as a 30–60 s vertical, narrated MP4 and
 * its poster. A pure renderer: no database, no HTTP.
 */
export { renderReviewVideo } from './render.ts'
export type { RenderDeps, RenderedVideo, RenderOptions } from './render.ts'
export { reviewVideoInput, buildScript, PRODUCT_NAME } from './script.ts'
export type { ReviewVideoInput, Scene, Script } from './script.ts'
export { VideoRenderError } from './errors.ts'
export type { VideoRenderFailure } from './errors.ts'
export { ensureFonts, font, type FontWeight } from './fonts.ts'
export { captionsVtt, type CaptionLine } from './captions.ts'
