import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SocialTestApp, startSocialTestApp } from '../../../../../../test/social-test-app.ts'

/**
 * With GoTrue's manual linking off (`AUTH_MANUAL_LINKING=false`), a signed-in user's linking and
 * unlinking requests answer 404 `manual_linking_disabled` before any other check (the provider,
 * the identity, the last-identity rule); the bearer is still checked first.
 */
describe('manual linking turned off', () => {
  let social: SocialTestApp

  beforeAll(async () => {
    social = await startSocialTestApp({ env: { AUTH_MANUAL_LINKING: 'false' } })
  })

  afterAll(async () => {
    await social.close()
  })

  const disabled = {
    status: 404,
    code: 'manual_linking_disabled',
    message: 'Manual linking is disabled',
  }

  async function signedIn(email: string) {
    const supabase = social.testApp.client()
    const { data, error } = await supabase.auth.signUp({ email, password: 'correct-horse-battery' })
    expect(error).toBeNull()
    return { supabase, user: data.user }
  }

  it('refuses unlinking, even of the only identity', async () => {
    const { supabase, user } = await signedIn('unlink@example.com')
    const [identity] = user?.identities ?? []
    expect(identity).toBeDefined()
    const { error } = await supabase.auth.unlinkIdentity(identity!)
    expect(error).toMatchObject(disabled)
    const { data } = await supabase.auth.getUserIdentities()
    expect(data?.identities).toHaveLength(1)
  })

  it('refuses linking by redirect, for any provider, and by ID token', async () => {
    const { supabase } = await signedIn('link@example.com')
    const byRedirect = await supabase.auth.linkIdentity({
      provider: 'github',
      options: { skipBrowserRedirect: true },
    })
    expect(byRedirect.error).toMatchObject(disabled)
    const google = await supabase.auth.linkIdentity({
      provider: 'google',
      options: { skipBrowserRedirect: true },
    })
    expect(google.error).toMatchObject(disabled)

    const byToken = await supabase.auth.linkIdentity({
      provider: 'google',
      token: await social.google.signIdToken(social.newGoogleAccount()),
    })
    expect(byToken.error).toMatchObject(disabled)
    const { data } = await supabase.auth.getUserIdentities()
    expect(data?.identities.map((identity) => identity.provider)).toEqual(['email'])
  })

  it('still asks for a valid session first', async () => {
    const response = await fetch(
      `${social.testApp.baseUrl}/auth/v1/user/identities/00000000-0000-4000-8000-000000000000`,
      { method: 'DELETE', headers: { apikey: social.testApp.anonKey } },
    )
    expect(response.status).toBe(401)
  })
})
