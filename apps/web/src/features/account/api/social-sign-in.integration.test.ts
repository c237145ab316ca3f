import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SocialTestApp, startSocialTestApp } from '../../../../../../test/social-test-app.ts'
import { splitFullName } from '../lib/split-full-name'
import { destinationAfterSignIn, type SignInLog } from './social-sign-in'

/**
 * The social sign-in rules as /auth/callback runs them, against the real server: Google is a
 * local stand-in that signs ID tokens with a test key (`fake-oidc-provider.ts`), and supabase-js
 * signs in with them through the id_token grant, as the app's Google sign-in ends up doing. The
 * browser tests cannot do this: the e2e server takes Google's settings from the environment
 * only, with Google's real key set, and a test-only override of it is not wanted as config.
 */
describe('the social sign-in rules (spec §4, §5)', () => {
  let social: SocialTestApp
  let pool: SocialTestApp['testApp']['database']['pool']
  const logged: string[] = []
  const log: SignInLog = {
    error: (message) => logged.push(`error: ${message}`),
    warn: (message) => logged.push(`warn: ${message}`),
  }

  beforeAll(async () => {
    social = await startSocialTestApp()
    pool = social.testApp.database.pool
  })

  afterAll(async () => {
    await social.close()
  })

  /** A client whose table reads fail for `failingTable`, as when the data service fails. */
  function clientFailing(failingTable: string) {
    const failing = `/rest/v1/${failingTable}`
    const failingFetch: typeof fetch = (input, init) =>
      new Request(input, init).url.includes(failing)
        ? Promise.resolve(Response.json({ message: 'internal error' }, { status: 500 }))
        : fetch(input, init)
    return createClient(social.testApp.baseUrl, social.testApp.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch: failingFetch },
    })
  }

  async function googleSignIn(
    name: string,
    client: SupabaseClient = social.testApp.client(),
  ): Promise<{ client: SupabaseClient; session: Session }> {
    const token = await social.google.signIdToken(social.newGoogleAccount({ name }))
    const { data, error } = await client.auth.signInWithIdToken({ provider: 'google', token })
    expect(error).toBeNull()
    if (!data.session) {
      throw new Error('no session')
    }
    return { client, session: data.session }
  }

  async function profileNames(userId: string) {
    const result = await pool.query<{ first_name: string | null; last_name: string | null }>(
      'select first_name, last_name from public.profiles where user_id = $1',
      [userId],
    )
    return result.rows[0]
  }

  it('treats a first Google sign-in as a new user, with the name split on the first space', async () => {
    const { client, session } = await googleSignIn('Jean Luc Picard')
    expect(await destinationAfterSignIn(client, session, log)).toBe('/onboarding')
    const { firstName, lastName } = splitFullName('Jean Luc Picard')
    expect(await profileNames(session.user.id)).toEqual({
      first_name: firstName,
      last_name: lastName,
    })
    expect([firstName, lastName]).toEqual(['Jean', 'Luc Picard'])
  })

  it('fills a profile’s empty names from the provider, never a typed one', async () => {
    const { client, session } = await googleSignIn('Ada Lovelace')
    await pool.query(
      'update public.profiles set first_name = null, last_name = null where user_id = $1',
      [session.user.id],
    )
    await destinationAfterSignIn(client, session, log)
    expect(await profileNames(session.user.id)).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
    })

    await pool.query(
      `update public.profiles set first_name = 'Augusta', last_name = null where user_id = $1`,
      [session.user.id],
    )
    await destinationAfterSignIn(client, session, log)
    expect(await profileNames(session.user.id)).toEqual({
      first_name: 'Augusta',
      last_name: 'Lovelace',
    })
  })

  it('keeps a one-word name as the first name', async () => {
    const { client, session } = await googleSignIn('Cher')
    await pool.query(
      'update public.profiles set first_name = null, last_name = null where user_id = $1',
      [session.user.id],
    )
    await destinationAfterSignIn(client, session, log)
    expect(await profileNames(session.user.id)).toEqual({ first_name: 'Cher', last_name: null })
  })

  it('treats a user without a profile (PGRST116) as new', async () => {
    const { client, session } = await googleSignIn('Grace Hopper')
    await pool.query('delete from public.profiles where user_id = $1', [session.user.id])
    await pool.query('update public.wizard set completed_at = now() where user_id = $1', [
      session.user.id,
    ])
    expect(await destinationAfterSignIn(client, session, log)).toBe('/onboarding')
  })

  it('sends a known user, onboarding done, to the app', async () => {
    const { client, session } = await googleSignIn('Katherine Johnson')
    await pool.query('update public.wizard set completed_at = now() where user_id = $1', [
      session.user.id,
    ])
    expect(await destinationAfterSignIn(client, session, log)).toBe('/account')
  })

  it('sends a password sign-in to the app: the rules are for social sign-ins', async () => {
    const client = social.testApp.client()
    const { data } = await client.auth.signUp({
      email: 'not-social@example.com',
      password: 'correct-horse-battery',
    })
    if (!data.session) {
      throw new Error('no session')
    }
    expect(await destinationAfterSignIn(client, data.session, log)).toBe('/account')
  })

  it('fails with "Failed to find profile" when the profile lookup fails', async () => {
    const { client, session } = await googleSignIn('Alan Turing', clientFailing('profiles'))
    logged.length = 0
    await expect(destinationAfterSignIn(client, session, log)).rejects.toThrow(
      /^Failed to find profile$/,
    )
    expect(logged).toEqual(['error: Failed to find profile'])
  })

  it('fails with "Failed to fetch wizard" when the wizard lookup fails', async () => {
    const { client, session } = await googleSignIn('Alan Kay', clientFailing('wizard'))
    logged.length = 0
    await expect(destinationAfterSignIn(client, session, log)).rejects.toThrow(
      /^Failed to fetch wizard$/,
    )
    expect(logged).toEqual(['error: Failed to fetch wizard'])
  })
})
