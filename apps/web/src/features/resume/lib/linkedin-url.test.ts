import { describe, expect, it } from 'vitest'
import { checkLinkedinUrl } from './linkedin-url'

describe('checkLinkedinUrl', () => {
  it('accepts a profile address, adding https:// when it is missing', () => {
    expect(checkLinkedinUrl('https://www.linkedin.com/in/jane-doe/')).toEqual({
      ok: true,
      url: 'https://www.linkedin.com/in/jane-doe/',
    })
    expect(checkLinkedinUrl(' linkedin.com/in/jane-doe ')).toEqual({
      ok: true,
      url: 'https://linkedin.com/in/jane-doe',
    })
    expect(checkLinkedinUrl('https://fr.linkedin.com/in/jane-doe?trk=x').ok).toBe(true)
  })

  it('refuses anything else with a message', () => {
    for (const input of [
      '',
      'https://www.linkedin.com/company/acme',
      'http://www.linkedin.com/in/jane-doe',
      'https://evil.com/in/jane-doe',
      'https://linkedin.com.evil.com/in/jane',
    ]) {
      expect(checkLinkedinUrl(input).ok, input).toBe(false)
    }
  })
})
