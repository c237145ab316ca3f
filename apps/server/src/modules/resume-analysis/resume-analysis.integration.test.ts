import { randomUUID } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { deflateSync } from 'node:zlib'
import { strToU8, zipSync } from 'fflate'
import PDFDocument from 'pdfkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProfileResume } from '@app/contracts'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { inventedExport } from '../../../test/resume-analysis/linkedin-export-fixture.ts'
import { staleAfterSeconds, sweepStaleAnalyses } from './analysis-requests.ts'

/**
 * Resume analysis against the real app and its background jobs (issue 15): the analyze call and
 * its refusals, the worker from a stored PDF to a COMPLETED review (or a FAILED one with a
 * reason), the seeker's corrections over a re-parse, LinkedIn's URL and export, the job match.
 */
const FIXTURE = path.resolve(
  import.meta.dirname,
  // RenderCV's sample resume (MIT), in the parser's labelled set.
  '../resume-parser/fixtures/rendercv-classic/john-doe.pdf',
)

type Account = { id: string; accessToken: string; client: ReturnType<TestApp['client']> }
type Analysis = {
  id: string
  professionalProfileId: string | null
  status: string
  input: string
  progress: { step: string; percent: number }
  failure: string | null
  error: string | null
  score: number | null
  result: { grade: string; subScores: unknown[]; findings: unknown[] } | null
}

let testApp: TestApp

async function signUp(): Promise<Account> {
  const client = testApp.client()
  const email = `analysis-${randomUUID().slice(0, 8)}@example.com`
  const { data, error } = await client.auth.signUp({ email, password: 'correct-horse-battery' })
  expect(error).toBeNull()
  return { id: data.user?.id ?? '', accessToken: data.session?.access_token ?? '', client }
}

async function api<T = Record<string, unknown>>(
  method: string,
  route: string,
  account: Account | null,
  body?: unknown,
  contentType = 'application/json',
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${testApp.baseUrl}/api${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': contentType }),
      ...(account ? { authorization: `Bearer ${account.accessToken}` } : {}),
    },
    body: body === undefined ? undefined : body instanceof Uint8Array ? body : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T }
}

/** A file in the user's folder of `resumes`, as the storage service leaves one: row and bytes. */
async function storeFile(account: Account, bytes: Uint8Array): Promise<string> {
  const fileName = `${randomUUID()}.pdf`
  const objectPath = `${account.id}/${fileName}`
  await testApp.database.pool.query(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
     values ('resumes', $1, $2::uuid, $2::text, jsonb_build_object('mimetype', 'application/pdf', 'size', $3::int))`,
    [objectPath, account.id, bytes.length],
  )
  const file = path.join(testApp.dataDir, 'storage', 'resumes', objectPath)
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, bytes)
  return fileName
}

/** A profile for a stored file (POST /api/professional-profiles queues its analysis). */
async function createProfile(account: Account, fileName: string): Promise<string> {
  const response = await api<{ id: string }>('POST', '/professional-profiles', account, {
    fileName,
  })
  expect(response.status).toBe(201)
  return response.body.id
}

async function analysis(account: Account, id: string): Promise<Analysis> {
  const response = await api<Analysis>('GET', `/resume-analysis/${id}`, account)
  expect(response.status).toBe(200)
  return response.body
}

/** Polls the analysis until it is finished (or waits for LinkedIn's export). */
async function settled(account: Account, id: string, timeoutMs = 30_000): Promise<Analysis> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const current = await analysis(account, id)
    if (
      current.status === 'COMPLETED' ||
      current.status === 'FAILED' ||
      current.progress.step === 'awaiting_export'
    ) {
      return current
    }
    if (Date.now() > deadline) {
      throw new Error(`analysis ${id} still ${current.status}/${current.progress.step}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function latest(account: Account): Promise<Analysis> {
  const response = await api<Analysis>('GET', '/resume-analysis/latest', account)
  expect(response.status).toBe(200)
  return response.body
}

/** A PDF written with pdfkit: one line of text per page, encrypted, or an image with no text. */
function writePdf(
  pages: string[],
  options: { userPassword?: string; imageOnly?: boolean } = {},
): Promise<Uint8Array> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    ...(options.userPassword ? { userPassword: options.userPassword, pdfVersion: '1.7' } : {}),
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Uint8Array>((resolve) =>
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks)))),
  )
  for (const text of pages) {
    doc.addPage()
    if (options.imageOnly) {
      doc.rect(50, 50, 400, 300).fill('#777777')
    } else {
      doc.fontSize(12).text(text, 72, 72)
    }
  }
  doc.end()
  return done
}

