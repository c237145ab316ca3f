import { describe, expect, it } from 'vitest'
import { splitFullName } from './split-full-name'

describe('splitFullName', () => {
  it('splits a first and a last name', () => {
    expect(splitFullName('Ada Lovelace')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' })
  })

  it('keeps a single word as the first name', () => {
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: '' })
  })

  it('splits on the first space only: the rest is the last name', () => {
    expect(splitFullName('Jean Luc Picard')).toEqual({ firstName: 'Jean', lastName: 'Luc Picard' })
    expect(splitFullName('Ludwig van Beethoven')).toEqual({
      firstName: 'Ludwig',
      lastName: 'van Beethoven',
    })
  })

  it('ignores surrounding spaces and extra spaces after the first word', () => {
    expect(splitFullName('  Grace   Hopper  ')).toEqual({ firstName: 'Grace', lastName: 'Hopper' })
  })

  it('gives empty names for no name', () => {
    expect(splitFullName('')).toEqual({ firstName: '', lastName: '' })
    expect(splitFullName('   ')).toEqual({ firstName: '', lastName: '' })
    expect(splitFullName(undefined)).toEqual({ firstName: '', lastName: '' })
    expect(splitFullName(null)).toEqual({ firstName: '', lastName: '' })
  })
})
