/**
 * The seam for a profile-data provider: a paid service that reads a public LinkedIn profile with
 * an API key (LinkedIn itself blocks servers and needs a login). None ships with the product.
 * With `LINKEDIN_PROFILE_PROVIDER_URL` and `_KEY` both set, an adapter implementing this
 * interface is built by `linkedinProviderFromConfig`; unset (the default), a LinkedIn-only
 * analysis waits for LinkedIn's own export (`awaiting_export`, ADR 0023).
 *
 * To add a vendor: implement `fetchProfile` (the URL in, a JSON Resume out, throwing on any
 * failure; the worker retries transient errors) and return it from the factory below.
 */
import type { JsonResume } from '../resume-parser/index.ts'

export type LinkedinProfileProvider = {
  /** A name for logs ("acme-profiles"). */
  name: string
  /** The profile at `linkedinUrl` as a JSON Resume. */
  fetchProfile: (linkedinUrl: string, options: { signal: AbortSignal }) => Promise<JsonResume>
}

export type LinkedinProviderSettings = {
  LINKEDIN_PROFILE_PROVIDER_URL?: string | undefined
  LINKEDIN_PROFILE_PROVIDER_KEY?: string | undefined
}

/**
 * The configured provider, or null (off). No vendor's adapter exists yet: a configured URL and
 * key are refused at start rather than silently ignored.
 */
export function linkedinProviderFromConfig(
  settings: LinkedinProviderSettings,
): LinkedinProfileProvider | null {
  if (!settings.LINKEDIN_PROFILE_PROVIDER_URL || !settings.LINKEDIN_PROFILE_PROVIDER_KEY) {
    return null
  }
  throw new Error(
    'LINKEDIN_PROFILE_PROVIDER_URL is set, but no profile-data provider adapter is built in: ' +
      'add one in apps/server/src/modules/resume-analysis/linkedin-provider.ts, or unset it',
  )
}
