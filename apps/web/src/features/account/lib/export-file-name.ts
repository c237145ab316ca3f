/**
 * The name to save the account export under: the server's, from `Content-Disposition`, or
 * the same pattern for today when the header cannot be read (a cross-origin API exposes only
 * the headers its CORS settings list).
 */
export function exportFileName(contentDisposition: string | null, today: Date): string {
  const named = /filename="([^"/\\]+)"/.exec(contentDisposition ?? '')?.[1]
  return named ?? `jobsearch-export-${today.toISOString().slice(0, 10)}.zip`
}
