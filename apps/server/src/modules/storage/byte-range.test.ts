import { describe, expect, it } from 'vitest'
import { parseRange } from './byte-range.ts'

describe('parseRange', () => {
  it.each([
    ['bytes=0-4', { start: 0, end: 4 }],
    ['bytes=5-', { start: 5, end: 9 }],
    ['bytes=-3', { start: 7, end: 9 }],
    ['bytes=-30', { start: 0, end: 9 }],
    ['bytes=8-100', { start: 8, end: 9 }],
    [' bytes=2-2 ', { start: 2, end: 2 }],
  ])('reads %j of a 10-byte object', (header, range) => {
    expect(parseRange(header, 10)).toEqual(range)
  })

  it.each(['bytes=10-', 'bytes=10-20', 'bytes=-0'])('finds %j unsatisfiable', (header) => {
    expect(parseRange(header, 10)).toBe('unsatisfiable')
  })

  it('finds every range of an empty object unsatisfiable', () => {
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable')
    expect(parseRange('bytes=-1', 0)).toBe('unsatisfiable')
  })

  it.each([undefined, '', 'items=0-1', 'bytes=0-1,3-4', 'bytes=5-2', 'bytes=-', 'bytes=a-b'])(
    'sends the whole object for %j',
    (header) => {
      expect(parseRange(header, 10)).toBeNull()
    },
  )
})
