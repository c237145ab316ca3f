import type { UserIdentity } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SocialTestApp, startSocialTestApp } from '../../../../../../test/social-test-app.ts'

describe('unlinking identities (DELETE /user/identities/{id})', () => {
  let social: SocialTestApp

  beforeAll(async () => {
    social = await startSocialTestApp()
  })

  afterAll(async () => {
    await social.close()
  })

  /** A password user who also linked a Google account with another address. */
  async function userWithTwoIdentities() {
    const supabase = social.testApp.client()
    const email = `two-${crypto.randomUUID().slice(0, 8)}@example.com`
    await supabase.auth.signUp({ email, password: 'correct-horse-battery' })
    const account = social.newGoogleAccount()
    const linked = await supabase.auth.linkIdentity({
      provider: 'google',
      token: await social.google.signIdToken(account),
    })
    expect(linked.error).toBeNull()
    const identities = linked.data.user?.identities ?? []
    const byProvider = (provider: string) =>
      identities.find((identity) => identity.provider === provider) as UserIdentity
    return {
      supabase,
      email,
      account,
      emailIdentity: byProvider('email'),
      google: byProvider('google'),
    }
  }

  it('removes the identity and recomputes the providers', async () => {
    const { supabase, email, google } = await userWithTwoIdentities()
    const { error } = await supabase.auth.unlinkIdentity(google)
    expect(error).toBeNull()
    const { data } = await supabase.auth.getUser()
    expect(data.user).toMatchObject({
      email,
      app_metadata: { provider: 'email', providers: ['email'] },
    })
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['email'])
  })

  it("moves the email to the remaining identity's address when its identity goes", async () => {
    const { supabase, account, emailIdentity } = await userWithTwoIdentities()
    expect((await supabase.auth.unlinkIdentity(emailIdentity)).error).toBeNull()
    const { data } = await supabase.auth.getUser()
    expect(data.user).toMatchObject({
      email: account.email,
      app_metadata: { provider: 'google', providers: ['google'] },
    })
  })

  it('keeps the last identity: 422 single_identity_not_deletable', async () => {
    const { supabase, google, emailIdentity } = await userWithTwoIdentities()
    expect((await supabase.auth.unlinkIdentity(google)).error).toBeNull()
    const { error } = await supabase.auth.unlinkIdentity(emailIdentity)
    expect(error).toMatchObject({
      status: 422,
      code: 'single_identity_not_deletable',
      message: 'User must have at least 1 identity after unlinking',
    })
  })

  it("refuses another user's identity and ids that are not UUIDs", async () => {
    const mine = await userWithTwoIdentities()
    const theirs = await userWithTwoIdentities()
    const { error } = await mine.supabase.auth.unlinkIdentity(theirs.google)
    expect(error).toMatchObject({
      status: 422,
      code: 'identity_not_found',
      message: "Identity doesn't exist",
    })
    const notUuid = await mine.supabase.auth.unlinkIdentity({
      ...theirs.google,
      identity_id: 'not-a-uuid',
    })
    expect(notUuid.error).toMatchObject({
      status: 404,
      code: 'validation_failed',
      message: 'identity_id must be an UUID',
    })
    const theirIdentities = await theirs.supabase.auth.getUserIdentities()
    expect(theirIdentities.data?.identities).toHaveLength(2)
  })

  it('requires a bearer token', async () => {
    const response = await fetch(
      `${social.testApp.baseUrl}/auth/v1/user/identities/${crypto.randomUUID()}`,
      { method: 'DELETE', headers: { 'x-supabase-api-version': '2024-01-01' } },
    )
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'no_authorization' })
  })
})
