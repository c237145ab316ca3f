import type { Config } from '../../platform/config.ts'

/**
 * Where user content is served from. With `STORAGE_PUBLIC_URL` set, signed download URLs the
 * server composes point at that origin, and a signed download requested on the app's own
 * origin is redirected there: a user's file then never runs, or is even read, in the origin
 * that holds the app's session (its localStorage and cookies). Unset, content is served from
 * the app's origin, where the sandboxing headers of every content answer are the defence.
 */
export type StorageSettings = {
  /** Where the app is served (`PUBLIC_APP_URL` or the default), without a trailing slash. */
  appUrl: string
  /** `STORAGE_PUBLIC_URL` without a trailing slash, or null. */
  publicUrl: string | null
}

export function storageSettingsFromConfig(config: Config, appUrl: string): StorageSettings {
  return {
    appUrl: appUrl.replace(/\/+$/, ''),
    publicUrl: config.STORAGE_PUBLIC_URL?.replace(/\/+$/, '') ?? null,
  }
}

/** The base of the URLs signed downloads are fetched at (`<base>/storage/v1/object/sign/…`). */
export function contentBaseUrl(settings: StorageSettings): string {
  return settings.publicUrl ?? settings.appUrl
}