/**
 * A PDF bomb: one page whose content stream inflates to `inflatedBytes` (mostly spaces) from a
 * few hundred kilobytes.
 */
function pdfBomb(inflatedBytes: number): Uint8Array {
  const content = Buffer.alloc(inflatedBytes, ' ')
  content.write('BT /F1 12 Tf 72 720 Td (Ada Lovelace) Tj ET\n')
  const stream = deflateSync(content, { level: 9 })
  const parts: Buffer[] = []
  const offsets: number[] = []
  let length = 0
  const add = (chunk: Buffer | string) => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk
    parts.push(buffer)
    length += buffer.length
  }
  const objects: (string | Buffer[])[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    [
      Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      stream,
      Buffer.from('\nendstream', 'latin1'),
    ],
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  add('%PDF-1.4\n')
  objects.forEach((body, index) => {
    offsets.push(length)
    add(`${index + 1} 0 obj\n`)
    for (const part of typeof body === 'string' ? [body] : body) add(part)
    add('\nendobj\n')
  })
  const xref = length
  add(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`)
  for (const offset of offsets) add(`${String(offset).padStart(10, '0')} 00000 n \n`)
  add(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`)
  return new Uint8Array(Buffer.concat(parts))
}

beforeAll(async () => {
  testApp = await startTestApp({ backgroundJobs: true })
})

afterAll(async () => {
  await testApp.close()
})

