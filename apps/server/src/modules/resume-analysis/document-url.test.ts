import { describe, expect, it } from 'vitest'
import { resumePathFromDocumentUrl } from './document-url.ts'

/** What `documentUrl` may name: the caller's own resume, and nothing the server would fetch. */
const me = '6f1c2b9e-0d6a-4c1e-9f55-2b8a0f3c4d5e'
const other = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'
const read = (url: string) => resumePathFromDocumentUrl(url, me, 'resumes')

describe('resumePathFromDocumentUrl', () => {
  it('reads a path in the caller’s folder, with or without the bucket', () => {
    expect(read(`${me}/cv.pdf`)).toBe(`${me}/cv.pdf`)
    expect(read(`resumes/${me}/cv.pdf`)).toBe(`${me}/cv.pdf`)
    expect(read(`  ${me}/sub/cv.pdf `)).toBe(`${me}/sub/cv.pdf`)
  })

  it('reads the object a storage URL names: signed, authenticated or public', () => {
    for (const kind of ['sign', 'authenticated', 'public']) {
      expect(
        read(`https://app.example/storage/v1/object/${kind}/resumes/${me}/cv.pdf?token=abc`),
      ).toBe(`${me}/cv.pdf`)
    }
    expect(read(`http://127.0.0.1:3000/storage/v1/object/sign/resumes/${me}/my%20cv.pdf`)).toBe(
      `${me}/my cv.pdf`,
    )
  })

  it('refuses another user’s folder, another bucket, traversal and any other URL', () => {
    for (const url of [
      `${other}/cv.pdf`,
      `resumes/${other}/cv.pdf`,
      `${me}/../${other}/cv.pdf`,
      `${me}/./cv.pdf`,
      `${me}//cv.pdf`,
      `${me}`,
      `/${me}/cv.pdf`,
      `cover-letters/${me}/cv.pdf`,
      `https://app.example/storage/v1/object/sign/cover-letters/${me}/cv.pdf`,
      `https://app.example/storage/v1/object/sign/${me}/cv.pdf`,
      `https://app.example/storage/v1/object/sign/resumes/${other}/cv.pdf`,
      `https://app.example/storage/v1/object/sign/resumes/${me}/%2e%2e/${other}/cv.pdf`,
      `https://evil.example/${me}/cv.pdf`,
      'file:///etc/passwd',
      `ftp://example.com/${me}/cv.pdf`,
      `${me}\\cv.pdf`,
      'https://app.example/storage/v1/object/sign/resumes/%E0%A4%A',
    ]) {
      expect(read(url), url).toBeNull()
    }
  })
})
