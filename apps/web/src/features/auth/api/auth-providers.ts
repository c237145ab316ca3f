import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { env } from '@/lib/env'

const AuthSettingsResponse = z.object({
  external: z.looseObject({ google: z.boolean().optional() }),
})

/** Which sign-in providers the auth server has turned on (GET /auth/v1/settings). */
export async function getEnabledProviders(): Promise<{ google: boolean }> {
  const response = await fetch(`${env.PUBLIC_SUPABASE_URL.replace(/\/$/, '')}/auth/v1/settings`, {
    headers: { apikey: env.PUBLIC_SUPABASE_ANON_KEY },
  })
  if (!response.ok) {
    throw new Error(`GET /auth/v1/settings answered ${response.status}`)
  }
  const settings = AuthSettingsResponse.parse(await response.json())
  return { google: settings.external.google === true }
}

/**
 * Providers change only with the server's configuration. A failed look-up is not retried: the
 * sign-in page then just hides the provider buttons.
 */
export const enabledProvidersQuery = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: getEnabledProviders,
  staleTime: 5 * 60_000,
  retry: false,
})