describe('POST /api/resume-analysis/analyze: what it refuses', () => {
  it('answers 400 with the spec’s sentence when neither a resume nor a LinkedIn URL is given', async () => {
    const owner = await signUp()
    const profileId = await createProfile(owner, await storeFile(owner, strToU8('%PDF-1.4')))
    for (const body of [
      { id: profileId },
      { id: profileId, documentUrl: '', linkedinUrl: '  ' },
      { id: profileId, documentUrl: null, linkedinUrl: null },
    ]) {
      const response = await api('POST', '/resume-analysis/analyze', owner, body)
      expect(response.status).toBe(400)
      expect(response.body).toEqual({
        code: 'resume_source_missing',
        message: 'Either a resume file or LinkedIn URL must be provided',
      })
    }
  })

  it('refuses a LinkedIn URL that is not a profile link, and any URL not of our storage', async () => {
    const owner = await signUp()
    const other = await signUp()
    const fileName = await storeFile(owner, strToU8('%PDF-1.4'))
    const profileId = await createProfile(owner, fileName)
    for (const linkedinUrl of [
      'linkedin.com/in/ada',
      'http://www.linkedin.com/in/ada-lovelace',
      'https://www.linkedin.com/company/acme',
      'https://linkedin.com.evil.example/in/ada-lovelace',
      'https://evil.example/in/ada-lovelace',
    ]) {
      const response = await api('POST', '/resume-analysis/analyze', owner, {
        id: profileId,
        linkedinUrl,
      })
      expect(response.status, linkedinUrl).toBe(400)
      expect(response.body).toMatchObject({ code: 'linkedin_url_invalid' })
    }
    for (const documentUrl of [
      'https://evil.example/resume.pdf',
      'http://127.0.0.1:22/',
      'file:///etc/passwd',
      `/etc/passwd`,
      `${other.id}/${fileName}`,
      `resumes/${owner.id}/../${other.id}/x.pdf`,
      `${testApp.baseUrl}/storage/v1/object/sign/resumes/${other.id}/${fileName}?token=x`,
      `${testApp.baseUrl}/storage/v1/object/sign/cover-letters/${owner.id}/${fileName}?token=x`,
      `${testApp.baseUrl}/api/resume-analysis/latest`,
    ]) {
      const response = await api('POST', '/resume-analysis/analyze', owner, {
        id: profileId,
        documentUrl,
      })
      expect(response.status, documentUrl).toBe(400)
      expect(response.body).toMatchObject({ code: 'document_url_refused' })
    }
  })

  it('answers 404 "Profile not found" for another user’s profile or an unknown one', async () => {
    const owner = await signUp()
    const intruder = await signUp()
    const fileName = await storeFile(owner, strToU8('%PDF-1.4'))
    const profileId = await createProfile(owner, fileName)
    for (const id of [profileId, randomUUID(), 'not-a-uuid']) {
      const response = await api('POST', '/resume-analysis/analyze', intruder, {
        id,
        linkedinUrl: 'https://www.linkedin.com/in/intruder',
      })
      expect(response.status).toBe(404)
      expect(response.body).toEqual({
        code: 'professional_profile_not_found',
        message: 'Profile not found',
      })
    }
    // The owner's file, named by the intruder for their own profile, is in no folder of theirs.
    const own = await createProfile(intruder, await storeFile(intruder, strToU8('%PDF-1.4')))
    const response = await api('POST', '/resume-analysis/analyze', intruder, {
      id: own,
      documentUrl: `${intruder.id}/${fileName}`,
    })
    expect(response.status).toBe(404)
    expect(response.body).toMatchObject({ code: 'not_found', message: 'Resume file not found' })
    const owned = await testApp.database.pool.query(
      'select linkedin_url from public.professional_profiles where id = $1',
      [profileId],
    )
    expect(owned.rows).toEqual([{ linkedin_url: null }])
  })

  it('answers 401 without a token', async () => {
    const response = await api('POST', '/resume-analysis/analyze', null, { id: randomUUID() })
    expect(response.status).toBe(401)
  })
})

describe('GET /api/resume-analysis/{id} and /latest', () => {
  it('answers 404 "Resume analysis not found" for another user’s analysis, an unknown id, or none', async () => {
    const owner = await signUp()
    const intruder = await signUp()
    const profileId = await createProfile(owner, await storeFile(owner, strToU8('%PDF-1.4')))
    const mine = await latest(owner)
    expect(mine.professionalProfileId).toBe(profileId)
    for (const id of [mine.id, randomUUID(), 'latest-but-not', '1']) {
      const response = await api('GET', `/resume-analysis/${id}`, intruder)
      expect(response.status).toBe(404)
      expect(response.body).toEqual({
        code: 'resume_analysis_not_found',
        message: 'Resume analysis not found',
      })
    }
    const none = await api('GET', '/resume-analysis/latest', intruder)
    expect(none.status).toBe(404)
    expect(none.body).toMatchObject({ code: 'resume_analysis_not_found' })
  })
})

