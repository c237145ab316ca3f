import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { RESUME_ANALYSIS_QUEUE } from '../resume-analysis/index.ts'

/**
 * POST /api/professional-profiles {fileName} against the real app with its background jobs
 * running: the profile row, the analysis and its `resume-analysis` job queued with it, and what
 * the worker makes of it (the whole analysis is tested in resume-analysis/). Resume files are arranged as the storage service leaves them: a row in
 * `storage.objects` (their bytes play no part here).
 */
const PASSWORD = 'correct-horse-battery'

type Account = { id: string; accessToken: string }

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (value !== undefined) {
      return value
    }
    if (Date.now() > deadline) {
      throw new Error('timed out waiting for a condition')
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function signUp(testApp: TestApp): Promise<Account> {
  const email = `profile-${randomUUID().slice(0, 8)}@example.com`
  const { data, error } = await testApp.client().auth.signUp({ email, password: PASSWORD })
  expect(error).toBeNull()
  return { id: data.user?.id ?? '', accessToken: data.session?.access_token ?? '' }
}

function createProfile(testApp: TestApp, body: unknown, accessToken?: string) {
  return fetch(`${testApp.baseUrl}/api/professional-profiles`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
    },
    body: JSON.stringify(body),
  })
}

/** A resume stored in `resumes/<owner>/<random>.pdf`; returns its file name. */
async function storeResume(testApp: TestApp, ownerId: string): Promise<string> {
  const fileName = `${randomUUID()}.pdf`
  await testApp.database.pool.query(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
     values ('resumes', $1, $2::uuid, $2::text, '{"mimetype": "application/pdf", "size": 1024}')`,
    [`${ownerId}/${fileName}`, ownerId],
  )
  return fileName
}

describe('POST /api/professional-profiles', () => {
  let testApp: TestApp
  let pool: TestApp['database']['pool']

  beforeAll(async () => {
    testApp = await startTestApp({ backgroundJobs: true })
    pool = testApp.database.pool
  })

  afterAll(async () => {
    await testApp.close()
  })

  const profilesOf = async (userId: string) =>
    (
      await pool.query<{ id: string; file_name: string; resume_path: string }>(
        'select id, file_name, resume_path from public.professional_profiles where user_id = $1',
        [userId],
      )
    ).rows

  const jobsFor = async (profileId: string) =>
    (
      await pool.query<{ id: string }>(
        `select id from pgboss.job where name = $1 and data->>'professionalProfileId' = $2`,
        [RESUME_ANALYSIS_QUEUE, profileId],
      )
    ).rows

  it('records the profile with its analysis queued, which the worker runs', async () => {
    const owner = await signUp(testApp)
    const fileName = await storeResume(testApp, owner.id)

    const response = await createProfile(testApp, { fileName }, owner.accessToken)
    expect(response.status).toBe(201)
    const profile = (await response.json()) as Record<string, unknown>
    expect(profile).toMatchObject({
      userId: owner.id,
      fileName,
      resumePath: `${owner.id}/${fileName}`,
      originalFileName: null,
      linkedinUrl: null,
      parsedData: {},
    })
    expect(profile.id).toEqual(expect.any(String))
    expect(new Date(profile.createdAt as string).getTime()).not.toBeNaN()
    expect(await profilesOf(owner.id)).toEqual([
      { id: profile.id, file_name: fileName, resume_path: `${owner.id}/${fileName}` },
    ])
    expect(await jobsFor(profile.id as string)).toHaveLength(1)

    // The analysis is recorded with the profile, then the worker runs it: this file is only a
    // row (no bytes), so it fails with a reason instead of waiting forever.
    const recorded = await pool.query<Record<string, unknown>>(
      `select user_id, source, input, document_path from public.resume_analyses
       where professional_profile_id = $1`,
      [profile.id],
    )
    expect(recorded.rows).toEqual([
      {
        user_id: owner.id,
        source: 'resume',
        input: 'pdf',
        document_path: `${owner.id}/${fileName}`,
      },
    ])
    const analysis = await until(async () => {
      const result = await pool.query<Record<string, unknown>>(
        `select status, failure from public.resume_analyses
         where professional_profile_id = $1 and status = 'FAILED'`,
        [profile.id],
      )
      return result.rows[0]
    })
    expect(analysis).toEqual({ status: 'FAILED', failure: 'file_missing' })
  })

  it('answers the same profile with 200 when asked again for the same file', async () => {
    const owner = await signUp(testApp)
    const fileName = await storeResume(testApp, owner.id)
    const first = await createProfile(testApp, { fileName }, owner.accessToken)
    expect(first.status).toBe(201)
    const created = (await first.json()) as { id: string }

    const again = await createProfile(testApp, { fileName }, owner.accessToken)
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({ id: created.id })
    expect(await profilesOf(owner.id)).toHaveLength(1)
    expect(await jobsFor(created.id)).toHaveLength(1)
  })

  it('creates one profile when the same file is sent twice at once', async () => {
    const owner = await signUp(testApp)
    const fileName = await storeResume(testApp, owner.id)
    const statuses = await Promise.all([
      createProfile(testApp, { fileName }, owner.accessToken).then((response) => response.status),
      createProfile(testApp, { fileName }, owner.accessToken).then((response) => response.status),
    ])
    expect(statuses.sort()).toEqual([200, 201])
    expect(await profilesOf(owner.id)).toHaveLength(1)
  })

  it('keeps the name the file had on the user’s computer, for display only', async () => {
    const owner = await signUp(testApp)
    const fileName = await storeResume(testApp, owner.id)
    const response = await createProfile(
      testApp,
      { fileName, originalFileName: '  Ada Lovelace CV.pdf ' },
      owner.accessToken,
    )
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({
      fileName,
      originalFileName: 'Ada Lovelace CV.pdf',
      resumePath: `${owner.id}/${fileName}`,
    })
    const latest = await pool.query<{ original_file_name: string }>(
      'select original_file_name from public.latest_professional_profiles where user_id = $1',
      [owner.id],
    )
    expect(latest.rows).toEqual([{ original_file_name: 'Ada Lovelace CV.pdf' }])

    const tooLong = await createProfile(
      testApp,
      {
        fileName: await storeResume(testApp, owner.id),
        originalFileName: `${'x'.repeat(256)}.pdf`,
      },
      owner.accessToken,
    )
    expect(tooLong.status).toBe(400)
    expect(await tooLong.json()).toMatchObject({ code: 'validation_failed' })
  })

  it('makes the newest upload the profile in use', async () => {
    const owner = await signUp(testApp)
    const older = await storeResume(testApp, owner.id)
    const newer = await storeResume(testApp, owner.id)
    expect((await createProfile(testApp, { fileName: older }, owner.accessToken)).status).toBe(201)
    expect((await createProfile(testApp, { fileName: newer }, owner.accessToken)).status).toBe(201)

    const latest = await pool.query<{ file_name: string }>(
      'select file_name from public.latest_professional_profiles where user_id = $1',
      [owner.id],
    )
    expect(latest.rows).toEqual([{ file_name: newer }])
  })

  it('answers 404 not_found for a file the user has not uploaded', async () => {
    const owner = await signUp(testApp)
    const response = await createProfile(
      testApp,
      { fileName: `${randomUUID()}.pdf` },
      owner.accessToken,
    )
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ code: 'not_found', message: 'Resume file not found' })
    expect(await profilesOf(owner.id)).toEqual([])
  })

  it('answers 404 not_found for the name of another user’s file', async () => {
    const [owner, intruder] = await Promise.all([signUp(testApp), signUp(testApp)])
    const fileName = await storeResume(testApp, owner.id)
    const response = await createProfile(testApp, { fileName }, intruder.accessToken)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'not_found' })
    expect(await profilesOf(intruder.id)).toEqual([])
    expect(await profilesOf(owner.id)).toEqual([])
  })

  it('refuses a body without a file name, or with a path, with 400 validation_failed', async () => {
    const owner = await signUp(testApp)
    const fileName = await storeResume(testApp, owner.id)
    for (const body of [{}, { fileName: '' }, { fileName: 42 }, { fileName: `../${fileName}` }]) {
      const response = await createProfile(testApp, body, owner.accessToken)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'validation_failed' })
    }
    // The file is the owner's, but only as a name in their folder.
    const asPath = await createProfile(
      testApp,
      { fileName: `${owner.id}/${fileName}` },
      owner.accessToken,
    )
    expect(asPath.status).toBe(400)
    expect(await profilesOf(owner.id)).toEqual([])
  })

  it('refuses a request without a bearer token with 401 not_authenticated', async () => {
    const response = await createProfile(testApp, { fileName: 'resume.pdf' })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'not_authenticated' })
  })
})

describe('POST /api/professional-profiles without the job queue', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await startTestApp()
  })

  afterAll(async () => {
    await testApp.close()
  })

  it('answers 503 and records nothing, since the analysis could not be queued', async () => {
    const owner = await signUp(testApp)
    const fileName = await storeResume(testApp, owner.id)
    const response = await createProfile(testApp, { fileName }, owner.accessToken)
    expect(response.status).toBe(503)
    const body = (await response.json()) as { code: string; message: string }
    expect(body.code).toBe('service_unavailable')
    expect(body.message).toMatch(/^Background jobs are not running on this server \(request /)
    const profiles = await testApp.database.pool.query(
      'select 1 from public.professional_profiles where user_id = $1',
      [owner.id],
    )
    expect(profiles.rowCount).toBe(0)
  })
})
