import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './password-hashing.ts'

describe('password hashing', () => {
  it('produces argon2id PHC strings that verify only the right password', async () => {
    const phc = await hashPassword('correct horse battery staple')
    expect(phc).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword(phc, 'correct horse battery staple')).toBe(true)
    expect(await verifyPassword(phc, 'correct horse battery stapler')).toBe(false)
  })

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'))
  })
})