describe('the worker', () => {
  it('takes a real PDF to COMPLETED: a filled profile, a review and its score', async () => {
    const owner = await signUp()
    // Uploaded as the app does, through the storage API.
    const fileName = `${randomUUID()}.pdf`
    const upload = await owner.client.storage
      .from('resumes')
      .upload(`${owner.id}/${fileName}`, await readFile(FIXTURE), {
        contentType: 'application/pdf',
      })
    expect(upload.error).toBeNull()
    const started = performance.now()
    const profileId = await createProfile(owner, fileName)
    const queued = await latest(owner)
    expect(queued).toMatchObject({
      professionalProfileId: profileId,
      status: 'PENDING',
      input: 'pdf',
      progress: { step: 'queued', percent: 0 },
    })

    const done = await settled(owner, queued.id)
    const seconds = (performance.now() - started) / 1000
    console.info(`resume analysis, upload to COMPLETED: ${seconds.toFixed(2)} s`)
    expect(done).toMatchObject({
      status: 'COMPLETED',
      progress: { step: 'done', percent: 100 },
      failure: null,
      error: null,
    })
    expect(done.score).toEqual(expect.any(Number))
    expect(done.result?.grade).toMatch(/^[A-F]$/)
    expect(done.result?.subScores).toHaveLength(5)
    expect(done.score).toBe((done.result as unknown as { score: number }).score)

    const resume = await api<ProfileResume>(
      'GET',
      `/professional-profiles/${profileId}/resume`,
      owner,
    )
    expect(resume.status).toBe(200)
    expect(resume.body.resume.basics).toMatchObject({
      name: 'John Doe',
      email: 'john.doe@email.com',
    })
    expect(resume.body.resume.work.length).toBeGreaterThanOrEqual(3)
    expect(resume.body.resume.education.length).toBeGreaterThanOrEqual(1)

    // The same row over /rest/v1, for its owner.
    const rest = await owner.client
      .from('resume_analyses')
      .select('status, progress_step, progress, score, input')
      .eq('id', done.id)
      .single()
    expect(rest.data).toEqual({
      status: 'COMPLETED',
      progress_step: 'done',
      progress: 100,
      score: done.score,
      input: 'pdf',
    })

    // Analysed again from a signed URL of the same file: a new analysis (the last one is done),
    // and a repeated request while it is queued answers that same one.
    const signed = await owner.client.storage
      .from('resumes')
      .createSignedUrl(`${owner.id}/${fileName}`, 60)
    expect(signed.error).toBeNull()
    const again = await api<Analysis>('POST', '/resume-analysis/analyze', owner, {
      id: profileId,
      documentUrl: signed.data?.signedUrl,
    })
    expect(again.status).toBe(202)
    expect(again.body.id).not.toBe(done.id)
    const repeated = await api<Analysis>('POST', '/resume-analysis/analyze', owner, {
      id: profileId,
      documentUrl: `resumes/${owner.id}/${fileName}`,
    })
    if (repeated.body.id === again.body.id) {
      expect(repeated.status).toBe(200)
    } else {
      // The worker finished the first one in between: a new one was queued.
      expect((await analysis(owner, again.body.id)).status).toBe('COMPLETED')
    }
    expect((await settled(owner, again.body.id)).status).toBe('COMPLETED')
  })

  it('fails a PDF without text, an encrypted one, a 50-page one and a non-PDF with a reason', async () => {
    const owner = await signUp()
    const cases: [string, Uint8Array][] = [
      ['no_text', await writePdf(['scan'], { imageOnly: true })],
      ['encrypted', await writePdf(['Ada Lovelace'], { userPassword: 'secret' })],
      ['too_many_pages', await writePdf(Array.from({ length: 50 }, (_, i) => `Page ${i + 1}`))],
      ['not_pdf', strToU8('Ada Lovelace\nEngineer\nada@example.com\n')],
    ]
    const profiles: { failure: string; profileId: string }[] = []
    for (const [failure, bytes] of cases) {
      profiles.push({
        failure,
        profileId: await createProfile(owner, await storeFile(owner, bytes)),
      })
    }
    const rows = await testApp.database.pool.query<{ id: string; professional_profile_id: string }>(
      'select id, professional_profile_id from public.resume_analyses where user_id = $1',
      [owner.id],
    )
    for (const { failure, profileId } of profiles) {
      const row = rows.rows.find((item) => item.professional_profile_id === profileId)!
      const failed = await settled(owner, row.id)
      expect(failed, failure).toMatchObject({
        status: 'FAILED',
        failure,
        progress: { step: 'failed', percent: 100 },
        score: null,
        result: null,
      })
      expect(failed.error).toEqual(expect.any(String))
    }
    const scanned = await analysis(
      owner,
      rows.rows.find((r) => r.professional_profile_id === profiles[0]!.profileId)!.id,
    )
    expect(scanned.error).toMatch(/scanned image/)
    // Nothing read: the profiles stay empty, and no job waits for a retry.
    const jobs = await testApp.database.pool.query<{ state: string }>(
      `select state from pgboss.job where name = 'resume-analysis' and data->>'professionalProfileId' = any($1)`,
      [profiles.map((item) => item.profileId)],
    )
    expect(jobs.rows.map((row) => row.state)).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
    ])
    const parsed = await testApp.database.pool.query<{ parsed_data: object }>(
      'select parsed_data from public.professional_profiles where user_id = $1',
      [owner.id],
    )
    expect(parsed.rows.map((row) => row.parsed_data)).toEqual([{}, {}, {}, {}])
  })

  it('fails a PDF bomb within the parse limit instead of hanging', async () => {
    const owner = await signUp()
    const bomb = pdfBomb(300_000_000)
    expect(bomb.length).toBeLessThan(1_000_000)
    const profileId = await createProfile(owner, await storeFile(owner, bomb))
    const queued = await latest(owner)
    expect(queued.professionalProfileId).toBe(profileId)
    // RESUME_PARSE_TIMEOUT_MS (15 s) bounds the parse; the thread's heap cap may stop it sooner.
    const failed = await settled(owner, queued.id, 40_000)
    expect(failed.status).toBe('FAILED')
    expect(['unreadable', 'no_text']).toContain(failed.failure)
    expect(failed.error).toEqual(expect.any(String))
  }, 60_000)
})

