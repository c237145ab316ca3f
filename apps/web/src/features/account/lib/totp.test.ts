import { describe, expect, it } from 'vitest'
import { groupSecret, nextFactorName, qrCodeImageSource, totpCodeSchema } from './totp'

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#ffffff" d="M0 0h8v8H0z"/></svg>'

describe('qrCodeImageSource', () => {
  it('encodes the markup auth-js prefixed, so a # cannot end the URL', () => {
    const source = qrCodeImageSource(`data:image/svg+xml;utf-8,${SVG}`)
    expect(source.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true)
    expect(source).not.toContain('#')
    expect(source).not.toContain('<')
    expect(decodeURIComponent(source.slice(source.indexOf(',') + 1))).toBe(SVG)
  })

  it('takes bare markup too', () => {
    expect(qrCodeImageSource(SVG)).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`,
    )
  })
})

describe('groupSecret', () => {
  it('groups the secret by four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    )
    expect(groupSecret('ABCDEF')).toBe('ABCD EF')
  })
})

describe('nextFactorName', () => {
  it('picks a name no factor has', () => {
    expect(nextFactorName([])).toBe('Authenticator app')
    expect(nextFactorName(['Authenticator app', undefined])).toBe('Authenticator app 2')
    expect(nextFactorName(['Authenticator app', 'Authenticator app 2'])).toBe('Authenticator app 3')
  })
})

describe('totpCodeSchema', () => {
  it('takes six digits, spaces ignored', () => {
    expect(totpCodeSchema.parse({ code: '123 456' })).toEqual({ code: '123456' })
  })

  it('refuses anything else with one message', () => {
    for (const code of ['', '12345', '1234567', 'abcdef']) {
      const result = totpCodeSchema.safeParse({ code })
      expect(result.success, code).toBe(false)
      expect(result.error?.issues[0]?.message).toBe(
        'Enter the 6-digit code from your authenticator app',
      )
    }
  })
})
