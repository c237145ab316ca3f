import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../../test/test-app.ts'
import { createTotpClock } from '../../../../test/totp-support.ts'

/**
 * The admin API's factor management through supabase-js `auth.admin.mfa`: GET
 * /admin/users/{id}/factors and DELETE /admin/users/{id}/factors/{factorId}, for the service
 * role only.
 */
const PASSWORD = 'correct-horse-battery'
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

describe('admin factor management (/admin/users/{id}/factors)', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await startTestApp()
  })

  afterAll(async () => {
    await testApp.close()
  })

  const { settleIntoTimeStep, codeAt } = createTotpClock(() => testApp)

  async function signUp(email: string): Promise<{ supabase: SupabaseClient; userId: string }> {
    const supabase = testApp.client()
    const { data, error } = await supabase.auth.signUp({ email, password: PASSWORD })
    expect(error).toBeNull()
    return { supabase, userId: data.user?.id ?? '' }
  }

  it('lists a user’s factors, verified or not, and deletes one', async () => {
    const { supabase, userId } = await signUp('listed@example.com')
    const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })
    expect(enrolled.error).toBeNull()
    const admin = testApp.adminClient().auth.admin.mfa

    const listed = await admin.listFactors({ userId })
    expect(listed.error).toBeNull()
    expect(listed.data?.factors).toEqual([
      expect.objectContaining({
        id: enrolled.data?.id,
        friendly_name: 'Phone',
        factor_type: 'totp',
        status: 'unverified',
      }),
    ])
    expect(JSON.stringify(listed.data)).not.toContain(enrolled.data?.totp.secret)

    const deleted = await admin.deleteFactor({ userId, id: enrolled.data?.id ?? '' })
    expect(deleted.error).toBeNull()
    // auth-js hands back `{ data: <the deleted factor>, error }` as `data`.
    expect(deleted.data).toMatchObject({ data: { id: enrolled.data?.id, factor_type: 'totp' } })
    expect((await admin.listFactors({ userId })).data?.factors).toEqual([])
  })

  it('removes a verified factor for a user who lost their app: they sign in with aal1 again', async () => {
    const { supabase, userId } = await signUp('lost-phone@example.com')
    const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp' })
    settleIntoTimeStep()
    const verified = await supabase.auth.mfa.challengeAndVerify({
      factorId: enrolled.data?.id ?? '',
      code: codeAt(enrolled.data?.totp.secret ?? ''),
    })
    expect(verified.error).toBeNull()

    const deleted = await testApp
      .adminClient()
      .auth.admin.mfa.deleteFactor({ userId, id: enrolled.data?.id ?? '' })
    expect(deleted.data).toMatchObject({ data: { id: enrolled.data?.id, status: 'verified' } })

    const again = testApp.client()
    await again.auth.signInWithPassword({ email: 'lost-phone@example.com', password: PASSWORD })
    const levels = await again.auth.mfa.getAuthenticatorAssuranceLevel()
    expect([levels.data?.currentLevel, levels.data?.nextLevel]).toEqual(['aal1', 'aal1'])
  })

  it('answers 404 for an unknown user or factor, and 403 to anyone but the service role', async () => {
    const admin = testApp.adminClient().auth.admin.mfa
    const unknownUser = await admin.listFactors({ userId: UNKNOWN_ID })
    expect(unknownUser.data).toBeNull()
    expect(unknownUser.error).toMatchObject({ status: 404, code: 'user_not_found' })

    const { supabase, userId } = await signUp('someone@example.com')
    const unknownFactor = await admin.deleteFactor({ userId, id: UNKNOWN_ID })
    expect(unknownFactor.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' })
    const deletedUnknownUser = await admin.deleteFactor({ userId: UNKNOWN_ID, id: UNKNOWN_ID })
    expect(deletedUnknownUser.error).toMatchObject({ status: 404, code: 'user_not_found' })

    const { data: session } = await supabase.auth.getSession()
    const asUser = await fetch(`${testApp.baseUrl}/auth/v1/admin/users/${userId}/factors`, {
      headers: {
        apikey: testApp.anonKey,
        authorization: `Bearer ${session.session?.access_token}`,
      },
    })
    expect(asUser.status).toBe(403)
    expect(await asUser.json()).toMatchObject({ error_code: 'not_admin' })
  })
})