describe('the stale sweep', () => {
  it('fails an analysis a stopped process left PROCESSING, and only such a one', async () => {
    const owner = await signUp()
    const pool = testApp.database.pool
    const profileId = await createProfile(owner, await storeFile(owner, strToU8('%PDF-1.4')))
    const settings = { parseTimeoutMs: 15_000, maxPages: 10, maxMemoryMb: 256, maxResumeBytes: 1e7 }
    const stale = staleAfterSeconds(settings)
    const { rows } = await pool.query<{ id: string; started_at: Date }>(
      `insert into public.resume_analyses
         (user_id, professional_profile_id, source, document_path, status, progress_step, started_at)
       values ($1, $2, 'resume', $3, 'PROCESSING', 'parsing', now() - make_interval(secs => $4)),
              ($1, $2, 'resume', $5, 'PROCESSING', 'parsing', now() - make_interval(secs => $6))
       returning id, started_at`,
      [owner.id, profileId, `${owner.id}/old.pdf`, stale + 60, `${owner.id}/new.pdf`, stale - 60],
    )
    expect(await sweepStaleAnalyses(pool, settings)).toBeGreaterThanOrEqual(1)
    expect(await analysis(owner, rows[0]!.id)).toMatchObject({
      status: 'FAILED',
      failure: 'internal',
      progress: { step: 'failed', percent: 100 },
    })
    expect(await analysis(owner, rows[1]!.id)).toMatchObject({ status: 'PROCESSING' })
  })
})

