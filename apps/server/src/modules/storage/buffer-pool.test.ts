import { describe, expect, it } from 'vitest'
import { createBufferPool } from './buffer-pool.ts'

describe('the buffer pool downloads are read into', () => {
  it('lends the same memory again once it is given back, and never more buffers than it has', () => {
    const pool = createBufferPool({ bufferBytes: 1024, buffers: 2 })
    const first = pool.borrow(1000)
    const second = pool.borrow(10)
    expect(first?.length).toBe(1000)
    expect(second?.length).toBe(10)
    expect(pool.borrow(1)).toBeNull() // both lent

    if (!first || !second) {
      throw new Error('unreachable')
    }
    pool.giveBack(first)
    const again = pool.borrow(1024)
    expect(again?.length).toBe(1024)
    expect(again?.buffer).toBe(first.buffer) // the same memory, not a new allocation
    pool.giveBack(second)
    expect(pool.borrow(512)?.buffer).toBe(second.buffer)
  })

  it('lends nothing larger than its buffers', () => {
    const pool = createBufferPool({ bufferBytes: 1024, buffers: 2 })
    expect(pool.borrow(1025)).toBeNull()
    expect(pool.borrow(0)?.length).toBe(0)
  })
})
