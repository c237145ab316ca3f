/**
 * An absolute URL of this app for the auth server to send the browser back to: the page's own
 * origin, so a flow started on the Vite dev server comes back to it (the server still checks
 * it against its redirect allow-list).
 */
export function appUrl(path: string): string {
  return new URL(path, window.location.origin).href
}