describe('corrections', () => {
  it('win over a re-parse; a field set back to the parsed value is no longer one', async () => {
    const owner = await signUp()
    const fileName = await storeFile(owner, await readFile(FIXTURE))
    const profileId = await createProfile(owner, fileName)
    expect((await settled(owner, (await latest(owner)).id)).status).toBe('COMPLETED')
    const route = `/professional-profiles/${profileId}/resume`
    const before = await api<ProfileResume>('GET', route, owner)
    const resume = before.body.resume

    const corrected = {
      ...resume,
      basics: { ...resume.basics, name: 'Johnathan Doe', phone: '+1 415 555 0100' },
      skills: [{ name: 'PyTorch' }, { name: 'CUDA' }],
    }
    const put = await api<ProfileResume>('PUT', route, owner, corrected)
    expect(put.status).toBe(200)
    expect(put.body.correctedFields.sort()).toEqual(['basics.name', 'basics.phone', 'skills'])
    expect(put.body.resume.basics.name).toBe('Johnathan Doe')
    expect(put.body.parsed).toMatchObject({ basics: { name: 'John Doe' } })

    // A re-parse of the same file: parsed_data is written again, the corrections stay on top.
    const again = await api<Analysis>('POST', '/resume-analysis/analyze', owner, {
      id: profileId,
      documentUrl: `${owner.id}/${fileName}`,
    })
    expect(again.status).toBe(202)
    expect((await settled(owner, again.body.id)).status).toBe('COMPLETED')
    const after = await api<ProfileResume>('GET', route, owner)
    expect(after.body.resume.basics).toMatchObject({
      name: 'Johnathan Doe',
      phone: '+1 415 555 0100',
      email: 'john.doe@email.com',
    })
    expect(after.body.resume.skills).toEqual([{ name: 'PyTorch' }, { name: 'CUDA' }])
    expect(after.body.resume.work).toEqual(resume.work)
    // What the other features read: the profile in camelCase and the raw rows agree.
    const row = await testApp.database.pool.query<{
      parsed_data: { basics: { name: string } }
      corrected_data: { basics: { name: string } }
    }>('select parsed_data, corrected_data from public.professional_profiles where id = $1', [
      profileId,
    ])
    expect(row.rows[0]!.parsed_data.basics.name).toBe('John Doe')
    expect(row.rows[0]!.corrected_data.basics.name).toBe('Johnathan Doe')

    // Back to the parsed name: that correction is gone, the others stay.
    const reverted = await api<ProfileResume>('PUT', route, owner, {
      ...corrected,
      basics: { ...corrected.basics, name: 'John Doe' },
    })
    expect(reverted.body.correctedFields.sort()).toEqual(['basics.phone', 'skills'])
  })

  it('refuses an invalid resume with 400 and another user’s profile with 404', async () => {
    const owner = await signUp()
    const intruder = await signUp()
    const profileId = await createProfile(owner, await storeFile(owner, strToU8('%PDF-1.4')))
    const route = `/professional-profiles/${profileId}/resume`
    const valid = { basics: { name: 'Ada' }, work: [], education: [], skills: [] }
    for (const body of [
      {},
      { ...valid, work: [{ name: 'Acme', startDate: 'March 2020' }] },
      { ...valid, skills: [{ name: '' }] },
      { ...valid, nickname: 'typo' },
      'not json',
    ]) {
      const response = await api<{ code: string }>('PUT', route, owner, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(['validation_failed', 'bad_json']).toContain(response.body.code)
    }
    const stolen = await api('PUT', route, intruder, valid)
    expect(stolen.status).toBe(404)
    expect(stolen.body).toEqual({
      code: 'professional_profile_not_found',
      message: 'Profile not found',
    })
    expect((await api('GET', route, intruder)).status).toBe(404)
    const untouched = await testApp.database.pool.query(
      'select corrected_data from public.professional_profiles where id = $1',
      [profileId],
    )
    expect(untouched.rows).toEqual([{ corrected_data: {} }])
  })
})

describe('LinkedIn', () => {
  it('stores the URL, waits for LinkedIn’s export, then reviews the export', async () => {
    const owner = await signUp()
    const profileId = await createProfile(owner, await storeFile(owner, strToU8('%PDF-1.4')))
    const asked = await api<Analysis>('POST', '/resume-analysis/analyze', owner, {
      id: profileId,
      linkedinUrl: 'https://pt.linkedin.com/in/marta-okonkwo/?utm_source=share',
    })
    expect(asked.status).toBe(202)
    expect(asked.body).toMatchObject({ input: 'linkedin_url', status: 'PENDING' })
    const waiting = await settled(owner, asked.body.id)
    expect(waiting).toMatchObject({
      status: 'PENDING',
      progress: { step: 'awaiting_export', percent: 0 },
      linkedinUrl: 'https://pt.linkedin.com/in/marta-okonkwo',
    })
    const profile = await testApp.database.pool.query(
      'select linkedin_url from public.professional_profiles where id = $1',
      [profileId],
    )
    expect(profile.rows).toEqual([{ linkedin_url: 'https://pt.linkedin.com/in/marta-okonkwo' }])
    // Asked again, twice at once, while it waits: the same analysis, nothing queued twice.
    const repeated = await Promise.all(
      [1, 2].map(() =>
        api<Analysis>('POST', '/resume-analysis/analyze', owner, {
          id: profileId,
          linkedinUrl: 'https://pt.linkedin.com/in/marta-okonkwo',
        }),
      ),
    )
    expect(repeated.map((answer) => [answer.status, answer.body.id])).toEqual([
      [200, asked.body.id],
      [200, asked.body.id],
    ])
    const jobs = await testApp.database.pool.query(
      `select 1 from pgboss.job where name = 'resume-analysis' and data->>'analysisId' = $1`,
      [asked.body.id],
    )
    expect(jobs.rowCount).toBe(1)

    const zip = zipSync(inventedExport())
    const sent = await api<{
      professionalProfileId: string
      analysis: Analysis
      filesRead: string[]
    }>(
      'POST',
      `/professional-profiles/linkedin-export?profileId=${profileId}`,
      owner,
      zip,
      'application/zip',
    )
    expect(sent.status).toBe(201)
    expect(sent.body.professionalProfileId).toBe(profileId)
    expect(sent.body.analysis.id).toBe(asked.body.id)
    expect(sent.body.filesRead).toContain('Positions.csv')
    const done = await settled(owner, asked.body.id)
    expect(done).toMatchObject({ status: 'COMPLETED', input: 'linkedin_export' })
    expect(done.result?.grade).toMatch(/^[A-F]$/)
    const resume = await api<ProfileResume>(
      'GET',
      `/professional-profiles/${profileId}/resume`,
      owner,
    )
    expect(resume.body.resume.basics.name).toBe('Marta Okonkwo-Reyes')
    expect(resume.body.resume.work[0]).toMatchObject({
      name: 'Tidewater Analytics',
      startDate: '2022-11',
    })
  })

  it('makes a new profile from an export, and refuses what is not one', async () => {
    const owner = await signUp()
    const sent = await api<{ professionalProfileId: string; analysis: Analysis }>(
      'POST',
      '/professional-profiles/linkedin-export',
      owner,
      zipSync(inventedExport()),
      'application/zip',
    )
    expect(sent.status).toBe(201)
    expect(sent.body.analysis).toMatchObject({ input: 'linkedin_export', status: 'PENDING' })
    expect((await settled(owner, sent.body.analysis.id)).status).toBe('COMPLETED')

    const notZip = await api(
      'POST',
      '/professional-profiles/linkedin-export',
      owner,
      strToU8('%PDF-1.4'),
      'application/zip',
    )
    expect(notZip.status).toBe(422)
    expect(notZip.body).toMatchObject({ code: 'linkedin_export_invalid' })
    const bomb = zipSync({ 'Profile.csv': new Uint8Array(60_000_000) }, { level: 9 })
    const bombed = await api<{ code: string; message: string }>(
      'POST',
      '/professional-profiles/linkedin-export',
      owner,
      bomb,
      'application/zip',
    )
    expect(bombed.status).toBe(422)
    expect(bombed.body).toMatchObject({ code: 'linkedin_export_invalid' })
    expect(bombed.body.message).toMatch(/unpack/)
    const json = await api('POST', '/professional-profiles/linkedin-export', owner, { a: 1 })
    expect(json.status).toBe(415)
    const tooLarge = await api(
      'POST',
      '/professional-profiles/linkedin-export',
      owner,
      new Uint8Array(21_000_000),
      'application/zip',
    )
    expect(tooLarge.status).toBe(413)
    const other = await signUp()
    const stolen = await api(
      'POST',
      `/professional-profiles/linkedin-export?profileId=${sent.body.professionalProfileId}`,
      other,
      zipSync(inventedExport()),
      'application/zip',
    )
    expect(stolen.status).toBe(404)
    expect(stolen.body).toMatchObject({ code: 'professional_profile_not_found' })
  })
})

describe('POST /api/resume-analysis/{id}/match', () => {
  it('matches the analysed resume to a job or an application’s job; 404s with stable codes', async () => {
    const owner = await signUp()
    const intruder = await signUp()
    const sent = await api<{ analysis: Analysis }>(
      'POST',
      '/professional-profiles/linkedin-export',
      owner,
      zipSync(inventedExport()),
      'application/zip',
    )
    const analysisId = sent.body.analysis.id
    const pool = testApp.database.pool
    const { rows: jobs } = await pool.query<{ id: string }>(
      `insert into public.jobs (title, company_name, description, skills, source, source_id)
       values ('Senior Data Engineer', 'Harbour Data',
               'You will build streaming pipelines. Requirements: Python and Apache Kafka; experience with Snowflake.',
               array['Python', 'Apache Kafka', 'Snowflake'], 'test', $1)
       returning id`,
      [randomUUID()],
    )
    const jobId = jobs[0]!.id
    const early = await api('POST', `/resume-analysis/${analysisId}/match`, owner, { jobId })
    if (early.status !== 200) {
      expect(early.body).toMatchObject({ code: 'resume_not_parsed' })
    }
    expect((await settled(owner, analysisId)).status).toBe('COMPLETED')

    const match = await api<{
      match: { score: number; matched: { label: string }[]; missing: { label: string }[] }
    }>('POST', `/resume-analysis/${analysisId}/match`, owner, { jobId })
    expect(match.status).toBe(200)
    expect(match.body).toMatchObject({ analysisId, jobId, jobApplicationId: null })
    const labels = (items: { label: string }[]) => items.map((item) => item.label)
    expect(labels(match.body.match.matched)).toContain('Python')
    expect(labels(match.body.match.missing)).toContain('Snowflake')

    const { rows: applications } = await pool.query<{ id: string }>(
      `insert into public.job_applications (user_id, job_id) values ($1, $2) returning id`,
      [owner.id, jobId],
    )
    const byApplication = await api('POST', `/resume-analysis/${analysisId}/match`, owner, {
      jobApplicationId: applications[0]!.id,
    })
    expect(byApplication.status).toBe(200)
    expect(byApplication.body).toMatchObject({ jobId: null, jobApplicationId: applications[0]!.id })

    const unknownJob = await api('POST', `/resume-analysis/${analysisId}/match`, owner, {
      jobId: randomUUID(),
    })
    expect(unknownJob.status).toBe(404)
    expect(unknownJob.body).toMatchObject({ code: 'job_not_found' })
    const theirs = await api('POST', `/resume-analysis/${analysisId}/match`, intruder, { jobId })
    expect(theirs.status).toBe(404)
    expect(theirs.body).toMatchObject({ code: 'resume_analysis_not_found' })
    const { rows: foreign } = await pool.query<{ id: string }>(
      `insert into public.job_applications (user_id, job_id) values ($1, $2) returning id`,
      [intruder.id, jobId],
    )
    const foreignApplication = await api('POST', `/resume-analysis/${analysisId}/match`, owner, {
      jobApplicationId: foreign[0]!.id,
    })
    expect(foreignApplication.status).toBe(404)
    expect(foreignApplication.body).toMatchObject({ code: 'job_application_not_found' })
    const both = await api('POST', `/resume-analysis/${analysisId}/match`, owner, {
      jobId,
      jobApplicationId: applications[0]!.id,
    })
    expect(both.status).toBe(400)
  })
})
