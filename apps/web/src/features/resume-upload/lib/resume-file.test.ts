import { describe, expect, it } from 'vitest'
import {
  checkResumeFile,
  describeResumeFileProblem,
  formatFileSize,
  hasPdfSignature,
  MAX_RESUME_BYTES,
  newResumeLocation,
  resumeFileProblem,
} from './resume-file'

const bytes = (text: string) => new TextEncoder().encode(text)
const PDF_HEAD = bytes('%PDF-')
/** The first bytes of every PNG file. */
const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d])

describe('hasPdfSignature', () => {
  it('recognises the %PDF- header and nothing else', () => {
    expect(hasPdfSignature(bytes('%PDF-1.4\n'))).toBe(true)
    expect(hasPdfSignature(PNG_HEAD)).toBe(false)
    expect(hasPdfSignature(bytes('%PDF'))).toBe(false)
    expect(hasPdfSignature(bytes(' %PDF-1.4'))).toBe(false)
    expect(hasPdfSignature(new Uint8Array())).toBe(false)
  })
})

describe('resumeFileProblem', () => {
  const pdf = { type: 'application/pdf', size: 2048 }

  it('accepts a PDF by its bytes, declared as PDF or with no type', () => {
    expect(resumeFileProblem(pdf, PDF_HEAD)).toBeNull()
    expect(resumeFileProblem({ ...pdf, type: '' }, PDF_HEAD)).toBeNull()
  })

  it('refuses other bytes whatever the declared type (a PNG renamed .pdf)', () => {
    expect(resumeFileProblem(pdf, PNG_HEAD)).toBe('not_pdf')
  })

  it('refuses PDF bytes declared as another type', () => {
    expect(resumeFileProblem({ ...pdf, type: 'image/png' }, PDF_HEAD)).toBe('not_pdf')
  })

  it('takes up to 10 MB, not a byte more', () => {
    expect(MAX_RESUME_BYTES).toBe(10_485_760)
    expect(resumeFileProblem({ ...pdf, size: MAX_RESUME_BYTES }, PDF_HEAD)).toBeNull()
    expect(resumeFileProblem({ ...pdf, size: MAX_RESUME_BYTES + 1 }, PDF_HEAD)).toBe('too_large')
  })

  it('calls an empty file empty', () => {
    expect(resumeFileProblem({ ...pdf, size: 0 }, new Uint8Array())).toBe('empty')
  })
})

describe('checkResumeFile', () => {
  it('reads the first bytes of a real file', async () => {
    const pdf = new File(['%PDF-1.4\n%âãÏÓ\n'], 'resume.pdf', { type: 'application/pdf' })
    const renamed = new File([PNG_HEAD, 'rest of a png'], 'resume.pdf', { type: 'application/pdf' })
    expect(await checkResumeFile(pdf)).toBeNull()
    expect(await checkResumeFile(renamed)).toBe('not_pdf')
  })
})

describe('describeResumeFileProblem', () => {
  it('says what is wrong and what to do', () => {
    expect(describeResumeFileProblem('too_large')).toBe(
      'This file is over 10 MB. Choose a PDF of 10 MB or less.',
    )
    expect(describeResumeFileProblem('not_pdf')).toBe(
      "This file isn't a PDF. Choose your resume as a PDF file.",
    )
    expect(describeResumeFileProblem('empty')).toBe(
      'This file is empty. Choose your resume as a PDF file.',
    )
  })
})

describe('formatFileSize', () => {
  it('shows KB below a megabyte and MB with one decimal above', () => {
    expect(formatFileSize(100)).toBe('1 KB')
    expect(formatFileSize(512 * 1024)).toBe('512 KB')
    expect(formatFileSize(2.45 * 1024 * 1024)).toBe('2.5 MB')
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB')
    expect(formatFileSize(10 * 1024 * 1024 + 1)).toBe('10 MB')
  })
})

describe('newResumeLocation', () => {
  it('puts a random .pdf name in the owner folder', () => {
    const first = newResumeLocation('user-1')
    const second = newResumeLocation('user-1')
    expect(first.fileName).toMatch(/^[0-9a-f-]{36}\.pdf$/)
    expect(first.path).toBe(`user-1/${first.fileName}`)
    expect(second.fileName).not.toBe(first.fileName)
  })
})
