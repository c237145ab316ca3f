import { createSignedUrlTokens } from './signed-url-tokens.ts'
import { contentBaseUrl, type StorageSettings } from './storage-settings.ts'

/**
 * Signed download URLs for the product API to hand out (a cover letter, an interview's
 * recording, an analysis video: spec §7's 24-hour links), whole and absolute: at the content
 * origin `STORAGE_PUBLIC_URL` when it is set, else at the app's. The token is the one
 * `/storage/v1/object/sign/…` checks; the lifetime is 1 second to 7 days. The caller decides
 * first that its user may read the object: the URL itself needs no session.
 */
export type ObjectUrlSigner = {
  signDownloadUrl: (bucket: string, name: string, expiresInSeconds: number) => Promise<string>
}

export function createObjectUrlSigner(options: {
  jwtSecret: string
  settings: StorageSettings
  now?: () => Date
}): ObjectUrlSigner {
  const tokens = createSignedUrlTokens({
    jwtSecret: options.jwtSecret,
    now: options.now ?? (() => new Date()),
    uploadLifetimeSeconds: 0, // signs downloads only
  })
  const base = contentBaseUrl(options.settings)
  return {
    signDownloadUrl: async (bucket, name, expiresInSeconds) => {
      const token = await tokens.signDownload(bucket, name, expiresInSeconds)
      const path = [bucket, ...name.split('/')].map(encodeURIComponent).join('/')
      return `${base}/storage/v1/object/sign/${path}?token=${token}`
    },
  }
}
