/**
 * Resume roasts (issue 17, ADR 0027): a parody roast of a finished review, its API under /api,
 * and the public share page's preview tags and image.
 */
export { registerRoastsRoutes, type RoastsRouteDeps } from './roasts.routes.ts'
export { registerRoastPageRoutes, type RoastPageDeps } from './roast-page.routes.ts'
export { composeRoast, type RoastInput } from './compose-roast.ts'
export { redactContacts } from './redact.ts'
