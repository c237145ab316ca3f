import { formatFileSize, MAX_RESUME_BYTES } from './resume-file'

/**
 * What the upload page says when a step fails. The first words are the spec's own messages
 * (section 8: "Failed to get signed url", "Failed to upload resume"); what follows says what to
 * do next.
 */
export const UPLOAD_MESSAGES = {
  signedUrl: 'Failed to get signed url. Check your connection, then try again.',
  network: 'Failed to upload resume. Check your connection, then try again.',
  failed: 'Failed to upload resume. Please try again.',
  tooLarge: `Failed to upload resume: the file is larger than ${formatFileSize(MAX_RESUME_BYTES)}.`,
  notPdf: 'Failed to upload resume: the file is not a PDF.',
  notRecorded:
    "Failed to upload resume: your file is stored, but we couldn't add it to your profile. Please try again.",
} as const

/**
 * The message for a storage service refusal of the upload. Its body is
 * `{statusCode, error, message}` with the real status as a string in `statusCode` (the HTTP
 * status is 400 for most refusals): 413 the bucket's size limit, 415 a type it does not take.
 */
export function uploadRefusalMessage(httpStatus: number, bodyText: string): string {
  let statusCode = String(httpStatus)
  try {
    const body = JSON.parse(bodyText) as { statusCode?: unknown }
    if (typeof body.statusCode === 'string') {
      statusCode = body.statusCode
    }
  } catch {
    // Not the storage service's JSON (a proxy's page, say): the HTTP status is all there is.
  }
  switch (statusCode) {
    case '413':
      return UPLOAD_MESSAGES.tooLarge
    case '415':
      return UPLOAD_MESSAGES.notPdf
    default:
      return UPLOAD_MESSAGES.failed
  }
}
