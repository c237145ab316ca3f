import { describe, expect, it } from 'vitest'
import { UPLOAD_MESSAGES, uploadRefusalMessage } from './upload-messages'

describe('UPLOAD_MESSAGES', () => {
  it('start with the spec’s messages', () => {
    expect(UPLOAD_MESSAGES.signedUrl.startsWith('Failed to get signed url')).toBe(true)
    for (const key of ['network', 'failed', 'tooLarge', 'notPdf', 'notRecorded'] as const) {
      expect(UPLOAD_MESSAGES[key].startsWith('Failed to upload resume')).toBe(true)
    }
  })
})

describe('uploadRefusalMessage', () => {
  const refusal = (statusCode: string, message: string) =>
    JSON.stringify({ statusCode, error: 'x', message })

  it('reads the real status from the storage error body, not the HTTP 400', () => {
    expect(
      uploadRefusalMessage(400, refusal('413', 'The object exceeded the maximum allowed size')),
    ).toBe(UPLOAD_MESSAGES.tooLarge)
    expect(uploadRefusalMessage(400, refusal('415', 'mime type image/png is not supported'))).toBe(
      UPLOAD_MESSAGES.notPdf,
    )
    expect(uploadRefusalMessage(400, refusal('400', 'The provided token has expired.'))).toBe(
      UPLOAD_MESSAGES.failed,
    )
  })

  it('falls back to the HTTP status when the body is not the storage service’s', () => {
    expect(uploadRefusalMessage(413, '<html>Request Entity Too Large</html>')).toBe(
      UPLOAD_MESSAGES.tooLarge,
    )
    expect(uploadRefusalMessage(502, '')).toBe(UPLOAD_MESSAGES.failed)
  })
})
