import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SocialTestApp, startSocialTestApp } from '../../../../../../test/social-test-app.ts'

describe('POST /api/auth/link-social', () => {
  let social: SocialTestApp

  beforeAll(async () => {
    social = await startSocialTestApp()
  })

  afterAll(async () => {
    await social.close()
  })

  async function signedInUser() {
    const supabase = social.testApp.client()
    const { data, error } = await supabase.auth.signUp({
      email: `member-${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: 'correct-horse-battery',
    })
    expect(error).toBeNull()
    return { supabase, accessToken: data.session?.access_token ?? '' }
  }

  function linkSocial(accessToken: string | null, body: unknown) {
    return fetch(`${social.testApp.baseUrl}/api/auth/link-social`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      },
      body: JSON.stringify(body),
    })
  }

  it('links the Google account to the signed-in user', async () => {
    const { supabase, accessToken } = await signedInUser()
    const account = social.newGoogleAccount()
    const response = await linkSocial(accessToken, {
      provider: 'google',
      token: await social.google.signIdToken(account),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, message: 'Social account linked' })
    const { data } = await supabase.auth.getUser()
    expect(data.user?.identities?.map((identity) => [identity.provider, identity.id])).toEqual([
      ['email', data.user?.id],
      ['google', account.sub],
    ])
    expect(data.user?.app_metadata.providers).toEqual(['email', 'google'])

    // Linking it again changes nothing and still succeeds.
    const again = await linkSocial(accessToken, {
      provider: 'google',
      token: await social.google.signIdToken(account),
    })
    expect(await again.json()).toEqual({ success: true, message: 'Social account linked' })
  })

  it("answers 'Email already exists' when the address belongs to another account", async () => {
    const owner = await signedInUser()
    const { data: ownerData } = await owner.supabase.auth.getUser()
    const { accessToken } = await signedInUser()
    const response = await linkSocial(accessToken, {
      provider: 'google',
      token: await social.google.signIdToken(
        social.newGoogleAccount({ email: ownerData.user?.email }),
      ),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: false, message: 'Email already exists' })
    const { data } = await owner.supabase.auth.getUser()
    expect(data.user?.identities).toHaveLength(1)
  })

  it('answers 409 when the Google account is linked to another user', async () => {
    const account = social.newGoogleAccount()
    const first = await signedInUser()
    await linkSocial(first.accessToken, {
      provider: 'google',
      token: await social.google.signIdToken(account),
    })
    const second = await signedInUser()
    const response = await linkSocial(second.accessToken, {
      provider: 'google',
      token: await social.google.signIdToken(account),
    })
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({
      code: 'conflict',
      message: 'This google account is already linked to another user',
    })
  })

  it('refuses a bad token and an unsupported provider with 400', async () => {
    const { accessToken } = await signedInUser()
    const wrongAudience = await linkSocial(accessToken, {
      provider: 'google',
      token: await social.google.signIdToken({
        ...social.newGoogleAccount(),
        aud: 'someone-else',
      }),
    })
    expect(wrongAudience.status).toBe(400)
    expect(await wrongAudience.json()).toEqual({
      code: 'validation_failed',
      message: 'Invalid google token: Unacceptable audience in id_token: [someone-else]',
    })

    const garbage = await linkSocial(accessToken, { provider: 'apple', token: 'not-a-jwt' })
    expect(garbage.status).toBe(400)
    expect(await garbage.json()).toEqual({
      code: 'validation_failed',
      message: 'Invalid apple token: Bad ID token',
    })

    const github = await linkSocial(accessToken, { provider: 'github', token: 'x' })
    expect(github.status).toBe(400)
    expect(await github.json()).toEqual({
      code: 'validation_failed',
      message: 'Unsupported provider: github',
    })

    const missing = await linkSocial(accessToken, { provider: 'google' })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ code: 'validation_failed' })
  })

  it('answers 401 without a signed-in user', async () => {
    const response = await linkSocial(null, {
      provider: 'google',
      token: await social.google.signIdToken(social.newGoogleAccount()),
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'not_authenticated' })
  })
})
