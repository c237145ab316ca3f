import { Secret, TOTP, URI } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { createTotpEnrolment, totpTimeStepOf } from './totp.ts'

describe('TOTP codes and enrolments', () => {
  // Fixed secrets keep the codes fixed: none of the refused codes below happens to equal a
  // code of the accepted window.
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
  // 10 s into time step 58_000_000: the steps either side stay whole.
  const at = new Date(58_000_000 * 30_000 + 10_000)
  const codeOfStep = (step: number) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 })

  it('finds the time step of a code from the current step or one either side', () => {
    for (const step of [57_999_999, 58_000_000, 58_000_001]) {
      expect(totpTimeStepOf(secret, codeOfStep(step), at)).toBe(step)
    }
  })

  it('refuses codes two steps away, malformed codes and codes of another secret', () => {
    for (const step of [57_999_998, 58_000_002]) {
      expect(totpTimeStepOf(secret, codeOfStep(step), at)).toBeNull()
    }
    expect(totpTimeStepOf(secret, '12345', at)).toBeNull()
    expect(totpTimeStepOf(secret, 'abcdef', at)).toBeNull()
    const other = Secret.fromBase32('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')
    const foreign = TOTP.generate({ secret: other, timestamp: at.getTime() })
    expect(totpTimeStepOf(secret, foreign, at)).toBeNull()
  })

  it('enrols with a base32 secret, an otpauth URI and its QR code as SVG', async () => {
    const enrolment = await createTotpEnrolment('jobs.example.com', 'ada@example.com')
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(enrolment.qrCode).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    const parsed = URI.parse(enrolment.uri)
    expect(parsed).toBeInstanceOf(TOTP)
    expect(parsed).toMatchObject({
      issuer: 'jobs.example.com',
      label: 'ada@example.com',
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    })
    expect(parsed.secret.base32).toBe(enrolment.secret)
  })
})
