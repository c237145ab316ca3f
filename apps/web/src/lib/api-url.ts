/** `https://host/api` + `emails/resume-upload` → `https://host/api/emails/resume-upload`. */
export function apiUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}
