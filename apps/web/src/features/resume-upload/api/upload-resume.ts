import { env } from '@/lib/env'
import { logger } from '@/lib/logger'
import { loadSupabase } from '@/lib/supabase'
import { newResumeLocation, PDF_MIME_TYPE, RESUMES_BUCKET } from '../lib/resume-file'
import { UPLOAD_MESSAGES, uploadRefusalMessage } from '../lib/upload-messages'
import { putWithProgress, UploadNetworkError } from './put-with-progress'

/** A failed upload step; its message is what the page shows. */
export class ResumeUploadError extends Error {
  override name = 'ResumeUploadError'
}

/**
 * Stores the resume in the `resumes` bucket as `<user id>/<random>.pdf` and returns its file
 * name. storage-js's own upload reports no progress, so this asks the storage service for a
 * signed upload URL for that path (`createSignedUploadUrl`, which the bucket's policies allow only
 * in the user's own folder), then PUTs the bytes there with progress events. The headers are the
 * ones storage-js sends with a raw body. Failures are logged here and thrown as
 * `ResumeUploadError`; a cancelled upload rejects with an `AbortError`.
 */
export async function uploadResume(
  userId: string,
  file: Blob,
  options: { onProgress: (percent: number) => void; signal: AbortSignal },
): Promise<string> {
  const supabase = await loadSupabase()
  const { fileName, path } = newResumeLocation(userId)
  const { data: signed, error } = await supabase.storage
    .from(RESUMES_BUCKET)
    .createSignedUploadUrl(path)
  if (error) {
    logger.error('Failed to get signed url', error)
    throw new ResumeUploadError(UPLOAD_MESSAGES.signedUrl, { cause: error })
  }

  const { data: sessionData } = await supabase.auth.getSession()
  const accessToken = sessionData.session?.access_token ?? env.PUBLIC_SUPABASE_ANON_KEY
  let answer
  try {
    answer = await putWithProgress(signed.signedUrl, file, {
      headers: {
        apikey: env.PUBLIC_SUPABASE_ANON_KEY,
        authorization: `Bearer ${accessToken}`,
        'content-type': PDF_MIME_TYPE,
        'cache-control': 'max-age=3600',
        'x-upsert': 'false',
      },
      onProgress: options.onProgress,
      signal: options.signal,
    })
  } catch (putError) {
    if (putError instanceof UploadNetworkError) {
      logger.error('Failed to upload resume', putError)
      throw new ResumeUploadError(UPLOAD_MESSAGES.network, { cause: putError })
    }
    throw putError
  }
  if (answer.status < 200 || answer.status >= 300) {
    logger.error('Failed to upload resume', answer.status, answer.body)
    throw new ResumeUploadError(uploadRefusalMessage(answer.status, answer.body))
  }
  return fileName
}
