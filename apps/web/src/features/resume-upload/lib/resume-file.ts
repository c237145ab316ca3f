/**
 * What the upload page accepts as a resume, checked before anything is sent so a person learns
 * at once: a PDF (by its first bytes, `%PDF-`, and by the type the browser declares) of at most
 * 10 MB. The server checks both again; the limit is the `resumes` bucket's (its migration,
 * `file_size_limit` 10485760), stated once here for the web app.
 */
export const MAX_RESUME_BYTES = 10 * 1024 * 1024

export const RESUMES_BUCKET = 'resumes'

/** The MIME type resumes are stored with; also the file input's `accept`. */
export const PDF_MIME_TYPE = 'application/pdf'

/** Every PDF starts with these bytes (ISO 32000-1, 7.5.2: the header line `%PDF-1.n`). */
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]

/** Types a browser may declare for a PDF: its own, or none when the system does not know. */
const PDF_DECLARED_TYPES = new Set([PDF_MIME_TYPE, ''])

export type ResumeFileProblem = 'empty' | 'not_pdf' | 'too_large'

export function hasPdfSignature(head: Uint8Array): boolean {
  return PDF_SIGNATURE.every((byte, index) => head[index] === byte)
}

/** Why the file cannot be a resume here, from its declared type, size and first bytes; or null. */
export function resumeFileProblem(
  file: { type: string; size: number },
  head: Uint8Array,
): ResumeFileProblem | null {
  if (file.size === 0) {
    return 'empty'
  }
  if (!PDF_DECLARED_TYPES.has(file.type) || !hasPdfSignature(head)) {
    return 'not_pdf'
  }
  if (file.size > MAX_RESUME_BYTES) {
    return 'too_large'
  }
  return null
}

/** Reads the first bytes of the file and checks it. */
export async function checkResumeFile(file: Blob): Promise<ResumeFileProblem | null> {
  const head = new Uint8Array(await file.slice(0, PDF_SIGNATURE.length).arrayBuffer())
  return resumeFileProblem(file, head)
}

/** "512 KB", "2.4 MB": sizes as file managers show them (1 MB = 1024 KB). */
export function formatFileSize(bytes: number): string {
  const kilobytes = bytes / 1024
  if (kilobytes < 1024) {
    return `${Math.max(1, Math.round(kilobytes))} KB`
  }
  // One decimal, without a trailing ".0": "2.5 MB", "10 MB".
  return `${Number((kilobytes / 1024).toFixed(1))} MB`
}

const RESUME_SIZE_LIMIT = formatFileSize(MAX_RESUME_BYTES)

export function describeResumeFileProblem(problem: ResumeFileProblem): string {
  switch (problem) {
    case 'empty':
      return 'This file is empty. Choose your resume as a PDF file.'
    case 'not_pdf':
      return "This file isn't a PDF. Choose your resume as a PDF file."
    case 'too_large':
      return `This file is over ${RESUME_SIZE_LIMIT}. Choose a PDF of ${RESUME_SIZE_LIMIT} or less.`
  }
}

/** Where a resume is stored: a random PDF file name (spec section 3) in the owner's folder. */
export function newResumeLocation(userId: string, id: string = crypto.randomUUID()) {
  const fileName = `${id}.pdf`
  return { fileName, path: `${userId}/${fileName}` }
}
