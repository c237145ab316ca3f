import { describe, expect, it } from 'vitest'
import { hash as bcryptHash } from '@node-rs/bcrypt'
import { hashPassword, needsRehash, verifyPassword } from './password-hashing.ts'

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

  it('verifies bcrypt hashes imported from a hosted project, and asks to upgrade them', async () => {
    const imported = await bcryptHash('imported password', { cost: 10 })
    expect(imported).toMatch(/^\$2[aby]\$10\$/)
    expect(await verifyPassword(imported, 'imported password')).toBe(true)
    expect(await verifyPassword(imported, 'imported passworD')).toBe(false)
    expect(needsRehash(imported)).toBe(true)
    expect(needsRehash(await hashPassword('fresh'))).toBe(false)
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true)
  })
})
