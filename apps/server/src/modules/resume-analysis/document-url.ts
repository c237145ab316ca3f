/**
 * What `documentUrl` of POST /api/resume-analysis/analyze may name: a resume in the caller's own
 * folder of the `resumes` bucket, and nothing else. The server never fetches a URL: a URL is
 * only read for the object it names in this server's own storage API, and the object is then
 * read from the byte store. Accepted:
 * - `<userId>/<file>` or `resumes/<userId>/<file>` (a storage path);
 * - `<any origin>/storage/v1/object/{sign,authenticated,public}/resumes/<userId>/<file>[?…]`
 *   (a signed or authenticated URL as supabase-js makes them; the origin is not trusted, only
 *   the path is read, and only in the caller's folder).
 * Anything else, `..` segments, another user's folder or another bucket: null (refused).
 */
const STORAGE_OBJECT_PATH = /^\/storage\/v1\/object\/(?:sign|authenticated|public)\/([^?#]+)$/

function objectPathOf(documentUrl: string, bucket: string): string | null {
  if (/^https?:\/\//i.test(documentUrl)) {
    let url: URL
    try {
      url = new URL(documentUrl)
    } catch {
      return null
    }
    const match = STORAGE_OBJECT_PATH.exec(url.pathname)
    if (!match) {
      return null
    }
    let objectPath: string
    try {
      objectPath = decodeURIComponent(match[1]!)
    } catch {
      return null
    }
    // A URL names its bucket: only ours.
    return objectPath.startsWith(`${bucket}/`) ? objectPath : null
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(documentUrl) || documentUrl.startsWith('/')) {
    return null
  }
  return documentUrl
}

/** The resume's path in the `resumes` bucket (`<userId>/<file>`), or null when refused. */
export function resumePathFromDocumentUrl(
  documentUrl: string,
  userId: string,
  bucket: string,
): string | null {
  let objectPath = objectPathOf(documentUrl.trim(), bucket)
  if (objectPath === null) {
    return null
  }
  if (objectPath.startsWith(`${bucket}/`)) {
    objectPath = objectPath.slice(bucket.length + 1)
  }
  const segments = objectPath.split('/')
  if (
    segments.length < 2 ||
    segments[0] !== userId ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..') ||
    objectPath.includes('\\')
  ) {
    return null
  }
  return objectPath
}
