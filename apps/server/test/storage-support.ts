import type { SupabaseClient } from '@supabase/supabase-js'
import type { TestApp } from '../../../test/test-app.ts'

/** What the Storage integration suites share: signed-in users and files worth uploading. */
export type SignedInUser = { id: string; accessToken: string; supabase: SupabaseClient }

export async function signUp(testApp: TestApp, email: string): Promise<SignedInUser> {
  const supabase = testApp.client()
  const { data, error } = await supabase.auth.signUp({ email, password: 'correct-horse-battery' })
  if (error || !data.user || !data.session) {
    throw new Error(`sign-up of ${email} failed: ${error?.message ?? 'no session'}`)
  }
  return { id: data.user.id, accessToken: data.session.access_token, supabase }
}

/** A small but real PDF document whose text is `text`. */
export function pdf(text: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n` +
      `2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  )
}

export async function bytesOf(blob: Blob | null): Promise<Buffer> {
  return blob ? Buffer.from(await blob.arrayBuffer()) : Buffer.alloc(0)
}
